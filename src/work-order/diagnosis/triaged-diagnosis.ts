import type { TriageResult } from '../../knowledge/triage/urgency-triage';
import { TRIAGE_SEVERITY_FLOOR } from '../../knowledge/triage/urgency-triage';
import { DiagnosisDto, Severity } from '../dto/work-order-enrichment.dto';

const RANK: Record<Severity, number> = { low: 0, medium: 1, high: 2, emergency: 3 };

/**
 * The highest severity a diagnosis keeps at each triage level. The triage decides what is an
 * emergency: it reads negation and context ("bulb burned out" is not a fire, stickers are never
 * urgent), which a problem's catalogue severity cannot. And a coordinator reads "high" as "send
 * today", which the catalogue cannot say either: its severity is the problem's when it is real, and
 * a routine request matches a "high" problem through incidental words ("exhaust fan is noisy" →
 * air handler fault, "need an outlet wired in" → burning smell from wiring). On the tune halves of
 * the labelled real requests, the requests the triage read as routine whose top diagnosis said
 * "high" were routine 75 times and urgent 40 (Clemson 53/12, ASU 22/28): "high" on a routine
 * reading is wrong two times in three, so it stays "medium" (schedule soon, not today).
 */
const TRIAGE_SEVERITY_CEILING: Record<TriageResult['level'], Severity> = { emergency: Severity.Emergency, urgent: Severity.High, routine: Severity.Medium };

/**
 * Severities as the urgency triage reads the text: never above the triage's ceiling (routine →
 * medium, urgent → high) and never below its floor (urgent → high, emergency → emergency).
 */
export function withTriage(diagnoses: DiagnosisDto[], triage: TriageResult): DiagnosisDto[] {
  const floor = TRIAGE_SEVERITY_FLOOR[triage.level] as Severity;
  const ceiling = TRIAGE_SEVERITY_CEILING[triage.level];
  return diagnoses.map((d) => {
    const capped = RANK[d.severity] > RANK[ceiling] ? ceiling : d.severity;
    const severity = RANK[capped] < RANK[floor] ? floor : capped;
    return severity === d.severity ? d : { ...d, severity };
  });
}

/**
 * The triage's reasons as insights a coordinator acts on, most urgent first, each labelled with
 * its own level: a request with a gas smell and a dripping faucet has one emergency and one
 * same-day item, not two emergencies.
 */
export function triageInsights(triage: TriageResult): string[] {
  if (triage.level === 'routine') return [];
  return triage.reasons.map((r) => `${r.level === 'emergency' ? 'Emergency' : 'Urgent (same or next day)'}: ${r.reason} (from "${r.evidence}").`);
}
