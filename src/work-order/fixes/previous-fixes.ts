import type { EnrichmentContextDto, PreviousFixDto, RelevantWorkOrderDto } from '../dto/work-order-enrichment.dto';
import { FINISHED_STATUSES, NormalizedStatus, splitVendors } from '../history/work-order-fields';
import type { SimilarWorkOrder } from '../retrieval/similar-work-orders.service';
import { FixMatch } from './fix-relevance';
import { KB_FIX_PREFIX, TEXT_FIX_PREFIX } from './knowledge-fix-normalizer';

export const MAX_PREVIOUS_FIXES = 5;
export const MAX_RELEVANT_WORK_ORDERS = 10;

const round = (value: number, digits = 2) => Math.round(value * 10 ** digits) / 10 ** digits;
/** The rounded mean, or undefined when nothing is known: an unknown figure is left out of the answer, never stated as 0. */
const knownMean = (values: number[]): number | undefined => (values.length === 0 ? undefined : round(values.reduce((a, b) => a + b, 0) / values.length));

/** A cost figure, or null when it says nothing: work-order exports write a blank cost as 0, and an open ticket has spent nothing yet. */
const knownCost = (cost: number | null): number | null => (cost !== null && cost > 0 ? cost : null);

/**
 * The cost of a ticket: actual_cost when known, otherwise the sum of its invoices, otherwise
 * estimated_cost; a cost of 0 is not known, so it is never averaged in as a free repair.
 */
export function ticketCost(t: Pick<SimilarWorkOrder, 'actualCost' | 'estimatedCost' | 'invoiceTotal'>): number | null {
  return knownCost(t.actualCost) ?? knownCost(t.invoiceTotal) ?? knownCost(t.estimatedCost);
}

/** Completed or closed, the two states in which the work was done. */
export function isFinished(t: Pick<SimilarWorkOrder, 'statusNorm'>): boolean {
  return FINISHED_STATUSES.includes(t.statusNorm as NormalizedStatus);
}

/** A ticket is a previous fix only when it is completed or closed and has fix text (never when cancelled). */
export function isPreviousFix(t: SimilarWorkOrder): boolean {
  return isFinished(t) && t.fixKey !== null;
}

function mostFrequentVendor(tickets: SimilarWorkOrder[]): string {
  const counts = new Map<string, { count: number; latest: number }>();
  for (const t of tickets) {
    for (const vendor of splitVendors(t.assignedVendors)) {
      const entry = counts.get(vendor) ?? { count: 0, latest: 0 };
      counts.set(vendor, { count: entry.count + 1, latest: Math.max(entry.latest, t.closedAt?.getTime() ?? 0) });
    }
  }
  const ranked = [...counts.entries()].sort((a, b) => b[1].count - a[1].count || b[1].latest - a[1].latest);
  return ranked[0]?.[0] ?? '';
}

/**
 * The most common label of a group; ties go to the shortest (usually the plainest wording). A
 * canonical fix that joined a broader wording (`fixGroups`) does not name the group: "Replace
 * furnace blower motor" would misname the other motors of a "Replaced motor" group. Unless the notes'
 * own wordings are only the group's vaguest one ("blew out line") and every other ticket is one
 * canonical fix, written at least as often: the vague notes then name nothing else, and the group
 * is that repair ("Clear AC condensate drain line", not "Cleaned line").
 */
function groupLabel(key: string, tickets: SimilarWorkOrder[]): string {
  const naming = tickets.filter((t) => t.fixKey === key || !t.fixKey!.startsWith(KB_FIX_PREFIX));
  const canonical = new Set(tickets.filter((t) => !naming.includes(t)).map((t) => t.fixKey));
  const vagueOnly = naming.length > 0 && naming.every((t) => t.fixKey === key) && key.startsWith(TEXT_FIX_PREFIX);
  if (vagueOnly && canonical.size === 1 && tickets.length - naming.length >= naming.length) return tickets.find((t) => !naming.includes(t))!.fixLabel!;
  const counts = new Map<string, number>();
  for (const t of naming.length > 0 ? naming : tickets) counts.set(t.fixLabel!, (counts.get(t.fixLabel!) ?? 0) + 1);
  return [...counts.entries()].sort((a, b) => b[1] - a[1] || a[0].length - b[0].length)[0][0];
}

/** Verb, head and other stems of a text key ("text:replaced motor fan" → replaced, motor, [fan]). */
function textKeyParts(key: string): { verb: string; head: string; others: string[] } {
  const [verb, head, ...others] = key.slice(TEXT_FIX_PREFIX.length).split(' ');
  return { verb, head: head ?? '', others };
}

/**
 * Maps each fix key to its group. A text key joins the most general text key with the same verb
 * and the same head whose other words it all contains, so "replaced fan motor" and "replaced motor
 * on the fan" join "replaced motor", while "replaced belt on fan coil" (head: belt) never joins
 * "replaced fan". A knowledge-base key groups exactly, unless `textFormOf` gives it the text key its
 * canonical fix would have if a note wrote it (`canonicalTextKey`): it then groups as that text key
 * would, so "Replace furnace blower motor" is counted with the notes' "replaced motor" instead of
 * splitting the motor replacements of the request's tickets in two groups. `countedForm` gives a
 * text key the form it is counted under ("cleaned line kitchen" as "cleaned drain kitchen",
 * "replaced belt spar" as "replaced belt", `FixRelevance.countedForm`); a form reached only by
 * leaving words of the part out (`leavesOutWords`) groups its own wordings but is no root others
 * join. A group is named by a text key of its root when one exists.
 */
export function fixGroups(
  keys: string[],
  textFormOf: (kbKey: string) => string | undefined = () => undefined,
  countedForm: (textKey: string) => string = (key) => key,
  leavesOutWords: (textKey: string) => boolean = () => false,
): Map<string, string> {
  const distinct = [...new Set(keys)].sort();
  const formOf = new Map(
    distinct.map((key) => {
      const form = key.startsWith(KB_FIX_PREFIX) ? (textFormOf(key) ?? key) : key;
      return [key, form.startsWith(TEXT_FIX_PREFIX) ? countedForm(form) : form];
    }),
  );
  const keyOfForm = new Map<string, string>();
  for (const key of distinct) {
    const form = formOf.get(key)!;
    const named = keyOfForm.get(form);
    if (named === undefined || (named.startsWith(KB_FIX_PREFIX) && !key.startsWith(KB_FIX_PREFIX))) keyOfForm.set(form, key);
  }
  // A form only reached by leaving words out says less than its notes did: never a root others join.
  const plain = new Set(distinct.filter((key) => !key.startsWith(TEXT_FIX_PREFIX) || !leavesOutWords(key)).map((key) => formOf.get(key)));
  const vague = new Set([...keyOfForm.keys()].filter((form) => !plain.has(form)));
  const rootOf = formGroups([...keyOfForm.keys()], vague);
  return new Map(distinct.map((key) => [key, keyOfForm.get(rootOf.get(formOf.get(key)!)!)!]));
}

/** `fixGroups` over distinct keys as written (text keys join their most general root; others stay alone). */
function formGroups(keys: string[], vague: ReadonlySet<string> = new Set()): Map<string, string> {
  const distinct = [...keys].sort((a, b) => a.split(' ').length - b.split(' ').length || a.localeCompare(b));
  const groupOf = new Map<string, string>();
  const roots: string[] = [];
  for (const key of distinct) {
    let root: string | undefined;
    if (key.startsWith(TEXT_FIX_PREFIX)) {
      const k = textKeyParts(key);
      root = roots.find((r) => {
        if (!r.startsWith(TEXT_FIX_PREFIX) || vague.has(r)) return false;
        const p = textKeyParts(r);
        return p.verb === k.verb && p.head === k.head && p.others.every((w) => k.others.includes(w));
      });
    }
    groupOf.set(key, root ?? key);
    if (!root) roots.push(key);
  }
  return groupOf;
}

/** A past request at least this close to the incoming one (`FixRelevance.closeness`) makes its fix relevant, whatever the fix names. */
export const CLOSE_REQUEST = 0.5;

/** Whether a fixed ticket's fix may be shown: it is about the problem at hand (FixRelevance.match), or its request reads closely like this one. */
export function mayBeShown(match: number, closeness: number): boolean {
  return match > FixMatch.None || closeness >= CLOSE_REQUEST;
}

/**
 * Share of a part's likelihood taken from the client's whole history of the request's trades
 * (`FixFrequencyRepository`) rather than from the retrieved tickets. Most requests do not name the
 * part ("lab air not working"); what the technician finds is then best told by how often each part
 * was repaired for such work in this client's history, which a sample of 50-150 retrieved tickets
 * estimates poorly. Tuned on the tune half of the shared real history (BENCHMARKS.md, issue 20):
 * of 519 requests, 0 (retrieved tickets only) gave 238, 0.8 265, 0.9 266, 1 (history only) 254.
 */
export const HISTORY_PART_SHARE = 0.9;

/**
 * Weight, beside the retrieved tickets' `1 - HISTORY_PART_SHARE` and the trade history's
 * `HISTORY_PART_SHARE`, of the client's fixes of past requests that name the same kind of equipment
 * as this one (a drinking fountain, a boiler, an ice machine; fix-notes.json `equipment_kinds`). A
 * trade's counts mix all of its equipment: a fountain that does not cool needs what fountains
 * needed, not what the cooling trade's air handlers did. Tuned on the tune half of the shared real
 * history (BENCHMARKS.md, issue 20): replayed when it was introduced, 0.1 and 0.2 gave +6 of 519,
 * 0.3 +3; replayed again in session 27 (fixes20), with the trade's counts read as they are now,
 * 0.2 gave 315, 0.3 319, 0.4 320, 0.45-0.55 321, 0.6-0.7 320, 1 316: a kind of equipment's own
 * repairs now say more than the trade's filter changes and motors for a request that names it.
 */
export const EQUIPMENT_PART_SHARE = 0.5;

/**
 * How much the order weighs how often a fix was done among the request's relevant tickets: a fix's
 * part likelihood is multiplied by (its frequency / the most frequent shown fix's) to this power, so
 * a likely part done 20 times on such requests comes before a slightly likelier one done once. Tuned
 * on the tune half of the shared real history (BENCHMARKS.md, issue 20): of 519 requests, 0 gave
 * 305, 0.15 303, 0.25 308, 0.3 309, 0.4 307, 0.6 299.
 */
export const FREQUENCY_EXPONENT = 0.3;

/**
 * How much more a fix counts in the order when the request names the part it works on ("please add
 * refrigerant to the a/c unit": "Recharged refrigerant"; "the walk in cooler has a torn gasket":
 * "Replaced door gaskets"): the request says what it needs, which the client's habit over the whole
 * trade (motors, filters) does not. Not a lead whatever else: a part a request names in passing
 * ("coupling broke, seal leaking, no heat") is one of its complaints. Tuned on the tune half of the
 * shared real history (BENCHMARKS.md, issue 20): of 519 requests, 1 gave 309, 3 311, 5 314, 7 313,
 * 10 311, 25 309, an outright lead 309 (with the top fix's frequency > 1 falling from 78% to 70%).
 */
export const NAMED_PART_WEIGHT = 5;

/** How often each part (the stem of what a fix works on, `FixRelevance.partStem`) was repaired, counted over tickets; `total` is the sum over tickets. */
export interface PartCounts {
  counts: ReadonlyMap<string, number>;
  total: number;
}

/** Sums `weight` over the tickets of each part their fix works on (`objectOf` gives a fix key's part stems, usually one). */
export function countParts<T>(
  items: Iterable<T>,
  fixKeyOf: (item: T) => string,
  objectOf: (fixKey: string) => readonly string[],
  weight: (item: T) => number,
): PartCounts {
  const counts = new Map<string, number>();
  let total = 0;
  for (const item of items) {
    const w = weight(item);
    total += w;
    for (const stem of new Set(objectOf(fixKeyOf(item)))) counts.set(stem, (counts.get(stem) ?? 0) + w);
  }
  return { counts, total };
}

/** The part counts of several trades added up. */
export function sumPartCounts(sides: Iterable<PartCounts>): PartCounts {
  const counts = new Map<string, number>();
  let total = 0;
  for (const side of sides) {
    total += side.total;
    for (const [part, n] of side.counts) counts.set(part, (counts.get(part) ?? 0) + n);
  }
  return { counts, total };
}

/**
 * How likely each part is to be what this request needs, 0..1: a mix (`HISTORY_PART_SHARE`) of its
 * share among the retrieved fixed tickets (weighted by their similarity) and its share among the
 * client's fixes of the request's trades, and, when the request names a kind of equipment, its
 * share among the client's fixes of requests naming the same kind (`EQUIPMENT_PART_SHARE`). A side
 * is left out when it holds nothing; the shares of the others are scaled to sum to 1.
 */
export function partLikelihood(retrieved: PartCounts, history: PartCounts | null, equipment: PartCounts | null = null): Map<string, number> {
  const sides: [PartCounts, number][] = [];
  if (retrieved.total > 0) sides.push([retrieved, 1 - HISTORY_PART_SHARE]);
  if (history && history.total > 0) sides.push([history, HISTORY_PART_SHARE]);
  if (equipment && equipment.total > 0) sides.push([equipment, EQUIPMENT_PART_SHARE]);
  const share = sides.reduce((sum, [, s]) => sum + s, 0);
  const likelihood = new Map<string, number>();
  for (const [side, s] of sides) for (const [stem, n] of side.counts) likelihood.set(stem, (likelihood.get(stem) ?? 0) + ((s / share) * n) / side.total);
  return likelihood;
}

/** What ranking needs beyond relevance: the part stems of a fix key and how likely each part is. */
export interface PartRanking {
  objectOf: (fixKey: string) => readonly string[];
  likelihood: ReadonlyMap<string, number>;
  /** The text form of a canonical fix, for grouping it with the notes' own wordings (`fixGroups`). */
  textFormOf?: (kbKey: string) => string | undefined;
  /** The form a text key is counted under (`fixGroups`, `FixRelevance.countedForm`). */
  countedForm?: (textKey: string) => string;
  /** Whether a text key's counted form left out words of its part (`FixRelevance.leavesOutWords`). */
  leavesOutWords?: (textKey: string) => boolean;
  /** The name of a group of several wordings without the words its counting left out (`FixRelevance.countedName`). */
  countedName?: (label: string, fixKey: string) => string;
  /** Whether the request says its requester already tried this fix ("changed the bulb already"): such fixes come after the others. */
  tried?: (fixKey: string) => boolean;
  /** Whether the request names the part the fix works on ("add refrigerant"; `FixRelevance.namesPartOf`). */
  named?: (fixKey: string) => boolean;
}

/**
 * Groups the retrieved closed tickets whose fix is about the request by canonical fix. A ticket
 * counts when its fix matches the request (`matchOf`: 0 leaves it out, higher is better, see
 * `FixRelevance.match`) or when its own request reads closely like this one (`closenessOf`, 0..1,
 * at least `CLOSE_REQUEST`). Which fixes are shown is decided by that relevance alone.
 *
 * Order: with `parts`, the fixes are picked one at a time, each time the one whose parts not yet
 * covered by the fixes above it are the most likely (`partLikelihood`, weighed by how often the fix
 * was done among the relevant tickets, `FREQUENCY_EXPONENT`), so the first three name
 * the parts most often found for such requests, each once, instead of three ways to replace one
 * motor. Ties, and fixes with nothing new, fall back to the summed closeness of their tickets'
 * requests (a fix done on several closely similar requests first), then match, then how often they
 * held (tickets not called back), then how often they were done, then retrieval similarity. Fewer
 * fixes rather than unrelated ones.
 */
export function rankPreviousFixes(
  similar: SimilarWorkOrder[],
  calledBack: ReadonlySet<string>,
  matchOf: (t: SimilarWorkOrder) => number,
  closenessOf: (t: SimilarWorkOrder) => number = () => 0,
  parts?: PartRanking,
): PreviousFixDto[] {
  const fixed = similar.filter(isPreviousFix).map((t) => ({ t, match: matchOf(t), closeness: closenessOf(t) }));
  const relevant = fixed.filter((m) => mayBeShown(m.match, m.closeness));
  const groupOf = fixGroups(
    relevant.map((m) => m.t.fixKey!),
    parts?.textFormOf,
    parts?.countedForm,
    parts?.leavesOutWords,
  );
  const groups = new Map<string, { key: string; tickets: SimilarWorkOrder[]; match: number; votes: number }>();
  for (const { t, match, closeness } of relevant) {
    const key = groupOf.get(t.fixKey!)!;
    const group = groups.get(key) ?? { key, tickets: [], match: 0, votes: 0 };
    group.tickets.push(t);
    group.match = Math.max(group.match, match);
    group.votes += closeness;
    groups.set(key, group);
  }
  const entries = [...groups.values()]
    .map(({ key, tickets, match, votes }) => {
      const costs = tickets.map(ticketCost).filter((c): c is number => c !== null);
      const held = tickets.filter((t) => !calledBack.has(t.id)).length;
      const averageCost = knownMean(costs);
      const label = groupLabel(key, tickets);
      // Several wordings counted as one are named without the words their counting left out.
      const named = tickets.find((t) => t.fixLabel === label);
      const fix: PreviousFixDto = {
        fix: parts?.countedName && named && new Set(tickets.map((t) => t.fixKey)).size > 1 ? parts.countedName(label, named.fixKey!) : label,
        ...(averageCost === undefined ? {} : { average_cost: averageCost }),
        frequency: tickets.length,
        percent_fix: round((100 * held) / tickets.length, 1),
        tickets_effected: tickets.map((t) => t.workOrderId),
        vendor: mostFrequentVendor(tickets),
      };
      return {
        fix,
        // A group counted under another part's name (a cleared line with the drains) also works on the parts its notes wrote.
        stems: [
          ...new Set([
            ...(parts?.objectOf(key) ?? []),
            ...(parts?.countedForm ? tickets.filter((t) => t.fixKey!.startsWith(TEXT_FIX_PREFIX) && parts.countedForm!(t.fixKey!) !== t.fixKey) : []).flatMap(
              (t) => parts!.objectOf(t.fixKey!),
            ),
          ]),
        ],
        tried: tickets.some((t) => parts?.tried?.(t.fixKey!) ?? false),
        named: match >= FixMatch.SameProblemOrPart && tickets.some((t) => parts?.named?.(t.fixKey!) ?? false),
        votes,
        match,
        held,
        similarity: tickets.reduce((sum, t) => sum + t.similarity, 0),
      };
    })
    .sort((a, b) => b.votes - a.votes || b.match - a.match || b.held - a.held || b.fix.frequency - a.fix.frequency || b.similarity - a.similarity);
  if (!parts) return entries.slice(0, MAX_PREVIOUS_FIXES).map((entry) => entry.fix);
  const covered = new Set<string>();
  // A part's likelihood is the client's habit over the whole trade; how often this very fix was done
  // on the requests about this one says which of the likely parts such requests needed.
  const mostDone = Math.max(1, ...entries.map((e) => e.fix.frequency));
  const gain = (entry: (typeof entries)[number]) =>
    entry.stems.reduce((best, s) => Math.max(best, covered.has(s) ? 0 : (parts.likelihood.get(s) ?? 0)), 0) *
    (entry.fix.frequency / mostDone) ** FREQUENCY_EXPONENT *
    (entry.named ? NAMED_PART_WEIGHT : 1);
  const picked: PreviousFixDto[] = [];
  while (picked.length < MAX_PREVIOUS_FIXES && entries.length > 0) {
    // The first entry of the best gain: entries are already in fallback order. A fix the requester
    // already tried did not fix it this time: it comes after every other.
    const untried = entries.some((e) => !e.tried);
    let best = entries.findIndex((e) => !untried || !e.tried);
    for (let i = best + 1; i < entries.length; i++) {
      if (untried && entries[i].tried) continue;
      const [g, b] = [gain(entries[i]), gain(entries[best])];
      if (g > b || (g === b && g > 0 && entries[i].fix.frequency > entries[best].fix.frequency)) best = i;
    }
    const [entry] = entries.splice(best, 1);
    for (const s of entry.stems) covered.add(s);
    picked.push(entry.fix);
  }
  return picked;
}

function toRelevant(t: SimilarWorkOrder): RelevantWorkOrderDto {
  return {
    work_order_id: t.workOrderId,
    title: t.title,
    issue_description: t.issueDescription,
    resolution: [t.resolution, t.closingDescription, t.vendorComments].filter(Boolean).join('. ') || null,
    work_order_status: t.statusNorm,
    urgency: t.urgencyNorm,
    client_id: t.customerClientId,
    property_id: t.propertyId,
    unit_id: t.unitId,
    location: t.location,
    asset: t.asset,
    assigned_vendors: t.assignedVendors,
    opened_at: t.openedAt?.toISOString() ?? null,
    closed_at: t.closedAt?.toISOString() ?? null,
    cost: ticketCost(t),
    similarity: t.similarity,
  };
}

/**
 * Context of the similar tickets: the ten most similar, the mean days from open to close of
 * the closed ones with both dates, and the mean cost (actual, else estimated) of those with one;
 * each mean is left out when no ticket gives it.
 */
export function summarizeContext(similar: SimilarWorkOrder[]): EnrichmentContextDto {
  const closeDays = similar
    .filter((t) => isFinished(t) && t.openedAt && t.closedAt && t.closedAt >= t.openedAt)
    .map((t) => (t.closedAt!.getTime() - t.openedAt!.getTime()) / 86_400_000);
  const costs = similar.map(ticketCost).filter((c): c is number => c !== null);
  const averageCloseTime = knownMean(closeDays);
  const averageCost = knownMean(costs);
  return {
    relevant_work_orders: similar.slice(0, MAX_RELEVANT_WORK_ORDERS).map(toRelevant),
    ...(averageCloseTime === undefined ? {} : { average_close_time: averageCloseTime }),
    ...(averageCost === undefined ? {} : { average_cost: averageCost }),
  };
}
