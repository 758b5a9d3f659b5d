/**
 * Offline evaluation of the maintenance knowledge engine on the hand-written work orders, then on
 * the labelled real work orders (both halves, reported apart; the texts come from ../shared).
 *
 *   npm run eval                  accuracy, recall, latency and the reliability table
 *   npm run eval -- --real-misses lists the misses of the real set's TUNE half (never the holdout)
 *   npm run eval -- --misses      also lists the cases with the wrong trade
 *   npm run eval -- --fit         fits the likelihood calibration and prints it
 *   npm run eval -- --fit --write also writes it to src/knowledge/data/calibration.json
 *
 * Exits 1 when a figure falls below EVAL_FLOORS.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { crossValidatedCalibrationError, EVAL_FLOORS, evaluate, fitCalibration, loadEvalCases } from '../src/knowledge/eval/evaluate';
import { DATA_DIR, loadKnowledgeBase } from '../src/knowledge/knowledge-base';
import { evaluateReal, loadRealCases, loadRealLabels, REAL_TEXTS_FILE } from '../src/knowledge/eval/real-work-orders';
import { offlineAnswer } from '../src/work-order/diagnosis/offline-answer';

const args = new Set(process.argv.slice(2));
const pct = (x: number): string => `${(100 * x).toFixed(1)}%`;

const kb = loadKnowledgeBase();
const cases = loadEvalCases(kb);

if (args.has('--fit')) {
  const fit = fitCalibration(kb, cases);
  console.log(`fitted calibration: temperature=${fit.temperature} other_score=${fit.other_score} (cross-entropy ${fit.logLoss.toFixed(4)})`);
  if (args.has('--write')) {
    const file = path.join(DATA_DIR, 'calibration.json');
    const current = JSON.parse(fs.readFileSync(file, 'utf8')) as Record<string, unknown>;
    fs.writeFileSync(file, `${JSON.stringify({ ...current, temperature: fit.temperature, other_score: fit.other_score }, null, 2)}\n`);
    console.log(`written to ${file}; run again without --fit to see the new figures`);
  }
  process.exit(0);
}

const report = evaluate(kb, cases);
console.log(`knowledge base ${kb.version}: ${kb.problems.length} problems, ${kb.trades.length} trades`);
console.log(`cases                 ${report.cases} in scope, ${report.outOfScope} out of scope`);
console.log(`trade accuracy (top1) ${pct(report.tradeAccuracy)}   floor ${pct(EVAL_FLOORS.tradeAccuracy)}`);
console.log(`problem accuracy top1 ${pct(report.top1Accuracy)}`);
console.log(`problem recall top3   ${pct(report.top3Recall)}   floor ${pct(EVAL_FLOORS.top3Recall)}`);
console.log(`out-of-scope top1     mean likelihood ${report.outOfScopeMeanLikelihood.toFixed(3)} (lower is better)`);
console.log(`latency mean / p95    ${report.meanLatencyMs.toFixed(3)} ms / ${report.p95LatencyMs.toFixed(3)} ms   ceiling ${EVAL_FLOORS.meanLatencyMs} ms`);
console.log(
  `calibration (T=${kb.calibration.temperature}, other=${kb.calibration.other_score}), expected calibration error ${report.calibrationError.toFixed(3)}`,
);
console.log(`  held-out calibration error (fit on one half, measured on the other) ${crossValidatedCalibrationError(kb, cases).toFixed(3)}`);
console.log('  top-1 likelihood   cases   mean likelihood   top-1 accuracy');
for (const b of report.calibration) {
  console.log(
    `  ${b.from.toFixed(1)} - ${b.to.toFixed(1)}      ${String(b.count).padStart(5)}   ${b.meanLikelihood.toFixed(3).padStart(15)}   ${b.count ? pct(b.accuracy).padStart(14) : '             -'}`,
  );
}
if (args.has('--misses')) {
  console.log(`\n${report.misses.length} cases with the wrong trade:`);
  for (const m of report.misses) console.log(`  [${m.expected} -> ${m.got}] ${m.text}\n      top3: ${m.top3.join(', ')}`);
}

// The hand-written set through the product's offline engine (trade model and matcher together).
const own = evaluateReal(
  cases.flatMap((c, i) =>
    c.expected_trade ? [{ id: `own-${i}`, split: 'tune' as const, trades: [c.expected_trade], urgency: 'routine' as const, text: c.text }] : [],
  ),
  offlineAnswer(kb),
  'all',
);
console.log(
  `\nhand-written set through the offline engine: trade@1 ${pct(own.tradeAt1)}, trade@3 ${pct(own.tradeAt3)}, trade calibration error ${own.calibrationError.toFixed(3)}`,
);

const real = loadRealCases(loadRealLabels(kb));
if (!real) {
  console.log(`\nreal work orders: ${REAL_TEXTS_FILE} is not on this machine; skipped`);
} else {
  const answer = offlineAnswer(kb);
  console.log(`\nreal work orders (${real.length} labelled; emergency = any diagnosis at emergency severity)`);
  console.log('  half      cases  trade@1  trade@3  emergencies  flagged  recall  precision  calibration error');
  for (const split of ['tune', 'holdout'] as const) {
    const r = evaluateReal(real, answer, split);
    console.log(
      `  ${split.padEnd(8)} ${String(r.cases).padStart(6)}  ${pct(r.tradeAt1).padStart(7)}  ${pct(r.tradeAt3).padStart(7)}  ${String(r.emergencies).padStart(11)}  ${String(r.flagged).padStart(7)}  ${pct(r.emergencyRecall).padStart(6)}  ${pct(r.emergencyPrecision).padStart(9)}  ${r.calibrationError.toFixed(3).padStart(17)}`,
    );
    console.log('    trade confidence   cases   mean confidence   trade@1');
    for (const b of r.reliability)
      console.log(
        `    ${b.from.toFixed(1)} - ${b.to.toFixed(1)}      ${String(b.count).padStart(5)}   ${b.meanConfidence.toFixed(3).padStart(15)}   ${b.count ? pct(b.accuracy).padStart(7) : '      -'}`,
      );
    if (split === 'tune' && args.has('--real-misses')) {
      const text = new Map(real.map((c) => [c.id, c.text]));
      for (const m of r.misses)
        console.log(`    [${m.expected.join('/')} <- ${m.got.join(',') || '-'}] ${m.urgency}${m.emergency ? ', flagged emergency' : ''}: ${text.get(m.id)}`);
    }
  }
}

const failed =
  report.tradeAccuracy < EVAL_FLOORS.tradeAccuracy || report.top3Recall < EVAL_FLOORS.top3Recall || report.meanLatencyMs > EVAL_FLOORS.meanLatencyMs;
if (failed) {
  console.error('\nEvaluation below the floors.');
  process.exit(1);
}
