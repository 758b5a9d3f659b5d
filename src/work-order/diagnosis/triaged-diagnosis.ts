import type { TriageResult } from '../../knowledge/triage/urgency-triage';
import { TRIAGE_SEVERITY_FLOOR } from '../../knowledge/triage/urgency-triage';
import { DiagnosisDto, Severity } from '../dto/work-order-enrichment.dto';

const RANK: Record<Severity, number> = { low: 0, medium: 1, high: 2, emergency: 3 };

/**
 * Severities as the urgency triage reads the text. The triage decides what is an emergency: it
 * reads negation and context ("bulb burned out" is not a fire, stickers are never urgent), which
 * a problem's catalogue severity cannot. So a diagnosis is an emergency only when the triage says
 * so, and never below the triage's floor (urgent → high).
 */
export function withTriage(diagnoses: DiagnosisDto[], triage: TriageResult): DiagnosisDto[] {
  const floor = TRIAGE_SEVERITY_FLOOR[triage.level] as Severity;
  return diagnoses.map((d) => {
    const capped = triage.level !== 'emergency' && d.severity === Severity.Emergency ? Severity.High : d.severity;
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
