import { matchFix } from '../../knowledge/fix-matcher';
import type { KnowledgeBase, SafetyFlag } from '../../knowledge/knowledge.types';
import { usd } from '../../knowledge/pricing';
import type { PreviousFixDto } from '../dto/work-order-enrichment.dto';
import { isPreviousFix, ticketCost } from '../fixes/previous-fixes';
import { splitVendors } from '../history/work-order-fields';
import type { SimilarWorkOrder } from '../retrieval/similar-work-orders.service';

/**
 * Least similarity of a past ticket whose cost enters the cost range: more than half of the
 * request's key terms matched, or the same problem (text match 0.8 or more). Tickets that share only
 * a word or two (about 0.45-0.48) are context, not a price for this job.
 */
const COST_RANGE_MIN_SIMILARITY = 0.5;

/** An asset of the client whose age is known, matched to the work order. */
export interface KnownAsset {
  label: string;
  ageYears: number;
  typicalLifeYears: number | null;
  /** The manufacture year the age is counted from. */
  madeIn?: number;
  /** Other years its serial fits as plausibly (a repeating date code), with the age each would give. */
  otherReadings?: ReadonlyArray<{ year: number; ageYears: number }>;
}

/** Everything the deterministic insights look at. */
export interface InsightFacts {
  now: Date;
  safetyFlags: readonly SafetyFlag[];
  unitKey: string | null;
  assetKey: string | null;
  similar: readonly SimilarWorkOrder[];
  previousFixes: readonly PreviousFixDto[];
  /** Work-order ids of similar tickets that were called back. */
  calledBack: ReadonlySet<string>;
  estimatedCost: number | null;
  /** Mean cost of the similar work orders with a known cost; null when none has one. */
  averageCost: number | null;
  asset: KnownAsset | null;
  /** Who the top diagnosis sends ("Plumber"), and what to ask the requester (the occupant, an RA, a staff member) first; none for an emergency. */
  dispatch: { vendorType: string; questions: readonly string[] } | null;
  /** The triage situations already reported as insights ("gas-leak", "flooding"): their hazard advice is not repeated. */
  triageCategories?: ReadonlySet<string>;
  /** Who the top diagnosis sends ("HVAC technician"), also for an emergency. */
  leadVendorType?: string | null;
  /** The trade of the top diagnosis ("hvac-heating"): advice for a no-heat call fits only a heating repair. */
  leadTrade?: string | null;
  /** The vendor types a vendor's name points to ("Summit Roof & Gutter" → Roofer); none when the name says nothing. */
  vendorTypesOf?: (vendor: string) => readonly string[];
  /** Whether a fix's words name a job of another vendor type and none of this one's ("Replace smoke detector" for an electrician). */
  fixNamesOtherJob?: (fix: string, vendorType: string) => boolean;
  /** The item the top diagnosis's estimate prices one of, when the request covers them all without counting them ("throughout"). */
  uncountedScope?: { item: string; items: string; phrase: string } | null;
  /** Whether the request itself says the problem happened before ("not draining again", "third time this year"). */
  requestSaysRecurring?: boolean;
}

const SAFETY_ADVICE: Partial<Record<SafetyFlag, string>> = {
  'gas-leak': 'Possible gas leak: tell occupants to leave without using switches or flames, call the gas utility, and dispatch an emergency technician now.',
  'carbon-monoxide':
    'Carbon monoxide alarm: get everyone out and into fresh air, call 911 or the fire department, and keep fuel-burning appliances off until inspected.',
  'electrical-shock':
    'Electrical hazard (sparking, burning smell or shock): keep people away, shut off the breaker if it is safe, and send a licensed electrician as an emergency.',
  fire: 'Smoke or fire reported: make sure the fire department has been called before anything else.',
  flooding: 'Active water leak: have the resident shut the nearest valve or the main, protect belongings and units below, and dispatch now.',
  sewage: 'Sewage backup: a health hazard; stop water use in the affected lines and dispatch drain service now; plan sanitizing of affected areas.',
  'no-heat': 'No heat: treat as urgent in cold weather (many codes require heat within 24 hours); offer space heaters if the repair will take time.',
  'no-water': 'No water to the unit: check for a building shutoff or main break; restoring water is urgent.',
  mold: 'Possible mold: find and stop the moisture source; large areas may need a remediation contractor.',
  structural: 'Possible structural issue: keep people clear of the area until it has been inspected.',
  security: 'Security issue (entry door or lock): secure the unit today.',
  entrapment:
    "People trapped in an elevator: call the elevator company's emergency line (and 911 if anyone is unwell), keep talking with them, and never try to pry the doors open.",
};

/**
 * The triage situations that read the same hazard as a safety flag: the advice would repeat the
 * triage's line ("Emergency: Possible gas leak: get people out…" then "Possible gas leak: tell
 * occupants to leave…").
 */
const TRIAGE_COVERS: Partial<Record<SafetyFlag, readonly string[]>> = {
  'gas-leak': ['gas-leak'],
  'carbon-monoxide': ['carbon-monoxide'],
  'electrical-shock': ['electrical-hazard', 'burning-smell'],
  fire: ['fire-smoke', 'fire-alarm-sounding'],
  flooding: ['flooding', 'water-through-ceiling', 'water-onto-floor', 'standing-water'],
  sewage: ['sewage-backup', 'sewage-present'],
  'no-heat': ['no-heat', 'no-heat-or-hot-water'],
  'no-water': ['no-water', 'no-water-wide'],
  structural: ['structural-collapse', 'structural-hazard'],
  security: ['break-in', 'entry-not-secure', 'lock-broken'],
  entrapment: ['elevator-entrapment'],
};

/** A vendor name that is the client's own crew or shop ("In-house maintenance", "HVAC Shop"): not one a coordinator can swap for another. */
const OWN_CREW = /\b(?:in-?house|inhouse|own staff|shop|crew|facilities|maintenance (?:staff|team|dept|department))\b/i;

/** The trades whose repair gives a cold home its heat back. */
const HEATING_TRADES: ReadonlySet<string> = new Set(['hvac-heating']);

/** The cold months, when no heat is an emergency in most of the US. */
function isColdSeason(now: Date): boolean {
  return [10, 11, 0, 1, 2].includes(now.getUTCMonth());
}

const DAY = 86_400_000;
const RECURRENCE_WINDOW_DAYS = 180;
/** How many of a recurring problem's work orders the insight names by id. */
const RECURRENCE_IDS_SHOWN = 4;

/**
 * Deterministic observations a property manager can act on, most urgent first: safety
 * escalation, recurring problems on the same unit or asset, fixes that did not hold, vendors
 * with poor callback records, an estimate far from history, and an asset past its life.
 */
export function deterministicInsights(f: InsightFacts): string[] {
  const out: string[] = [];
  for (const flag of f.safetyFlags) {
    const advice = SAFETY_ADVICE[flag];
    const season = flag === 'no-heat' && isColdSeason(f.now);
    const triaged = TRIAGE_COVERS[flag];
    if (f.triageCategories && triaged) {
      // The triage reads this hazard with negation and context: when it named it, its line already
      // says what to do; when it did not, the keyword was not the hazard ("fire alarm panel trouble
      // light", "fire extinguisher expired" are not a fire).
      // Space heaters stand in for the heating only: a stove burner that "doesn't heat" is no cold room.
      const heatingRepair = f.leadTrade === undefined || f.leadTrade === null || HEATING_TRADES.has(f.leadTrade);
      if (season && heatingRepair && triaged.some((c) => f.triageCategories?.has(c)))
        out.push('It is the heating season: offer space heaters if the repair will take time.');
    } else if (advice) out.push(season ? `${advice} It is the heating season: dispatch today.` : advice);
  }

  const since = f.now.getTime() - RECURRENCE_WINDOW_DAYS * DAY;
  const recent = (t: SimilarWorkOrder) => (t.openedAt?.getTime() ?? 0) >= since;
  const onUnit = f.unitKey ? f.similar.filter((t) => t.unitKey === f.unitKey && recent(t)) : [];
  const onAsset = f.assetKey ? f.similar.filter((t) => t.assetKey === f.assetKey && recent(t)) : [];
  const recurring = onUnit.length >= onAsset.length ? { where: 'unit', list: onUnit } : { where: 'asset', list: onAsset };
  if (recurring.list.length >= 2) {
    // Four ids at most, and the count of the others, so the list never reads as the whole count.
    const shown = recurring.list.slice(0, RECURRENCE_IDS_SHOWN).map((t) => t.workOrderId);
    const more = recurring.list.length - shown.length;
    out.push(
      `Recurring problem: ${recurring.list.length} similar work orders on this ${recurring.where} in the last ${RECURRENCE_WINDOW_DAYS} days (${shown.join(', ')}${
        more > 0 ? ` and ${more} more` : ''
      }); look for a root cause or a replacement rather than another repair.`,
    );
  } else if (f.requestSaysRecurring) {
    // Without that history (another system's tickets, a new client), the requester's own word is the evidence.
    out.push('The request says this has happened before: ask the technician to find why the last repair did not hold, and weigh a replacement.');
  }

  const compared = betterHeldFix(f);
  for (const fix of f.previousFixes) {
    // Another trade's fix is not one this dispatch would repeat ("Cleared clogged gutter" for a clogged toilet).
    // As with vendors, one callback proves nothing ("held on only 66.7% of 3" was one ticket): it takes a repeat.
    // The fix another one held better than is said once, by that comparison, which gives its figure too.
    if (fix.percent_fix < 75 && failedTickets(fix) >= MIN_FAILED_TICKETS && !otherTradesJob(f, fix) && fix !== compared?.first) {
      out.push(
        `"${fix.fix}" held on only ${fix.percent_fix}% of ${fix.frequency} similar tickets; ask the technician to check the underlying cause before repeating it.`,
      );
    }
  }

  const byVendor = new Map<string, { fixes: number; callbacks: number }>();
  for (const t of f.similar.filter(isPreviousFix)) {
    for (const vendor of splitVendors(t.assignedVendors)) {
      const v = byVendor.get(vendor) ?? { fixes: 0, callbacks: 0 };
      byVendor.set(vendor, { fixes: v.fixes + 1, callbacks: v.callbacks + (f.calledBack.has(t.id) ? 1 : 0) });
    }
  }
  for (const [vendor, v] of byVendor) {
    // One callback proves nothing about a vendor ("called back on 1 of 3"): it takes a repeat.
    if (v.callbacks >= 2 && v.callbacks / v.fixes >= 0.3)
      out.push(
        `Vendor ${vendor} was called back on ${v.callbacks} of ${v.fixes} similar repairs; ${
          OWN_CREW.test(vendor) ? 'review how this repair is done with the crew before sending it again.' : 'consider another vendor for this job.'
        }`,
      );
  }

  if (compared) {
    const { held, first } = compared;
    // Costs are compared only when both are known: an unknown cost is no $0.00.
    const costs =
      held.average_cost !== undefined && first.average_cost !== undefined ? `average ${usd(held.average_cost)} against ${usd(first.average_cost)}` : '';
    const detail = [costs, held.vendor ? `most often by ${held.vendor}` : ''].filter(Boolean).join(', ');
    out.push(
      `In your history "${held.fix}" held better than "${first.fix}": ${held.percent_fix}% of ${held.frequency} similar work orders stayed fixed against ${first.percent_fix}%${detail ? ` (${detail})` : ''}.`,
    );
  }

  if (f.uncountedScope) {
    const { item, items, phrase } = f.uncountedScope;
    out.push(`The estimate is for one ${item}, but the request says "${phrase}": count the ${items} before approving it.`);
  }

  // The range is a price a manager expects for this job: only tickets about it count, not those that
  // share a word or two with the request (a fire alarm panel's trouble light priced by smoke alarm batteries).
  const costs = f.similar
    .filter((t) => t.similarity >= COST_RANGE_MIN_SIMILARITY)
    .map(ticketCost)
    .filter((c): c is number => c !== null && c > 0)
    .sort((a, b) => a - b);
  // The work order's own estimated_cost is the client's, not the diagnosis's estimate beside it; a
  // figure far from the average is said once, by the line that asks to review it.
  const own = f.estimatedCost === null ? '' : `your estimated cost of ${usd(f.estimatedCost)}`;
  const deviation = f.estimatedCost !== null && f.averageCost !== null && f.averageCost > 0 ? (f.estimatedCost - f.averageCost) / f.averageCost : 0;
  const farFromAverage = Math.abs(deviation) >= 0.5;
  if (costs.length >= 3) {
    const median = costs[Math.floor(costs.length / 2)];
    const where =
      f.estimatedCost === null || farFromAverage
        ? ''
        : f.estimatedCost < costs[0]
          ? `: ${own} is below all of them`
          : f.estimatedCost > costs[costs.length - 1]
            ? `: ${own} is above all of them`
            : `: ${own} is within that range`;
    out.push(`${costs.length} similar past work orders cost ${usd(costs[0])} to ${usd(costs[costs.length - 1])} (median ${usd(median)})${where}.`);
  }

  if (farFromAverage && f.averageCost !== null) {
    out.push(
      `Your estimated cost of ${usd(f.estimatedCost ?? 0)} is ${Math.round(Math.abs(deviation) * 100)}% ${deviation > 0 ? 'above' : 'below'} the ${usd(f.averageCost)} average of similar past work orders; review it before approving.`,
    );
  }

  if (f.asset && f.asset.typicalLifeYears) {
    const { label, ageYears, typicalLifeYears, madeIn, otherReadings = [] } = f.asset;
    // A serial whose date code repeats (Whirlpool's 10 years, GE's 12) gives an age only if the
    // newest reading is right: the line says so, and what the other readings would mean.
    const assumed = otherReadings.length > 0 && madeIn !== undefined ? ` if it was made in ${madeIn}` : '';
    const doubt =
      assumed === ''
        ? ''
        : ` Its serial also fits ${otherReadings.map((o) => `${o.year} (about ${o.ageYears.toFixed(1)} years old)`).join(' or ')}: confirm the date on the plate before approving a major repair.`;
    if (ageYears >= typicalLifeYears) {
      out.push(
        `The ${label} is about ${ageYears.toFixed(1)} years old, past its typical ${typicalLifeYears}-year life: price a replacement alongside this repair.`,
      );
    } else if (ageYears >= 0.75 * typicalLifeYears) {
      out.push(
        `The ${label} is about ${ageYears.toFixed(1)} years old${assumed}, late in its typical ${typicalLifeYears}-year life: weigh repair cost against replacement.${doubt}`,
      );
    } else {
      out.push(
        `The ${label} is about ${ageYears.toFixed(1)} years old${assumed} (typical life ${typicalLifeYears} years): a repair is usually worthwhile.${doubt}`,
      );
    }
  }
  if (f.dispatch && f.dispatch.questions.length > 0)
    out.push(`Before sending the ${inSentence(f.dispatch.vendorType)}, ask the requester: ${f.dispatch.questions.join(' ')}`);
  return out;
}

/** Words by which a request says its problem came back ("again", "third time", "still not fixed", "keeps happening"). */
const SAYS_IT_RECURS =
  /\b(?:again|(?:second|third|fourth|fifth|2nd|3rd|4th|5th) time|keeps happening|keeps coming back|came back|happened before|still not fixed|still isn'?t fixed|not fixed yet|same problem as before|otra vez|de nuevo)\b/i;

/**
 * "Again" after a start told in the present, a machine's cycle as it happens ("runs two minutes,
 * shuts off and starts again", "the fan comes back on again"): the cycle, not a problem that came
 * back after a repair ("started leaking again", "toilet running again" still are).
 */
const CYCLE_AGAIN =
  /\b(?:(?:re)?starts?|(?:come|comes|came|coming|turn|turns|turned|turning|kick|kicks|kicked|kicking|click|clicks|clicked|clicking|cycle|cycles|cycled|cycling|go|goes|going) (?:back )?on|(?:fire|fires|fired|firing|light|lights|lighting) (?:back )?up) again\b/gi;

/** Whether a request says its problem happened before. */
export function saysItRecurs(text: string): boolean {
  return SAYS_IT_RECURS.test(text.replace(CYCLE_AGAIN, ' '));
}

/**
 * A vendor type as it reads inside a sentence: "Electrician" → "electrician", "Movers" → "movers",
 * while an acronym keeps its capitals ("HVAC technician").
 */
export function inSentence(vendorType: string): string {
  const first = vendorType.split(' ')[0];
  return first.length > 1 && first === first.toUpperCase() ? vendorType : vendorType.charAt(0).toLowerCase() + vendorType.slice(1);
}

/**
 * Whether a fix's words describe a catalogue job of another vendor type than `vendorType` and none
 * of its own: "Replace smoke detector" beside an electrician's relamp. Words that fit a job of both
 * ("Replaced hot surface igniter": a furnace's or an oven's) are read as this vendor type's.
 */
export function fixNamesOtherTradesJob(kb: KnowledgeBase, fix: string, vendorType: string): boolean {
  const typeOf = (trade: string) => kb.tradeById.get(trade)?.vendor_type;
  if (matchFix(kb, fix, (p) => typeOf(p.trade) === vendorType)) return false;
  const matched = kb.problemById.get(matchFix(kb, fix)?.problemId ?? '');
  return matched !== undefined && typeOf(matched.trade) !== vendorType;
}

/**
 * Whether a fix is another trade's job, by its vendor's name or by its own words: an in-house
 * crew's "Replace smoke detector" beside an electrician's relamp is another job of the same
 * request, not another way of doing this one.
 */
function otherTradesJob(f: InsightFacts, fix: PreviousFixDto): boolean {
  if (!f.leadVendorType) return false;
  // A vendor whose name says its trade decides; the words decide for one whose name says nothing ("In-house maintenance").
  const types = fix.vendor && f.vendorTypesOf ? f.vendorTypesOf(fix.vendor) : [];
  if (types.length > 0) return !types.includes(f.leadVendorType);
  return f.fixNamesOtherJob?.(fix.fix, f.leadVendorType) ?? false;
}

/** Similar work orders a fix must have failed on (called back) before the answer warns about it. */
const MIN_FAILED_TICKETS = 2;

/** How many of a previous fix's work orders were called back. */
function failedTickets(fix: PreviousFixDto): number {
  return Math.round((fix.frequency * (100 - fix.percent_fix)) / 100);
}

/** Work orders below which a fix's held rate says nothing (100% of 4 is luck). */
const MIN_HELD_SAMPLE = 5;
/** Points by which another fix must out-hold the first-listed one to be worth pointing out. */
const MIN_HELD_MARGIN = 10;
/** A fix costing more than this many times the first-listed one is a different job (usually a replacement), not a better repair. */
const MAX_HELD_COST_RATIO = 2;

/**
 * A previous fix that stayed fixed clearly more often than the first-listed (most relevant) one of
 * this request's trade, on enough work orders, at a comparable cost, done by the kind of vendor this
 * request goes to. The first-listed fix is already the answer's lead, so naming it again says nothing; a
 * replacement always "holds", so it is not a better repair; and a fix by another trade's vendor
 * (a drain pump by the appliance shop for a sewer clog) is not one this dispatch can repeat.
 */
function betterHeldFix(f: InsightFacts): { held: PreviousFixDto; first: PreviousFixDto } | undefined {
  // The fix to beat is this trade's usual one: another trade's listed first (the water heater's
  // element for "no heat and no hot water") is another job of the request.
  const first = f.previousFixes.find((x) => !otherTradesJob(f, x));
  if (!first) return undefined;
  const held = f.previousFixes
    .filter(
      (x) =>
        x !== first &&
        x.frequency >= MIN_HELD_SAMPLE &&
        x.percent_fix >= first.percent_fix + MIN_HELD_MARGIN &&
        (first.average_cost === undefined ||
          first.average_cost <= 0 ||
          x.average_cost === undefined ||
          x.average_cost <= MAX_HELD_COST_RATIO * first.average_cost) &&
        !otherTradesJob(f, x),
    )
    .sort((a, b) => b.percent_fix - a.percent_fix || b.frequency - a.frequency)[0];
  return held ? { held, first } : undefined;
}
