import { loadKnowledgeBase } from '../src/knowledge/knowledge-base';
import { diagnoseOffline } from '../src/work-order/diagnosis/knowledge-diagnosis';
import { KnowledgeProblemClassifier } from '../src/work-order/history/problem-classifier';
const kb = loadKnowledgeBase();
for (const t of ['toilet keeps running', 'no heat, thermostat blank', 'overhead light has burned out', 'dishwasher not draining'])
  console.log(t, diagnoseOffline(kb, { text: t, safetyFlags: [], history: new Map() }).map((d) => `${d.diagnosis} ${d.likelihood}`));
const c = new KnowledgeProblemClassifier(kb);
const s = Date.now(); for (let i = 0; i < 3000; i++) c.classify(`toilet running in unit ${i}`, null); console.log('classify ms/row', (Date.now() - s) / 3000);
const s2 = Date.now(); for (let i = 0; i < 3000; i++) diagnoseOffline(kb, { text: `toilet running in unit ${i}`, safetyFlags: [], history: new Map() }); console.log('diagnose ms', (Date.now() - s2) / 3000);
