import { triageUrgency } from './urgency-triage';

/**
 * Round 27 (session 27, the lead): kinds a blind set in residence-hall, campus, housing-code,
 * second-language and answering-service styles showed misread, once every helper's change of the
 * session was in. Every wording below was written for this spec, none is the blind set's. Each case
 * of the first part was read lower before this round, and each near miss of the second part higher;
 * the readings beside them that must not move are kept as guards.
 */
describe('triageUrgency on round-27 kinds', () => {
  const winter = { coldSeason: true };
  const level = (text: string) => triageUrgency(text, winter).level;
  const categories = (text: string) => triageUrgency(text, winter).reasons.map((r) => r.category);

  describe('emergencies', () => {
    it.each([
      // A window someone broke, told in the present tense by a writer of English as a second language.
      ['kids break the window of the first floor laundry room with a ball, glass on the floor', 'ground-floor-window'],
      // Toilet water coming out of a tub or shower drain is sewage backing up.
      ['my son say the toilet water is coming out from the bathtub drain, it smell very bad', 'sewage-backup'],
      ['Dirty toilet water comes out of the shower drain whenever the upstairs unit flushes', 'sewage-backup'],
      // Stairs come away from the structure that holds them.
      ['The stair to the second floor porch is detached from the structure and shifts when you walk on it', 'structural-collapse'],
      // A building's fire alarm that does not sound while people are inside.
      ["Fire alarm horns did not sound during this morning's test and the residents are still in the building", 'fire-alarm-silent'],
      ['Strobes and bells failed to activate when the panel was tested; the hall is occupied overnight', 'fire-alarm-silent'],
      ['The fire alarm system is not working in the theater and we have an audience tonight', 'fire-alarm-silent'],
      // An overhead power line down, whatever it is called, may be live.
      ['the overhead line to the building is lying in the yard after the storm', 'electrical-hazard'],
      ['service drop ripped off the house by the wind', 'electrical-hazard'],
    ])('%s', (text, category) => {
      expect(level(text)).toBe('emergency');
      expect(categories(text)).toContain(category);
    });

    it.each([
      'Somebody break the back window of our ground floor flat tonight and it cannot lock now',
      'Inspector note: rear landing separated from the building framing, stair unsafe',
      'The fire sprinkler head in the hallway ceiling is broken and spraying water everywhere',
      'the entry door will not close or lock at all',
      'rain is pouring in through the broken window onto the carpet',
      'the whole apartment has no power',
      'no heat in the apartment and it is freezing',
      "I am locked in the bathroom and the door won't open",
      'the vent pipe of the water heater came apart from the chimney',
    ])('%s stays an emergency', (text) => {
      expect(level(text)).toBe('emergency');
    });

    it('a vent pipe separated from its chimney is a flue, not a flood', () => {
      expect(categories('the vent pipe over the boiler is separated from the chimney')).toEqual(['flue-disconnected']);
    });
  });

  describe('near misses', () => {
    it.each([
      // A detector or a drill's silence without people named stays same-day.
      'smoke detector in bedroom 2 is not working',
      'The fire alarm did not go off during the drill last week, please check the panel',
      // Smoke or a burning smell that turned out to be someone's cooking.
      'Smelled smoke in the stairwell but it turned out to be somebody burning toast on the 4th floor',
      'Resident smelled something burning, turns out the neighbour was grilling on the balcony',
      // A lawn sprinkler told by the grounds near it.
      'Broken sprinkler head beside the flag pole is spraying water sideways',
      // An entry door that closes with force does close.
      'The front entry door does not close without force, it binds on the frame',
      "building entrance door won't shut without a hard push",
      // Water someone else stopped and mopped up.
      'Caller states the washer flooded the laundry closet, he stopped the machine and mopped up',
      // Rain that reaches only the sill.
      'window in the bedroom leaves a gap and rain gets in onto the sill, second floor',
      // A device without power, or one room while the others have it.
      'The lectern in the auditorium has no power for the microphone',
      'no power in the kitchen only, other rooms are fine',
      // "HVAC not running" in a room the writer calls stuffy is a warm room, not one without heat.
      "HVAC not running in the seminar room, it's stuffy and the students are complaining",
      // Lines that carry no power.
      'the cable tv line is down in the backyard',
      'the phone line is lying on the ground by the fence',
      // A door's lock in a room is no one locked in.
      'The bathroom door lock in our apartment broke and the door will not open, nobody is inside',
    ])('%s is not an emergency', (text) => {
      expect(level(text)).not.toBe('emergency');
    });
  });
});
