import { CostScore, KnowledgeBase, Part, Problem } from './knowledge.types';
import { resolveState } from './region';

/** One priced part, as the diagnosis answer shows it. */
export interface PricedPart {
  /** Part name. */
  name: string;
  /** Expected price (midpoint of the range), currency string. */
  price: string;
  /** Same price in US dollars. */
  amount: number;
}

/** The price strings of a diagnosis; total_parts + total_labor = total to the cent. */
export interface FormattedPricing {
  /** Regional labor rate of the trade, e.g. "$95.00". */
  labor_cost_per_hour: string;
  /** Expected labor time, e.g. "1.5 hours". */
  time: string;
  /** Sum of the part prices. */
  total_parts: string;
  /** labor_cost_per_hour × time. */
  total_labor: string;
  /** total_parts + total_labor. */
  total: string;
}

/** A priced estimate of one problem in one region. */
export interface PriceEstimate {
  /** Two-letter state the rate was adjusted for; null when the national rate applies. */
  state: string | null;
  /** Regional labor rate, whole US dollars per hour. */
  labor_rate: number;
  /** Labor hours billed: midpoint of the problem's range, rounded to the quarter hour, at least the minimum billed visit. */
  hours: number;
  /** Sum of the part prices, US dollars. */
  parts_total: number;
  /** labor_rate × hours, US dollars. */
  labor_total: number;
  /** parts_total + labor_total, US dollars. */
  total: number;
  /** Each part with its price. */
  parts: PricedPart[];
  /** The same figures as currency strings. */
  pricing: FormattedPricing;
}

/** Converts dollars (possibly fractional) to whole cents. */
export function dollarsToCents(dollars: number): number {
  return Math.round(dollars * 100);
}

/** Formats whole cents as US dollars: 16950 → "$169.50", 154000 → "$1,540.00", -300 → "-$3.00". */
export function formatUsd(cents: number): string {
  if (!Number.isSafeInteger(cents)) throw new RangeError(`formatUsd expects whole cents, got ${cents}`);
  const abs = Math.abs(cents);
  const dollars = String(Math.floor(abs / 100)).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${cents < 0 ? '-' : ''}$${dollars}.${String(abs % 100).padStart(2, '0')}`;
}

/** A dollar amount as the estimate writes it ("$1,886.77"), rounded to the cent: for amounts that are not whole cents already (averages, medians). */
export function usd(amount: number): string {
  return formatUsd(Math.round(amount * 100));
}

/** Parses a US dollar string ("$1,540.00", "169.5", "-$3") to whole cents; undefined when it is not one. */
export function parseUsd(text: string): number | undefined {
  const m = /^\s*(-)?\s*\$?\s*(\d{1,3}(?:,\d{3})+|\d+)(?:\.(\d{1,2}))?\s*$/.exec(text);
  if (!m) return undefined;
  const whole = Number(m[2].replace(/,/g, ''));
  const fraction = m[3] === undefined ? 0 : Number(m[3].padEnd(2, '0'));
  const cents = whole * 100 + fraction;
  return m[1] ? -cents : cents;
}

/** Rounds hours to the nearest quarter hour (half-quarters round up). */
export function roundToQuarterHour(hours: number): number {
  return Math.floor(hours * 4 + 0.5 + 1e-9) / 4;
}

/** Expected price of a part in cents: the midpoint of its range. */
export function partPriceCents(part: Part): number {
  return Math.round((dollarsToCents(part.price_low) + dollarsToCents(part.price_high)) / 2);
}

/** Expected labor hours of a problem: the midpoint of its range to the quarter hour. */
export function expectedHours(problem: Problem): number {
  return roundToQuarterHour((problem.labor_hours.low + problem.labor_hours.high) / 2);
}

/**
 * Labor hours an estimate bills: the expected hours, and never less than the minimum a vendor
 * visit bills (a 30-minute disposal reset is invoiced as the visit, not as $40 of labor).
 */
export function billedHours(problem: Problem, minimumHours = 0): number {
  return Math.max(expectedHours(problem), minimumHours);
}

/** Typical total in cents at a given hourly rate in whole dollars, with the minimum billed hours. */
export function typicalTotalCents(problem: Problem, rateDollars: number, minimumHours = 0): number {
  const parts = problem.parts.reduce((sum, p) => sum + partPriceCents(p), 0);
  return parts + Math.round(rateDollars * 100 * billedHours(problem, minimumHours));
}

/** The cost band of a total in cents: $ under $150, $$ to $500, $$$ to $1,500, $$$$ above. */
export function costScoreFor(totalCents: number): CostScore {
  if (totalCents < 15_000) return '$';
  if (totalCents <= 50_000) return '$$';
  if (totalCents <= 150_000) return '$$$';
  return '$$$$';
}

/** "1 hour", "1.5 hours", "0.25 hours". */
export function formatHours(hours: number): string {
  return `${hours} hour${hours === 1 ? '' : 's'}`;
}

/**
 * Regional hourly rate of a trade in whole dollars. Whole dollars make rate × quarter hours a whole
 * number of cents, so the labor line never needs rounding and the estimate always adds up.
 */
export function laborRateFor(kb: KnowledgeBase, tradeId: string, region?: string): { rate: number; state: string | null } {
  const trade = kb.tradeById.get(tradeId);
  if (!trade) throw new RangeError(`Unknown trade "${tradeId}"`);
  const state = resolveState(kb, region);
  if (!state) return { rate: trade.labor_rate, state: null };
  return { rate: Math.round(trade.labor_rate * state.multiplier), state: state.code };
}

/** The most items a request's count is read as (a larger number is a size or a room number, not a count of jobs). */
const MAX_COUNTED_ITEMS = 50;
/** Words after which a number names a place, not how many. */
const PLACE_NUMBER_WORDS = [
  'unit',
  'apt',
  'apartment',
  'room',
  'rm',
  'bldg',
  'building',
  'suite',
  'ste',
  'no',
  'number',
  'floor',
  'fl',
  'lot',
  'wing',
  'hall',
  'dorm',
];
/** Words a number counts when they follow it ("a 3 bedroom apartment", "a two story building"): the item after them is not counted. */
const COUNTED_OTHER_WORDS = [
  'bedroom',
  'bed',
  'bath',
  'br',
  'ba',
  'story',
  'storey',
  'floor',
  'family',
  'unit',
  'apartment',
  'room',
  'year',
  'month',
  'week',
  'day',
];
const COUNT_WORDS: Record<string, number> = {
  both: 2,
  two: 2,
  three: 3,
  four: 4,
  five: 5,
  six: 6,
  seven: 7,
  eight: 8,
  nine: 9,
  ten: 10,
  eleven: 11,
  twelve: 12,
};

/**
 * How many of the items its estimate prices one of a request counts: "replace 6 blinds", "two
 * cracked window panes", "paint both bedrooms", or after the item as work-order lines write it
 * ("blinds broken (x3)", "shower heads - 4 of them"). A count before the item must be followed by its plural,
 * with at most one word between that is not itself counted ("3 bedroom apartment, blinds broken"
 * counts bedrooms, not blinds). 1 when the problem is not priced per item or the request counts none.
 */
export function countedItems(problem: Problem, text: string): number {
  if (!problem.priced_per) return 1;
  const words = text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();
  const items = problem.priced_per.items.join('|');
  // A number after "unit", "apt", "room" ... names a place ("apt 12 blinds broken"), not a count.
  const counted = new RegExp(
    `(?<!\\b(?:${PLACE_NUMBER_WORDS.join('|')}) )\\b(\\d{1,3}|${Object.keys(COUNT_WORDS).join('|')}) (?:of (?:the |our |my |your |their )?)?(?:(?!(?:${COUNTED_OTHER_WORDS.join('|')})\\b)[a-z]+ )?(?:${items})\\b`,
    'g',
  );
  // A work-order line counts after the item too: "blinds broken (x3)", "shower heads weak - 4 of them"; never a size ("36 x 48").
  const countWords = Object.keys(COUNT_WORDS).join('|');
  const countedAfter = new RegExp(
    `\\b(?:${items})\\b(?: [a-z]+){0,3}? (?:x ?(\\d{1,2})\\b(?! ?(?:inch|inches|ft|feet|foot|cm|mm)\\b)|(\\d{1,2}|${countWords}) of them\\b)`,
    'g',
  );
  let most = 1;
  for (const m of [...words.matchAll(counted), ...words.matchAll(countedAfter)]) {
    const written = m[1] ?? m[2];
    const n = COUNT_WORDS[written] ?? Number(written);
    if (n <= MAX_COUNTED_ITEMS) most = Math.max(most, n);
  }
  return most;
}

/** Rooms after which "throughout" covers one room, not the whole unit. */
const ONE_ROOM_WORDS = [
  'bathroom',
  'bath',
  'kitchen',
  'bedroom',
  'living room',
  'dining room',
  'hallway',
  'hall',
  'closet',
  'basement',
  'stairway',
  'stairs',
  'room',
];

/** The item of a plural noun as an estimate names one: "panes" → "pane", "sashes" → "sash". */
function singular(items: string): string {
  return /(sh|ch|x|ss)es$/.test(items) ? items.slice(0, -2) : items.replace(/s$/, '');
}

/** Items that are whole dwellings: a treatment priced per unit covers one unit whatever a request says of its rooms. */
const DWELLINGS = ['units', 'apartments'];

/**
 * The words by which a request covers every item a problem is priced per without counting them
 * ("throughout", "in all rooms", "every window", "all openable windows", "the entire apartment"), or
 * names several without their number ("several light fixtures", "multiple bulbs"), with the item the
 * estimate prices one of; null when the request counts them, or names no such scope, or the problem
 * is not priced per item. A problem priced per dwelling (a roach treatment per unit) is covered only
 * by the building's units ("all units", "adjoining units"): "throughout my apartment" is one unit.
 */
export function uncountedScope(problem: Problem, text: string): { item: string; items: string; phrase: string } | null {
  if (!problem.priced_per || countedItems(problem, text) > 1) return null;
  const words = ` ${text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, ' ')
    .trim()} `;
  const perDwelling = problem.priced_per.items.some((i) => DWELLINGS.includes(i));
  const own = [...problem.priced_per.items, ...problem.priced_per.items.map(singular)];
  // One word may stand between the scope and the item ("all openable windows"), two after "several" ("several fluorescent light fixtures").
  const several = `(?:several|multiple|numerous|many) (?:[a-z]+ ){0,2}(?:${problem.priced_per.items.join('|')})`;
  const all = perDwelling
    ? new RegExp(
        `\\b((?:all|every|each) (?:of )?(?:the )?(?:${own.join('|')})|(?:adjoining|adjacent|neighboring|neighbouring|surrounding|other) (?:${problem.priced_per.items.join('|')})|throughout the (?:building|complex|property)|(?:entire|whole) (?:building|complex|property)|${several})\\b`,
      )
    : (() => {
        const items = [...own, 'rooms', 'room', 'windows', 'window'];
        // "throughout the bathroom" is all of one room.
        const oneRoom = `(?: the)? (?:${ONE_ROOM_WORDS.join('|')})\\b`;
        return new RegExp(
          `\\b(throughout(?!${oneRoom})|(?:all|every|each) (?:of )?(?:the )?(?:[a-z]+ )?(?:${items.join('|')})|(?:entire|whole) (?:unit|apartment|apt|house|home|dwelling)|${several})\\b`,
        );
      })();
  const phrase = all.exec(words)?.[1];
  return phrase ? { item: singular(problem.priced_per.items[0]), items: problem.priced_per.items[0], phrase } : null;
}

/** Labor hours of `count` items: the first item's, and each further one's share of it, to the quarter hour. */
function hoursFor(problem: Problem, count: number, minimumHours: number): number {
  if (count <= 1 || !problem.priced_per) return billedHours(problem, minimumHours);
  const added = expectedHours(problem) * problem.priced_per.added_hours_share * (count - 1);
  return Math.max(roundToQuarterHour(expectedHours(problem) + added), minimumHours);
}

/**
 * Prices a problem: regional rate, quarter-hour labor (at least the minimum billed visit), part
 * midpoints; every figure adds up in cents. With a `count` of the items the problem is priced per,
 * each part is priced once per item ("Cordless blinds × 6") and each further item adds its share of the labor.
 */
export function estimatePrice(kb: KnowledgeBase, problem: Problem, region?: string, count = 1): PriceEstimate {
  const { rate, state } = laborRateFor(kb, problem.trade, region);
  const items = problem.priced_per ? Math.max(1, Math.floor(count)) : 1;
  const hours = hoursFor(problem, items, kb.minimumBilledHours);
  const rateCents = rate * 100;
  const laborCents = Math.round(rateCents * hours);
  const parts = problem.parts.map((p) => ({ name: items > 1 ? `${p.name} × ${items}` : p.name, cents: partPriceCents(p) * items }));
  const partsCents = parts.reduce((sum, p) => sum + p.cents, 0);
  const totalCents = partsCents + laborCents;
  return {
    state,
    labor_rate: rate,
    hours,
    parts_total: partsCents / 100,
    labor_total: laborCents / 100,
    total: totalCents / 100,
    parts: parts.map((p) => ({ name: p.name, price: formatUsd(p.cents), amount: p.cents / 100 })),
    pricing: {
      labor_cost_per_hour: formatUsd(rateCents),
      time: formatHours(hours),
      total_parts: formatUsd(partsCents),
      total_labor: formatUsd(laborCents),
      total: formatUsd(totalCents),
    },
  };
}
