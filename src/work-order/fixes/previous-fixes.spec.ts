import { loadKnowledgeBase } from '../../knowledge/knowledge-base';
import { FixMatch, FixRelevance } from './fix-relevance';
import {
  CLOSE_REQUEST,
  countParts,
  EQUIPMENT_PART_SHARE,
  fixGroups,
  HISTORY_PART_SHARE,
  partLikelihood,
  rankPreviousFixes,
  sumPartCounts,
  summarizeContext,
} from './previous-fixes';
import type { SimilarWorkOrder } from '../retrieval/similar-work-orders.service';
import { similarWorkOrder } from '../../../test/support/similar-work-order';

const day = 86_400_000;
function ticket(id: string, fixKey: string | null, over: Partial<SimilarWorkOrder> = {}): SimilarWorkOrder {
  return similarWorkOrder(id, {
    resolution: fixKey,
    openedAt: new Date(0),
    closedAt: new Date(2 * day),
    actualCost: 100,
    assignedVendors: 'V',
    fixKey,
    fixLabel: fixKey,
    ...over,
  });
}

describe('previous fixes', () => {
  it('merges a text fix into the broader one with the same verb and head, never across heads', () => {
    const groups = fixGroups([
      'text:replaced motor fan',
      'text:replaced motor',
      'text:replaced belt coil fan',
      'text:replaced fan',
      'kb:x',
      'text:cleaned motor',
    ]);
    expect(groups.get('text:replaced motor fan')).toBe('text:replaced motor');
    expect(groups.get('text:replaced belt coil fan')).toBe('text:replaced belt coil fan');
    expect(groups.get('text:cleaned motor')).toBe('text:cleaned motor');
    expect(groups.get('kb:x')).toBe('kb:x');
  });

  it('groups a canonical fix with the text key its wording would have, and names the group by the text key', () => {
    const forms: Record<string, string> = {
      'kb:blower': 'text:replaced motor blower furnac',
      'kb:stat': 'text:replaced thermostat',
      'kb:coil': 'text:cleaned coil condens',
    };
    const groups = fixGroups(
      ['kb:blower', 'text:replaced motor', 'text:replaced motor fan', 'kb:stat', 'kb:coil', 'text:cleaned coil', 'kb:plain'],
      (k) => forms[k],
    );
    expect(groups.get('kb:blower')).toBe('text:replaced motor');
    expect(groups.get('text:replaced motor fan')).toBe('text:replaced motor');
    expect(groups.get('kb:coil')).toBe('text:cleaned coil');
    // No note wrote a broader wording: the canonical fix stays its own group, as does a key without a form.
    expect(groups.get('kb:stat')).toBe('kb:stat');
    expect(groups.get('kb:plain')).toBe('kb:plain');
    // Without forms, canonical fixes group exactly.
    expect(fixGroups(['kb:blower', 'text:replaced motor']).get('kb:blower')).toBe('kb:blower');
  });

  it("names a group by the notes' wording, not by a canonical fix that joined it", () => {
    const forms: Record<string, string> = { 'kb:blower': 'text:replaced motor blower furnac' };
    const fixes = rankPreviousFixes(
      [
        ticket('a', 'kb:blower', { fixLabel: 'Replace furnace blower motor' }),
        ticket('b', 'kb:blower', { fixLabel: 'Replace furnace blower motor' }),
        ticket('c', 'text:replaced motor', { fixLabel: 'Replaced motor' }),
        ticket('d', 'text:replaced motor fan', { fixLabel: 'Replaced fan motor' }),
      ],
      new Set(),
      () => FixMatch.SameProblemOrPart,
      () => 0,
      { objectOf: () => ['motor'], likelihood: new Map([['motor', 1]]), textFormOf: (k) => forms[k] },
    );
    expect(fixes).toHaveLength(1);
    expect(fixes[0].frequency).toBe(4);
    expect(fixes[0].fix).toBe('Replaced motor');
  });

  it('names a group by its one canonical fix when the notes only wrote its vaguest wording', () => {
    const forms: Record<string, string> = { 'kb:condensate': 'text:cleaned line condensat drain' };
    const rank = (tickets: SimilarWorkOrder[]) =>
      rankPreviousFixes(
        tickets,
        new Set(),
        () => FixMatch.SameProblemOrPart,
        () => 0,
        {
          objectOf: () => ['line'],
          likelihood: new Map([['line', 1]]),
          textFormOf: (k) => forms[k],
        },
      );
    const vague = ticket('c', 'text:cleaned line', { fixLabel: 'Cleaned line' });
    const fixes = rank([
      ticket('a', 'kb:condensate', { fixLabel: 'Clear AC condensate drain line' }),
      ticket('b', 'kb:condensate', { fixLabel: 'Clear AC condensate drain line' }),
      vague,
    ]);
    expect(fixes).toHaveLength(1);
    expect(fixes[0]).toMatchObject({ fix: 'Clear AC condensate drain line', frequency: 3 });
    // Written more often than the canonical fix, the notes' wording still names the group.
    expect(rank([ticket('a', 'kb:condensate', { fixLabel: 'Clear AC condensate drain line' }), vague, { ...vague, workOrderId: 'd' }])[0].fix).toBe(
      'Cleaned line',
    );
  });

  it('counts a cleared line with the cleared drains, and still orders the group by the parts its notes wrote', () => {
    const relevance = new FixRelevance(loadKnowledgeBase());
    const similar = [
      ticket('a', 'text:cleaned drain', { fixLabel: 'Cleaned drain' }),
      ticket('b', 'text:cleaned line drain', { fixLabel: 'Cleared drain line' }),
      ticket('c', 'text:cleaned line drain', { fixLabel: 'Cleared drain line' }),
      ticket('d', 'text:cleaned line drain', { fixLabel: 'Cleared drain line' }),
      ticket('e', 'text:replaced line drain', { fixLabel: 'Replaced drain line' }),
    ];
    // This client's trade repairs lines far more often than drains.
    const parts = {
      objectOf: (key: string) => relevance.objectStems(key).slice(0, 1),
      likelihood: new Map([
        ['line', 0.6],
        ['drain', 0.05],
      ]),
      countedForm: (key: string) => relevance.countedForm(key),
    };
    const fixes = rankPreviousFixes(
      similar,
      new Set(),
      () => FixMatch.SameProblemOrPart,
      () => 0,
      parts,
    );
    expect(fixes.map((f) => [f.fix, f.frequency])).toEqual([
      ['Cleared drain line', 4],
      ['Replaced drain line', 1],
    ]);
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
      () => FixMatch.SameFix,
    );
    expect(fixes).toEqual([
      { fix: 'text:flapper', average_cost: 105, frequency: 4, percent_fix: 75, tickets_effected: ['a', 'b', 'c', 'e'], vendor: 'R' },
      { fix: 'text:fill valve', average_cost: 150, frequency: 1, percent_fix: 100, tickets_effected: ['d'], vendor: 'V' },
    ]);
  });

  it('orders by match, then by times held, then by times done, and keeps at most five', () => {
    const many = [
      ticket('p1', 'text:replaced belt', { similarity: 0.9 }),
      ticket('s1', 'text:replaced fuse', { similarity: 0.2 }),
      ticket('s2', 'text:replaced fuse', { similarity: 0.2 }),
      ticket('s3', 'text:replaced fuse', { similarity: 0.2 }),
      ticket('h1', 'text:cleared drain'),
      ticket('h2', 'text:cleared drain'),
      ticket('h3', 'text:cleared drain'),
      ticket('f1', 'text:reset breaker'),
      ticket('f2', 'text:reset breaker'),
      ...Array.from({ length: 4 }, (_, i) => ticket(`x${i}`, `text:adjusted x${i}`, { similarity: 0.1 * (i + 1) })),
    ];
    const levels: Record<string, FixMatch> = { 'text:replaced belt': FixMatch.SameProblemOrPart };
    const fixes = rankPreviousFixes(many, new Set(['s1', 's2']), (t) => levels[t.fixKey!] ?? FixMatch.SameFix);
    // Three cleared drains held, the fuses held once: held counts before times done; the part-only match comes last.
    expect(fixes.map((f) => f.fix)).toEqual(['text:cleared drain', 'text:reset breaker', 'text:replaced fuse', 'text:adjusted x3', 'text:adjusted x2']);
  });

  it('puts first, among likely parts, the fix done far more often on the requests about this one', () => {
    // "Room 116 AC won't turn on": across the trade filters and motors are changed most, but on
    // requests like this one the thermostat was replaced twenty times.
    const similar = [
      ticket('f1', 'text:replaced filter'),
      ticket('m1', 'text:replaced motor'),
      ...Array.from({ length: 20 }, (_, i) => ticket(`t${i}`, 'text:replaced thermostat')),
    ];
    const likelihood = new Map([
      ['filter', 0.3],
      ['motor', 0.25],
      ['thermostat', 0.2],
    ]);
    const fixes = rankPreviousFixes(
      similar,
      new Set(),
      () => FixMatch.SameProblemOrPart,
      () => 0,
      { objectOf: (key) => [key.split(' ').at(-1)!], likelihood },
    );
    expect(fixes[0].fix).toBe('text:replaced thermostat');
    // Done as often, the likelier part still leads.
    const even = rankPreviousFixes(
      [ticket('f1', 'text:replaced filter'), ticket('m1', 'text:replaced motor'), ticket('t1', 'text:replaced thermostat')],
      new Set(),
      () => FixMatch.SameProblemOrPart,
      () => 0,
      { objectOf: (key) => [key.split(' ').at(-1)!], likelihood },
    );
    expect(even.map((f) => f.fix)).toEqual(['text:replaced filter', 'text:replaced motor', 'text:replaced thermostat']);
  });

  it('leaves out fixes whose tickets are not about the request, and shows none rather than unrelated ones', () => {
    const similar = [ticket('a', 'text:replaced thermostat'), ticket('b', 'text:cleared drain'), ticket('c', 'text:cleared drain')];
    const onlyThermostat = (t: SimilarWorkOrder) => (t.fixKey === 'text:replaced thermostat' ? FixMatch.SameFix : FixMatch.None);
    expect(rankPreviousFixes(similar, new Set(), onlyThermostat).map((f) => f.fix)).toEqual(['text:replaced thermostat']);
    expect(rankPreviousFixes(similar, new Set(), () => FixMatch.None)).toEqual([]);
  });

  it('puts first the fix done on several closely similar requests, and lets a close request make its fix relevant', () => {
    const closeness: Record<string, number> = { n1: 0.9, n2: 0.8, n3: 0.7, m1: 0.6, far1: 0.2, far2: 0.2, far3: 0.2, far4: 0.2 };
    const similar = [
      // Matched by part, but done on requests that read unlike this one.
      ...['far1', 'far2', 'far3', 'far4'].map((id) => ticket(id, 'text:replaced thermostat')),
      // Named nowhere in the request, done on the closest requests.
      ticket('n1', 'text:replaced belt'),
      ticket('n2', 'text:replaced belt'),
      ticket('n3', 'text:cleaned coil'),
      // Close enough to count, once.
      ticket('m1', 'text:reset breaker'),
      // Neither matched nor close: left out.
      ticket('z1', 'text:painted wall'),
    ];
    const match = (t: SimilarWorkOrder) => (t.fixKey === 'text:replaced thermostat' ? FixMatch.SameProblemOrPart : FixMatch.None);
    const fixes = rankPreviousFixes(similar, new Set(), match, (t) => closeness[t.id] ?? 0);
    expect(fixes.map((f) => f.fix)).toEqual(['text:replaced belt', 'text:replaced thermostat', 'text:cleaned coil', 'text:reset breaker']);
    // Below the closeness bar an unmatched fix stays out.
    const barely = rankPreviousFixes(
      [ticket('b1', 'text:painted wall')],
      new Set(),
      () => FixMatch.None,
      () => CLOSE_REQUEST - 0.01,
    );
    expect(barely).toEqual([]);
  });

  it('with part likelihoods, leads with a fix of each likely part once, the more frequent fix of a part first', () => {
    const objectOf = (key: string) => key.split(' ').slice(1);
    const similar = [
      ticket('m1', 'text:replaced motor'),
      ticket('m2', 'text:replaced motor'),
      ticket('r1', 'text:repaired motor'),
      ticket('b1', 'text:replaced belt'),
      ticket('f1', 'text:cleaned filter'),
      ticket('z1', 'text:painted wall'),
    ];
    const likelihood = new Map([
      ['motor', 0.5],
      ['belt', 0.3],
      ['filter', 0.2],
    ]);
    const relevant = (t: SimilarWorkOrder) => (t.fixKey === 'text:painted wall' ? FixMatch.None : FixMatch.SameTradeAndSymptom);
    const fixes = rankPreviousFixes(similar, new Set(), relevant, () => 0, { objectOf, likelihood });
    // The second motor fix waits until every likely part has one; an unrelated fix is still left out.
    expect(fixes.map((f) => f.fix)).toEqual(['text:replaced motor', 'text:replaced belt', 'text:cleaned filter', 'text:repaired motor']);
    // Without likelihoods the order is the closeness and match order of before.
    expect(rankPreviousFixes(similar, new Set(), relevant).map((f) => f.fix)[0]).toBe('text:replaced motor');
  });

  it('puts a fix the requester says they already tried after every other, without leaving it out', () => {
    const objectOf = (key: string) => key.split(' ').slice(1);
    const similar = [
      ticket('b1', 'text:replaced bulb'),
      ticket('b2', 'text:replaced bulb'),
      ticket('x1', 'text:replaced fixture'),
      ticket('s1', 'text:replaced switch'),
    ];
    const likelihood = new Map([
      ['bulb', 0.6],
      ['fixture', 0.3],
      ['switch', 0.1],
    ]);
    const relevant = () => FixMatch.SameTradeAndSymptom;
    const ranked = (tried?: (key: string) => boolean) =>
      rankPreviousFixes(similar, new Set(), relevant, () => 0, { objectOf, likelihood, tried }).map((f) => f.fix);
    expect(ranked()).toEqual(['text:replaced bulb', 'text:replaced fixture', 'text:replaced switch']);
    expect(ranked((key) => key === 'text:replaced bulb')).toEqual(['text:replaced fixture', 'text:replaced switch', 'text:replaced bulb']);
  });

  it('mixes the retrieved tickets and the client history into part likelihoods, and uses one side alone when the other is empty', () => {
    const objectOf = (key: string) => key.split(' ').slice(1);
    const retrieved = countParts(
      [ticket('a', 'text:replaced motor', { similarity: 0.75 }), ticket('b', 'text:replaced belt', { similarity: 0.25 })],
      (t) => t.fixKey!,
      objectOf,
      (t) => t.similarity,
    );
    const history = countParts(
      [
        ['text:replaced belt', 3],
        ['text:replaced belt pulley', 1],
      ] as [string, number][],
      ([key]) => key,
      objectOf,
      ([, n]) => n,
    );
    expect(history.counts.get('belt')).toBe(4);
    const twoTrades = sumPartCounts([history, { counts: new Map([['belt', 2]]), total: 3 }]);
    expect(twoTrades.counts.get('belt')).toBe(6);
    expect(twoTrades.total).toBe(7);
    const mixed = partLikelihood(retrieved, history);
    expect(mixed.get('motor')).toBeCloseTo((1 - HISTORY_PART_SHARE) * 0.75);
    expect(mixed.get('belt')).toBeCloseTo((1 - HISTORY_PART_SHARE) * 0.25 + HISTORY_PART_SHARE);
    expect(mixed.get('pulley')).toBeCloseTo(HISTORY_PART_SHARE * 0.25);
    expect(partLikelihood(retrieved, { counts: new Map(), total: 0 }).get('motor')).toBeCloseTo(0.75);
    expect(partLikelihood({ counts: new Map(), total: 0 }, null).size).toBe(0);
    // The counts of the equipment kind the request names weigh EQUIPMENT_PART_SHARE beside the other two sides.
    const equipment = { counts: new Map([['pulley', 2]]), total: 2 };
    const withEquipment = partLikelihood(retrieved, history, equipment);
    const all = 1 + EQUIPMENT_PART_SHARE;
    expect(withEquipment.get('pulley')).toBeCloseTo((HISTORY_PART_SHARE * 0.25 + EQUIPMENT_PART_SHARE) / all);
    expect(withEquipment.get('motor')).toBeCloseTo(((1 - HISTORY_PART_SHARE) * 0.75) / all);
    expect(partLikelihood(retrieved, history, { counts: new Map(), total: 0 })).toEqual(mixed);
  });

  it('averages close time in days and cost, and leaves out a figure nothing gives', () => {
    const context = summarizeContext([
      ticket('a', null, { closedAt: new Date(1.5 * day), actualCost: 50 }),
      ticket('b', null, { statusNorm: 'open', closedAt: null, actualCost: null }),
    ]);
    expect(context.average_close_time).toBe(1.5);
    expect(context.average_cost).toBe(50);
    expect(summarizeContext([])).toEqual({ relevant_work_orders: [] });
    // Open tickets and tickets without a cost: no close time and no cost to state, never 0.
    const unknown = summarizeContext([
      ticket('c', null, { statusNorm: 'open', closedAt: null, actualCost: null }),
      ticket('d', null, { statusNorm: 'in_progress', closedAt: null, actualCost: null, estimatedCost: null }),
    ]);
    expect(unknown).not.toHaveProperty('average_cost');
    expect(unknown).not.toHaveProperty('average_close_time');
    expect(unknown.relevant_work_orders.map((r) => r.cost)).toEqual([null, null]);
  });

  it('states no average cost for a fix none of whose tickets has a cost, and never counts a missing cost as 0', () => {
    const fixes = rankPreviousFixes(
      [
        // Work-order exports of an apartment operator without invoice data.
        ticket('u1', 'text:cleaned vent dryer', { actualCost: null }),
        ticket('u2', 'text:cleaned vent dryer', { actualCost: null }),
        ticket('u3', 'text:replaced belt dryer', { actualCost: null }),
        ticket('u4', 'text:replaced belt dryer', { actualCost: 140 }),
        // An export that writes a blank cost as 0.00.
        ticket('u5', 'text:replaced belt dryer', { actualCost: 0, estimatedCost: 0 }),
        ticket('u6', 'text:replaced filter dryer', { actualCost: 0 }),
        ticket('u7', 'text:replaced filter dryer', { actualCost: 0, estimatedCost: 60 }),
      ],
      new Set(),
      () => FixMatch.SameFix,
    );
    const byFix = new Map(fixes.map((f) => [f.fix, f]));
    expect(byFix.get('text:cleaned vent dryer')).not.toHaveProperty('average_cost');
    expect(byFix.get('text:cleaned vent dryer')?.frequency).toBe(2);
    expect(byFix.get('text:replaced belt dryer')?.average_cost).toBe(140);
    expect(byFix.get('text:replaced filter dryer')?.average_cost).toBe(60);
  });
});
