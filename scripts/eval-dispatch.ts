/**
 * Dispatch and triage on real requests (issue 21): the offline engine's answers scored per labelled
 * source and per half.
 *
 *   npm run eval:dispatch              every source, tune and holdout figures
 *   npm run eval:dispatch -- --misses  also lists the TUNE halves' misses (holdout texts are never printed)
 *   npm run eval:dispatch -- --json    the figures as JSON (for BENCHMARKS.md)
 *
 * Per half: trade@1, trade@3, emergency recall and precision, the share of single-diagnosis
 * answers, the expected calibration error of the stated top likelihood and its reliability table.
 * Labels (ids and labels only) live in the repository; the texts are read from ../shared beside it,
 * and a source whose texts are absent is skipped with a message (exit 0).
 */
import { evaluateReal, loadSourceCases, REAL_SOURCES, RealReport } from '../src/knowledge/eval/real-work-orders';
import { loadKnowledgeBase } from '../src/knowledge/knowledge-base';
import { offlineAnswer } from '../src/work-order/diagnosis/offline-answer';

const args = new Set(process.argv.slice(2));
const pct = (x: number): string => `${(100 * x).toFixed(1)}%`;
const kb = loadKnowledgeBase();
const answer = offlineAnswer(kb);

/** The goals of issue 21 on each held-back source. */
const GOALS = { tradeAt1: 0.85, tradeAt3: 0.95, emergencyRecall: 0.9, emergencyPrecision: 0.6, topBinError: 0.1 };

function summary(source: string, r: RealReport): string {
  return [
    `  ${source.padEnd(8)} ${r.split.padEnd(8)} ${String(r.cases).padStart(5)}`,
    pct(r.tradeAt1).padStart(7),
    pct(r.tradeAt3).padStart(7),
    `${pct(r.emergencyRecall).padStart(6)} (${r.flagged ? Math.round(r.emergencyRecall * r.emergencies) : 0}/${r.emergencies})`.padStart(14),
    `${pct(r.emergencyPrecision).padStart(6)} (${r.flagged})`.padStart(12),
    r.calibrationError.toFixed(3).padStart(6),
    pct(r.singleShare).padStart(7),
  ].join('  ');
}

function reliability(r: RealReport): string[] {
  return r.reliability
    .filter((b) => b.count > 0)
    .map(
      (b) =>
        `      ${b.from.toFixed(1)}-${b.to.toFixed(1)}  ${String(b.count).padStart(4)}  mean ${b.meanConfidence.toFixed(3)}  right ${pct(b.accuracy).padStart(6)}${b.from >= 0.9 && 1 - b.accuracy > GOALS.topBinError ? '  (wrong more than 1 in 10)' : ''}`,
    );
}

const reports: { source: string; report: RealReport }[] = [];
const lines = ['  source   half     cases  trade@1  trade@3   emerg. recall  precision     ECE   single'];
const tables: string[] = [];
for (const source of REAL_SOURCES) {
  const { labels, cases } = loadSourceCases(kb, source);
  if (!cases) {
    console.log(`${source.name}: ${source.textsFile} is not on this machine; skipped (${labels.length} labels checked).`);
    continue;
  }
  for (const split of ['tune', 'holdout'] as const) {
    const r = evaluateReal(cases, answer, split);
    reports.push({ source: source.name, report: r });
    lines.push(summary(source.name, r));
    tables.push(`    ${source.name} ${split}: reliability of the trade confidence (summed likelihood of the top trade; trade@1 per bin)`, ...reliability(r));
    if (split === 'tune' && args.has('--misses')) {
      const text = new Map(cases.map((c) => [c.id, c.text]));
      for (const m of r.misses)
        tables.push(`      [${m.expected.join('/')} <- ${m.got.join(',') || '-'}] ${m.urgency}${m.emergency ? ', flagged emergency' : ''}: ${text.get(m.id)}`);
    }
  }
}
if (reports.length === 0) {
  console.log('No real work-order texts on this machine; nothing to evaluate.');
  process.exit(0);
}
if (args.has('--json')) {
  console.log(JSON.stringify(reports.map(({ source, report: { misses: _misses, ...figures } }) => ({ source, ...figures }))));
  process.exit(0);
}
console.log('Dispatch and triage on labelled real requests (emergency = the answer says emergency; ECE over ten bins)');
console.log(lines.join('\n'));
console.log(tables.join('\n'));
console.log(
  `goals per held-back source: trade@1 >= ${pct(GOALS.tradeAt1)}, trade@3 >= ${pct(GOALS.tradeAt3)}, emergency recall >= ${pct(GOALS.emergencyRecall)} with precision >= ${pct(GOALS.emergencyPrecision)}, no bin above 0.9 wrong more than 1 in 10`,
);
