import type { WorkOrderInput } from '../history/history-row';
import { DemoCatalogue, DemoFix, DemoProblem, DemoVendor, loadDemoCatalogue } from './demo-problems';
import { seededRandom as prng } from '../../common/seeded-random';

export interface DemoHistoryOptions {
  /** Number of work orders to generate. */
  count: number;
  seed?: number;
  /** Properties in the portfolio. */
  properties?: number;
  /** The generated history ends at this instant. */
  now?: Date;
  /** Prefix of the generated work_order_ids. */
  idPrefix?: string;
}

const STREETS = [
  'Maple Court',
  'Oak Ridge',
  'Cedar Point',
  'Willow Creek',
  'Pine Hollow',
  'Birch Lane',
  'Elm Terrace',
  'Aspen Grove',
  'Harbor View',
  'Riverside',
  'Summit Place',
  'Lakeshore',
];
const REGIONS = ['OH', 'TX', 'FL', 'GA', 'AZ', 'NC', 'CO', 'IL', 'CA', 'WA', 'NY', 'TN'];
const CHATTER = [
  (s: string, u: string) => `Tenant in ${u} says ${s.toLowerCase()}`,
  (s: string) => `${s}. Please send someone asap`,
  (s: string) => `${s}, started yesterday`,
  (s: string) => `Resident called: ${s.toLowerCase()}. Thanks`,
];

/**
 * Generates a realistic portfolio history: properties with units and assets, problems across
 * trades in residents' own words (with typos and shorthand), fixes with vendors and costs, open
 * and close dates over three years, and callbacks when a fix did not hold.
 */
export function generateDemoHistory(options: DemoHistoryOptions, catalogue: DemoCatalogue = loadDemoCatalogue()): WorkOrderInput[] {
  const random = prng(options.seed ?? 42);
  const now = (options.now ?? new Date()).getTime();
  const propertyCount = options.properties ?? Math.max(3, Math.min(60, Math.round(options.count / 400)));
  const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)];
  const weighted = <T extends { weight: number }>(items: readonly T[]): T => {
    let r = random() * items.reduce((s, i) => s + i.weight, 0);
    for (const item of items) if ((r -= item.weight) <= 0) return item;
    return items[items.length - 1];
  };
  const properties = Array.from({ length: propertyCount }, (_, i) => ({
    id: 1000 + i,
    name: `${STREETS[i % STREETS.length]}${i >= STREETS.length ? ` ${Math.floor(i / STREETS.length) + 1}` : ''} Apartments`,
    region: REGIONS[i % REGIONS.length],
    units: 12 + Math.floor(random() * 40),
  }));
  const prefix = options.idPrefix ?? 'DEMO';
  const out: WorkOrderInput[] = [];

  const describe = (problem: DemoProblem, unitNumber: string) => {
    let text = pick(problem.phrasings);
    if (random() < 0.1) text = typo(text, random);
    if (random() < 0.25) text = pick(CHATTER)(text, unitNumber);
    return random() < 0.3 ? text.toLowerCase() : text;
  };

  const ticket = (
    problem: DemoProblem,
    property: (typeof properties)[number],
    unit: number,
    openedAt: number,
  ): { order: WorkOrderInput; fix: DemoFix; vendor: DemoVendor } => {
    const unitNumber = `${Math.floor(unit / 10) + 1}${String.fromCharCode(65 + (unit % 10))}`;
    const fix = weighted(problem.fixes);
    const vendor = pick(catalogue.vendors[problem.trade]);
    const closeDays = Math.min(30, 0.1 + -Math.log(1 - random()) * 1.8);
    const closedAt = openedAt + closeDays * 86_400_000;
    const cost = Math.round((fix.cost[0] + random() * (fix.cost[1] - fix.cost[0])) * vendor[1] * 100) / 100;
    const open = closedAt > now || random() < 0.03;
    const n = out.length + 1;
    const order: WorkOrderInput = {
      work_order_id: `${prefix}-${n}`,
      issue_description: describe(problem, unitNumber),
      tags: problem.trade,
      urgency: random() < 0.15 ? 'High' : 'Normal',
      // Two wordings of done, as different property-management systems write it.
      work_order_status: open ? 'Open' : n % 2 === 0 ? 'Closed' : 'Work Completed',
      client_id: `OWNER-${(property.id % 4) + 1}`,
      property_id: property.id,
      property_detail: `${property.name}, ${property.region}`,
      unit_id: property.id * 1000 + unit,
      unit_detail: `Unit ${unitNumber}`,
      location: pick(problem.location),
      asset: problem.asset,
      ticket_open_date: Math.round(openedAt / 1000),
      ticket_close_date: open ? null : Math.round(closedAt / 1000),
      estimated_cost: Math.round(cost * (0.8 + random() * 0.4)),
      actual_cost: open || random() < 0.15 ? null : cost,
      assigned_vendors: vendor[0],
      resolution: open ? null : pick(fix.resolutions),
      work_complete_date: open ? null : new Date(closedAt).toISOString(),
    };
    return { order, fix, vendor };
  };

  while (out.length < options.count) {
    const problem = weighted(catalogue.problems);
    const property = pick(properties);
    const unit = Math.floor(random() * property.units);
    const openedAt = now - random() * 3 * 365 * 86_400_000;
    const first = ticket(problem, property, unit, openedAt);
    out.push(first.order);
    // A fix that did not hold brings the resident back within a few weeks.
    const callbackChance = Math.min(0.6, (1 - first.fix.success) / first.vendor[2]);
    if (first.order.ticket_close_date && out.length < options.count && random() < callbackChance) {
      const reopenedAt = first.order.ticket_close_date * 1000 + (2 + random() * 23) * 86_400_000;
      if (reopenedAt < now) out.push(ticket(problem, property, unit, reopenedAt).order);
    }
  }
  return out;
}

/** Swaps two neighbouring letters of one longer word, as hurried typing does. */
function typo(text: string, random: () => number): string {
  const words = text.split(' ');
  const candidates = words.map((w, i) => (w.length > 4 ? i : -1)).filter((i) => i >= 0);
  if (candidates.length === 0) return text;
  const i = candidates[Math.floor(random() * candidates.length)];
  const w = words[i];
  const p = 1 + Math.floor(random() * (w.length - 2));
  words[i] = w.slice(0, p) + w[p + 1] + w[p] + w.slice(p + 2);
  return words.join(' ');
}
