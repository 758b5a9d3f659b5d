import { triageUrgency } from './urgency-triage';

/**
 * Round 28 (session 28, the lead): false alarms a blind set showed, each written here in new words
 * and read as an emergency before this round, with the readings beside them that must not move.
 */
describe('triageUrgency on round-28 false alarms (the lead)', () => {
  const winter = { coldSeason: true };
  const level = (text: string) => triageUrgency(text, winter).level;

  it.each([
    // A gas burner's flame said to be normal is no fire.
    'the range igniter keeps ticking after the burner lights, the flame looks normal',
    // A lawn sprinkler named after its yard is the grounds crew's, not a flood.
    'back yard sprinkler head cracked, it sprays the walkway every time the timer comes on',
    // A lock that still locks, or a door held by its knob lock, is not an unsecured door.
    'apartment door deadbolt sticks when you turn it, the door still locks though',
    'deadbolt broken off the entry door; the door is locked with the knob for now',
    'worried the deadbolt will jam, it is getting stiff',
  ])('"%s" is not an emergency', (text) => {
    expect(level(text)).not.toBe('emergency');
  });

  it.each([
    'flames coming up from the stove burner onto the cabinet',
    'sprinkler head in the hallway ceiling broke and water is pouring out',
    'front entry door lock is broken and the door will not lock at all',
  ])('while "%s" stays an emergency', (text) => {
    expect(level(text)).toBe('emergency');
  });
});

describe('triageUrgency: scorch marks of an earlier fire (round 28, the lead, after triage25)', () => {
  const level = (text: string) => triageUrgency(text, { coldSeason: true }).level;

  it('"we had a pan fire a few weeks ago, it is out and cleaned, but the wall behind the stove is charred" is not an emergency', () => {
    expect(level('we had a pan fire a few weeks ago, it is out and cleaned, but the wall behind the stove is charred')).not.toBe('emergency');
  });

  it('while a wall charring behind a heater now stays an emergency', () => {
    expect(level('the wall behind the space heater is charred and smoldering')).toBe('emergency');
  });
});
