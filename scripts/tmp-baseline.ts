import { evaluateReal, loadRealCases, readRealLabels, REAL_LABELS_FILE } from '../src/knowledge/eval/real-work-orders';
import { loadKnowledgeBase } from '../src/knowledge/knowledge-base';
import { offlineAnswer } from '../src/work-order/diagnosis/offline-answer';
const kb = loadKnowledgeBase();
const cases = loadRealCases(readRealLabels(REAL_LABELS_FILE, () => true))!;
for (const split of ['tune', 'holdout'] as const) {
  const r = evaluateReal(cases, offlineAnswer(kb), split);
  console.log(split, r.cases, 'at1', r.tradeAt1.toFixed(3), 'at3', r.tradeAt3.toFixed(3), 'em', r.emergencies, 'flag', r.flagged, 'rec', r.emergencyRecall.toFixed(2), 'prec', r.emergencyPrecision.toFixed(2), 'ece', r.calibrationError.toFixed(3));
}
