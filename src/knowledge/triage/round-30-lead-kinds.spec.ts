import { triageUrgency } from './urgency-triage';

/**
 * Round 30 (session 30, the lead): kinds that paraphrases of labelled emergencies and a fresh blind
 * set showed misread. Every wording here was written for this spec.
 */
describe('triageUrgency on round-30 kinds (the lead)', () => {
  const level = (text: string, coldSeason = true) => triageUrgency(text, { coldSeason }).level;

  // A fire alarm reported as false still needs someone now when it cannot be silenced or reset:
  // the building stays in alarm, people keep leaving, and nothing else it detects can be told apart.
  it.each([
    'FIRE ALARM SOUNDING IN BLDG 7 FOR NO REASON - CANNOT RESET',
    'the smoke alarm in the corridor keeps going off and nobody can get it to stop',
    'fire alarm went off randomly an hour ago and it will not shut off',
    'false alarm in the dorm, fire alarm still going and we are unable to silence it',
  ])('"%s" is an emergency', (text) => {
    expect(level(text)).toBe('emergency');
  });

  it.each([
    'fire alarm went off this morning from burnt toast, it stopped on its own',
    'smoke alarm goes off every time I cook, I cannot find the reset button on it',
    'the fire alarm keeps going off when people shower',
    'fire alarm panel shows trouble and the buzzer will not silence',
  ])('while "%s" is not', (text) => {
    expect(level(text)).not.toBe('emergency');
  });

  // A chat transcript joins the resident's turns with " | ": each turn is a statement of its own.
  it('reads a chat transcript turn by turn', () => {
    expect(level("hello | my son is stuck in the elevator between floors 3 and 4 | he pushed the alarm button | the doors won't open")).toBe('emergency');
  });

  // The building's fire alarm said not to work at all protects no one; one device in one home that
  // does not work, or devices silent in one part of a drill (round 21), is a same-day repair.
  it.each(['the fire alarm for the entire building is not working', 'our fire alarm system is completely dead, the panel screen is blank'])(
    '"%s" is an emergency',
    (text) => {
      expect(level(text)).toBe('emergency');
    },
  );

  it.each([
    'my fire alarm is not working at all',
    'during the monthly drill the bells on the west side never rang',
    'the fire alarm in unit 3 does not work',
    'fire alarm drill scheduled for next week, all horns to be tested',
    'the smoke detector did not sound when I pressed its test button',
    'annual test done, every horn sounded',
    'the car alarm did not go off during the test',
  ])('while "%s" is not', (text) => {
    expect(level(text)).not.toBe('emergency');
  });

  // A resident's emergency call that reaches no one: whatever verb says it calls no one.
  it.each(['the emergency pull cord in 104 does not call the front desk', 'Call button by the bed in room 9 does not reach the nurses station, we checked'])(
    '"%s" is an emergency',
    (text) => {
      expect(level(text)).toBe('emergency');
    },
  );

  it('while a light pull cord that broke is not', () => {
    expect(level('the pull cord of the bathroom light snapped off')).not.toBe('emergency');
  });

  // A drain that fills with water when the neighbours use theirs is a blocked shared line: sewage
  // will come up in this home next.
  it.each([
    'murky water keeps coming up in my bathtub whenever the people upstairs flush',
    'the shower pan fills up every time the neighbours run their washing machine',
  ])('"%s" is an emergency', (text) => {
    expect(level(text)).toBe('emergency');
  });

  // "... and across the floor": where the water went, said of the water before it.
  it('reads water that runs from a heater and across a floor as water on the floor', () => {
    expect(level('water seeping out of the bottom of the tank and across the laundry floor')).toBe('emergency');
  });

  // A repair already made: a plumber who fixed the leak, a valve the tenant shut.
  it.each([
    'Sorry about the flood in your kitchen, a plumber will come tomorrow. Thanks again, the plumber fixed the leak under the sink yesterday',
    'The bathroom faucet snapped and sprayed everywhere, so I shut the valve under the sink and now I have no water in the bathroom',
  ])('"%s" is not an emergency', (text) => {
    expect(level(text)).not.toBe('emergency');
  });

  it.each([
    'the plumber fixed the leak on Monday but now water is pouring from the ceiling again',
    'I shut the valve but the pipe is still gushing water into the hallway',
    'no water anywhere in the apartment since this morning',
  ])('while "%s" is', (text) => {
    expect(level(text)).toBe('emergency');
  });
});
