import type { KnowledgeBase } from '../../src/knowledge/knowledge.types';
import { offlineAnswer, offlineDiagnoses } from '../../src/work-order/diagnosis/offline-answer';

/**
 * How the specs of written requests read the offline engine's answer on a given date: the trades it
 * dispatches, and the catalogue ids of its diagnoses, most likely first.
 */
export function offlineReadings(kb: KnowledgeBase, when: Date): { trades: (text: string) => string[]; problemIds: (text: string) => string[] } {
  const answer = offlineAnswer(kb);
  const diagnose = offlineDiagnoses(kb);
  return {
    trades: (text) => answer(text, when).trades,
    problemIds: (text) => diagnose(text, when).diagnoses.map((d) => kb.problems.find((p) => p.name === d.diagnosis)?.id ?? d.diagnosis),
  };
}
