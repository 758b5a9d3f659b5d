import type { RealAnswer } from '../../knowledge/eval/real-work-orders';
import type { KnowledgeBase } from '../../knowledge/knowledge.types';
import { detectSafetyFlags } from '../../knowledge/safety';
import { complaintText } from '../../knowledge/work-order-text';
import { diagnoseOffline } from './knowledge-diagnosis';

/** The offline engine's answer to a bare description (no history, no context), as evaluations judge it. */
export function offlineAnswer(kb: KnowledgeBase): (text: string) => RealAnswer {
  return (raw) => {
    const text = complaintText(raw);
    const diagnoses = diagnoseOffline(kb, { text, safetyFlags: detectSafetyFlags(kb, text), history: new Map() });
    return { trades: diagnoses.map((d) => d.trade), likelihoods: diagnoses.map((d) => d.likelihood), emergency: diagnoses.some((d) => d.severity === 'emergency') };
  };
}
