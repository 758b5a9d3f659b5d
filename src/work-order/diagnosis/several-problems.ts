import type { KnowledgeBase, Problem } from '../../knowledge/knowledge.types';
import { matchProblems } from '../../knowledge/symptom-matcher';
import { TriageLevel } from '../../knowledge/triage/triage-rules.loader';
import { triageUrgency } from '../../knowledge/triage/urgency-triage';
import { inSentence } from './insights';
import { readRequestProblems, vendorTypeOf } from './knowledge-diagnosis';

const RANK: Record<TriageLevel, number> = { routine: 0, urgent: 1, emergency: 2 };
/** The triage category of the writer's own urgency words. */
const CALLER_CATEGORY = 'caller-says-urgent';
/** A complaint is named in the insights when the matcher reads it this clearly. */
const NAMED_FROM = 0.3;
/**
 * A further complaint for the vendor already going is named only when it reads this clearly, and
 * when it does not also read as the problem dispatched (above `SAME_JOB_FROM` among its
 * `OTHER_READINGS` next readings): "musty office, needs a dehumidifier" is the air-quality call told
 * twice, not a second job for the same technician.
 */
const SAME_VENDOR_NAMED_FROM = 0.3;
/**
 * Words by which a writer marks one more thing wrong ("Also washer #3 won't drain", "the outlet
 * doesn't work either", "... too" at its end, not "too warm"); a further complaint for the vendor already going is named only when marked
 * so: without them, a second sentence about the same trade is most often the first complaint told
 * again ("NO AIRFLOW IN THE OFFICE. A/C IS NOT WORKING").
 */
const MORE = /\b(?:also|plus|either|as well|another)\b|\btoo\s*[.!]*$/i;
const MORE_BEFORE = /\b(?:also|plus)[\s,]*$/i;
const AND_BEFORE = /\band\s*$/i;
const OWN_SUBJECT = /^(?:the|my|our|his|her|their)\s/i;
/**
 * A list item of work orders: a sentence opening with a repair to make ("Repair dripping kitchen
 * faucet.", "Replace ...", "Provide ...") or with a numbered violation ("Violation 2: ..."), as a
 * notice or a work list writes each job; in a list of two or more, each is one more thing, whether its vendor is already going or not.
 */
const ORDERED_ITEM =
  /^(?:violation\s*(?:#?\d+)?\s*[:.-]?\s*)?(?:repair|replace|provide|install|remove|eliminate|restore)\b|^(?:violation|item|defect|deficiency)\s*#?\d+\s*[:.)-]/i;
const SAME_JOB_FROM = 0.02;
/** A list item that reads this likely as one of the answer's diagnoses is served by it ("Repair leaking bathtub faucet." beside a dripping faucet). */
const SERVED_FROM = 0.1;
const OTHER_READINGS = 4;

/** A complaint of a request as the knowledge base reads it. */
interface ReadComplaint {
  /** The problem it reads as, clearly enough to be named. */
  problem: Problem;
  /** How likely that reading is, and how likely its other readings (problem id → likelihood). */
  likelihood: number;
  others: ReadonlyMap<string, number>;
  /** Whether the writer marks it as one more thing ("also", "plus", "... either", "another"). */
  markedAsMore: boolean;
}

/** One request read as the complaints it holds, the most urgent first. */
export interface SeveralProblems {
  /** The text to diagnose: the whole text, or only the most urgent complaint when one is more urgent than the first. */
  text: string;
  /** One insight per further complaint of another trade than the first complaint's: what else to send someone for. */
  insights: string[];
  /**
   * The complaints the diagnosis of `text` may not serve, in the order told: every complaint read
   * clearly when the whole text is diagnosed (its first diagnosis follows one of them, not always
   * the first told), the others when the most urgent one alone is.
   */
  complaints: ReadComplaint[];
  /** In a list of work orders (a notice's violations), how many items it holds and the positions among them (from 1) of those no problem reads clearly, with their likelier readings. */
  list?: { items: number; unread: { position: number; readings: string[] }[] };
}

/**
 * How urgent the situation a complaint describes is, and its kinds of situation (triage groups);
 * the writer's own "urgent" or "ASAP" does not count here.
 */
function situationOf(part: string, now: Date): { level: number; groups: Set<string> } {
  const triage = triageUrgency(part, { now });
  const reasons = triage.reasons.filter((r) => r.category !== CALLER_CATEGORY);
  return { level: reasons.length > 0 ? RANK[triage.level] : 0, groups: new Set(reasons.map((r) => r.group)) };
}

/**
 * A later complaint that opens with the writer, a request or a wish and then "it" or "them" goes on
 * about the thing named before ("Could someone lower my bunk bed? I'd like it at the lowest
 * setting.", "can you fix it"): it is no further complaint to name, whatever its words match.
 */
const GOES_BACK =
  /^(?:(?:i|we|you|someone|somebody|anyone|please|can|could|would|will|i'?d|we'?d|i'?ll|like|want|wanted|need|to|get|have|make|put|set|move|fix|lower|raise|check|look|at|just|also|really)\s+)+(?:it|them)\b/i;

/** A setting or a reading the writer gives as a number ("the thermostat says it's set to 68", "thermostat reads 82", an inspector's "Measured 85 degrees F"). */
const A_READING =
  /\b(?:set (?:to|at|on|for)|reads?|reading|says|shows|is at|measured|measures|measuring|registers|registered)\s+(?:about\s+|only\s+|like\s+)?\d+/i;
/** Words by which a clause says something is wrong. */
const SOMETHING_WRONG = /\b(?:not|no|never|won'?t|doesn'?t|don'?t|isn'?t|can'?t|broken|blank|dead|stuck|keeps|leak\w*|drip\w*|noise|noisy|loud)\b/i;

/** A clause that only gives a setting or a reading is the occupant's evidence about the complaint before it, not a complaint of its own. */
function onlyAReading(part: string): boolean {
  return A_READING.test(part) && !SOMETHING_WRONG.test(part);
}

/** A sentence opening with a pronoun goes on about the thing the sentence before named ("The heater. It smells like burning dust."). */
const CONTINUES = /^(?:it|it'?s|its|they|they'?re|theyre)\b/i;
/**
 * A sentence that only says how dangerous the thing just named is ("Imminent collapse.", "Danger of
 * falling.", "Very unsafe!", "Could give way any day."): no complaint of its own, so it stays with the
 * one before, and the dispatch reads the porch or ceiling it speaks of.
 */
const ONLY_A_HAZARD =
  /^(?:(?:in\s+)?(?:an?\s+)?(?:imminent|immediate|serious|real|high|big)?\s*(?:danger|risk|threat|hazard|chance)\s+of\s+\w+(?:\s+\w+)?|(?:imminent|immediate|possible|potential|near)\s+(?:collapse|failure|fall|falling)|(?:very|really|extremely|super|so)?\s*(?:dangerous|unsafe|hazardous)|(?:it\s+)?(?:could|might|may|can|will|about\s+to|going\s+to|ready\s+to)\s+(?:collapse|fall|give\s+way|cave\s+in|come\s+down)(?:\s+\w+){0,3})\W*$/i;

/**
 * An afterthought that names a thing of its own: ", also the sink drains slow", "and also my
 * closet door", or a request of its own wherever "also" stands ("the faucet drips also can someone
 * look at the closet door"). Not "it also leaks", which goes on about the thing just named.
 */
const AFTERTHOUGHT =
  /(?:,\s*|\s+and\s+)(?:also|plus)\s+(?=(?:the|my|our|a|an|his|her|their|there|in|on)\b)|\s+(?:also|plus)\s+(?=(?:can|could|would|will|please|pls|plz)\s)/i;

/** A verb or state that makes a clause say something of its subject. */
const PREDICATE =
  "is|are|was|were|does|do|did|doesn'?t|don'?t|didn'?t|won'?t|will|isn'?t|aren'?t|has|have|hasn'?t|keeps|stopped|can'?t|cannot|needs|leaks|drips|broken|broke|leaking|running|clogged|stuck|dripping|missing|not";

/**
 * "and" before a clause with a subject and a predicate of its own, after a clause with its own
 * predicate: "the toilet is running and the bedroom light switch does not work" tells two things
 * wrong. The subject opens with a determiner and holds one to four words before its verb; "the
 * sink and the toilet are clogged" (one predicate for both) and "roaches in the kitchen and the
 * bathroom" (no predicate after "and") stay one complaint.
 */
const AND_A_CLAUSE = new RegExp(`,?\\s+and\\s+(?=(?:the|my|our|his|her|their)\\s+(?:[a-z'-]+\\s+){1,4}(?:${PREDICATE})\\b)`, 'i');
const HAS_PREDICATE = new RegExp(`\\b(?:${PREDICATE})\\b`, 'i');

/** A subject that points back at the thing just named ("... and the light on it is out" is the vent's light). */
const POINTS_BACK = /^(?:the|my|our|his|her|their)\s+(?:[a-z'-]+\s+){0,3}(?:on|in|inside|of|under|behind|from)\s+(?:it|them)\b/i;
/**
 * A subject that is only a part some fixture or machine has, named bare ("... keeps running and the
 * handle is loose", "... won't drain and the knob is missing"): the part of the thing just named, not
 * a door's handle or another job.
 */
const BARE_PART =
  /^(?:the|its|my|our|his|her|their)\s+(?:handle|handles|knob|knobs|lever|lid|seat|chain|spout|nozzle|button|buttons|dial|dials)\s+(?:is|are|was|were|has|have|came|keeps|won'?t|doesn'?t|isn'?t|broke|fell|feels|seems|looks)\b/i;

/** A complaint cut at each "and" that joins two clauses with predicates of their own, unless the second goes on about the first's thing. */
function clausesJoinedByAnd(sentence: string): string[] {
  const [head, ...rest] = sentence.split(AND_A_CLAUSE);
  const parts = [head];
  for (const next of rest) {
    if (HAS_PREDICATE.test(parts[parts.length - 1]) && !POINTS_BACK.test(next) && !BARE_PART.test(next)) parts.push(next);
    else parts[parts.length - 1] += ` and ${next}`;
  }
  return parts;
}

/**
 * Parts a thing has, which a writer names bare right after the thing ("Range hood fan doesn't turn on
 * and the light is out too", "Window won't lock, latch is broken"): that thing's part, not another
 * fixture nor another trade's job. A part told with a place of its own ("the light above the mirror")
 * is another fixture.
 */
const PARTS_OF: readonly { things: RegExp; parts: string }[] = [
  {
    things: /\b(?:hood|rangehood|range hood|vent hood|exhaust hood|microwave|fridge|refrigerator|freezer|oven|fan|fans|opener)\b/i,
    parts: 'lights?|bulbs?|lamps?',
  },
  {
    // A room air unit's own indicator lights and fan ("PTAC won't turn on, no lights, no fan").
    things: /\b(?:ptacs?|air conditioners?|a\/?c|ac units?|wall units?|window units?|fan coils?|heat pumps?|heating units?|hvac units?)\b/i,
    parts: 'lights?|display|screen|fans?|blower',
  },
  {
    things: /\b(?:windows?|doors?|gates?|slider|sliders|cabinets?|drawers?|closet|mailbox)\b/i,
    parts: 'latch(?:es)?|locks?|hinges?|crank|cranks|handles?|knobs?|tracks?|strike|strike plate|closer|sash',
  },
];
const BARE_STATE =
  "is|are|was|were|has|have|keeps|will|won'?t|wont|doesn'?t|doesnt|isn'?t|isnt|out|not|went|burned|burnt|stopped|broke|broken|flicker\\w*|came|fell|missing|loose|stuck|too|also";

/** Where a bare part said absent is: on the thing itself ("no lights on it"). */
const ON_IT = String.raw`\s+on\s+(?:it|the\s+(?:unit|front|panel))`;

/** Whether a complaint only names a part of the thing the complaint before it named. */
function partOfThingBefore(part: string, before: string): boolean {
  return PARTS_OF.some(
    ({ things, parts }) =>
      things.test(before) &&
      (new RegExp(`^(?:and\\s+)?(?:(?:the|its|it'?s|my|our|his|her|their)\\s+)?(?:${parts})\\s+(?:${BARE_STATE})\\b`, 'i').test(part) ||
        // "..., no lights, no fan": the part said absent, bare.
        new RegExp(`^(?:and\\s+)?no\\s+(?:${parts})(?:${ON_IT})?(?:(?:\\s*,\\s*|\\s+)(?:and\\s+)?no\\s+(?:${parts})(?:${ON_IT})?)*\\s*[.!]*$`, 'i').test(part)),
  );
}

/**
 * Whether every piece of a rest, told after commas, only names a part of the thing before it ("the
 * wall unit is dead, no lights on it, fan will not start"): the thing's own parts, not a cut between two jobs.
 */
function onlyPartsOf(rest: string, before: string): boolean {
  const pieces = rest.split(/\s*,\s*(?:and\s+)?/).filter((piece) => piece.trim() !== '');
  return pieces.length > 0 && pieces.every((piece) => partOfThingBefore(piece, before));
}

/** A clause after a comma that names its own subject before "also" ("..., the bathroom fan is also broken"): one more complaint. */
const ALSO_A_CLAUSE = /,\s*(?=(?:the|my|our|his|her|their|a|an)\s+(?:[a-z'-]+\s+){1,4}(?:(?:is|are|was|were)\s+)?also\b)/i;

/**
 * Where a writer may have joined two complaints without a clause of its own for the second: a comma,
 * a semicolon, "and" ("and also"), or a bare "also" or "plus" ("broken blinds in the bedroom and a
 * dripping kitchen faucet", "washer wont drain, mice droppings in the pantry", "lock on my door sticks
 * and the carpet is ripped").
 */
const A_JOIN = /\s*[,;]\s*(?:and\s+)?(?:also\s+|plus\s+)?|\s+and\s+(?:also\s+)?|\s+(?:also|plus)\s+/gi;
/**
 * Water told, then what the water did ("water coming through the ceiling, the drywall is wet and
 * sagging", "the dishwasher leaks and the kitchen floor is soaked"): one leak told twice, whatever
 * trade its damage reads as alone.
 */
const WATER = /\b(?:leak\w*|water|drip\w*|overflow\w*|flood\w*|pour\w*|burst)\b/i;
const WATER_DAMAGE =
  /\b(?:wet|soaked|soaking|damp|flooded|sagging|swollen|swell\w*|warped|warping|buckl\w*|cupp\w*|bubbl\w*|delaminat\w*|soft|spongy|rott\w*|musty|mold\w*|mildew\w*|stain\w*|puddles?|water[- ]damaged)\b/i;
/**
 * What water damages in a home: a floor, its boards or tiles, a cabinet, a wall or a ceiling. A
 * complaint naming one of these in a water-damaged state, and nothing else wrong, after a complaint
 * of water, is what that water did ("water heater leaking and the laminate floor is buckling").
 */
const DAMAGED_SURFACE =
  /\b(?:floors?|flooring|subfloor|laminate|hardwood|wood|wooden|vinyl|planks?|boards?|floorboards?|tiles?|carpet|rug|pad|cabinets?|vanity|base|bottom|baseboards?|trim|drywall|sheetrock|walls?|ceiling|plaster|paint|shelf|shelves|counter|countertop)\b/i;
/** A leak the writer says is over ("it leaked last week", "the leak was fixed"): its damage may be the job now. */
const WATER_OVER = /\b(?:leaked|was leaking|used to leak|fixed|repaired|stopped|last (?:week|month|year)|ago)\b/i;

/** A complaint that only tells what the water told just before it did to the floor, a cabinet or a wall. */
function onlyWaterDamage(part: string, before: string | undefined): boolean {
  // The water told before must come from a source, not be a stain or wet spot itself ("water stain spreading on the ceiling, paint bubbling").
  if (before === undefined || !WATER.test(before) || WATER_DAMAGE.test(before) || WATER_OVER.test(before) || WATER.test(part)) return false;
  if (!WATER_DAMAGE.test(part) || !DAMAGED_SURFACE.test(part)) return false;
  // Nothing else wrong in it once its damage words are taken out.
  return !TELLS_WRONG.test(part.replace(new RegExp(WATER_DAMAGE.source, 'gi'), ' '));
}
/**
 * A join inside one statement: "both X and Y", "between X and Y" ("the outlet makes both our switch
 * and the card reader go offline"), or a rest that opens by narrowing or explaining what was just
 * named ("the AC vents, especially the one by my desk, smell burnt", "..., which ...", "..., because ...").
 */
const BOTH_BEFORE = /\b(?:both|between|either)\s+(?:\S+\s+){0,4}\S+$/i;
const NARROWS =
  /^(?:especially|including|mainly|mostly|particularly|like|such as|namely|which|that|where|when|because|since|so|but|if|as|or|than|then|with|without|from|to)\b/i;
/**
 * Words by which a side of a join, or a complaint, tells something wrong ("sticks", "ripped", "wont
 * drain", "loud"): a heading, a place or a task ("STAIR 2", "to test the tiles") tells none.
 */
const TELLS_WRONG =
  /\b(?:not|no|never|won'?t|wont|doesn'?t|doesnt|don'?t|dont|isn'?t|isnt|can'?t|cant|aint|broken?|broke|blank|dead|out|off|stuck|stick(?:s|ing)?|jam(?:s|med|ming)?|keeps|leak\w*|drip\w*|nois\w*|loud|rattl\w*|squeak\w*|hum(?:s|ming)?|buzz\w*|beep\w*|chirp\w*|spark\w*|smell\w*|smok\w*|torn|ripped|rip|tear|cracked|crack|hole|holes|clogged|slow|loose|wobbl\w*|peel\w*|stain\w*|fell|falling|missing|quit|stopped|overflow\w*|backing|backed|flicker\w*|sagging|pour\w*|flood\w*|wet|soaked|alarm|sounding|running|forever|gas|hard to|warm|hot|cold|dirty|damaged|mold\w*|roach\w*|ants|mice|droppings|bugs|pests?)\b/i;
/**
 * A task of a make-ready list, a punch list or inspection notes ("touch up paint in the living room",
 * "replace blinds in bedroom", "caulk tub"): a job of its own, which tells nothing wrong in words but
 * is one item beside the next ("..., no heat in the apartment"), whose urgency then leads.
 */
const A_TASK =
  /(?:^|[:,;]\s*|\b(?:list|notes?|items?)\s*[:-]?\s*)(?:please\s+)?(?:replace|repair|fix|patch|paint|repaint|caulk|recaulk|re-caulk|touch[- ]?up|clean|shampoo|install|remove|adjust|tighten|secure|rekey|re-key|regrout|re-grout|scrape|sand|seal|reseal)\b/i;
/** A side whose subject, after a word or two of when, is the thing just named ("..., and last night it overflowed"). */
const TOLD_OF_IT = /^(?:[a-z']+\s+){1,2}(?:it|they)\b/i;
/** The "and" of a pair said as one ("day and night", "on and off", "back and forth"), which joins no two complaints. */
const PAIR_BEFORE = /\b(?:day|night|on|off|back|up|in|over|again|now|here|hot|more|open)$/i;
const PAIR_AFTER = /^(?:night|day|off|on|forth|down|out|over|again|then|there|cold|more|close[ds]?)\b/i;
/**
 * A side that opens on its verb or a bare state has no subject of its own: it goes on about the one
 * before ("the toilet keeps running and won't stop", "the toilet is clogged and overflowing", "the
 * patio door is hard to open, off track", "..., smells musty").
 */
const NO_SUBJECT =
  /^(?:not|won'?t|wont|will|would|is|isn'?t|isnt|are|aren'?t|was|wasn'?t|were|has|hasn'?t|have|had|does|doesn'?t|doesnt|did|didn'?t|didnt|can'?t|cant|cannot|keeps|kept|never|still|smells?|smelled|smelling|sounds?|looks?|feels?|seems?|overflow\w*|spilling|flooding|backing up|backed up|(?:came|comes|coming|fell|falls|falling|jumped|jumps|is)?\s*off\s+(?:of\s+)?(?:the\s+|its\s+|it'?s\s+)?tracks?)\b/i;
/** Each side of such a join reads this clearly as a problem of its own when the join cuts two complaints. */
const CUT_FROM = 0.5;

/** The kind of vendor a complaint's first `readings` readings send, with their likelihoods summed. */
function likeliestVendor(kb: KnowledgeBase, part: string, readings: number): { vendor: string; likelihood: number } {
  const byVendor = new Map<string, number>();
  for (const m of readRequestProblems(kb, part, readings)) {
    const vendor = vendorTypeOf(kb, m.problem.trade);
    byVendor.set(vendor, (byVendor.get(vendor) ?? 0) + m.likelihood);
  }
  return [...byVendor].reduce((best, [vendor, likelihood]) => (likelihood > best.likelihood ? { vendor, likelihood } : best), { vendor: '', likelihood: 0 });
}

/**
 * A complaint cut at each join whose two sides each read clearly, alone, as a problem for another kind
 * of vendor: two things wrong told in one breath. A side that reads as no problem ("roaches in the
 * kitchen and the bathroom"), or as a problem for the same vendor ("the sink and the toilet are
 * clogged"), keeps the join; so does one that goes on about the thing just named ("... and the
 * handle is loose", "..., it is 85 degrees in here").
 */
function cutWhereBothRead(kb: KnowledgeBase, part: string): string[] {
  // In a list of tasks a side may read as one vendor's job without one problem clearly its own ("no
  // heat in the apartment": a furnace, a boiler or a baseboard heater): its readings count together.
  const vendorOf = (side: string, inList: boolean): string | undefined => {
    if (!TELLS_WRONG.test(side) && !A_TASK.test(side)) return undefined;
    const { vendor, likelihood } = likeliestVendor(kb, side, inList ? OTHER_READINGS : 1);
    return likelihood >= CUT_FROM ? vendor : undefined;
  };
  for (const join of part.matchAll(A_JOIN)) {
    const head = part.slice(0, join.index).trim();
    const next = part.slice((join.index ?? 0) + join[0].length).trim();
    if (
      !/[a-z]{3}/i.test(head) ||
      !/[a-z]{3}/i.test(next) ||
      (WATER.test(head) && WATER_DAMAGE.test(next)) ||
      BOTH_BEFORE.test(head) ||
      NARROWS.test(next) ||
      CONTINUES.test(next) ||
      TOLD_OF_IT.test(next) ||
      NO_SUBJECT.test(next) ||
      (/\band\b/i.test(join[0]) && PAIR_BEFORE.test(head) && PAIR_AFTER.test(next)) ||
      POINTS_BACK.test(next) ||
      BARE_PART.test(next) ||
      GOES_BACK.test(next) ||
      onlyPartsOf(next, head)
    )
      continue;
    const inList = A_TASK.test(head);
    const left = vendorOf(head, inList);
    if (left === undefined) continue;
    // The nearest join after which the rest reads clearly: the rest may hold a further join of its own.
    const right = vendorOf(next, inList);
    if (right !== undefined && right !== left) return [head, ...cutWhereBothRead(kb, next)];
  }
  return [part];
}

/** Sentences and list items: "1) ... 2) ...", "-", ";", sentence ends, afterthoughts and clauses joined by "and"; a sentence opening with "it" stays with the one before. */
function complaints(kb: KnowledgeBase, text: string): string[] {
  return text
    .split(new RegExp(`(?<=[.!?;])\\s+|\\n+|\\s(?=\\d[.)]\\s)|(?:^|\\s)\\d[.)]\\s|${AFTERTHOUGHT.source}`, 'i'))
    .flatMap((s) => s.split(ALSO_A_CLAUSE))
    .flatMap(clausesJoinedByAnd)
    .flatMap((s) => cutWhereBothRead(kb, s.trim()))
    .map((s) => s.trim())
    .filter((s) => /[a-z]{3}/i.test(s))
    .reduce<string[]>((parts, s) => {
      if (parts.length > 0 && (CONTINUES.test(s) || ONLY_A_HAZARD.test(s) || partOfThingBefore(s, parts[parts.length - 1]))) parts[parts.length - 1] += ` ${s}`;
      else parts.push(s);
      return parts;
    }, []);
}

/**
 * Several problems in one request: the dispatch follows the most urgent complaint (the triage
 * level of each complaint, the first on ties: then the whole text is diagnosed, the first
 * complaint ranking first), and the other complaints the knowledge base reads clearly as another
 * trade's job are named in the insights.
 */
export function readSeveralProblems(kb: KnowledgeBase, whole: string, now: Date): SeveralProblems {
  const told = complaints(kb, whole).flatMap(withDamageApart);
  // What a leak did to the floor, a cabinet or a wall is no job of its own, and the leak's source,
  // not its damage, is what the dispatch reads ("water heater leaking and the laminate floor is buckling").
  // Damage told after damage ("the cabinet floor is soaked and the wood is swelling") is still the water's before it.
  let source: string | undefined;
  const parts = told.filter((part) => {
    if (onlyWaterDamage(part, source)) return false;
    source = part;
    return true;
  });
  const text = parts.length < told.length ? withoutParts(whole, told, parts) : whole;
  if (parts.length < 2) return { text, insights: [], complaints: [] };
  const read = parts.map((part, index) => ({ part, index, ...situationOf(part, now), top: matchProblems(kb, part, { limit: 1 })[0] }));
  // Only a complaint that reads as a problem can lead ("please fix it ASAP" is no complaint of its own),
  // and only one of another kind of situation than the first complaint's: "the unit is leaking water.
  // The carpet is soaking wet." is one leak told twice, and its source stays the diagnosis.
  const sameSituation = (r: (typeof read)[number]): boolean => [...r.groups].some((g) => read[0].groups.has(g));
  // A complaint reads as a job when a problem reads clearly alone; after a first part that reads as
  // nothing (directions to a room), also when it reads more clearly still as the diagnosis reads it with
  // its context ("main lock for the restroom doesn't work": the lockset); an emergency in a list of
  // tasks also when it reads as one vendor's job, though no one problem of that vendor reads clearly ("..., no heat in
  // the apartment": a furnace, a boiler or a baseboard heater).
  const firstReadsAsNothing = (read[0].top?.likelihood ?? 0) < NAMED_FROM;
  const inTaskList = read.some((r) => A_TASK.test(r.part));
  const readsAsAJob = (r: (typeof read)[number]): boolean =>
    (r.top?.likelihood ?? 0) >= NAMED_FROM ||
    (firstReadsAsNothing && (readRequestProblems(kb, r.part, 1)[0]?.likelihood ?? 0) >= CUT_FROM) ||
    (inTaskList && r.level === RANK.emergency && likeliestVendor(kb, r.part, OTHER_READINGS).likelihood >= CUT_FROM);
  const first = read.reduce((best, r) => (r.level > best.level && readsAsAJob(r) && !sameSituation(r) ? r : best), read[0]);
  // Items of a list of work orders count as more only in a list ("The AC is not cooling. Replace the filter." is one complaint and its remedy).
  const workList = read.filter((r) => ORDERED_ITEM.test(r.part)).length >= 2;
  // A clause of its own after "and", with its own subject ("the bathroom fan is not working and the light above the mirror keeps flickering"), tells one more thing too.
  const markedAsMore = (r: (typeof read)[number]): boolean =>
    MORE.test(r.part) ||
    (workList && ORDERED_ITEM.test(r.part)) ||
    MORE_BEFORE.test(text.slice(0, Math.max(0, text.indexOf(r.part)))) ||
    (r.index > 0 && AND_BEFORE.test(text.slice(0, Math.max(0, text.indexOf(r.part)))) && OWN_SUBJECT.test(r.part));
  // An emergency told first, and every later complaint marked as one more thing and less urgent ("no
  // heat in the apartment, the bathroom fan is also broken"): the emergency alone is diagnosed, so
  // the later complaint's sharper words cannot lead the dispatch. Unmarked, a later sentence may name
  // the emergency's cause ("someone was shocked. the outlets may not be grounded") and is read with it.
  const alone =
    first.index === 0 && first.level === RANK.emergency && read.slice(1).every((r) => r.level < first.level && !sameSituation(r) && markedAsMore(r));
  const clear = (r: (typeof read)[number]): ReadComplaint[] => {
    if (!r.top || r.top.likelihood < NAMED_FROM || (r.index > 0 && (GOES_BACK.test(r.part) || onlyAReading(r.part)))) return [];
    // Named as the diagnosis reads a request, with its context ("droppings ... under the wardrobe" is
    // the mice, not the wardrobe) and without what it says is absent.
    const [named, ...others] = readRequestProblems(kb, r.part, OTHER_READINGS + 1);
    return named && named.likelihood >= NAMED_FROM
      ? [
          {
            problem: named.problem,
            likelihood: named.likelihood,
            others: new Map(others.map((o) => [o.problem.id, o.likelihood])),
            // The first complaint is another thing when the one after it is marked as more ("the light flickers, and the outlet doesn't work either").
            markedAsMore: r.index === 0 ? read.slice(1).some(markedAsMore) : markedAsMore(r),
          },
        ]
      : [];
  };
  const others = read.filter((r) => r !== first).flatMap(clear);
  // An item of a list that reads as no problem is not dropped without a word: the answer says how many it did not read.
  // Only the list's own items: a title or a deadline ("Correct within 24 hours.") is no job.
  const unread = workList
    ? read
        .filter((r) => ORDERED_ITEM.test(r.part))
        .map((r, item) => ({ r, item }))
        .filter(({ r }) => clear(r).length === 0)
        .map(({ r, item }) => ({
          position: item + 1,
          readings: readRequestProblems(kb, r.part, OTHER_READINGS)
            .filter((m) => m.likelihood >= SERVED_FROM)
            .map((m) => m.problem.id),
        }))
    : [];
  // A later complaint more urgent than the first is what the dispatch is for; the rest are insights.
  return {
    text: first.index === 0 && !alone ? text : first.part,
    insights: complaintInsights(kb, others, first.top?.problem.trade),
    complaints: first.index === 0 && !alone ? read.flatMap(clear) : others,
    ...(unread.length > 0 ? { list: { items: read.filter((r) => ORDERED_ITEM.test(r.part)).length, unread } } : {}),
  };
}

/** A complaint cut where the rest only tells what its water did ("our water heater is leaking and the vinyl plank floor around it is buckling"). */
function withDamageApart(part: string): string[] {
  if (!WATER.test(part)) return [part];
  for (const join of part.matchAll(A_JOIN)) {
    const head = part.slice(0, join.index).trim();
    const next = part.slice((join.index ?? 0) + join[0].length).trim();
    if (/[a-z]{3}/i.test(head) && onlyWaterDamage(next, head)) return [head, next];
  }
  return [part];
}

/** The text with the complaints left out cut away: from each left-out complaint to the start of the next one kept. */
function withoutParts(whole: string, told: readonly string[], kept: readonly string[]): string {
  let rest = whole;
  for (const part of told) {
    if (kept.includes(part)) continue;
    const at = rest.indexOf(part);
    if (at < 0) continue;
    // The joining words before the cut ("... leaking and", "..., ") go with it.
    const head = rest.slice(0, at).replace(/(?:[\s,;]+(?:and|also|plus)?)+\s*$/i, '');
    rest = `${head}${rest.slice(at + part.length)}`;
  }
  return rest.trim();
}

/**
 * One insight per trade of the complaints other than the problem dispatched: what else to send
 * someone for. With the problem dispatched known, a complaint of the same trade that is another
 * problem is named too ("the dryer does not heat. Also washer #3 won't drain": one appliance
 * technician, two jobs); a complaint for the same kind of vendor is one visit, not a second
 * dispatch. Several complaints for one trade share its line ("exhaust fan inoperable ... missing
 * GFCI protection": one electrician), so none of them is dropped.
 */
function complaintInsights(
  kb: KnowledgeBase,
  complaints: readonly ReadComplaint[],
  leadTrade: string | undefined,
  leadProblemId?: string,
  situations: ReadonlySet<string> = new Set(),
): string[] {
  const namedProblems = new Set<string>(leadProblemId ? [leadProblemId] : []);
  const leadVendor = leadTrade ? vendorTypeOf(kb, leadTrade) : undefined;
  const lines = new Map<string, { vendor: string; names: string[]; read: ReadComplaint[] }>();
  for (const complaint of complaints) {
    const { problem, likelihood, others, markedAsMore } = complaint;
    // A reading the request's situation contradicts ("leak already fixed" beside water coming through the ceiling) is the same event misread.
    if (problem.unlikely_when?.some((c) => situations.has(c))) continue;
    if (namedProblems.has(problem.id) || (problem.trade === leadTrade && !leadProblemId)) continue;
    // A consequence of a problem already named ("the dishwasher won't drain either" beside a clogged kitchen sink) is that job.
    if (problem.explained_by?.some((id) => namedProblems.has(id))) continue;
    const vendor = vendorTypeOf(kb, problem.trade);
    const sameJob = leadProblemId !== undefined && (others.get(leadProblemId) ?? 0) >= SAME_JOB_FROM;
    if (vendor === leadVendor && (likelihood < SAME_VENDOR_NAMED_FROM || sameJob || !markedAsMore)) continue;
    const line = lines.get(problem.trade) ?? { vendor, names: [], read: [] };
    // A complaint that also reads as one already on its line is that complaint told again ("the outlet stopped working, and the GFCI won't reset").
    if (line.read.some((r) => (r.others.get(problem.id) ?? 0) >= SAME_JOB_FROM || (others.get(r.problem.id) ?? 0) >= SAME_JOB_FROM)) continue;
    namedProblems.add(problem.id);
    // The complaint is named, never quoted: request text does not travel back into the answer.
    line.names.push(nameInSentence(problem.name));
    line.read.push(complaint);
    lines.set(problem.trade, line);
  }
  return [...lines.values()].map(({ vendor, names }) => {
    const what = `Also reported in this request: ${listed(names)}`;
    const them = names.length === 1 ? 'it' : names.length === 2 ? 'both' : 'all of them';
    if (vendor === leadVendor) return `${what}; the same ${inSentence(vendor)} can see to ${them} on this visit.`;
    return names.length === 1
      ? `${what} (${vendor}); dispatch it separately.`
      : `${what} (${vendor}); dispatch one ${inSentence(vendor)} separately for ${them}.`;
  });
}

/** A problem's name inside a sentence: its first letter in lower case, acronyms kept ("tripped or failed GFCI outlet", "AC low on refrigerant"). */
function nameInSentence(name: string): string {
  return name
    .split(' ')
    .map((word, i) => (i > 0 || (word.length > 1 && word === word.toUpperCase()) ? word : word.charAt(0).toLowerCase() + word.slice(1)))
    .join(' ');
}

/** "a", "a and b", "a, b and c". */
function listed(names: readonly string[]): string {
  return names.length < 2 ? names.join('') : `${names.slice(0, -1).join(', ')} and ${names[names.length - 1]}`;
}

/**
 * The insights of a request's further complaints once its diagnosis is known: each complaint of
 * another trade than the first diagnosis's. The words of a request that tells two things decide
 * which trade leads ("the toilet is running and the bedroom light switch does not work" may lead
 * with the switch), so the complaint left out is the one the dispatch does not serve, not always
 * the later one.
 */
export function insightsBeside(
  kb: KnowledgeBase,
  several: SeveralProblems,
  dispatchedTrade: string | undefined,
  dispatchedProblemId?: string,
  situations?: ReadonlySet<string>,
  diagnosedProblemIds: readonly string[] = [],
): string[] {
  const lines = complaintInsights(kb, several.complaints, dispatchedTrade, dispatchedProblemId, situations);
  // An item one of whose likelier readings is among the answer's diagnoses is served by it.
  const served = new Set([...diagnosedProblemIds, ...(dispatchedProblemId ? [dispatchedProblemId] : [])]);
  const unread = several.list?.unread.filter((u) => !u.readings.some((id) => served.has(id))) ?? [];
  if (several.list && unread.length > 0) {
    const positions = listed(unread.map((u) => String(u.position)));
    lines.push(
      `${unread.length} of the ${several.list.items} items of this list (${unread.length === 1 ? 'item' : 'items'} ${positions}) ${unread.length === 1 ? 'is' : 'are'} not covered by the diagnoses above: read ${unread.length === 1 ? 'it' : 'them'} and dispatch ${unread.length === 1 ? 'it' : 'them'} separately.`,
    );
  }
  return lines;
}
