import { similarWorkOrder } from '../../../test/support/similar-work-order';
import { noInsightFacts } from '../../../test/support/insight-facts';
import { deterministicInsights, InsightFacts } from './insights';

const facts = (similar: InsightFacts['similar']): InsightFacts => noInsightFacts({ now: new Date('2026-11-29T12:00:00Z'), similar });
const rangeLine = (similar: InsightFacts['similar']) => deterministicInsights(facts(similar)).find((i) => i.includes('similar past work orders cost'));

/**
 * Review 28: "Fire alarm panel showing trouble light" was told "50 similar past work orders cost
 * $21.53 to $149.01 (median $46.61)": smoke alarm battery swaps that shared the word "alarm"
 * (similarity about 0.47), beside a $290 estimate. The range a manager budgets by counts only
 * tickets about the job.
 */
describe('deterministicInsights: the cost range of similar past work orders', () => {
  const batteries = [21.53, 41, 46.61, 60, 149.01].map((cost, i) => similarWorkOrder(`battery-${i}`, { actualCost: cost, similarity: 0.47 }));
  const panels = [240, 310, 385].map((cost, i) => similarWorkOrder(`panel-${i}`, { actualCost: cost, similarity: 0.72 }));

  it('gives no range when the only tickets share a word or two with the request', () => {
    expect(rangeLine(batteries)).toBeUndefined();
  });

  it('counts only the tickets about the job when there are enough of them', () => {
    expect(rangeLine([...panels, ...batteries])).toBe('3 similar past work orders cost $240.00 to $385.00 (median $310.00).');
  });
});
