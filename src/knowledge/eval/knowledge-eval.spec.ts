import { loadKnowledgeBase } from '../knowledge-base';
import { EVAL_FLOORS, evaluate, loadEvalCases } from './evaluate';

describe('knowledge engine evaluation', () => {
  const kb = loadKnowledgeBase();
  const cases = loadEvalCases(kb);

  it('has a large, valid evaluation set', () => {
    expect(cases.filter((c) => c.expected_trade !== null).length).toBeGreaterThanOrEqual(220);
  });

  it("stays above the accuracy and recall floors (latency is the script's: npm run eval)", () => {
    const report = evaluate(kb, cases);
    expect(report.tradeAccuracy).toBeGreaterThanOrEqual(EVAL_FLOORS.tradeAccuracy);
    expect(report.top3Recall).toBeGreaterThanOrEqual(EVAL_FLOORS.top3Recall);
    // Out-of-scope messages must not look like confident diagnoses.
    expect(report.outOfScopeMeanLikelihood).toBeLessThan(0.3);
    // Likelihoods mean what they say: small gap between top-1 likelihood and accuracy, bin by bin.
    expect(report.calibrationError).toBeLessThan(0.12);
    const confident = report.calibration.filter((b) => b.from >= 0.8 && b.count > 0);
    for (const b of confident) expect(b.accuracy).toBeGreaterThanOrEqual(0.85);
  });
});
