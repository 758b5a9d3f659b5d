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

/** Prices a problem: regional rate, quarter-hour labor (at least the minimum billed visit), part midpoints; every figure adds up in cents. */
export function estimatePrice(kb: KnowledgeBase, problem: Problem, region?: string): PriceEstimate {
  const { rate, state } = laborRateFor(kb, problem.trade, region);
  const hours = billedHours(problem, kb.minimumBilledHours);
  const rateCents = rate * 100;
  const laborCents = Math.round(rateCents * hours);
  const parts = problem.parts.map((p) => ({ name: p.name, cents: partPriceCents(p) }));
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
