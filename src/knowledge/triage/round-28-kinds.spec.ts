import { triageUrgency } from './urgency-triage';

/**
 * Round 28 (session 28, helper triage25): kinds the unlabelled real requests (read, never copied)
 * and a written set in CMMS, housing-inspector and student styles showed misread. Every wording
 * below was written for this spec. Each case of the first part was read lower before this round,
 * and each near miss of the second part was read as an emergency; readings that must not move, and
 * near misses of this round's new rules, are kept beside them as guards.
 */
describe('triageUrgency on round-28 kinds', () => {
  const winter = { coldSeason: true };
  const level = (text: string) => triageUrgency(text, winter).level;
  const categories = (text: string) => triageUrgency(text, winter).reasons.map((r) => r.category);

  describe('emergencies', () => {
    it.each([
      // An inert gas leaking, or an oxygen monitor alarming, leaves too little oxygen to breathe.
      ['Liquid nitrogen dewar in the cryo room is venting and the oxygen monitor is alarming', 'oxygen-deficiency'],
      ['LN2 FILL LINE LEAKING IN RM 114, O2 SENSOR READING LOW', 'oxygen-deficiency'],
      ['argon leak in the welding shop, the low oxygen alarm went off', 'oxygen-deficiency'],
      // A chlorine smell while people cough is a chemical odor making them sick.
      ['Strong chlorine smell in the pool pump room and the lifeguards keep coughing', 'chemical-odor'],
      // Someone who fainted and does not respond is someone down.
      ["my roommate fainted in the shower and isn't responding", 'person-down'],
      // Heat charring the wall or ceiling around an appliance is a fire starting inside the building.
      ['the wall behind the dryer is charred and hot to the touch', 'heat-scorching'],
      ['CEILING ABOVE PIZZA OVEN SCORCHED AND HOT', 'heat-scorching'],
      // A fire alarm system out of service, or no fire watch, while people are inside.
      ['Fire alarm system out of service at the dormitory tonight, students inside', 'fire-alarm-silent'],
      ['Inspector: fire alarm panel impaired, building occupied, no fire watch.', 'fire-alarm-silent'],
      // Medical gas (oxygen) leaking or its alarm sounding (a second batch of written requests).
      ['the oxygen line at the nurses station is hissing', 'medical-gas-leak'],
      ['MED GAS MASTER ALARM SOUNDING, O2 LOW, 3RD FL WARD', 'medical-gas-leak'],
      // A floor, a porch or stair treads rotted or rusted through give way under people.
      ['the porch floor is rotted through right next to the door', 'structural-collapse'],
      ['back stair treads rusted through, residents still using the stair', 'structural-collapse'],
      // A broken mercury thermometer or manometer is a mercury spill.
      ['we broke a mercury thermometer in room 330', 'hazardous-spill'],
      ['BROKEN MERCURY MANOMETER IN LAB 12', 'hazardous-spill'],
      // Bars on a bedroom window without a release shut the sleeper's way out; a way out padlocked
      // from the outside is still blocked.
      ["the bars on my daughter's bedroom window have no quick release", 'egress-blocked'],
      ['the fire escape door is padlocked from the outside', 'egress-blocked'],
    ])('%s', (text, category) => {
      expect(level(text)).toBe('emergency');
      expect(categories(text)).toContain(category);
    });

    it.each([
      'exposed live wires in the hallway could shock someone',
      'someone tried to break in through our window last night',
      'Owner failed to restore water service to the building',
      'Landlord has not restored heat and the apartment is at 50 degrees',
      'water is pouring from the air handler onto the floor',
      "my roommate collapsed and isn't breathing",
      'STUDENT PASSED OUT IN STAIRWELL, NOT RESPONDING TO STAFF',
      "strong gas smell in the kitchen, it's not the stove",
    ])('%s stays an emergency', (text) => {
      expect(level(text)).toBe('emergency');
    });
  });

  describe('near misses', () => {
    it.each([
      // One piece of equipment without power is a repair, not a building without power.
      'NO POWER TO HP 2-4 IN RM 118',
      'power to the roof unit keeps dropping out',
      'the parking gate has no power',
      // A shock that could happen is a risk to fix the same day, not a shock that happened.
      'the outlet cover is cracked and could shock someone if touched',
      'frayed extension cord may be a shock hazard, we unplugged it',
      // "A break in" a hose or a housing is a crack, not a burglary.
      'there is a break in the dryer vent hose',
      // Air is not water.
      'the shop air compressor is leaking a lot of air at the tank',
      // Water turned off to one appliance on purpose.
      'the ice machine in the break room leaks, water is shut off to it for now',
      // Smoke as a fume hood's test medium, or a smoke break, is no fire.
      "Fume hood failed its face velocity test and won't contain smoke, tagged out",
      'the bench where staff take smoke breaks is broken',
      // A violation the inspector found corrected.
      'No heat violation corrected, heat restored and checked at 68 F',
      // A broken lock on a door that leads only inside the building.
      'Basement door lock is broken, the door only leads to the interior hallway',
      // A gas smell the writer puts down to a vehicle outside is a same-day check.
      'smells like gas outside by the loading dock, probably the delivery truck idling',
    ])('%s is not an emergency', (text) => {
      expect(level(text)).not.toBe('emergency');
    });

    it.each([
      // Equipment that does not respond is no person down.
      'Both elevators are not responding, one went unresponsive an hour ago, nobody inside',
      // Old scorch marks, a calibration, balloons.
      'old scorch marks on the wall behind the stove from last year',
      'Oxygen sensor in the cryo room needs calibration',
      'helium balloons in the lobby are leaking and sagging',
      // A fire alarm out of service with a fire watch posted is covered for now.
      'Fire alarm panel out of service during the upgrade, fire watch posted, building occupied',
      // Labels, a living-room window, an exit door that does not open from the outside.
      'MED GAS OUTLET LABELS FADED IN EXAM 2',
      'bars on the living room window lack a quick release, bedroom windows are fine',
      'the exit door does not open from the outside, which is how it should be',
    ])('%s stays short of an emergency', (text) => {
      expect(level(text)).not.toBe('emergency');
    });

    it('equipment that does not respond beside a fallen tile is no person down', () => {
      expect(categories('CEILING TILE FELL IN RM 12, VAV BOX NOT RESPONDING')).not.toContain('person-down');
    });
  });
});
