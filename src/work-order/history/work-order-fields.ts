/**
 * Readings of the specification's free-text work order fields. The specification leaves their
 * values open, so each reading here is the documented meaning (README "Work order fields").
 */

/** Where a work order stands, whatever words the caller's system uses. */
export type NormalizedStatus = 'open' | 'in_progress' | 'on_hold' | 'completed' | 'closed' | 'cancelled';

/** Statuses whose fix text makes a ticket a previous fix. */
export const FINISHED_STATUSES: readonly NormalizedStatus[] = ['completed', 'closed'];

// Checked in this order: "Closed - Cancelled" is cancelled, "Completed - Closed" is closed.
const STATUS_RULES: ReadonlyArray<[RegExp, NormalizedStatus]> = [
  [/\b(cancell?ed|cancel|void(ed)?|duplicate|rejected|declined|withdrawn|not needed)\b/i, 'cancelled'],
  [/\b(closed?|resolved|done|fixed|finished)\b/i, 'closed'],
  [/\b(complete[ds]?|completion)\b/i, 'completed'],
  [/\b(on[ _-]?hold|hold|paused|awaiting|waiting|pending|deferred|parts? on order|back[ _-]?order(ed)?)\b/i, 'on_hold'],
  [/\b(in[ _-]?progress|scheduled|assigned|dispatched|started|working|en[ _-]?route|underway|active)\b/i, 'in_progress'],
  [/\b(open|new|submitted|received|unassigned|reported|created)\b/i, 'open'],
];

/**
 * Maps `work_order_status` onto six states. Unknown words, or no status at all, fall back on the
 * dates: a close or completion date means closed, otherwise open.
 */
export function normalizeStatus(status: string | null | undefined, hasCloseDate: boolean): NormalizedStatus {
  const match = status ? STATUS_RULES.find(([pattern]) => pattern.test(status)) : undefined;
  if (match) return match[1];
  return hasCloseDate ? 'closed' : 'open';
}

export type NormalizedUrgency = 'emergency' | 'high' | 'normal' | 'low';

// "non-urgent" must be read before "urgent".
const URGENCY_RULES: ReadonlyArray<[RegExp, NormalizedUrgency]> = [
  [/\b(non[ -]?urgent|not urgent|low|minor|whenever|cosmetic|deferrable|p[45]|priority [45])\b/i, 'low'],
  [/\b(emergency|emergent|critical|life[ -]?safety|immediate(ly)?|p[10]|priority [10]|911)\b/i, 'emergency'],
  [/\b(high|urgent|asap|rush|same[ -]?day|p2|priority 2|important)\b/i, 'high'],
  [/\b(normal|medium|moderate|routine|standard|regular|p3|priority 3)\b/i, 'normal'],
];

/** Maps `urgency` onto emergency, high, normal or low; null when the words are unknown. */
export function normalizeUrgency(urgency: string | null | undefined): NormalizedUrgency | null {
  if (!urgency) return null;
  return URGENCY_RULES.find(([pattern]) => pattern.test(urgency))?.[1] ?? null;
}

/** Splits a list field ("ABC Plumbing; Joe's Handyman", "plumbing, kitchen") into its entries. */
export function splitList(value: string | null | undefined, separators = /[;\n|]+/): string[] {
  if (!value) return [];
  const seen = new Set<string>();
  const out: string[] = [];
  for (const part of value.split(separators)) {
    const item = part.trim().replace(/\s+/g, ' ');
    if (item && !seen.has(item.toLowerCase())) {
      seen.add(item.toLowerCase());
      out.push(item);
    }
  }
  return out;
}

/**
 * The vendors of `assigned_vendors`, split on semicolons, new lines or bars. Commas do not split:
 * they appear inside company names ("Smith, Jones & Co.").
 */
export function splitVendors(value: string | null | undefined): string[] {
  return splitList(value);
}

/** The tags of `tags`, split on commas, semicolons, new lines or bars. */
export function splitTags(value: string | null | undefined): string[] {
  return splitList(value, /[,;\n|]+/);
}

// A currency amount: "$245.10", "$1,200", "USD 80", "80.00 USD". A bare number counts only with
// cents ("245.10"), because whole numbers in invoice text are usually invoice numbers.
const MARKED_AMOUNT = /(?:\$|\bUSD\s?)\s?(\d{1,3}(?:,\d{3})+|\d+)(\.\d{1,2})?\b|\b(\d{1,3}(?:,\d{3})+|\d+)(\.\d{1,2})?\s?(?:USD|dollars)\b/gi;
const CENTS_AMOUNT = /(?<![\w.$-])(\d{1,3}(?:,\d{3})+|\d+)\.(\d{2})(?![\d.])/g;

/** The largest cost a work order accepts (estimated_cost, actual_cost). */
export const MAX_INVOICE_TOTAL = 10_000_000;

/** Sum in US dollars of the amounts written in `invoices`; null when it names none. */
export function invoiceTotal(invoices: string | null | undefined): number | null {
  if (!invoices) return null;
  const amounts: number[] = [];
  for (const m of invoices.matchAll(MARKED_AMOUNT)) amounts.push(Number(`${(m[1] ?? m[3]).replace(/,/g, '')}${m[2] ?? m[4] ?? ''}`));
  if (amounts.length === 0) for (const m of invoices.matchAll(CENTS_AMOUNT)) amounts.push(Number(`${m[1].replace(/,/g, '')}.${m[2]}`));
  const total = Math.round(amounts.reduce((a, b) => a + b, 0) * 100) / 100;
  // Beyond the largest accepted cost the text is not a sum of invoices (and would overflow numeric(12,2)).
  return amounts.length === 0 || total > MAX_INVOICE_TOTAL ? null : total;
}

const SERIAL_LABEL = /\b(?:s\/n|sn|ser(?:ial)?(?:\s*(?:no\.?|number|num|#))?)\s*[:#.]?\s*([A-Za-z0-9][A-Za-z0-9-]{3,29})\b/i;
const MODEL_LABEL = /\b(?:m\/n|mn|mod(?:el)?(?:\s*(?:no\.?|number|num|#))?)\s*[:#.]?\s*([A-Za-z0-9][A-Za-z0-9-/.]{2,29})\b/i;

/** Words that look like model or serial numbers: letters and digits, six or more characters. */
export function identifierTokens(text: string): string[] {
  return (text.match(/\b[A-Za-z0-9-]{6,30}\b/g) ?? []).filter((t) => /\d/.test(t) && /[A-Za-z]/.test(t));
}

/** What an `asset` text identifies: "Carrier 24ACC636A003 s/n 1014E12345". */
export interface AssetIdentifiers {
  serial: string | null;
  model: string | null;
  /** Every identifier-like word, labelled or not, to match against analyzed assets. */
  identifiers: string[];
}

export function assetIdentifiers(asset: string | null | undefined): AssetIdentifiers {
  if (!asset) return { serial: null, model: null, identifiers: [] };
  const serial = SERIAL_LABEL.exec(asset)?.[1] ?? null;
  const model = MODEL_LABEL.exec(asset)?.[1] ?? null;
  const identifiers = [...new Set([model, serial, ...identifierTokens(asset)].filter((v): v is string => v !== null))];
  return { serial, model, identifiers };
}
