import { evaluateReal, loadRealCases, readRealLabels, REAL_LABELS_FILE } from '../src/knowledge/eval/real-work-orders';
import { loadKnowledgeBase } from '../src/knowledge/knowledge-base';
import { offlineAnswer } from '../src/work-order/diagnosis/offline-answer';
const kb = loadKnowledgeBase();
const cases = loadRealCases(readRealLabels(REAL_LABELS_FILE, () => true))!;
const r = evaluateReal(cases, offlineAnswer(kb), 'tune');
const text = new Map(cases.map((c) => [c.id, c.text]));
for (const m of r.misses) if (m.expected[0] === process.argv[2] || !process.argv[2]) console.log(`${m.expected.join('/')} <- ${m.got.join(',') || '-'} ${m.urgency[0]}${m.emergency ? '!' : ''} | ${text.get(m.id)!.slice(0, 130)}`);
