import { HOUSING_CODE_LINES, PLACES_CALLERS_AND_WEATHER, STUDENT_HOUSING_MESSAGES, UNIVERSITY_CMMS_TITLES } from '../fixtures/dispatch/eleventh-round-requests';
import { ALL_WRITTEN_REQUESTS } from '../fixtures/dispatch/written-request-sets';
import { TRIAGE_SHAPES, TriageShape } from './triage-shapes';

/**
 * Issue 21, metamorphic robustness of the dispatch: the triage's rewrites (`triage-shapes.ts`,
 * a request said in another shape) applied to every written dispatch request, and for each rewrite
 * the share that keeps an accepted trade first, the share that keeps one within the first three
 * trades, and the share that turns into a confident error (top trade wrong at 0.9 or more).
 */

/** A written dispatch request: the trades accepted first and, wider, within the first three. */
export interface TradeShapeRow {
  text: string;
  first: string[];
  listed: string[];
}

/** Every written dispatch request of `test/fixtures/dispatch`, each once. */
export function writtenDispatchRows(): TradeShapeRow[] {
  const written = ALL_WRITTEN_REQUESTS.map((r) => ({ text: r.text, first: r.trades, listed: r.trades }));
  const ranked = [...UNIVERSITY_CMMS_TITLES, ...STUDENT_HOUSING_MESSAGES, ...HOUSING_CODE_LINES, ...PLACES_CALLERS_AND_WEATHER].map((r) => ({
    text: r.text,
    first: r.first,
    listed: r.listed,
  }));
  const seen = new Set<string>();
  return [...written, ...ranked].filter((r) => !seen.has(r.text) && seen.add(r.text));
}

/** The engine's trades, best first, with their likelihoods. */
export interface TradeReading {
  trades: string[];
  likelihoods: number[];
}

/** The summed likelihood of the top trade, as `eval:dispatch` states its confidence. */
export function topTradeConfidence(a: TradeReading): number {
  return a.trades.reduce((sum, t, i) => sum + (t === a.trades[0] ? a.likelihoods[i] : 0), 0);
}

const distinctTrades = (a: TradeReading): string[] => [...new Set(a.trades)];

/** How one rewrite fared on the rows read right as written (an accepted trade first). */
export interface TradeShapeScore {
  shape: string;
  /** Rows read right as written that the rewrite applies to. */
  applied: number;
  /** Of those, an accepted trade still first once rewritten. */
  keptFirst: number;
  /** Of those, an accepted trade still within the first three trades. */
  keptTop3: number;
  /** Of those, the rewritten top trade wrong at a confidence of 0.9 or more. */
  confidentErrors: number;
  /** The rows whose first trade is no longer accepted, with the rewritten text and its trades. */
  broken: { row: TradeShapeRow; rewritten: string; got: string[]; confidence: number }[];
}

/** Scores every rewrite on the rows with `read`, the engine's reading of one text. */
export function scoreTradeShapes(
  rows: TradeShapeRow[],
  read: (text: string) => TradeReading,
  shapes: readonly TriageShape[] = TRIAGE_SHAPES,
): TradeShapeScore[] {
  const right = rows.filter((r) => r.first.includes(read(r.text).trades[0]));
  return shapes.map((shape) => {
    const score: TradeShapeScore = { shape: shape.name, applied: 0, keptFirst: 0, keptTop3: 0, confidentErrors: 0, broken: [] };
    for (const row of right) {
      const rewritten = shape.apply(row.text);
      if (rewritten === undefined) continue;
      score.applied++;
      const got = read(rewritten);
      const trades = distinctTrades(got);
      const confidence = topTradeConfidence(got);
      if (row.first.includes(trades[0])) score.keptFirst++;
      else {
        score.broken.push({ row, rewritten, got: trades, confidence });
        if (confidence >= 0.9) score.confidentErrors++;
      }
      if (trades.slice(0, 3).some((t) => row.listed.includes(t))) score.keptTop3++;
    }
    return score;
  });
}
