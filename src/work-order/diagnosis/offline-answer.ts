import type { RealAnswer } from '../../knowledge/eval/real-work-orders';
import type { KnowledgeBase } from '../../knowledge/knowledge.types';
import { detectSafetyFlags } from '../../knowledge/safety';
import { TriageResult, triageUrgency } from '../../knowledge/triage/urgency-triage';
import { complaintText } from '../../knowledge/work-order-text';
import type { DiagnosisDto } from '../dto/work-order-enrichment.dto';
import { diagnoseOffline, OfflineDiagnosisInput } from './knowledge-diagnosis';
import { readSeveralProblems } from './several-problems';
import { withTriage, withTriageReadings } from './triaged-diagnosis';

/**
 * The diagnoses DiagnosisService makes offline for a bare description (no history, no context,
 * no caller urgency): severities set by the urgency triage.
 */
export function offlineDiagnoses(kb: KnowledgeBase): (text: string, entered?: Date) => { diagnoses: DiagnosisDto[]; emergency: boolean } {
  return (raw, entered) => {
    const { input, triage } = offlineInput(kb, raw, entered);
    return { diagnoses: withTriage(diagnoseOffline(kb, input), triage), emergency: triage.level === 'emergency' };
  };
}

/** What `offlineDiagnoses` hands the offline engine for a bare description, with the request's triage. */
export function offlineInput(kb: KnowledgeBase, raw: string, entered?: Date): { input: OfflineDiagnosisInput; triage: TriageResult } {
  const now = entered ?? new Date();
  const complaint = complaintText(raw);
  const text = readSeveralProblems(kb, complaint, now).text;
  // The urgency is the whole request's: a situation named in a part that leads no diagnosis still counts.
  const triage = triageUrgency(complaint, { now });
  const situations = new Set(triage.reasons.map((r) => r.category));
  return {
    input: {
      text: withTriageReadings(text, triage),
      situations,
      safetyFlags: triage.level === 'routine' ? [] : detectSafetyFlags(kb, text),
      history: new Map(),
    },
    triage,
  };
}

/** The offline engine's answer to a bare description, as evaluations judge it (`offlineDiagnoses`). */
export function offlineAnswer(kb: KnowledgeBase): (text: string, entered?: Date) => RealAnswer {
  const diagnose = offlineDiagnoses(kb);
  return (raw, entered) => {
    const { diagnoses, emergency } = diagnose(raw, entered);
    return { trades: diagnoses.map((d) => d.trade), likelihoods: diagnoses.map((d) => d.likelihood), emergency };
  };
}
