import * as path from 'node:path';
import { emergencyScores, itReadsEachRowAtItsLevel, loadTriageTable, triageLevelOf, WrittenTriageRequest } from '../../../test/support/triage-requests';
import { TriageLevel } from './triage-rules.loader';
import { triageUrgency } from './urgency-triage';

/**
 * Issue 21, round 11: emergencies texted the way students, RAs, tenants and campus staff write
 * them (misspelt, understated, without the keyword) and near misses in the same words. Requests
 * written for these tests; see `texted-requests.json` for how they were written and split.
 */
type Expected = 'emergency' | 'urgent' | 'not-emergency';
type Style = 'student-housing' | 'tenant' | 'facilities' | 'housing-code';
interface TextedRequest extends WrittenTriageRequest<Expected> {
  style: Style;
  /** An emergency the rules still read lower. */
  known_miss?: boolean;
}
const table = loadTriageTable<TextedRequest>(path.join(__dirname, 'texted-requests.json'));
const level = (text: string, coldSeason = false): TriageLevel => triageUrgency(text, { coldSeason }).level;

describe('triageUrgency on texted student-housing, tenant and facilities requests (round 11)', () => {
  it('holds at least 300 requests of every style, near misses nearly as many as emergencies', () => {
    const all = [...table.checked, ...table.held_apart];
    expect(all.length).toBeGreaterThanOrEqual(300);
    const emergencies = all.filter((r) => r.expected === 'emergency').length;
    expect(all.length - emergencies).toBeGreaterThanOrEqual(emergencies * 0.9);
    for (const style of ['student-housing', 'tenant', 'facilities', 'housing-code'] as const) {
      for (const expected of ['emergency', 'not-emergency'] as const)
        expect(table.checked.some((r) => r.style === style && r.expected === expected)).toBe(true);
    }
  });

  itReadsEachRowAtItsLevel(table.checked.filter((r) => !r.known_miss));

  const knownMisses = table.checked.filter((r) => r.known_miss).map((r): [string, TextedRequest] => [r.text, r]);
  it.failing.each(knownMisses)('"%s" is an emergency (a known miss: move it back when a rule reads it)', (_text, r) => {
    expect(triageLevelOf(r)).toBe('emergency');
  });

  it('reads every checked row, known misses included, with emergency recall of at least 95% and precision of at least 95%', () => {
    const { recall, precision } = emergencyScores(table.checked);
    expect(recall).toBeGreaterThanOrEqual(0.95);
    expect(precision).toBeGreaterThanOrEqual(0.95);
  });

  it('reads the held-apart third with emergency recall of at least 90% and precision of at least 85%', () => {
    const { emergencies, recall, precision } = emergencyScores(table.held_apart);
    expect(emergencies).toBeGreaterThanOrEqual(40);
    expect(recall).toBeGreaterThanOrEqual(0.9);
    expect(precision).toBeGreaterThanOrEqual(0.85);
  });

  it('reads the held-apart student-housing requests with emergency recall of at least 90% and precision of at least 85%', () => {
    const { emergencies, recall, precision } = emergencyScores(table.held_apart.filter((r) => r.style === 'student-housing'));
    expect(emergencies).toBeGreaterThanOrEqual(20);
    expect(recall).toBeGreaterThanOrEqual(0.9);
    expect(precision).toBeGreaterThanOrEqual(0.85);
  });
});

describe('triageUrgency: round 11 rules, each beside the near miss in the same words', () => {
  it('reads the misspelt emergency words of a text as the words', () => {
    expect(level('no heet in my room its freezing', true)).toBe('emergency');
    expect(level('powr is out in the whole apartmnt')).toBe('emergency');
    expect(level('the frunt dor lock is brokn and wont lock')).toBe('emergency');
    expect(level('the closet dor lock is brokn')).not.toBe('emergency');
  });

  it('reads a room turned into a lake, or filling with water, as a flood, and a tub filling slowly not', () => {
    expect(level('um so the bathroom floor is kind of a lake now')).toBe('emergency');
    expect(level('Basement is filling with water from the floor drain')).toBe('emergency');
    expect(level("there's a lake behind the building, can we get a bench")).not.toBe('emergency');
    expect(level('the tub is filling with water very slowly')).not.toBe('emergency');
  });

  it('reads water out of recessed or can lights as water through a fixture', () => {
    expect(level('water keeps dripping out of the recessed lights in the kitchen')).toBe('emergency');
    expect(level('one of the recessed lights in the kitchen flickers')).not.toBe('emergency');
  });

  it('reads a struck sprinkler head indoors as an emergency, a lawn sprinkler or a bent head not', () => {
    expect(level('sprinkler head got hit')).toBe('emergency');
    expect(level('sprinkler head in the lawn got hit by the mower')).not.toBe('emergency');
    expect(level('the sprinkler head in my room is bent')).not.toBe('emergency');
  });

  it('reads neither hot nor cold water as no water, at one sink as a same-day visit', () => {
    expect(level('no hot or cold water on the whole floor')).toBe('emergency');
    expect(level('no hot or cold water at the kitchen sink')).toBe('urgent');
    expect(level('no hot water in the shower this morning')).toBe('urgent');
    expect(level('we cant get any water out of the taps or shower')).toBe('emergency');
  });

  it('reads several breakers tripped or everything electrical out as a unit without power, one breaker not', () => {
    expect(level('half the breakers are tripped and we have no lights or fridge')).toBe('emergency');
    expect(level('SUITE 4C - ALL ELECTRICAL OUT, BREAKER WILL NOT RESET')).toBe('emergency');
    expect(level('the breaker for the dryer tripped')).not.toBe('emergency');
  });

  it('reads an entrance stuck unlocked as not secure, a bike-room gate not', () => {
    expect(level('Card access front entrance stuck unlocked, building open after hours')).toBe('emergency');
    expect(level("the bike room gate won't latch")).not.toBe('emergency');
    expect(level("the courtyard gate won't latch")).toBe('emergency');
  });

  it('reads water squirting from a pipe, a light dripping water and zero water pressure as emergencies', () => {
    expect(level('idk who to contact but theres water squirting out of the pipe behind our toilet')).toBe('emergency');
    expect(level('so the light in our hallway is dripping water and flickering')).toBe('emergency');
    expect(level('we have literally zero water pressure, nothing comes out of anything')).toBe('emergency');
    expect(level('water pressure in the shower is kind of weak since Monday')).not.toBe('emergency');
  });

  it('reads power lost for a moment or come back as a same-day check, power still out as an emergency', () => {
    expect(level('hi we lost power for like 10 min during the storm but it came back')).toBe('urgent');
    expect(level('the lights went off for a second and everything is back on')).not.toBe('emergency');
    expect(level('our power has been out for 30 minutes')).toBe('emergency');
  });

  it('reads no power behind the breaker of one appliance as that appliance, a tripped breaker and a dark room as the room', () => {
    expect(level('the washer has no power, the breaker for it keeps tripping')).not.toBe('emergency');
    expect(level('GARBAGE DISPOSAL - NO POWER - BREAKER FOR DISPOSAL TRIPPED')).not.toBe('emergency');
    expect(level('RM 12 - OUT OF POWER, BREAKER TRIPPED')).toBe('emergency');
  });

  it('reads a whiff of gas as a burner lights as a same-day check, a gas smell that stays as an emergency', () => {
    expect(level('i smell gas when the stove is first lit for like a second, is that normal?')).toBe('urgent');
    expect(level('strong gas smell in the kitchen, it has been there for a few minutes')).toBe('emergency');
  });

  it('reads an alarm set off by cooking as a nuisance, one with smoke in the hallway as a fire', () => {
    expect(level('the fire alarm went off earlier because my roommate made grilled cheese')).not.toBe('emergency');
    expect(level("fire alarm went off because someone was cooking, but there's smoke in the hallway and it won't stop")).toBe('emergency');
  });

  it('reads a vent that drips only while the AC runs as intermittent, a vent pouring water as a flood', () => {
    expect(level("there's a drip coming from the AC vent onto the windowsill, only when it's running a lot")).not.toBe('emergency');
    expect(level('water pours from the ceiling vent when the AC is running')).toBe('emergency');
  });

  it('reads a leak someone came and fixed as settled, one that came back after the fix as live', () => {
    expect(level('there was a gas smell yesterday but the gas company came and fixed it')).not.toBe('emergency');
    expect(level('the gas smell came back after the plumber fixed the line')).toBe('emergency');
    expect(level('the plumber came out and fixed the leak but now the ceiling is dripping again')).toBe('emergency');
  });
});
