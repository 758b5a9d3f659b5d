/**
 * Compares trade engines on the TUNE half of the labelled real work orders (the holdout is only
 * reported by `npm run eval`): the BM25 symptom matcher, a naive Bayes trade model trained on the
 * project's own texts, and hybrids that re-weight the matcher's problems by the model's trades.
 *
 *   npx ts-node --transpile-only scripts/compare-engines.ts [--split holdout]
 */
import { evaluateReal, loadRealCases, readRealLabels, REAL_LABELS_FILE, RealAnswer } from '../src/knowledge/eval/real-work-orders';
import { loadEvalCases } from '../src/knowledge/eval/evaluate';
import { loadKnowledgeBase } from '../src/knowledge/knowledge-base';
import { detectSafetyFlags } from '../src/knowledge/safety';
import { knowledgeExamples, TradeModel } from '../src/knowledge/trade-model';
import { complaintText } from '../src/knowledge/work-order-text';
import { matchProblems } from '../src/knowledge/symptom-matcher';
import { diagnoseOffline } from '../src/work-order/diagnosis/knowledge-diagnosis';

const kb = loadKnowledgeBase();
const real = loadRealCases(readRealLabels(REAL_LABELS_FILE, () => true));
if (!real) {
  console.log('The shared real work orders are not on this machine; nothing to compare.');
  process.exit(0);
}
const split = process.argv.includes('--split') ? (process.argv[process.argv.indexOf('--split') + 1] as 'tune' | 'holdout') : 'tune';
const handWritten = loadEvalCases(kb).flatMap((c) => (c.expected_trade ? [{ text: c.text, trade: c.expected_trade }] : []));
// Trained on the knowledge base's texts only (as shipped); WITH_HAND_WRITTEN=1 adds the hand-written set.
const model = new TradeModel(kb, process.env.WITH_HAND_WRITTEN ? [...knowledgeExamples(kb), ...handWritten] : knowledgeExamples(kb));

/** The BM25 symptom matcher alone (the engine before the trade model). */
const bm25 = (raw: string): RealAnswer => {
  const ms = matchProblems(kb, complaintText(raw), { limit: 3 }).filter((m, i) => m.likelihood > 0 && (i === 0 || m.likelihood >= 0.02));
  return { trades: ms.map((m) => m.problem.trade), likelihoods: ms.map((m) => m.likelihood), emergency: false };
};
/** The product's offline engine (diagnoseOffline: the hybrid as shipped). */
const product = (raw: string): RealAnswer => {
  const text = complaintText(raw);
  const ds = diagnoseOffline(kb, { text, safetyFlags: detectSafetyFlags(kb, text), history: new Map() });
  return { trades: ds.map((d) => d.trade), likelihoods: ds.map((d) => d.likelihood), emergency: ds.some((d) => d.severity === 'emergency') };
};
const naiveBayes = (raw: string): RealAnswer => {
  const p = model.predict(complaintText(raw)).slice(0, 3);
  return { trades: p.map((x) => x.trade), likelihoods: p.map((x) => x.probability), emergency: false };
};
/** The matcher's problems, each weighted by the model's probability of its trade to the power `weight`. */
const hybrid =
  (weight: number) =>
  (raw: string): RealAnswer => {
    const text = complaintText(raw);
    const trades = new Map(model.predict(text).map((x) => [x.trade, x.probability]));
    const boosts = new Map(kb.problems.map((p) => [p.id, Math.pow(Math.max(1e-6, trades.get(p.trade) ?? 1e-6), weight)]));
    const ms = matchProblems(kb, text, { limit: 3, boosts: trades.size ? boosts : undefined }).filter(
      (m, i) => m.likelihood > 0 && (i === 0 || m.likelihood >= 0.02),
    );
    return { trades: ms.map((m) => m.problem.trade), likelihoods: ms.map((m) => m.likelihood), emergency: false };
  };

/** Like the hybrid, but the three answers are the best problems of three different trades. */
const diverse =
  (weight: number) =>
  (raw: string): RealAnswer => {
    const text = complaintText(raw);
    const trades = new Map(model.predict(text).map((x) => [x.trade, x.probability]));
    const boosts = new Map(kb.problems.map((p) => [p.id, Math.pow(Math.max(1e-6, trades.get(p.trade) ?? 1e-6), weight)]));
    const matched = matchProblems(kb, text, { limit: 12, boosts: trades.size ? boosts : undefined });
    const picked: typeof matched = [];
    for (const m of matched) if (picked.length < 3 && !picked.some((p) => p.problem.trade === m.problem.trade)) picked.push(m);
    if (picked.length === 0 && trades.size) {
      const top = [...trades].slice(0, 3);
      return { trades: top.map(([t]) => t), likelihoods: top.map(([, p]) => p), emergency: false };
    }
    return { trades: picked.map((m) => m.problem.trade), likelihoods: picked.map((m) => m.likelihood), emergency: false };
  };

const pct = (x: number) => `${(100 * x).toFixed(1)}%`;
console.log(`${split} half: engine, trade@1, trade@3, calibration error`);
for (const [name, engine] of [
  ['bm25', bm25],
  ['naive-bayes', naiveBayes],
  ['product', product],
  ['hybrid w=0.1', hybrid(0.1)],
  ['hybrid w=0.25', hybrid(0.25)],
  ['hybrid w=0.5', hybrid(0.5)],
  ['hybrid w=1', hybrid(1)],
  ['diverse w=0.25', diverse(0.25)],
  ['diverse w=0.5', diverse(0.5)],
  ['diverse w=1', diverse(1)],
] as const) {
  const r = evaluateReal(real, engine, split);
  console.log(`  ${name.padEnd(14)} ${pct(r.tradeAt1).padStart(6)} ${pct(r.tradeAt3).padStart(6)} ${r.calibrationError.toFixed(3)}`);
}
if (process.argv.includes('--table')) {
  const r = evaluateReal(real, diverse(0.25), split);
  for (const b of r.reliability)
    console.log(`  ${b.from.toFixed(1)}-${b.to.toFixed(1)} n=${b.count} conf=${b.meanConfidence.toFixed(2)} acc=${b.accuracy.toFixed(2)}`);
}
