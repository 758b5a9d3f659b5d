import { loadKnowledgeBase } from '../../knowledge/knowledge-base';
import type { TriageResult } from '../../knowledge/triage/urgency-triage';
import { DiagnosisDto, Severity } from '../dto/work-order-enrichment.dto';
import { offlineDiagnoses } from './offline-answer';
import { withTriage } from './triaged-diagnosis';

const triage = (level: TriageResult['level']): TriageResult => ({ level, reasons: [] });
const catalogue = (...severities: Severity[]) => severities.map((severity, i) => ({ diagnosis: `problem ${i}`, severity }) as DiagnosisDto);
const severities = (ds: DiagnosisDto[]) => ds.map((d) => d.severity);

describe('withTriage: a severity a coordinator can act on', () => {
  const all = [Severity.Low, Severity.Medium, Severity.High, Severity.Emergency];

  it('never says "high" or "emergency" on a request the triage reads as routine', () => {
    expect(severities(withTriage(catalogue(...all), triage('routine')))).toEqual(['low', 'medium', 'medium', 'medium']);
  });

  it('says at least and at most "high" on an urgent request', () => {
    expect(severities(withTriage(catalogue(...all), triage('urgent')))).toEqual(['high', 'high', 'high', 'high']);
  });

  it('says "emergency" on every diagnosis of an emergency', () => {
    expect(severities(withTriage(catalogue(...all), triage('emergency')))).toEqual(['emergency', 'emergency', 'emergency', 'emergency']);
  });
});

/**
 * Requests written for this review in several styles (tenants, student housing, university
 * tickets): routine ones whose words also match a catalogue problem marked "high" (an air handler
 * for a noisy bath fan, a shattered door for a stiff slider) and urgent ones that must stay urgent.
 */
describe('severity of the offline diagnoses on written requests', () => {
  const diagnose = offlineDiagnoses(loadKnowledgeBase());
  const november = new Date('2026-11-20T12:00:00Z');
  const shown = (text: string) => severities(diagnose(text, november).diagnoses);

  it.each([
    'the bathroom exhaust fan is really noisy when it runs',
    'shower drain is slow, hair probably',
    'sliding glass door is hard to open',
    'the ceiling light in hallway flickers',
    'radiator in bedroom is banging when heat comes on',
    'RA here - the light outside the 3rd floor lounge keeps flickering',
    'HOLMES HALL - RM 210 - EXHAUST FAN ON ROOF HAS NOISY BEARINGS',
    'unit 4B: kitchen window glass has a small crack in the corner',
  ])('routine: "%s" is never "high" or "emergency"', (text) => {
    const s = shown(text);
    expect(s.length).toBeGreaterThan(0);
    expect(s).not.toContain('high');
    expect(s).not.toContain('emergency');
  });

  it.each([
    ['I smell gas near the stove', 'emergency'],
    ["heat isn't working, apartment is 55 degrees", 'emergency'],
    ['toilet is clogged and it is our only bathroom', 'high'],
    ["I'm locked out of my apartment", 'high'],
  ])('urgent: "%s" leads at %s', (text, severity) => {
    expect(shown(text)[0]).toBe(severity);
  });
});
