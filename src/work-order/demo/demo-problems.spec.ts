import { KnowledgeDataError } from '../../knowledge/data-validation';
import { loadDemoCatalogue, readDemoCatalogue } from './demo-problems';

describe('demo catalogue', () => {
  it('validates every problem and vendor of the shipped file', () => {
    const catalogue = loadDemoCatalogue();
    expect(catalogue.problems.length).toBeGreaterThanOrEqual(20);
    for (const p of catalogue.problems) expect(catalogue.vendors[p.trade]?.length).toBeGreaterThan(0);
  });

  it.each([
    [(d: any) => (d.problems[0].fixes[0].success = 1.5), /^demo-catalogue\.json: \/problems\/0\/fixes\/0\/success: must be <= 1$/],
    [(d: any) => (d.problems[1].fixes[0].cost = [300, 100]), /^demo-catalogue\.json: \/problems\/1\/fixes\/0\/cost: low must not be above high$/],
    [(d: any) => (d.problems[2].trade = 'Astrology'), /^demo-catalogue\.json: \/problems\/2\/trade: no vendors for trade Astrology$/],
  ])('reports a broken entry with the file and its JSON Pointer (%#)', (change, message) => {
    const data = structuredClone(loadDemoCatalogue());
    change(data);
    expect(() => readDemoCatalogue(data)).toThrow(KnowledgeDataError);
    expect(() => readDemoCatalogue(data)).toThrow(message);
  });
});
