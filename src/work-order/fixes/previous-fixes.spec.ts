import { fixGroups, rankPreviousFixes, summarizeContext } from './previous-fixes';
import type { SimilarWorkOrder } from '../retrieval/similar-work-orders.service';

const day = 86_400_000;
function ticket(id: string, fixKey: string | null, over: Partial<SimilarWorkOrder> = {}): SimilarWorkOrder {
  return {
    id,
    workOrderId: id,
    title: null,
    issueDescription: 'x',
    resolution: fixKey,
    closingDescription: null,
    vendorComments: null,
    customerClientId: null,
    propertyId: null,
    unitId: null,
    location: null,
    asset: null,
    statusNorm: 'closed',
    urgencyNorm: null,
    openedAt: new Date(0),
    closedAt: new Date(2 * day),
    actualCost: 100,
    estimatedCost: null,
    invoiceTotal: null,
    assignedVendors: 'V',
    unitKey: null,
    assetKey: null,
    fixKey,
    fixLabel: fixKey,
    problemId: null,
    problemTrade: null,
    similarity: 0.8,
    ...over,
  };
}

describe('previous fixes', () => {
  it('merges a text fix into the more general one it contains', () => {
    const groups = fixGroups(['text:fill valve', 'text:fill float valve', 'text:flapper', 'text:chain flapper worn', 'kb:x', 'text:valve']);
    expect(groups.get('text:fill float valve')).toBe('text:valve');
    expect(groups.get('text:fill valve')).toBe('text:valve');
    expect(groups.get('text:chain flapper worn')).toBe('text:flapper');
    expect(groups.get('kb:x')).toBe('kb:x');
  });

  it('computes frequency, mean cost (invoices, then estimated when no actual), success rate and the usual vendor', () => {
    const fixes = rankPreviousFixes(
      [
        ticket('a', 'text:flapper', { actualCost: 90, assignedVendors: 'R' }),
        ticket('b', 'text:flapper', { actualCost: null, estimatedCost: 120, assignedVendors: "R; Joe's Handyman" }),
        ticket('c', 'text:flapper', { actualCost: null, estimatedCost: null, assignedVendors: 'Q' }),
        ticket('e', 'text:flapper', { actualCost: null, invoiceTotal: 105, estimatedCost: 500, statusNorm: 'completed', assignedVendors: null }),
        ticket('d', 'text:fill valve', { actualCost: 150 }),
        ticket('open', 'text:flapper', { statusNorm: 'open' }),
        ticket('held', 'text:flapper', { statusNorm: 'on_hold' }),
        ticket('cancelled', 'text:flapper', { statusNorm: 'cancelled' }),
        ticket('none', null),
      ],
      new Set(['a']),
    );
    expect(fixes).toEqual([
      { fix: 'text:flapper', average_cost: 105, frequency: 4, percent_fix: 75, tickets_effected: ['a', 'b', 'c', 'e'], vendor: 'R' },
      { fix: 'text:fill valve', average_cost: 150, frequency: 1, percent_fix: 100, tickets_effected: ['d'], vendor: 'V' },
    ]);
  });

  it('ranks by similarity-weighted use and success, and keeps at most five', () => {
    const many = Array.from({ length: 7 }, (_, i) => ticket(`t${i}`, `text:fix${i}`, { similarity: 0.1 * (i + 1) }));
    const fixes = rankPreviousFixes(many, new Set());
    expect(fixes.map((f) => f.fix)).toEqual(['text:fix6', 'text:fix5', 'text:fix4', 'text:fix3', 'text:fix2']);
  });

  it('averages close time in days and cost, and gives zeros for nothing', () => {
    const context = summarizeContext([
      ticket('a', null, { closedAt: new Date(1.5 * day), actualCost: 50 }),
      ticket('b', null, { statusNorm: 'open', closedAt: null, actualCost: null }),
    ]);
    expect(context.average_close_time).toBe(1.5);
    expect(context.average_cost).toBe(50);
    expect(summarizeContext([])).toEqual({ relevant_work_orders: [], average_close_time: 0, average_cost: 0 });
  });
});
