import { evaluateReal, loadSourceCases, REAL_SOURCES, RealSource } from '../../knowledge/eval/real-work-orders';
import { loadKnowledgeBase } from '../../knowledge/knowledge-base';
import { offlineAnswer } from './offline-answer';

/**
 * Floors on real work orders nobody here wrote, per labelled source and half, set a little under
 * the figures measured when they were last moved (BENCHMARKS.md has the figures). The texts are
 * measuring data that does not ship: without ../shared the labels are still checked, and the
 * scoring is skipped with a message.
 *
 * The tune halves' calibration error rises as tuning makes them more accurate than the likelihoods
 * say (Clemson tune: its 0.8-0.9 bin right 100% of the time at a mean of 0.85), so it measures how
 * far tuning has gone rather than whether a likelihood can be trusted; that is the held-back
 * halves' floor and the top-bin rule below. Clemson tune 0.075 since trade23 (session 26): three answers it
 * stated at 0.93-0.96 and got wrong left its 0.9-1.0 bin (two are now right), which is right 99.8% at the
 * stated ceiling 0.96, and the error rose 0.065 -> 0.071 from fewer confident errors; ASU tune stays 0.07.
 * Clemson tune 0.08 since trade24 (session 27): its error rose 0.071 -> 0.075 with no tune answer made
 * wrong (three became right), as right answers moved between the under-confident mid bins.
 * Clemson tune 0.085 since the lead's round 28 (session 28): 0.079 -> 0.081 as one more tune answer
 * became right (trade@1 98.0 -> 98.2%, trade@3 100%) in the under-confident 0.4-0.6 bins; no answer
 * became wrong and the 0.9-1.0 bin stays right 100%.
 */
const FLOORS: Record<
  string,
  Record<'tune' | 'holdout', { tradeAt1: number; tradeAt3: number; emergencyRecall: number; emergencyPrecision: number; ece: number }>
> = {
  clemson: {
    tune: { tradeAt1: 0.88, tradeAt3: 0.94, emergencyRecall: 0.9, emergencyPrecision: 0.65, ece: 0.085 },
    holdout: { tradeAt1: 0.77, tradeAt3: 0.86, emergencyRecall: 0.75, emergencyPrecision: 0.55, ece: 0.09 },
  },
  asu: {
    tune: { tradeAt1: 0.94, tradeAt3: 0.97, emergencyRecall: 0.9, emergencyPrecision: 0.8, ece: 0.07 },
    holdout: { tradeAt1: 0.88, tradeAt3: 0.93, emergencyRecall: 0.75, emergencyPrecision: 0.6, ece: 0.07 },
  },
};
/**
 * Issue 21: an answer above 0.9 is wrong at most 1 time in 10 in its bin (with at least this many
 * answers in it), on every half (BENCHMARKS.md: the Clemson holdout's 0.9-1.0 bin measured 7.8%
 * wrong on the enlarged label set of 2026-11-26).
 */
const TOP_BIN_MAX_ERROR = { tune: 0.1, holdout: 0.1 } as const;
const TOP_BIN_MIN_COUNT = 10;

describe.each(REAL_SOURCES.map((s) => [s.name, s] as [string, RealSource]))('offline engine on the labelled real requests of %s', (name, source) => {
  const kb = loadKnowledgeBase();
  const { labels, cases } = loadSourceCases(kb, source);

  it('has valid labels, split in two halves of at least 100', () => {
    expect(labels.length).toBeGreaterThanOrEqual(250);
    expect(labels.filter((l) => l.split === 'holdout').length).toBeGreaterThanOrEqual(100);
    expect(labels.filter((l) => l.split === 'tune').length).toBeGreaterThanOrEqual(100);
  });

  (cases ? it.each(['tune', 'holdout'] as const) : it.skip.each(['tune', 'holdout'] as const))('stays above the floors on the %s half', (split) => {
    const report = evaluateReal(cases!, offlineAnswer(kb), split);
    const floor = FLOORS[name][split];
    expect(report.tradeAt1).toBeGreaterThanOrEqual(floor.tradeAt1);
    expect(report.tradeAt3).toBeGreaterThanOrEqual(floor.tradeAt3);
    expect(report.emergencyRecall).toBeGreaterThanOrEqual(floor.emergencyRecall);
    expect(report.emergencyPrecision).toBeGreaterThanOrEqual(floor.emergencyPrecision);
    expect(report.calibrationError).toBeLessThanOrEqual(floor.ece);
    for (const bin of report.reliability.filter((b) => b.from >= 0.9 && b.count >= TOP_BIN_MIN_COUNT))
      expect(1 - bin.accuracy).toBeLessThanOrEqual(TOP_BIN_MAX_ERROR[split]);
  });

  if (!cases)
    it('skips the scoring without the shared texts', () => console.log(`Real work orders of ${name} skipped: ${source.textsFile} is not on this machine.`));
});
