import { triageUrgency } from './urgency-triage';

/**
 * Kinds read from a blind set's missed emergencies once it was scored (session 23), each tested in
 * wordings written for this spec: a sprinkler head something hit (the verb before the head), the
 * reading a thermostat "says", and an entry lock "inoperable" or a dwelling the tenant is "unable to
 * secure".
 */
describe('emergencies said the other way round', () => {
  const winter = { coldSeason: true };
  const levelOf = (text: string) => triageUrgency(text, winter).level;

  it.each([
    'a mover hit the sprinkler head in the corridor and water is coming out',
    'RM 110 - LIFT TRUCK STRUCK FIRE SPRINKLER, DISCHARGING',
    'my bunk ladder knocked the sprinkler in the ceiling and it is dripping now',
  ])('"%s" is an emergency', (text) => {
    expect(levelOf(text)).toBe('emergency');
  });

  it('a lawn sprinkler head the mower hit is not', () => {
    expect(levelOf('the mower hit a sprinkler head on the lawn by the library')).not.toBe('emergency');
  });

  it.each(['thermostat says 50 and it is set to 70, freezing outside', 'our t-stat reads 53 this morning and the heat is on'])(
    '"%s" is a room without heat in winter',
    (text) => {
      expect(triageUrgency(text, winter).reasons.map((r) => r.category)).toContain('cold-inside');
      expect(levelOf(text)).toBe('emergency');
    },
  );

  it('a thermostat set to 55 is a setting, not a reading', () => {
    expect(levelOf('the thermostat is set to 55 and the room is warm')).not.toBe('emergency');
  });

  it.each(['Apartment entry door lockset inoperable, occupant cannot lock the unit', 'tenant unable to secure the apartment, front door deadbolt defective'])(
    '"%s" is an entry that does not secure',
    (text) => {
      expect(triageUrgency(text, winter).reasons.map((r) => r.category)).toContain('entry-not-secure');
      expect(levelOf(text)).toBe('emergency');
    },
  );

  it.each(['the lock on my bedroom door is inoperable', 'cannot lock the bathroom door from inside'])('"%s" stays below an emergency', (text) => {
    expect(levelOf(text)).not.toBe('emergency');
  });
});
