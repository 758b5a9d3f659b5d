/**
 * Severity on labelled real requests (review 12): how often the top diagnosis of the offline
 * engine says "high" or "emergency" on requests labelled routine, and on those labelled urgent or
 * emergency, per source and half. Aggregates only: no request text is printed.
 *
 *   npm run eval:severity
 *
 * A coordinator reads "high" as "send today": the first figure is the share of routine requests
 * that would be sent today for nothing, the second the share of urgent ones that would be.
 */
import { loadSourceCases, REAL_SOURCES } from '../src/knowledge/eval/real-work-orders';
import { loadKnowledgeBase } from '../src/knowledge/knowledge-base';
import { offlineDiagnoses } from '../src/work-order/diagnosis/offline-answer';

const kb = loadKnowledgeBase();
const diagnose = offlineDiagnoses(kb);
const pct = (n: number, of: number): string => `${of ? ((100 * n) / of).toFixed(1) : '-'}% (${n}/${of})`;

console.log('Top-diagnosis severity on labelled real requests ("high+" = high or emergency)');
console.log('  source   half     routine shown high+      urgent+ shown high+      precision of high+');
for (const source of REAL_SOURCES) {
  const { cases } = loadSourceCases(kb, source);
  if (!cases) {
    console.log(`  ${source.name}: texts not on this machine; skipped`);
    continue;
  }
  for (const split of ['tune', 'holdout'] as const) {
    let routine = 0;
    let routineHigh = 0;
    let urgent = 0;
    let urgentHigh = 0;
    for (const c of cases.filter((x) => x.split === split)) {
      const top = diagnose(c.text, c.entered).diagnoses[0];
      if (!top) continue;
      const high = top.severity === 'high' || top.severity === 'emergency';
      if (c.urgency === 'routine') {
        routine++;
        if (high) routineHigh++;
      } else {
        urgent++;
        if (high) urgentHigh++;
      }
    }
    console.log(
      `  ${source.name.padEnd(8)} ${split.padEnd(8)} ${pct(routineHigh, routine).padEnd(24)} ${pct(urgentHigh, urgent).padEnd(24)} ${pct(urgentHigh, urgentHigh + routineHigh)}`,
    );
  }
}
