import type { EnrichmentContextDto, PreviousFixDto, RelevantWorkOrderDto } from '../dto/work-order-enrichment.dto';
import { FINISHED_STATUSES, NormalizedStatus, splitVendors } from '../history/work-order-fields';
import type { SimilarWorkOrder } from '../retrieval/similar-work-orders.service';

export const MAX_PREVIOUS_FIXES = 5;
export const MAX_RELEVANT_WORK_ORDERS = 10;

const round = (value: number, digits = 2) => Math.round(value * 10 ** digits) / 10 ** digits;
const mean = (values: number[]) => (values.length === 0 ? 0 : values.reduce((a, b) => a + b, 0) / values.length);

/** The cost of a ticket: actual_cost when known, otherwise the sum of its invoices, otherwise estimated_cost. */
export function ticketCost(t: Pick<SimilarWorkOrder, 'actualCost' | 'estimatedCost' | 'invoiceTotal'>): number | null {
  return t.actualCost ?? t.invoiceTotal ?? t.estimatedCost ?? null;
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

/** The most common label of a group; ties go to the shortest (usually the plainest wording). */
function groupLabel(tickets: SimilarWorkOrder[]): string {
  const counts = new Map<string, number>();
  for (const t of tickets) counts.set(t.fixLabel!, (counts.get(t.fixLabel!) ?? 0) + 1);
  return [...counts.entries()].sort((a, b) => b[1] - a[1] || a[0].length - b[0].length)[0][0];
}

/**
 * Maps each fix key to its group. Knowledge-base keys group exactly; text-cluster keys
 * (`text:` + sorted object words) join the most general key whose words they all contain, so
 * "fill valve replaced, adjusted float" joins "replaced fill valve".
 */
export function fixGroups(keys: string[]): Map<string, string> {
  const words = (key: string) => key.slice('text:'.length).split(' ');
  const distinct = [...new Set(keys)].sort((a, b) => a.split(' ').length - b.split(' ').length || a.localeCompare(b));
  const groupOf = new Map<string, string>();
  const roots: string[] = [];
  for (const key of distinct) {
    const root = key.startsWith('text:') ? roots.find((r) => r.startsWith('text:') && words(r).every((w) => words(key).includes(w))) : undefined;
    groupOf.set(key, root ?? key);
    if (!root) roots.push(key);
  }
  return groupOf;
}

/**
 * Groups the similar closed tickets by canonical fix and ranks the fixes by usefulness:
 * the sum of the similarities of the fix's tickets × (0.5 + 0.5 × percent_fix / 100), so a fix
 * used on many close matches that stayed fixed comes first.
 */
export function rankPreviousFixes(similar: SimilarWorkOrder[], calledBack: ReadonlySet<string>): PreviousFixDto[] {
  const groups = new Map<string, SimilarWorkOrder[]>();
  const groupOf = fixGroups(similar.filter(isPreviousFix).map((t) => t.fixKey!));
  for (const t of similar.filter(isPreviousFix)) {
    const key = groupOf.get(t.fixKey!)!;
    groups.set(key, [...(groups.get(key) ?? []), t]);
  }
  return [...groups.values()]
    .map((tickets) => {
      const costs = tickets.map(ticketCost).filter((c): c is number => c !== null);
      const stayedFixed = tickets.filter((t) => !calledBack.has(t.id)).length;
      const percentFix = round((100 * stayedFixed) / tickets.length, 1);
      const usefulness = tickets.reduce((sum, t) => sum + t.similarity, 0) * (0.5 + percentFix / 200);
      const fix: PreviousFixDto = {
        fix: groupLabel(tickets),
        average_cost: round(mean(costs)),
        frequency: tickets.length,
        percent_fix: percentFix,
        tickets_effected: tickets.map((t) => t.workOrderId),
        vendor: mostFrequentVendor(tickets),
      };
      return { fix, usefulness };
    })
    .sort((a, b) => b.usefulness - a.usefulness || b.fix.frequency - a.fix.frequency)
    .slice(0, MAX_PREVIOUS_FIXES)
    .map((entry) => entry.fix);
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
 * the closed ones with both dates, and the mean cost (actual, else estimated) of those with one.
 */
export function summarizeContext(similar: SimilarWorkOrder[]): EnrichmentContextDto {
  const closeDays = similar
    .filter((t) => isFinished(t) && t.openedAt && t.closedAt && t.closedAt >= t.openedAt)
    .map((t) => (t.closedAt!.getTime() - t.openedAt!.getTime()) / 86_400_000);
  const costs = similar.map(ticketCost).filter((c): c is number => c !== null);
  return {
    relevant_work_orders: similar.slice(0, MAX_RELEVANT_WORK_ORDERS).map(toRelevant),
    average_close_time: round(mean(closeDays)),
    average_cost: round(mean(costs)),
  };
}
