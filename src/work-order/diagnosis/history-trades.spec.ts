import { loadKnowledgeBase } from '../../knowledge/knowledge-base';
import type { SimilarWorkOrder } from '../retrieval/similar-work-orders.service';
import { complaintText } from '../../knowledge/work-order-text';
import { diagnoseOffline } from './knowledge-diagnosis';
import { historyTradeEvidence, historyTradeOf, historyTradeWeights, plausibleProblems, tradesOfVendor, vendorTypesOfVendor } from './history-trades';

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

  it('counts closed, similar tickets only, by the trades their vendors name', () => {
    const evidence = historyTradeEvidence(kb, [
      ticket({ assignedVendors: 'Carpentry Shop' }),
      ticket({ assignedVendors: 'Carpentry Shop; Paint crew' }),
      ticket({ assignedVendors: 'Movers Inc' }),
      // Filed under a problem by our own reading of its request or closed with a catalogue fix, but
      // no vendor names a trade: it says nothing about whom the client sends.
      ticket({ problemTrade: 'pest-control', fixKey: 'kb:furniture-move' }),
      ticket({ assignedVendors: 'Zone 3 crew', problemTrade: 'plumbing' }),
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

  it("lets no ticket filed under another problem than the request can be choose its trade (a drywall crew's wall crack for a cracked window)", () => {
    const plausible = plausibleProblems(kb, complaintText('window cracked in the lobby'));
    expect(plausible.has('broken-window-pane')).toBe(true);
    const evidence = historyTradeEvidence(
      kb,
      [
        ticket({ assignedVendors: 'Paint and Drywall crew', problemId: 'drywall-cracks', problemTrade: 'drywall-paint' }),
        ticket({ assignedVendors: 'Paint and Drywall crew', problemId: 'drywall-cracks', problemTrade: 'drywall-paint' }),
        ticket({ assignedVendors: 'Campus Glass Shop', problemId: 'broken-window-pane', problemTrade: 'windows-glass' }),
        ticket({ assignedVendors: 'Carpentry Shop' }),
      ],
      plausible,
    );
    expect(evidence.map((e) => e.trade).sort()).toEqual(['general-handyman', 'windows-glass']);
    expect(historyTradeEvidence(kb, [ticket({ assignedVendors: 'Paint and Drywall crew', problemId: 'drywall-cracks' })])[0].trade).toBe('drywall-paint');
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

describe("the history's trade for the top diagnosis", () => {
  const top = (text: string, historyTrade: string) => diagnoseOffline(kb, { text: complaintText(text), safetyFlags: [], history: new Map(), historyTrade })[0];

  it('keeps an AC problem in cooling when the client\'s HVAC vendor reads as heating ("CoolBreeze Heating & Air")', () => {
    const d = top('Water dripping from the AC unit in the hallway closet', 'hvac-heating');
    expect(d.vendor).toBe('HVAC technician');
    expect(d.trade).toBe('hvac-cooling');
  });

  it('still sends the trade the client uses when it is another vendor type', () => {
    expect(top('Water dripping from the AC unit in the hallway closet', 'plumbing').trade).toBe('plumbing');
  });
});

describe('vendorTypesOfVendor', () => {
  it.each([
    ['Acme Plumbing & Drain', 'Water heater technician', true],
    ['CoolBreeze Heating & Air', 'HVAC technician', true],
    ['Summit Roof & Gutter', 'Plumber', false],
    ['ApplianceFix Pros', 'Drain cleaning plumber', false],
  ])('"%s" can be sent as a %s: %p', (vendor, vendorType, expected) => {
    expect(vendorTypesOfVendor(kb, vendor).includes(vendorType)).toBe(expected);
  });

  it('says nothing for a name without trade words', () => {
    expect(vendorTypesOfVendor(kb, 'Sears Home Services')).toEqual([]);
  });
});
