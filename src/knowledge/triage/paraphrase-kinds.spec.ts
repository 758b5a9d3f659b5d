import { TriageContext, triageUrgency } from './urgency-triage';

// Round 17 (issue 21): emergencies the triage already caught, told in other words. Each kind is a
// situation (a thing, its state, what is at stake) rather than a phrase, told here in four styles of
// our own (student housing, apartment tenants, a university CMMS in capitals, a city housing-code
// complaint), with the near miss in the same words. None of the tuning requests is copied.
const WINTER: TriageContext = { coldSeason: true };
const level = (text: string, context: TriageContext = WINTER) => triageUrgency(text, context).level;

describe('triage: water heard in a ceiling or wall is a same-day check, unless wetness shows below it', () => {
  it.each([
    'we keep hearing water running above the ceiling in my dorm room all night',
    'Tenant reports the noise of rushing water in the ceiling of the bathroom',
    'BLDG 5 RM 301 - SOUND OF WATER RUNNING ABOVE CEILING TILES',
    'Occupant complains of a constant sound of dripping water inside the ceiling of unit 3C.',
    'the air vent in our suite makes a dripping sound all day',
  ])('"%s" is a same-day check', (text) => {
    expect(level(text)).toBe('urgent');
  });

  it.each([
    'we hear water dripping in the ceiling and now the carpet underneath is wet',
    'BLDG 5 RM 301 - SOUND OF WATER ABOVE CEILING, FLOOR BELOW IS WET',
    'Tenant hears water in the ceiling and there is a puddle on the bedroom floor',
    'the vent is making a dripping sound and the floor under it is wet',
  ])('"%s" is an emergency', (text) => {
    expect(level(text)).toBe('emergency');
  });
});

describe('triage: water coming in from overhead, whatever the outlet is called', () => {
  it.each([
    'water is coming in overhead in our study lounge right now',
    'Tenant says rain is coming in from above in the kitchen',
    'ENGR 2 RM 114 - A/C DIFFUSER DRIPPING WATER INSIDE BLDG',
    'Owner failed to repair: water running out of the air grille in the bedroom ceiling',
    'water is coming down from above onto the stairs of our dorm',
  ])('"%s" is an emergency', (text) => {
    expect(level(text)).toBe('emergency');
  });

  it.each([
    'the AC grille in my dorm room is dusty, can someone clean it',
    'Tenant reports a ceiling diffuser rattles when the heat comes on',
    'ENGR 2 RM 114 - A/C DIFFUSER BLOWING WARM AIR',
    'Owner failed to maintain the bathroom exhaust grille, missing cover',
  ])('"%s" is no emergency', (text) => {
    expect(level(text)).not.toBe('emergency');
  });
});

describe('triage: a storm named as the cause does not date the water still coming in', () => {
  it.each([
    'water is dripping through our dorm ceiling after the storm',
    'after the storm the ceiling in my apartment is leaking into the living room',
    'BLDG 3 RM 210 - WATER COMING THRU CEILING AFTER STORM',
    'Owner failed to maintain roof: water entering the bedroom through the ceiling after the storm',
  ])('"%s" is an emergency', (text) => {
    expect(level(text)).toBe('emergency');
  });

  it.each([
    'the ceiling in our dorm lounge is stained after the storm',
    'Tenant reports water came in under the door after the storm, it is dry now',
    'BLDG 3 - PARKING LOT FLOODED AFTER STORM, NOTHING INSIDE',
    'Owner failed to maintain roof: shingles missing after the storm, no leak inside',
  ])('"%s" is no emergency', (text) => {
    expect(level(text)).not.toBe('emergency');
  });
});
