import { triageUrgency } from './urgency-triage';

/**
 * Round 31 (session 31, the lead): kinds a fresh blind set (hotel and school logs, technicians'
 * hand-offs, public reviews, homes out of town) showed misread. Every wording here was written for
 * this spec.
 */
describe('triageUrgency on round-31 kinds (the lead)', () => {
  const level = (text: string, coldSeason = true) => triageUrgency(text, { coldSeason }).level;
  const categories = (text: string) => triageUrgency(text, { coldSeason: true }).reasons.map((r) => r.category);

  it.each([
    // A fire alarm panel on battery: "AC" here is mains power, not an air conditioner.
    'the fire alarm panel lost AC power and is running on its standby batteries',
    'FACP in the annex on AC power fail since noon',
    'fire panel on battery backup since the outage, batteries running low',
    // A fume hood that stops while chemicals are out, with the fumes in the room.
    'the fume hood quit halfway through the titration and the lab is filling with acid fumes',
    'HOOD FAN DOWN IN ORGANIC LAB, SOLVENT VAPORS IN THE ROOM',
    'the hood stopped pulling during the experiment, we evacuated the lab',
    // A gas smell is still a gas leak after the caller shut a valve.
    'strong propane smell in the crawlspace, I closed the valve on the tank, what should I do',
    // A basement filling with water.
    'the sump quit in the storm and the basement is filling up, two inches so far',
    // A wire down and live.
    'a limb brought down the wire to the house, it is lying on the lawn and buzzing',
    'the wire from the pole is on the ground in the backyard',
    // A building's detectors taken out and not put back: the building has no detection.
    'every smoke detector in the corridors was pulled down weeks ago and never put back',
    'they removed the smoke detectors throughout the building and the panel shows trouble',
    // Smoke out of an electrical device, whatever was said before it.
    'the last tenant smoked, but now smoke is coming out of the bedroom outlet',
  ])('"%s" is an emergency', (text) => {
    expect(level(text)).toBe('emergency');
  });

  it.each([
    'the blackout curtains in 414 fell off the rod',
    'the class bells ring three minutes late in the science wing',
    'room smells of smoke, the previous guest smoked in there, needs an ozone treatment',
    'honestly this building is a fire trap, hallway lights out and junk in the halls',
    'the spark is gone from this complex since the new owners, my closet door is off its track',
    'gutters full of pine needles and spilling over at the back',
    'the basement is filling up with boxes from the move',
    'the clothesline is lying in the yard',
    'the cable tv wire is lying on the lawn',
    'fume hood failed its annual certification, please schedule a retest',
    'smoke from the neighbours grill floods my balcony every evening',
    'last winter the pipes froze',
    'the smoke detector in the nursery is missing',
    'replace the smoke detectors in the building hallways next month',
  ])('while "%s" is not', (text) => {
    expect(level(text)).not.toBe('emergency');
  });

  it('a shut valve still settles a water leak', () => {
    expect(level('water dripping under the sink, I shut the valve')).toBe('routine');
  });

  it('smoke pouring from a fireplace is the fireplace, not a flood', () => {
    expect(categories('smoke pouring out of the fireplace into the room')).toEqual(['smoke-spilling-indoors']);
  });
});
