import * as path from 'node:path';
import {
  emergencyScores,
  itReadsEachRowAtItsLevel,
  loadTriageTable,
  triageLevelOf,
  triageReasonsOf,
  WrittenTriageRequest,
} from '../../../test/support/triage-requests';
import { complaintText } from '../work-order-text';
import { triageUrgency } from './urgency-triage';

/**
 * Issue 21, round 10: the emergencies customers report without the keyword, class by class, with
 * near misses in the same words. Requests written for these tests; see `indirect-requests.json`
 * for how they were written and split.
 */
type Expected = 'emergency' | 'urgent' | 'not-emergency';
const KINDS = ['water', 'gas', 'heat', 'spark', 'sewage', 'nowater', 'elevator', 'fire', 'door', 'multi'] as const;
interface WrittenRequest extends WrittenTriageRequest<Expected> {
  style: 'tenant' | 'student-housing' | 'facilities' | 'housing-code';
  kind: (typeof KINDS)[number];
}
const table = loadTriageTable<WrittenRequest>(path.join(__dirname, 'indirect-requests.json'));

describe('triageUrgency on emergencies said without the keyword (round 10)', () => {
  it('holds every class of the issue with its near misses, in each style', () => {
    const all = [...table.checked, ...table.held_apart];
    expect(all.length).toBeGreaterThanOrEqual(250);
    expect(all.filter((r) => r.expected !== 'emergency').length).toBeGreaterThanOrEqual(all.filter((r) => r.expected === 'emergency').length);
    for (const kind of KINDS) {
      expect(table.checked.some((r) => r.kind === kind && r.expected === 'emergency')).toBe(true);
      expect(table.checked.some((r) => r.kind === kind && r.expected !== 'emergency')).toBe(true);
    }
    for (const style of ['tenant', 'student-housing', 'facilities', 'housing-code'] as const) expect(table.checked.some((r) => r.style === style)).toBe(true);
  });

  itReadsEachRowAtItsLevel(table.checked);

  it('reads the held-apart third with emergency recall of at least 85% and precision of at least 85%', () => {
    const { emergencies, recall, precision } = emergencyScores(table.held_apart);
    expect(emergencies).toBeGreaterThanOrEqual(40);
    expect(recall).toBeGreaterThanOrEqual(0.85);
    expect(precision).toBeGreaterThanOrEqual(0.85);
  });

  it('reads every checked row the same once the CMMS bookkeeping is stripped, as the service reads a work order', () => {
    const levelOfComplaint = (r: WrittenRequest): string => triageUrgency(complaintText(r.text), { coldSeason: r.season === 'cold' }).level;
    const changed = table.checked.filter((r) => (levelOfComplaint(r) === 'emergency') !== (triageLevelOf(r) === 'emergency')).map((r) => r.text);
    expect(changed).toEqual([]);
  });

  it('gives every emergency of the checked rows a reason and the words it rests on', () => {
    for (const r of table.checked.filter((x) => x.expected === 'emergency')) {
      const reasons = triageReasonsOf(r);
      expect(reasons[0]).toEqual(expect.objectContaining({ level: 'emergency', reason: expect.stringMatching(/^[A-Z][a-z]/) }));
      expect(reasons[0].evidence.length).toBeGreaterThan(0);
    }
  });
});

describe('triageUrgency: the near misses the lead found (round 10)', () => {
  const level = (text: string): string => triageUrgency(text, { coldSeason: false }).level;

  it.each(["the kitchen tap won't stop dripping", "bathroom faucet won't stop dripping even when shut tight"])('a dripping tap ("%s") is routine', (text) => {
    expect(level(text)).toBe('routine');
  });

  it('a tap that will not stop running over the sink is still a flood', () => {
    expect(level("the kitchen faucet won't turn off and the sink is overflowing onto the floor")).toBe('emergency');
  });

  it.each(['sliding door came off its track', "the patio door came off the track and I can't lock it"])(
    'a sliding door off its track ("%s") is a same-day repair, not an emergency',
    (text) => {
      expect(level(text)).toBe('urgent');
    },
  );

  it('a ground-floor slider that will not lock, on its track, is still an emergency', () => {
    expect(level("patio slider won't lock anymore, ground floor apartment")).toBe('emergency');
  });

  it.each([
    ['the house is down to 50 since last night', 'cold-inside'],
    ["it's 48 in here, we're wearing coats", 'cold-inside'],
  ])('a bare indoor reading in the cold season ("%s") is no heat', (text, category) => {
    const result = triageUrgency(text, { coldSeason: true });
    expect(result.level).toBe('emergency');
    expect(result.reasons.map((r) => r.category)).toContain(category);
  });

  it('a fire put out does not settle a hood that is still smoking', () => {
    expect(level('small fire in the fryer, extinguished but the hood is still smoking')).toBe('emergency');
    expect(level('small fire in the fryer, extinguished, the kitchen smells of smoke')).not.toBe('emergency');
  });

  it.each(['water pressure is down to 50 psi', "it's 50 outside so we opened the windows", 'the unit is 45 years old'])(
    'a number that is no room temperature ("%s") is no cold room',
    (text) => {
      expect(triageUrgency(text, { coldSeason: true }).level).not.toBe('emergency');
    },
  );
});

describe('triageUrgency: CMMS shorthand with a slash or a digit (round 10)', () => {
  it('reads "W/" as "with", so the occupant belongs to the stalled car', () => {
    expect(triageUrgency('ELEV CAR 4 STALLED W/ OCCUPANT').level).toBe('emergency');
    expect(triageUrgency('ELEV CAR 4 STALLED W/O OCCUPANT').level).not.toBe('emergency');
  });

  it('reads "H2O" as water', () => {
    expect(triageUrgency('RM 118 - H2O ON FLOOR 1/2 INCH - SOURCE UNKNOWN').level).toBe('emergency');
  });
});
