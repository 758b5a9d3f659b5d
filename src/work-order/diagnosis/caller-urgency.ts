import type { TriageResult } from '../../knowledge/triage/urgency-triage';
import { DiagnosisDto, Severity } from '../dto/work-order-enrichment.dto';
import type { NormalizedUrgency } from '../history/work-order-fields';

const RANK: Record<Severity, number> = { low: 0, medium: 1, high: 2, emergency: 3 };

/** The triage category of the writer's own urgency words ("URGENT", "asap"): they describe no situation. */
const CALLER_CATEGORY = 'caller-says-urgent';

/** The severity the caller's urgency guarantees: their emergency or high is never downgraded. */
const FLOOR: Record<NormalizedUrgency, Severity | null> = { emergency: Severity.Emergency, high: Severity.High, normal: null, low: null };

/** Raises every diagnosis to at least the severity the caller's urgency asks for. */
export function withUrgencyFloor(diagnoses: DiagnosisDto[], urgency: NormalizedUrgency | null): DiagnosisDto[] {
  const floor = urgency ? FLOOR[urgency] : null;
  if (!floor) return diagnoses;
  return diagnoses.map((d) => (RANK[d.severity] < RANK[floor] ? { ...d, severity: floor } : d));
}

export interface UrgencyFacts {
  /** The caller's urgency as sent, and normalized. */
  urgencyText: string | null;
  urgency: NormalizedUrgency | null;
  /** What the urgency triage read in the description. */
  triage: TriageResult;
}

/**
 * What a coordinator should know when the caller's urgency and the description disagree: an
 * emergency the text does not show, or a hazard the caller did not flag.
 */
export function urgencyInsights(f: UrgencyFacts): string[] {
  if (!f.urgency || !f.urgencyText) return [];
  const textEmergency = f.triage.level === 'emergency';
  const marked = `"${f.urgencyText}"`;
  if (f.urgency === 'emergency') {
    if (textEmergency) return [];
    // The writer's own "URGENT" is no hazard; a situation the triage reads as same-day is one, only not an emergency.
    const shown = f.triage.reasons.filter((r) => r.category !== CALLER_CATEGORY).map((r) => r.reason.split(':')[0].toLowerCase());
    const reads =
      shown.length > 0
        ? `the description itself reads as a same or next day repair (${[...new Set(shown)].join('; ')}), not an emergency`
        : 'the description itself shows no hazard';
    return [
      `Marked ${marked} by your team, so every diagnosis is handled as an emergency; ${reads}, so confirm with the person who reported it before paying emergency rates.`,
    ];
  }
  if (textEmergency) {
    const what = f.triage.reasons.map((r) => r.reason.split(':')[0].toLowerCase()).join('; ');
    return [`The description points to an emergency (${what}) although the work order is marked ${marked}: treat it as an emergency.`];
  }
  if (f.urgency !== 'high') return [];
  // The writer's own "URGENT" on broken blinds is the only urgency in the request: say so, as for an emergency marked without a hazard.
  const onlyTheWord = f.triage.reasons.length > 0 && f.triage.reasons.every((r) => r.category === CALLER_CATEGORY);
  return [
    onlyTheWord
      ? `Marked ${marked} by your team: every diagnosis is at least high severity; the description itself shows no hazard beyond the word "${f.triage.reasons[0].evidence}", so confirm with the person who reported it before paying for a same-day visit.`
      : `Marked ${marked} by your team: every diagnosis is at least high severity.`,
  ];
}
