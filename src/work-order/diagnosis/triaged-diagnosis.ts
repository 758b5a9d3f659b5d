import type { TriageResult } from '../../knowledge/triage/urgency-triage';
import { TRIAGE_SEVERITY_FLOOR } from '../../knowledge/triage/urgency-triage';
import { STOREY_ORDINALS } from '../../knowledge/triage/triage-matcher';
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
 * The text the diagnosis reads, with the complaint each reading in it stands for: a temperature
 * read in winter ("inspector measured 54 F in the living room") names no heater, so the matcher
 * found nothing or a thermostat for air conditioning. Only readings found in this text count (a
 * request cut to its most urgent part keeps that part's readings).
 */
export function withTriageReadings(text: string, triage: TriageResult): string {
  const folded = text.toLowerCase();
  const readings = new Set(triage.reasons.filter((r) => r.readsAs && folded.includes(r.evidence)).map((r) => r.readsAs!));
  return readings.size > 0 ? `${text} (${[...readings].join('; ')})` : text;
}

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
export function triageInsights(triage: TriageResult, request?: string): string[] {
  if (triage.level === 'routine') return [];
  return triage.reasons.map(
    (r) =>
      `${r.level === 'emergency' ? 'Emergency' : 'Urgent (same or next day)'}: ${r.reason} (from "${request ? asWritten(r.evidence, request) : r.evidence}").`,
  );
}

/** The storeys the triage reads written out ("4th floor" is read "fourth floor"), each with the digits a request writes. */
const ORDINALS: Readonly<Record<string, string>> = Object.fromEntries(
  STOREY_ORDINALS.slice(1).map((word, i) => [word, `${i + 1}${['st', 'nd', 'rd'][i] ?? 'th'}`]),
);

/** One character folded as the triage folds text, one for one so that positions hold: lower case, accents dropped. */
function foldChar(c: string): string {
  return c.normalize('NFD').charAt(0).toLowerCase();
}

/**
 * The words the triage quotes, as the request wrote them: the triage reads "hasn't" as "hasnt" and
 * "4th" as "fourth", and a coordinator reading `(from "heat hasnt come on")` sees a request nobody
 * wrote. The quote as read is kept when the request holds no such span, or one with more than words between its words.
 */
export function asWritten(evidence: string, request: string): string {
  const folded = request.split('').map(foldChar).join('');
  const escape = (w: string) => w.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const word = (w: string) => {
    const spelled = w.split('').map(escape).join("['’]?");
    return ORDINALS[w] ? `(?:${spelled}|${ORDINALS[w]})` : spelled;
  };
  const words = evidence.split(' ').filter(Boolean);
  if (words.length === 0) return evidence;
  const found = new RegExp(`(?<![a-z0-9])${words.map(word).join('[^a-z0-9]+')}(?![a-z0-9])`).exec(folded);
  const span = found ? request.slice(found.index, found.index + found[0].length) : '';
  // Only words and the marks between words of a sentence: a quote, a bracket or a line break in the span keeps the quote as read.
  return /^[\p{L}\p{N} '’,.\-/]+$/u.test(span) ? span : evidence;
}
