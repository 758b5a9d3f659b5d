import * as fs from 'node:fs';
import * as path from 'node:path';
import { Calibration, KnowledgeBase } from '../knowledge.types';
import { likelihoods, matchProblems } from '../symptom-matcher';

/** The evaluation set shipped with the code. */
export const EVAL_FILE = path.join(__dirname, 'work-orders.eval.json');

/** Floors below which `npm run eval` and the eval spec fail (set a little under the measured figures). */
export const EVAL_FLOORS = { tradeAccuracy: 0.95, top3Recall: 0.96, meanLatencyMs: 5 } as const;

/** One hand-written work order with the answers a coordinator would accept. */
export interface EvalCase {
  /** The work-order description. */
  text: string;
  /** Trade of the (first) problem described; null for a message no catalogue problem describes. */
  expected_trade: string | null;
  /** Problem ids a coordinator would accept as the diagnosis; empty when expected_trade is null. */
  acceptable_problems: string[];
}

/** One row of the reliability table: cases whose top-1 likelihood falls in [from, to). */
export interface CalibrationBin {
  /** Lower bound of the likelihood bin. */
  from: number;
  /** Upper bound of the likelihood bin. */
  to: number;
  /** Cases in the bin. */
  count: number;
  /** Mean top-1 likelihood of those cases. */
  meanLikelihood: number;
  /** Share of those cases whose top-1 diagnosis was right; a hit on one of k acceptable answers counts 1/k. */
  accuracy: number;
}

/** A case the engine got wrong on the trade. */
export interface EvalMiss {
  /** The text. */
  text: string;
  /** Expected trade. */
  expected: string;
  /** Trade of the top diagnosis, or "(none)". */
  got: string;
  /** Ids of the top three diagnoses. */
  top3: string[];
}

/** Figures of one evaluation run; accuracy and recall count the in-scope cases only. */
export interface EvalReport {
  /** Number of in-scope cases. */
  cases: number;
  /** Number of out-of-scope cases (expected_trade null). */
  outOfScope: number;
  /** Mean top-1 likelihood on out-of-scope cases (0 when nothing is returned); should stay low. */
  outOfScopeMeanLikelihood: number;
  /** Share of cases whose top diagnosis has the expected trade. */
  tradeAccuracy: number;
  /** Share of cases whose top diagnosis is acceptable. */
  top1Accuracy: number;
  /** Share of cases with an acceptable diagnosis among the top three. */
  top3Recall: number;
  /** Mean matching time per description, milliseconds. */
  meanLatencyMs: number;
  /** 95th percentile matching time, milliseconds. */
  p95LatencyMs: number;
  /** Expected calibration error of the top-1 likelihood (count-weighted gap between likelihood and accuracy). */
  calibrationError: number;
  /** Reliability table of the top-1 likelihood, over every case (out-of-scope tops count as wrong). */
  calibration: CalibrationBin[];
  /** Cases with the wrong trade. */
  misses: EvalMiss[];
}

/** Reads and checks the evaluation set against a knowledge base (every id and trade must exist). */
export function loadEvalCases(kb: KnowledgeBase, file: string = EVAL_FILE): EvalCase[] {
  const parsed = JSON.parse(fs.readFileSync(file, 'utf8')) as { cases?: EvalCase[] };
  const cases = parsed.cases ?? [];
  cases.forEach((c, i) => {
    if (typeof c.text !== 'string' || c.text.trim() === '') throw new Error(`${file}: case ${i} has no text`);
    if (!Array.isArray(c.acceptable_problems)) throw new Error(`${file}: case ${i} has no acceptable_problems list`);
    if (c.expected_trade === null) {
      if (c.acceptable_problems.length > 0) throw new Error(`${file}: out-of-scope case ${i} must accept no problem`);
      return;
    }
    if (!kb.tradeById.has(c.expected_trade)) throw new Error(`${file}: case ${i} expects unknown trade "${c.expected_trade}"`);
    if (c.acceptable_problems.length === 0) throw new Error(`${file}: case ${i} lists no acceptable problem`);
    for (const id of c.acceptable_problems) if (!kb.problemById.has(id)) throw new Error(`${file}: case ${i} accepts unknown problem "${id}"`);
  });
  return cases;
}

/** The leading candidates of one case, scored once so calibrations can be compared cheaply. */
interface CaseScores {
  /** Scores of the leading candidates, best first. */
  scores: number[];
  /** Share of the truth each candidate carries: 1/k when it is one of the k acceptable answers. */
  credit: number[];
}

/** Candidates kept per case; the ones further down barely move any likelihood. */
const KEPT_CANDIDATES = 60;

function scoreCases(kb: KnowledgeBase, cases: EvalCase[]): CaseScores[] {
  return cases.map((c) => {
    const kept = matchProblems(kb, c.text, { limit: KEPT_CANDIDATES });
    const k = c.acceptable_problems.length;
    return { scores: kept.map((m) => m.score), credit: kept.map((m) => (c.acceptable_problems.includes(m.problem.id) ? 1 / k : 0)) };
  });
}

/**
 * Cross-entropy of the likelihoods against the truth, taken as uniform over a case's acceptable
 * answers; whatever truth no candidate carries (out-of-scope cases, answers the engine never
 * proposed) must be covered by the "something else" share. A proper scoring rule, so it rewards
 * saying 0.6 / 0.3 for "flapper or fill valve" rather than 0.95 on either.
 */
function crossEntropy(rows: CaseScores[], calibration: Calibration): number {
  let loss = 0;
  for (const r of rows) {
    const p = likelihoods(r.scores, calibration);
    let carried = 0;
    let other = 1;
    p.forEach((pi, i) => {
      other -= pi;
      if (r.credit[i] > 0) {
        carried += r.credit[i];
        loss -= r.credit[i] * Math.log(Math.max(1e-9, pi));
      }
    });
    if (carried < 1 - 1e-9) loss -= (1 - carried) * Math.log(Math.max(1e-9, other));
  }
  return loss / Math.max(1, rows.length);
}

/**
 * Fits the softmax temperature and the "something else" score by grid search, minimizing the
 * cross-entropy above (a two-parameter fit in the spirit of Platt scaling). The ranking does not
 * depend on them, so only the likelihoods move.
 */
export function fitCalibration(kb: KnowledgeBase, cases: EvalCase[]): Calibration & { logLoss: number } {
  const rows = scoreCases(kb, cases);
  let best = { temperature: kb.calibration.temperature, other_score: kb.calibration.other_score, logLoss: Infinity };
  for (let t = 0.5; t <= 12; t += 0.25) {
    for (let s0 = 0; s0 <= 40; s0 += 0.5) {
      const logLoss = crossEntropy(rows, { temperature: t, other_score: s0 });
      if (logLoss < best.logLoss) best = { temperature: t, other_score: s0, logLoss };
    }
  }
  return best;
}

/** Expected calibration error of the top-1 likelihood of scored cases under a calibration (five equal bins). */
function calibrationErrorOf(rows: CaseScores[], calibration: Calibration): number {
  const bins = Array.from({ length: 5 }, () => ({ sum: 0, hits: 0, count: 0 }));
  for (const r of rows) {
    const p = r.scores.length > 0 ? likelihoods(r.scores, calibration)[0] : 0;
    const bin = bins[Math.min(4, Math.floor(p * 5))];
    bin.count++;
    bin.sum += p;
    bin.hits += r.credit[0] ?? 0;
  }
  return bins.reduce((s, b) => s + (b.count ? (b.count / rows.length) * Math.abs(b.sum / b.count - b.hits / b.count) : 0), 0);
}

/**
 * Honest calibration check: fits on every other case and measures the calibration error on the
 * cases it did not see, then swaps the halves; returns the mean of the two held-out errors.
 */
export function crossValidatedCalibrationError(kb: KnowledgeBase, cases: EvalCase[]): number {
  const halves = [cases.filter((_, i) => i % 2 === 0), cases.filter((_, i) => i % 2 === 1)];
  const errors = halves.map((train, k) => calibrationErrorOf(scoreCases(kb, halves[1 - k]), fitCalibration(kb, train)));
  return (errors[0] + errors[1]) / 2;
}

/** Runs the matcher over every case and measures accuracy, recall, latency and calibration. */
export function evaluate(kb: KnowledgeBase, cases: EvalCase[]): EvalReport {
  for (const c of cases) matchProblems(kb, c.text, { limit: 3 }); // warm-up: index build and JIT, not timed
  const bins = [0, 0.2, 0.4, 0.6, 0.8, 1.0001].slice(0, -1).map((from, i, a) => ({ from, to: a[i + 1] ?? 1, sum: 0, hits: 0, count: 0 }));
  const latencies: number[] = [];
  const misses: EvalMiss[] = [];
  let tradeHits = 0;
  let top1Hits = 0;
  let top3Hits = 0;

  let outOfScope = 0;
  let outOfScopeLikelihood = 0;
  for (const c of cases) {
    const started = process.hrtime.bigint();
    const results = matchProblems(kb, c.text, { limit: 3 });
    latencies.push(Number(process.hrtime.bigint() - started) / 1e6);

    const top = results[0];
    const p = top?.likelihood ?? 0;
    const top1 = top !== undefined && c.acceptable_problems.includes(top.problem.id);
    const bin = bins.find((b) => p >= b.from && p < b.to) ?? bins[bins.length - 1];
    bin.count++;
    bin.sum += p;
    if (top1) bin.hits += 1 / c.acceptable_problems.length;

    if (c.expected_trade === null) {
      outOfScope++;
      outOfScopeLikelihood += p;
      continue;
    }
    const topTrade = top?.problem.trade ?? '(none)';
    if (topTrade === c.expected_trade) tradeHits++;
    else misses.push({ text: c.text, expected: c.expected_trade, got: topTrade, top3: results.map((r) => r.problem.id) });
    if (top1) top1Hits++;
    if (results.some((r) => c.acceptable_problems.includes(r.problem.id))) top3Hits++;
  }

  const n = Math.max(1, cases.length - outOfScope);
  const all = Math.max(1, cases.length);
  const sorted = [...latencies].sort((a, b) => a - b);
  const calibration = bins.map((b) => ({
    from: b.from,
    to: Math.min(1, b.to),
    count: b.count,
    meanLikelihood: b.count ? b.sum / b.count : 0,
    accuracy: b.count ? b.hits / b.count : 0,
  }));
  return {
    cases: cases.length - outOfScope,
    outOfScope,
    outOfScopeMeanLikelihood: outOfScope ? outOfScopeLikelihood / outOfScope : 0,
    tradeAccuracy: tradeHits / n,
    top1Accuracy: top1Hits / n,
    top3Recall: top3Hits / n,
    meanLatencyMs: latencies.reduce((s, l) => s + l, 0) / all,
    p95LatencyMs: sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * 0.95))] ?? 0,
    calibrationError: calibration.reduce((s, b) => s + (b.count / all) * Math.abs(b.meanLikelihood - b.accuracy), 0),
    calibration,
    misses,
  };
}
