import { loadKnowledgeBase } from '../../knowledge/knowledge-base';
import { regionFromText } from '../../knowledge/region';
import { DiagnosisDto, Severity } from '../dto/work-order-enrichment.dto';
import { urgencyInsights, withUrgencyFloor } from './caller-urgency';
import { fuelBoosts, fuelsOf } from './fuel-hints';

const diagnosis = (severity: Severity, name = 'Worn flapper') => ({ diagnosis: name, severity }) as DiagnosisDto;

describe('caller urgency', () => {
  it("raises severities to the caller's emergency or high, never lowers them", () => {
    const ds = [diagnosis(Severity.Low), diagnosis(Severity.Emergency)];
    expect(withUrgencyFloor(ds, 'emergency').map((d) => d.severity)).toEqual(['emergency', 'emergency']);
    expect(withUrgencyFloor(ds, 'high').map((d) => d.severity)).toEqual(['high', 'emergency']);
    expect(withUrgencyFloor(ds, 'low').map((d) => d.severity)).toEqual(['low', 'emergency']);
    expect(withUrgencyFloor(ds, null)).toBe(ds);
  });

  it('says when the text shows a hazard the caller marked lower, and when an emergency has no hazard in the text', () => {
    const gasTriage = {
      level: 'emergency' as const,
      reasons: [{ category: 'gas-leak', group: 'gas', reason: 'Possible gas leak: get people out', evidence: 'smell gas', level: 'emergency' as const }],
    };
    const routine = { level: 'routine' as const, reasons: [] };
    const gas = urgencyInsights({ urgencyText: 'Routine', urgency: 'normal', triage: gasTriage });
    expect(gas).toEqual([expect.stringMatching(/points to an emergency \(possible gas leak\) although the work order is marked "Routine"/)]);
    const noHazard = urgencyInsights({ urgencyText: 'EMERGENCY', urgency: 'emergency', triage: routine });
    expect(noHazard).toEqual([expect.stringMatching(/Marked "EMERGENCY".*shows no hazard/)]);
    expect(urgencyInsights({ urgencyText: 'Emergency', urgency: 'emergency', triage: gasTriage })).toEqual([]);
    expect(urgencyInsights({ urgencyText: null, urgency: null, triage: gasTriage })).toEqual([]);
    expect(urgencyInsights({ urgencyText: 'Normal', urgency: 'normal', triage: routine })).toEqual([]);
  });
});

// Read in answers to campus requests (review 15): a walk-in cooler at 50F marked "Emergency" was
// answered "the description itself shows no hazard", beside the triage's own "Urgent: refrigerator
// not keeping food cold". The description does show a hazard, one that waits for the next visit.
describe('caller urgency: an emergency marked on a request the description reads as urgent', () => {
  const triage = (category: string, reason: string) => ({
    level: 'urgent' as const,
    reasons: [{ category, group: category, reason, evidence: 'x', level: 'urgent' as const }],
  });

  it('says what the description shows instead of "no hazard", and still asks to confirm before paying emergency rates', () => {
    const cooler = urgencyInsights({
      urgencyText: 'Emergency',
      urgency: 'emergency',
      triage: triage('refrigeration-failure', 'Refrigerator or freezer not keeping food cold: same day'),
    });
    expect(cooler).toHaveLength(1);
    expect(cooler[0]).not.toMatch(/no hazard/);
    expect(cooler[0]).toMatch(/refrigerator or freezer not keeping food cold/i);
    expect(cooler[0]).toMatch(/same or next day/i);
    expect(cooler[0]).toMatch(/before paying emergency rates/);
  });

  it('reads the writer\'s own "URGENT" as no hazard: a scuff marked urgent shows none', () => {
    const scuff = urgencyInsights({
      urgencyText: 'Emergency',
      urgency: 'emergency',
      triage: triage('caller-says-urgent', 'The request asks for immediate attention'),
    });
    expect(scuff).toEqual([expect.stringMatching(/shows no hazard/)]);
  });
});

// Review 15: "URGENT the blinds in my room are broken", marked "Urgent" by the team, was answered
// "every diagnosis is at least high severity" with no word that nothing in it is urgent.
describe('caller urgency: a high urgency whose only ground is the writer\'s own "urgent"', () => {
  const callerOnly = {
    level: 'urgent' as const,
    reasons: [
      { category: 'caller-says-urgent', group: 'caller', reason: 'The request asks for immediate attention', evidence: 'urgent', level: 'urgent' as const },
    ],
  };

  it('says the description shows no hazard beyond the word, and to confirm before paying for a same-day visit', () => {
    const [note] = urgencyInsights({ urgencyText: 'Urgent', urgency: 'high', triage: callerOnly });
    expect(note).toMatch(/at least high severity/);
    expect(note).toMatch(/no hazard/);
    expect(note).toMatch(/same-day/);
  });

  it('says nothing more when the description itself reads as urgent, or when it says nothing at all', () => {
    const leak = {
      level: 'urgent' as const,
      reasons: [{ category: 'minor-leak', group: 'water', reason: 'Leak reported as small', evidence: 'drip', level: 'urgent' as const }],
    };
    expect(urgencyInsights({ urgencyText: 'Urgent', urgency: 'high', triage: leak })).toEqual([
      'Marked "Urgent" by your team: every diagnosis is at least high severity.',
    ]);
    expect(urgencyInsights({ urgencyText: 'asap', urgency: 'high', triage: { level: 'routine', reasons: [] } })).toEqual([
      'Marked "asap" by your team: every diagnosis is at least high severity.',
    ]);
  });
});

describe('property and unit detail', () => {
  const kb = loadKnowledgeBase();

  it('finds the state of a property from its ZIP, state code or state name', () => {
    expect(regionFromText(kb, 'Maple Court Apartments, 120 Maple Ct, Columbus, OH 43215; 1965 garden-style')).toBe('43215');
    expect(regionFromText(kb, 'Bay View, San Jose, CA')).toBe('CA');
    expect(regionFromText(kb, 'Riverside Lofts, Austin, Texas')).toBe('TX');
    expect(regionFromText(kb, '12 Washington Ave, garden-style, gas boilers')).toBeUndefined();
    expect(regionFromText(kb, null)).toBeUndefined();
  });

  it('reads the fuel of each appliance family and weighs problems toward it, never lowering a gas leak', () => {
    expect([...fuelsOf('1965 garden-style, gas boilers; electric range')]).toEqual([
      ['heating', 'gas'],
      ['range', 'electric'],
    ]);
    const boosts = fuelBoosts(kb, ['gas water heater', null]);
    expect(boosts.get('wh-gas-pilot-thermocouple')).toBeGreaterThan(1);
    expect(boosts.get('wh-electric-element-failure')).toBeLessThan(1);
    const electric = fuelBoosts(kb, ['all-electric building']);
    expect(electric.get('wh-electric-element-failure')).toBeGreaterThan(1);
    expect(electric.has('wh-gas-smell') ? electric.get('wh-gas-smell')! : 1).toBeGreaterThanOrEqual(1);
  });
});
