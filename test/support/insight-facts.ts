import type { InsightFacts } from '../../src/work-order/diagnosis/insights';

/** Facts of a request with nothing known about it (no flags, no history, no dispatch), unless given. */
export function noInsightFacts(over: Partial<InsightFacts> = {}): InsightFacts {
  return {
    now: new Date('2026-06-15T12:00:00Z'),
    safetyFlags: [],
    unitKey: null,
    assetKey: null,
    similar: [],
    previousFixes: [],
    calledBack: new Set(),
    estimatedCost: null,
    averageCost: 0,
    asset: null,
    dispatch: null,
    ...over,
  };
}
