import { triageUrgency } from './urgency-triage';

/**
 * Kinds read from unlabelled facility requests (session 24: ../shared rows outside both labelled
 * halves), each tested in wordings written for this spec: an amount of water said as "quite a bit"
 * or "a considerable amount" (not a small amount), water that reaches a lower floor or the room
 * below it, water coming from the unit or floor above, and a smell that "smelt" of burning or
 * was typed "buring".
 */
describe('how much water and where it goes', () => {
  const summer = { coldSeason: false };
  const levelOf = (text: string) => triageUrgency(text, summer).level;

  it.each([
    'quite a bit of water is leaking onto the floor from the fan coil',
    'there is a considerable amount of water on the carpet by the AC closet',
    'a significant amount of water on the lab floor under the air handler',
    'found a large amount of water on the floor of the mechanical room this morning',
    'the fan coil in 2B is leaking pretty bad',
    'leaky ceiling over the reception desk, the ac is above it',
  ])('"%s" is an emergency (a lot of water, not a little)', (text) => {
    expect(levelOf(text)).toBe('emergency');
  });

  it.each(['a small amount of water on the floor under the sink', 'a little bit of water on the floor near the fridge'])(
    '"%s" stays below an emergency',
    (text) => {
      expect(levelOf(text)).not.toBe('emergency');
    },
  );

  it.each([
    'the condensate line is leaking and the water is going down to the 2nd floor',
    'AC unit leaking, water coming through to the first floor hallway',
    'leak in the janitor closet, water is running into room 214 which is below it',
    'HOT WATER HEATER IN MECH ROOM LEAKING ON FLOOR',
    'pipe leaking in the janitor closet and it is dripping down into the locker room below',
  ])('"%s" is an emergency (water reaching the floor below)', (text) => {
    expect(levelOf(text)).toBe('emergency');
  });

  it.each(['water is coming from the apartment above us into the bathroom', 'there is water dripping in from the offices upstairs'])(
    '"%s" is water coming from above',
    (text) => {
      expect(levelOf(text)).toBe('emergency');
    },
  );

  it('a drip into the cabinet below a sink is not water reaching the floor below', () => {
    expect(levelOf('the trap is dripping into the cabinet below the sink')).not.toBe('emergency');
  });

  it('a drip from the AC unit above a door is not water from the floor above', () => {
    expect(levelOf('water dripping from the ac unit above the office door')).not.toBe('emergency');
  });

  it('a water stain from a leak upstairs last month stays below an emergency', () => {
    expect(levelOf('water stain on the ceiling from the unit above, leak was fixed last month')).not.toBe('emergency');
  });

  it.each(['buring smell coming out of the breaker room', 'smells like burnig wires in the lobby'])('"%s" is a burning smell, misspelt', (text) => {
    expect(triageUrgency(text, summer).reasons.map((r) => r.category)).toContain('burning-smell');
  });

  it('"smelt" of burning is a burning smell', () => {
    const result = triageUrgency('the copy room smelt like burning plastic when we came in', summer);
    expect(result.reasons.map((r) => r.category)).toContain('burning-smell');
    expect(result.level).toBe('emergency');
  });
});

/**
 * False alarms of the same reading (session 24), in wordings written for this spec: a fountain or
 * pool "shocked" with chlorine, a grease or air line, the lock of a cooler, tiles soiled by a leak
 * that is over, and an equipment controller without power.
 */
describe('words of an emergency that are not one', () => {
  const levelOf = (text: string) => triageUrgency(text, { coldSeason: false }).level;

  it.each([
    'please have the courtyard fountain shocked before the weekend event',
    'pool needs to be shocked, the water is cloudy',
    'broken grease line on the pump motor bearing',
    'air line broken on the compressor in the shop',
    'the lock on the beverage cooler is broken',
    'we need to shock the pool tonight',
    'replace ceiling tiles in the break room, soiled from the old roof leak',
    'we have no power on one of the controllers for the evaporative coolers',
    'the fan coil in 310 has its chilled water valved off because of a bad leak',
    'the ac unit in 204 had a constant stream of water, maintenance looked at it and it has not leaked since',
    'no power to the plaza fountains, the water is turning green',
    'electric shop: power shutdown request for the science building on Saturday, power will be off from 6 to 10 pm',
    'the bottle filler at the main entrance is broken',
    'please fix the entry lock on my unit, I was having trouble unlocking it with my key',
    'the blinds on the patio door are broken',
    'the return air vent in the hallway caved in',
  ])('"%s" is not an emergency', (text) => {
    expect(levelOf(text)).not.toBe('emergency');
  });

  it.each([
    'I got shocked by the light switch in the pool house',
    'water pipe broken behind the washer, water everywhere',
    'front door lock is broken and will not lock',
    'the glass of the front entrance door is shattered',
    'the ceiling in the hallway caved in',
    'ceiling collapsed next to the vent in room 201',
  ])('"%s" still is', (text) => {
    expect(levelOf(text)).toBe('emergency');
  });
});

describe('cold storage said to be "down"', () => {
  const triage = (text: string) => triageUrgency(text, { coldSeason: false });

  it.each(['KITCHEN - WALK IN FREEZER DOWN, FOOD AT RISK', 'the reach-in cooler on the line is dead', 'lab freezer failed overnight'])(
    '"%s" is cold storage out',
    (text) => {
      expect(triage(text).reasons.map((r) => r.category)).toContain('refrigeration-out');
      expect(triage(text).level).toBe('urgent');
    },
  );

  it.each(['evaporative cooler down on the roof', 'the water cooler by the gym is out of order'])('"%s" is not cold storage', (text) => {
    expect(triage(text).reasons.map((r) => r.category)).not.toContain('refrigeration-out');
  });
});

describe('building cooling out, said of the plant or the room', () => {
  const triage = (text: string) => triageUrgency(text, { coldSeason: false });

  it.each(['CHILLER 1 IS DOWN, BUILDING GETTING WARM', 'the rooftop unit failed and the office is hot', 'our classroom is stuffy and warm again'])(
    '"%s" is no cooling',
    (text) => {
      expect(triage(text).reasons.map((r) => r.category)).toContain('no-cooling');
    },
  );

  it('warm water from a fountain is not a room without cooling', () => {
    expect(triage('the drinking fountain water is warm').reasons.map((r) => r.category)).not.toContain('no-cooling');
  });
});

describe('a room the air conditioning keeps too cold', () => {
  const winter = { coldSeason: true };

  it.each([
    'office is far too cold, please turn the AC down',
    'the conference room is freezing, the air conditioning runs all day',
    'classroom is way too cold because it is overcooled',
  ])('"%s" is no heating failure', (text) => {
    expect(triageUrgency(text, winter).reasons.map((r) => r.category)).not.toContain('too-cold');
  });

  it('a freezing apartment in winter still is', () => {
    expect(triageUrgency('our apartment is freezing, please help', winter).reasons.map((r) => r.category)).toContain('too-cold');
  });
});

describe('a building door left open through the night', () => {
  const levelOf = (text: string) => triageUrgency(text, { coldSeason: false }).level;

  it.each(['CARD READER DOWN, DOOR UNLOCKED ALL NIGHT', 'side entrance door was unlocked the whole night', 'the back door stayed open until morning again'])(
    '"%s" is an entry that did not secure',
    (text) => {
      expect(levelOf(text)).toBe('emergency');
    },
  );

  it('an office door unlocked all night stays below an emergency', () => {
    expect(levelOf('my office door was unlocked all night, please check the lock')).not.toBe('emergency');
  });
});
