import { loadKnowledgeBase } from '../../knowledge/knowledge-base';
import type { SimilarWorkOrder } from '../retrieval/similar-work-orders.service';
import { historyTradeEvidence, historyTradeOf, historyTradeWeights, tradesOfVendor } from './history-trades';

const kb = loadKnowledgeBase();
const ticket = (over: Partial<SimilarWorkOrder>): SimilarWorkOrder =>
  ({
    id: '1',
    workOrderId: 'w',
    issueDescription: 'x',
    statusNorm: 'closed',
    similarity: 0.8,
    assignedVendors: null,
    problemTrade: null,
    ...over,
  }) as SimilarWorkOrder;

describe('history trades', () => {
  it("reads the trade from the client's own vendor names", () => {
    expect(tradesOfVendor(kb, 'Carpentry Shop')).toEqual(['general-handyman']);
    expect(tradesOfVendor(kb, 'Campus Refrigeration Shop')).toEqual(['hvac-cooling']);
    expect(tradesOfVendor(kb, 'ACME Plumbing & Heating')).toEqual(['plumbing', 'hvac-heating']);
    expect(tradesOfVendor(kb, 'Bob Jones')).toEqual([]);
  });

  it("counts closed, similar tickets only, by vendor or else by their problem's trade", () => {
    const evidence = historyTradeEvidence(kb, [
      ticket({ assignedVendors: 'Carpentry Shop' }),
      ticket({ assignedVendors: 'Carpentry Shop; Paint crew' }),
      ticket({ problemTrade: 'moving-furniture' }),
      ticket({ assignedVendors: 'Carpentry Shop', statusNorm: 'open' }),
      ticket({ assignedVendors: 'Carpentry Shop', statusNorm: 'cancelled' }),
      ticket({ assignedVendors: 'Pest Pros', similarity: 0.3 }),
    ]);
    expect(evidence.map((e) => [e.trade, e.tickets])).toEqual([
      ['general-handyman', 2],
      ['moving-furniture', 1],
      ['drywall-paint', 1],
    ]);
    expect(evidence[0].vendors).toEqual(['Carpentry Shop']);
    expect(historyTradeOf(evidence)).toBeUndefined();
    expect(historyTradeOf(evidence.slice(0, 1))).toBe('general-handyman');
  });

  it('weighs agreeing tickets more than one, and nothing without evidence', () => {
    const one = historyTradeWeights([{ trade: 'plumbing', tickets: 1, weight: 0.8, vendors: [] }]).get('plumbing')!;
    const three = historyTradeWeights([{ trade: 'plumbing', tickets: 3, weight: 2.4, vendors: [] }]).get('plumbing')!;
    expect(one).toBeGreaterThan(1);
    expect(three).toBeGreaterThan(one);
    expect(three).toBeLessThanOrEqual(5);
    expect(historyTradeWeights([]).size).toBe(0);
  });
});
