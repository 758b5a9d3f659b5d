import type { KnowledgeBase } from '../../knowledge/knowledge.types';

/** An appliance family whose problems differ by fuel. */
type FuelDomain = 'range' | 'water-heater' | 'dryer' | 'heating';
type Fuel = 'gas' | 'electric';

const DOMAIN_WORDS: ReadonlyArray<[FuelDomain, RegExp]> = [
  ['range', /^(range|stove|oven|cooktop|cook ?top)/],
  ['water-heater', /^(water heaters?|hot water|wh\b|tank)/],
  ['dryer', /^dryers?/],
  ['heating', /^(furnaces?|boilers?|heat|heating|heaters?)/],
];

/** Problem ids that name a fuel and the family they belong to. */
const PROBLEM_DOMAIN: ReadonlyArray<[FuelDomain, RegExp]> = [
  ['range', /range|stove|oven|cooktop/],
  ['water-heater', /^wh-|water-heater/],
  ['dryer', /dryer/],
  ['heating', /furnace|boiler|heat/],
];

/**
 * The fuel of each appliance family that property_detail or unit_detail names: "gas boilers",
 * "electric range", "all-electric", "gas water heater".
 */
export function fuelsOf(detail: string): Map<FuelDomain, Fuel> {
  const fuels = new Map<FuelDomain, Fuel>();
  const text = detail.toLowerCase();
  for (const m of text.matchAll(/\b(gas|natural gas|propane|lp|electric|all[- ]electric)\b[\s-]*([a-z ]{0,20})/g)) {
    const fuel: Fuel = /electric/.test(m[1]) ? 'electric' : 'gas';
    if (/all[- ]electric/.test(m[1])) {
      for (const [domain] of DOMAIN_WORDS) fuels.set(domain, 'electric');
      continue;
    }
    const domain = DOMAIN_WORDS.find(([, words]) => words.test(m[2].trim()))?.[0];
    if (domain) fuels.set(domain, fuel);
  }
  return fuels;
}

/** Weight of a problem that matches the known fuel, and of one that contradicts it. */
const SAME_FUEL = 1.5;
const OTHER_FUEL = 0.4;

/**
 * Boosts from the fuels the details name: a gas water heater makes "pilot and thermocouple" more
 * likely than "electric element". Problems of emergency severity (a gas leak) are never lowered:
 * the detail describes the building, not what the occupant smells.
 */
export function fuelBoosts(kb: KnowledgeBase, details: Array<string | null | undefined>): Map<string, number> {
  const fuels = fuelsOf(details.filter(Boolean).join('; '));
  const boosts = new Map<string, number>();
  if (fuels.size === 0) return boosts;
  for (const problem of kb.problems) {
    const problemFuel: Fuel | null = /(^|-)gas(-|$)/.test(problem.id) ? 'gas' : /(^|-)electric(-|$)/.test(problem.id) ? 'electric' : null;
    if (!problemFuel) continue;
    const domain = PROBLEM_DOMAIN.find(([, pattern]) => pattern.test(problem.id))?.[0];
    const known = domain ? fuels.get(domain) : undefined;
    if (!known) continue;
    if (known === problemFuel) boosts.set(problem.id, SAME_FUEL);
    else if (problem.severity !== 'emergency') boosts.set(problem.id, OTHER_FUEL);
  }
  return boosts;
}
