import { loadKnowledgeBase } from './knowledge-base';
import { parseLaborRates, withLaborRates } from './labor-rate-overrides';
import { estimatePrice } from './pricing';

describe('labor rate overrides', () => {
  const kb = loadKnowledgeBase();

  it('replaces the national rate of the named trades and prices with it', () => {
    const custom = withLaborRates(kb, parseLaborRates('plumbing=150, electrical=160'));
    expect(custom.tradeById.get('plumbing')!.labor_rate).toBe(150);
    expect(custom.tradeById.get('hvac-cooling')!.labor_rate).toBe(kb.tradeById.get('hvac-cooling')!.labor_rate);
    const flapper = kb.problems.find((p) => p.trade === 'plumbing')!;
    expect(estimatePrice(custom, flapper).pricing.labor_cost_per_hour).toBe('$150.00');
    expect(kb.tradeById.get('plumbing')!.labor_rate).not.toBe(150);
  });

  it('refuses malformed entries and unknown trades, naming them', () => {
    expect(() => parseLaborRates('plumbing=12.5')).toThrow(/plumbing=12.5/);
    expect(() => withLaborRates(kb, { astrology: 90 })).toThrow(/unknown trade\(s\) astrology; known trades: .*plumbing/);
    expect(parseLaborRates('')).toEqual({});
  });
});
