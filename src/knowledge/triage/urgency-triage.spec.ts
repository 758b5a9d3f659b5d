import { loadTriageRules } from './triage-rules.loader';
import { isColdSeason, TRIAGE_SEVERITY_FLOOR, TriageContext, triageUrgency } from './urgency-triage';

/** Summer unless a test says otherwise, so results do not depend on the day the suite runs. */
const SUMMER: TriageContext = { coldSeason: false };
const WINTER: TriageContext = { coldSeason: true };
const triage = (text: string, context: TriageContext = SUMMER) => triageUrgency(text, context);
const categories = (text: string, context?: TriageContext) => triage(text, context).reasons.map((r) => r.category);

/** Every category a positive example below reaches; checked against the rules file at the end. */
const covered = new Set<string>();

function expectHit(text: string, level: 'emergency' | 'urgent', category: string, context?: TriageContext): void {
  const result = triage(text, context);
  expect({ text, level: result.level }).toEqual({ text, level });
  expect(result.reasons.map((r) => r.category)).toContain(category);
  covered.add(category);
}

// The weather a request tells decides the season over the calendar: a cooling loss "98 out" in a
// January-dated request, no heat "freezing outside" in a July-dated one.
describe('triageUrgency: the weather the request tells', () => {
  it('reads an AC that quit, 98 out, with a frail occupant as an emergency whatever the month', () => {
    const text = 'my mom is 84 and her ac quit, its 98 out today and the apt is at 90 she has heart problems';
    expect(triage(text, WINTER).level).toBe('emergency');
    expect(triage(text, SUMMER).level).toBe('emergency');
  });

  it.each(['the AC quit and there is a heat wave this week', "AC stopped working, it's 95 outside"])(
    '"%s" is same-day work in a January-dated request',
    (text) => {
      expect(triage(text, WINTER).level).not.toBe('routine');
      expect(triage('the AC quit', WINTER).level).toBe('routine');
    },
  );

  it('reads no heat when it is freezing outside as an emergency in a July-dated request', () => {
    expect(triage("no heat in the apartment and it's freezing outside", SUMMER).level).toBe('emergency');
    expect(triage('no heat in the apartment', SUMMER).level).not.toBe('emergency');
  });

  it('never reads the hot water as the weather', () => {
    expect(triage('no heat and the hot water is out too', WINTER).level).toBe('emergency');
  });
});

// Situations a blind set written for the lead found missed (session 17), in other words than its own.
describe('triageUrgency: kinds the blind set of session 17 found', () => {
  it.each([
    ['rock went through our living room window, there is a hole in the glass and we are on the ground floor', 'emergency'],
    ['hole in the bedroom window', 'urgent'],
    ['the shower fills up with dirty water whenever the toilet is flushed', 'emergency'],
    ['tub keeps filling with black water, smells terrible', 'emergency'],
    ['fume hood 3 beeping, low airflow, we were pouring acids', 'emergency'],
    ['fume hood in 112 is beeping', 'urgent'],
  ])('"%s" is %s', (text, level) => {
    expect(triage(text, WINTER).level).toBe(level);
  });

  it.each(['the -80 freezer in 214 reads -35 and rising, alarm going off, patient samples inside', 'lab freezer is at -5 and climbing, vaccines in it'])(
    '"%s" is an emergency: a predicate after "and" goes on with the freezer',
    (text) => {
      expect(triage(text, WINTER).level).toBe('emergency');
    },
  );

  it('does not read a lab cold room as a room without heat', () => {
    expect(categories('the cold room is at 50 and rising', WINTER)).not.toContain('cold-inside');
  });

  it('reads a server room overheating as an emergency in any month', () => {
    const text = 'IDF closet on 2 is at 95 degrees and climbing, switches are overheating';
    expect(triage(text, WINTER).level).toBe('emergency');
    expect(triage(text, SUMMER).level).toBe('emergency');
  });
});

// Spanish as tenants text it (accents typed or not): what each situation is, not its English words.
describe('triageUrgency: Spanish requests', () => {
  it.each([
    'Se tapó el inodoro y el agua se está saliendo',
    'Hay agua saliendo del techo del baño',
    'agua cayendo del techo de la sala',
    'El detector de humo está sonando',
    'La puerta principal no cierra con llave',
    'Se inundó el sótano',
  ])('"%s" is an emergency', (text) => {
    expect(triage(text, WINTER).level).toBe('emergency');
  });

  it.each(['la llave del lavabo gotea', 'el inodoro se tapa a veces', 'la puerta del closet no cierra bien'])('"%s" is not an emergency', (text) => {
    expect(triage(text, WINTER).level).not.toBe('emergency');
  });
});

describe('triageUrgency: life safety', () => {
  it.each([
    ['Strong gassy smell in the office suite after being shut all weekend', 'gas-leak'],
    ['BLDG 4 RM 112 - SMELLS LIKE GAS IN KITCHEN NEAR RANGE', 'gas-leak'],
    ['tenant reports gas leak at the meter behind building C', 'gas-leak'],
    ['rotten egg smell in the basement mechanical room', 'gas-leak'],
    ['huele a gas en la cocina', 'gas-leak'],
    ['CO ALARM GOING OFF IN BEDROOM, TENANT HAS A HEADACHE', 'carbon-monoxide'],
    ['carbon monoxide detector sounding in unit 3B', 'carbon-monoxide'],
    ['carbon monoxide in the apartment, family feels sick', 'carbon-monoxide'],
    ['FIRE ALARM SOUNDING ON 3RD FL, NO DRILL SCHEDULED', 'fire-alarm-sounding'],
    ['smoke detector went off in hallway and will not stop', 'fire-alarm-sounding'],
    ['small fire in the trash chute room, put out by staff', 'fire-smoke'],
    ['SMOKE COMING FROM DRYER VENT - LAUNDRY RM 010', 'fire-smoke'],
    ['flames coming out of the oven', 'fire-smoke'],
    ['burning smell coming from the electrical panel', 'burning-smell'],
    ['RM 220 - SMELL OF BURNT PLASTIC NEAR OUTLET BY DESK', 'burning-smell'],
    ['outlet by the sink is sparking when anything is plugged in', 'electrical-hazard'],
    ['WIRES EXPOSED FROM FIXTURE NEAR STAIRWELL', 'electrical-hazard'],
    ['exposed wiring hanging out of the ceiling in room 1', 'electrical-hazard'],
    ['student got shocked touching the lab bench outlet', 'electrical-hazard'],
    ['switch plate is scorched and warm to touch', 'electrical-hazard'],
    ['power line down across the parking lot after the storm', 'electrical-hazard'],
    ['ceiling collapsed in the storage room', 'structural-collapse'],
  ])('"%s" is an emergency (%s)', (text, category) => expectHit(text, 'emergency', category));
});

describe('triageUrgency: active water and sewage', () => {
  it.each([
    ['BLDG 12 RM 204 - WTR COMING THRU CEILING ONTO DESK', 'water-through-ceiling'],
    ['water standing in a light fixture', 'water-through-ceiling'],
    ['water dripping out of the can light in the kitchen', 'water-through-ceiling'],
    ['CEILING IS STILL LEAKING OVER THE COPIER', 'water-through-ceiling'],
    ['water coming up through the carpet in the lounge', 'water-through-ceiling'],
    ['roof leaking into the classroom onto the desks', 'water-through-ceiling'],
    ['Major water leak from underneath the sink', 'flooding'],
    ['shower flooding into the hallway', 'flooding'],
    ['TOILET OVERFLOWING IN MENS RR 2ND FL', 'flooding'],
    ['pipe burst in the mechanical closet, water everywhere', 'flooding'],
    ['supply line to the toilet broke and is spraying water', 'flooding'],
    ['water pouring from the unit above into 2B', 'flooding'],
    ['sprinkler head went off in corridor B', 'flooding'],
    ['active leak above the server rack', 'flooding'],
    ['laundry room floor is flooded', 'flooding'],
    ['STEAM LEAK MECH ROOM - HEAVY STEAM IN ROOM', 'steam-leak'],
    ['steam blowing out of the pipe in the basement', 'steam-leak'],
    ['standing water in the basement hallway', 'standing-water'],
    ['el inodoro esta tapado y se esta desbordando', 'flooding'],
    ['standing water all over the laundry room floor and it keeps spreading', 'flooding'],
    ['SEWAGE BACKING UP INTO THE SHOWER PAN', 'sewage-backup'],
    ['sewer backup in the floor drain, bad smell', 'sewage-backup'],
    ['toilet backing up into the tub when the washer drains', 'sewage-backup'],
    ['raw sewage on the floor of the janitor closet', 'sewage-backup'],
    ['sewage on the laundry room floor', 'sewage-present'],
    // Issue 21: active water described by where it goes or how much there is.
    ['the wall unit AC is leaking into the bedroom', 'flooding'],
    ['big puddle spreading from under the AC closet', 'flooding'],
    ['we have buckets out to catch the water', 'flooding'],
    ['water dripping from the ceiling, coming from upstairs', 'water-through-ceiling'],
    ['leak in the hallway ceiling over the stairs', 'water-through-ceiling'],
    ['it is raining inside the lab', 'water-through-ceiling'],
    ['there is a leak in the roof over the gym, still dripping', 'water-through-ceiling'],
    ['ceiling tiles soaked and falling in room 12', 'water-through-ceiling'],
    ['lift station pump failed and the pit keeps filling', 'sewage-backup'],
    // Water named as running onto a floor or carpet, or spreading, is active water wherever it comes from.
    ['the window unit is leaking water onto the bedroom floor', 'water-onto-floor'],
    ['AC broken and leaking dirty water onto my carpet', 'water-onto-floor'],
    ['water from the ice machine is spreading across the hallway', 'water-onto-floor'],
    ['steady water coming in from the air vents', 'flooding'],
    ['shower drain leaking into the mail center below', 'flooding'],
    ['OVERHEAD PIPE IN THE CORRIDOR IS BREAKING APART', 'flooding'],
    ['WATER LEAK IN THE BOILER ROOM, LEAK IS SUBSTANTIAL', 'flooding'],
    ['sump pump is leaking badly in the basement', 'flooding'],
    ['water heater burst in the closet', 'flooding'],
    ['water coming out of the wall in the hallway', 'flooding'],
    ['recurring leak over the freezer pools in the next room', 'standing-water'],
    ['leak above the electrical panel in the basement', 'water-through-ceiling'],
  ])('"%s" is an emergency (%s)', (text, category) => expectHit(text, 'emergency', category));

  it.each([
    ['small drip from the ceiling tile in the lobby', 'water-through-ceiling'],
    ['kitchen faucet leaking under the sink', 'minor-leak'],
    ['WATER HEATER LKG IN CLOSET', 'minor-leak'],
    ['carpet soaking wet next to the AC closet', 'minor-leak'],
    ['condensate line dripping onto the mechanical room floor', 'minor-leak'],
    ['a little water running onto the floor by the fountain', 'water-onto-floor'],
    ['the AC has a constant drip from the grille', 'minor-leak'],
    ['the water heater is leaking', 'minor-leak'],
    ['faucet has fallen off the sink in exam room 3', 'fixture-broken-off'],
    ['the gate to the pool will not latch shut', 'pool-barrier-open'],
    ['standing water in the tub, drain will not go down', 'standing-water'],
    // The slow drain is named in another clause than the standing water: the water stands in the fixture.
    ['our shower drain is really slow and the water pools up past my ankles', 'standing-water'],
    ['Bathroom sink drains super slowly, water collecting in the bowl for an hour', 'standing-water'],
    ['the dishwasher leaves the plates dirty and there is standing water in the bottom', 'standing-water'],
    ['kitchen sink backing up', 'sewage-backup'],
    ['sewer smell in the first floor bathroom', 'chemical-odor'],
  ])('"%s" is urgent (%s)', (text, category) => expectHit(text, 'urgent', category));

  // Words of an emergency said of something that is none (found by reading answers to requests written for the check).
  it.each([
    'hot water runs out after 5 minutes in the shower',
    'we run out of hot water really fast',
    'gutters overflowing when it rains',
    'trash room dumpster overflowing again',
    'the shelf in my closet collapsed',
    'hot water smells like rotten eggs',
  ])('"%s" is no leak, flood, collapse or gas', (text) => {
    const found = categories(text, WINTER);
    for (const category of ['minor-leak', 'flooding', 'structural-collapse', 'gas-leak']) expect(found).not.toContain(category);
  });

  it.each([
    ['smell rotten eggs near the water heater', 'gas-leak'],
    ['bathroom ceiling collapsed', 'structural-collapse'],
    ['sink overflowing onto the floor', 'flooding'],
  ])('"%s" still is (%s)', (text, category) => expectHit(text, 'emergency', category));

  // A faucet or shower head that drips is a routine repair, as its diagnosis says ("not urgent");
  // read in answers to an apartment operator's own requests (review 10), where it was urgent.
  it.each([
    'Kitchen faucet is dripping nonstop',
    'Faucet drip',
    'tenant in 305 says the kitchen tap is dripping, wasting water',
    'Dripping shower head in the bathroom',
    'BATH LAV FAUCET DRIPS - RM 214',
    'the showerhead in 4B keeps dripping after you turn it off',
  ])('"%s" is routine: a dripping fixture', (text) => {
    expect(triage(text, WINTER).level).toBe('routine');
  });

  // Water left inside a machine is a machine that does not drain, not water in the building.
  it.each([
    'standing water in bottom of dishwasher',
    "washer won't drain, standing water in the drum",
    'water standing in the washing machine after the cycle',
    'ice machine has standing water in the bin',
  ])('"%s" is routine: the water stands inside the machine', (text) => {
    expect(triage(text, WINTER).level).toBe('routine');
  });

  it.each([
    'standing water on the floor in front of the dishwasher',
    'Washing machine not draining, standing water on the floor around it',
    'standing water in the basement near the washer',
  ])('"%s" stays urgent or worse: the water is on the floor', (text) => {
    expect(triage(text, WINTER).level).not.toBe('routine');
  });

  // The leak of an appliance or an air conditioner goes to its own trade: the reason names none.
  it.each(['dishwasher leaking onto kitchen floor', 'refrigerator leaking water on floor', 'the AC has a constant drip from the grille'])(
    '"%s" is urgent without naming a plumber',
    (text) => {
      const { level, reasons } = triage(text, WINTER);
      expect(level).toBe('urgent');
      expect(reasons.map((r) => r.reason).join(' ')).not.toMatch(/plumber/i);
    },
  );

  it.each([
    ['kitchen faucet leaking under the sink', 'minor-leak'],
    ['faucet dripping and there is a puddle on the floor under the sink', 'minor-leak'],
    ['water dripping from the ceiling above the shower', 'water-through-ceiling'],
  ])('"%s" stays urgent or worse (%s)', (text, category) => {
    expect(categories(text, WINTER)).toContain(category);
    expect(triage(text, WINTER).level).not.toBe('routine');
  });
});

describe('triageUrgency: loss of heat, water and power', () => {
  it.each([
    ['NO HEAT IN APT 3C, TENANT HAS SMALL CHILDREN', 'no-heat'],
    ['furnace not working, house is cold', 'no-heat'],
    ['boiler is down for the whole building', 'no-heat'],
    ['no hay calefaccion', 'no-heat'],
    ['the pipes under the kitchen sink are frozen', 'frozen-pipe'],
  ])('"%s" is an emergency in the cold season (%s)', (text, category) => expectHit(text, 'emergency', category, WINTER));

  it.each([
    // What a thermostat reads is the room's temperature (55 or less is `cold-inside`, session 23): 60 is a cold room.
    ['apartment is freezing, thermostat reads 60', 'too-cold'],
    ['RM 104 - ROOM TEMP 58 DEG', 'too-cold'],
  ])('"%s" is urgent in the cold season and routine otherwise (%s)', (text, category) => {
    expectHit(text, 'urgent', category, WINTER);
    expect(triage(text, SUMMER).level).toBe('routine');
  });

  it('reads lights out across a whole building or floor as a building without power (sixth round)', () => {
    expectHit('the lights went out on the whole 2nd floor of the dorm', 'emergency', 'no-power-wide', SUMMER);
  });

  it('reads an indoor reading of 55°F or less as a room without heat: an emergency in the cold season, urgent outside it', () => {
    expectHit("it's 48 degrees in my apartment", 'emergency', 'cold-inside', WINTER);
    expectHit('BLDG 7 RM 210 - ROOM AT 52F', 'emergency', 'cold-inside', WINTER);
    expectHit("it's 48 degrees in my apartment", 'urgent', 'cold-inside', SUMMER);
    expect(triage('room is 60 degrees', WINTER).level).toBe('urgent');
    expect(categories('the walk-in cooler is at 50 degrees', WINTER)).not.toContain('cold-inside');
  });

  it('reads a whole building or wing at 56-62°F in the cold season as a building without heat (round 19)', () => {
    expectHit('the chiller plant is fine but the whole building is at 60 degrees', 'emergency', 'cold-building', WINTER);
    expectHit('NORTH WING TEMPS 57 DEG THROUGHOUT', 'emergency', 'cold-building', WINTER);
    expect(triage('room is 60 degrees', WINTER).level).toBe('urgent');
  });

  it('reads nothing coming out of any fixture as a unit without water (round 19)', () => {
    expectHit('nothing comes out of the shower, none of the faucets either', 'emergency', 'no-water-every-fixture');
    expectHit('Tenant opened every tap in the unit and nothing came out', 'emergency', 'no-water-every-fixture');
  });

  it('reads a door standing open to a space that must stay secured as an emergency (round 19)', () => {
    expectHit('the pharmacy stock room door is left open, the closer snapped', 'emergency', 'secured-door-open');
    expectHit('HAZMAT STORAGE DOOR STUCK OPEN', 'emergency', 'secured-door-open');
    expect(triage('the office door stays open').level).not.toBe('emergency');
  });

  it('reads an elevator car stopped as same-day, and now with someone inside (round 19)', () => {
    expectHit('ELEVATOR 1 - CAR STUCK AT 2ND FL, DOORS SHUT, PASSENGER INSIDE', 'emergency', 'elevator-car-stopped');
    expectHit('the elevator cab will not move, nobody was riding it', 'urgent', 'elevator-car-stopped');
  });

  it('quotes the reading when a temperature decided', () => {
    expect(triage('TEMP IN SERVER ROOM IS 84 DEGREES').reasons[0].evidence).toBe('84 degrees');
    expect(triage('freezer at 10 degrees').level).toBe('routine');
  });

  it('takes the season from the date when not told: heating season is October to March', () => {
    expect(triage('no heat in unit 4', { now: new Date('2025-01-15T12:00:00Z') }).level).toBe('emergency');
    expect(triage('no heat in unit 4', { now: new Date('2025-07-15T12:00:00Z') }).level).toBe('urgent');
    expect(triage('no heat in unit 4', { now: new Date('2025-07-15T12:00:00Z'), coldSeason: true }).level).toBe('emergency');
    expect([0, 2, 9, 11].map((m) => isColdSeason(new Date(Date.UTC(2025, m, 10))))).toEqual([true, true, true, true]);
    expect([3, 5, 8].map((m) => isColdSeason(new Date(Date.UTC(2025, m, 10))))).toEqual([false, false, false]);
  });

  it.each([
    ['no heat since last night', 'no-heat'],
    ['HEAT NOT WORKING IN OFFICE 210', 'no-heat'],
  ])('"%s" is only urgent outside the cold season (%s)', (text, category) => expectHit(text, 'urgent', category, SUMMER));

  it.each([
    ['NO WATER IN THE WHOLE BUILDING', 'no-water'],
    ['water has been shut off to unit 12 since this morning', 'no-water'],
    ['no hay agua', 'no-water'],
    ['LEVER HALL - RM 4B2 - OUT OF POWER, BREAKER POPPED', 'no-power'],
    ['power is out in apartment 5 and the rest of the building has it', 'no-power'],
    ['no electricity in the unit', 'no-power'],
    ['no power in my apartment since this morning everything is off even the fridge', 'no-power-unit'],
    ['half the building has no power since the storm', 'no-power'],
  ])('"%s" is an emergency (%s)', (text, category) => expectHit(text, 'emergency', category));

  it.each([
    ['no water at the kitchen sink', 'no-water'],
    ['NO HOT WATER IN BLDG C', 'no-hot-water'],
    ['no heat or hot water in building A', 'no-hot-water'],
    ['hot water not working, very cold showers', 'no-hot-water'],
    ['NO POWER IN HALF OF THE OUTLETS IN RM', 'partial-power'],
    ['no power to the refrigerator', 'partial-power'],
    ['the outlets on the side of the room with the beds have stopped working', 'partial-power'],
    ['GFCI keeps tripping in the bathroom', 'partial-power'],
    ['AC NOT WORKING IN RM 216', 'no-cooling'],
    ['very warm in the classroom, a group is meeting there now', 'no-cooling'],
    ['TEMP IN SERVER ROOM IS 84 DEGREES', 'no-cooling'],
    ['no air coming out of the vents in the auditorium', 'no-cooling'],
    ['walk-in cooler not cold, food at risk', 'refrigeration-out'],
    ['undercounter refrigerator temping at 56', 'refrigeration-out'],
  ])('"%s" is urgent (%s)', (text, category) => expectHit(text, 'urgent', category));

  it('counts a broken air conditioner as routine in the cold season', () => {
    expect(triage('AC NOT WORKING IN RM 216', WINTER).level).toBe('routine');
  });
});

describe('triageUrgency: security and elevators', () => {
  it.each([
    ['front door lock is broken, cannot lock the apartment', 'entry-not-secure'],
    ['TERRACE DOOR TO OUTSIDE WILL NOT LATCH CLOSED', 'entry-not-secure'],
    ['main entrance door kicked in overnight', 'break-in'],
    ['main entrance door will not lock', 'entry-not-secure'],
    ['vandals smashed the lobby glass door', 'entry-not-secure'],
    ['deadbolt broke on unit 14, tenant cannot secure it', 'lock-broken'],
    ['someone broke into the storage units last night', 'break-in'],
    ['ground floor window shattered in bedroom 2', 'ground-floor-window'],
    ['1ST FL WINDOW WILL NOT LOCK IN OFFICE 104', 'ground-floor-window'],
    ['PERSON STUCK IN ELEVATOR 2 BETWEEN FLOORS', 'elevator-entrapment'],
    ['elevator stuck with a student inside', 'elevator-entrapment'],
    ['passengers trapped in the freight elevator', 'elevator-entrapment'],
    // Round 10: the writer inside a car that will not move, in a clause of its own.
    ["elevator doors closed and it won't move, I'm inside calling from my phone", 'elevator-stopped-occupied'],
    ['the lift will not budge and my mom is inside', 'elevator-stopped-occupied'],
  ])('"%s" is an emergency (%s)', (text, category) => expectHit(text, 'emergency', category));

  it.each(["the elevator won't move, nobody inside", 'elevator froze on 5 again, empty'])('an empty car that will not move ("%s") is no entrapment', (text) => {
    expect(triage(text).level).not.toBe('emergency');
  });

  it.each([
    ['front door not closing properly, has to be pulled hard', 'entry-not-secure'],
    ['bedroom door does not latch', 'door-not-secure'],
    ['WINDOWS IN BEDROOM 1 DO NOT LOCK', 'door-not-secure'],
    ['KEY CARD ACCESS READER IS NOT WORKING TO SUITE 130', 'door-not-secure'],
    ['window in 3rd floor lounge is broken', 'broken-window'],
    ['ELEVATOR OUT OF SERVICE IN TOWER B', 'elevator-out'],
    // Someone outside a door that still locks is a same-day call, not an emergency: the labelled real
    // requests call lockouts urgent, and flagging them cost emergency precision (BENCHMARKS.md, issue 21).
    ['TENANT LOCKED OUT OF APT 2B', 'lockout'],
    ['resident cannot get into her room, key will not turn', 'lockout'],
    ['I got locked out of my dorm room', 'lockout'],
    // A keypad that does not read is an access reader (still locked), not a broken lock (cannot be secured).
    ["the gate code keypad isn't working", 'door-not-secure'],
    ['keypad on the side door is dead', 'door-not-secure'],
  ])('"%s" is urgent (%s)', (text, category) => expectHit(text, 'urgent', category));

  it.each([
    ['the fire alarm went off because of burnt popcorn, everything is fine now', 'fire-alarm-sounding'],
    ['someone pulled the fire alarm last night as a prank', 'fire-alarm-sounding'],
  ])('"%s" is a nuisance alarm, urgent rather than an emergency (%s)', (text, category) => expectHit(text, 'urgent', category));
});

describe('triageUrgency: same- or next-day items', () => {
  it.each([
    ['toilet clogged in apartment 4', 'toilet-out-of-order'],
    ['URINAL WILL NOT FLUSH', 'toilet-out-of-order'],
    ['exit sign out above stair 2', 'life-safety-device'],
    ['REPAIR EXIT LIGHT NEAR PANEL M', 'life-safety-device'],
    ['emergency egress lights failed during testing', 'life-safety-device'],
    ['smoke detector chirping, needs battery', 'life-safety-device'],
    ['fire door in the basement did not close during the drill', 'life-safety-device'],
    ['fume hood exhaust is not running in lab 204', 'life-safety-device'],
    ['fire extinguisher missing from hallway cabinet', 'life-safety-device'],
    ['drywall on the ceiling is coming down', 'structural-hazard'],
    ['a tree has fallen partly on the sidewalk', 'structural-hazard'],
    ['bed bugs in room 301', 'pests-urgent'],
    ['wasp nest by the back entrance', 'pests-urgent'],
    ['strong chemical smell in the lab corridor', 'chemical-odor'],
    ['exhaust fan on the fume hood making a loud noise, needs immediate repair', 'caller-says-urgent'],
    ['lost keys to apartment 6', 'lost-key'],
  ])('"%s" is urgent (%s)', (text, category) => expectHit(text, 'urgent', category));
});

describe('triageUrgency: CMMS shorthand and misspellings', () => {
  it.each([
    ['BLDG 7 RM 110 - ELEC PANEL SPARKING ACCT:14-101-7013', 'emergency', 'electrical-hazard'],
    ['SIRRINE - LADIES RR ON 1ST FL - FL IS FLODDED FROM LEAK', 'emergency', 'flooding'],
    ['RHODES ANNEX - 1ST FL MENS RR TOLIET OVERFLOWNG', 'emergency', 'flooding'],
    ['DOUTHIT-E-316/ WTR LKG FROM CIELING A/C VENT', 'emergency', 'water-through-ceiling'],
    ['HUNTER - ELEVATER STUCK BETWEEN FLOORS W/ 2 PEOPLE', 'emergency', 'elevator-entrapment'],
    ['OUTLET SPARKIN BEHIND DESK', 'emergency', 'electrical-hazard'],
    ['BLDG C APT 4 - W/H LKG IN CLOSET ONTO FLR', 'urgent', 'minor-leak'],
    ['MCCABE - RM 216 - A/C NOT WORKING', 'urgent', 'no-cooling'],
    ['DOUTHIT G: 433 - NO PWR TO OUTLETS IN BDRM', 'urgent', 'partial-power'],
    ['TILLMAN - 2ND FL MENS RR - TLT CLOGGED', 'urgent', 'toilet-out-of-order'],
  ] as const)('"%s" is %s (%s)', (text, level, category) => expectHit(text, level, category));
});

describe('triageUrgency: other ways of writing the same emergencies (third round)', () => {
  it.each([
    ['there is water coming out of the ac vent in suite 5', 'water-through-ceiling'],
    ['drops coming down, dripping from the air vent onto the desk', 'water-through-ceiling'],
    ['RM 118 - LEAK ABOVE CEILING OVER THE PRINTER', 'water-through-ceiling'],
    ['ceiling tile over the sink is soggy', 'water-through-ceiling'],
    ['buckets placed under the drip in the corridor', 'flooding'],
    ['LEAKING ROOF IN THE GYM', 'water-through-ceiling'],
    ['water running down the wall of the stairwell', 'flooding'],
    ['water seeping from under the wall by the lockers', 'flooding'],
    ['wall outlet is hot to the point you cannot touch it', 'electrical-hazard'],
    ['breaker in the panel overheating', 'electrical-hazard'],
    ['dirty water bubbling up in the shower when the washer drains', 'sewage-backup'],
    ['water backing up out of the floor drain in the laundry', 'sewage-backup'],
    ['visitor trapped in the wheelchair lift', 'elevator-entrapment'],
    ['water is out in the whole dorm', 'no-water'],
    ['back entrance door stays unlocked all night', 'entry-not-secure'],
    ['I cannot lock my apartment door', 'entry-not-secure'],
    ['DOOR TO BLDG WILL NOT CLOSE', 'entry-not-secure'],
  ])('"%s" is an emergency (%s)', (text, category) => expectHit(text, 'emergency', category));

  it('reads outlets and lights out together, even in separate clauses, as a room without power', () => {
    const whole = triage('no power at the outlets in my bedroom and the lights are not working either');
    expect(whole.level).toBe('emergency');
    expect(whole.reasons[0]).toMatchObject({ category: 'partial-power', reason: expect.stringContaining('Outlets and lights out together') });
    expect(triage('SUITE 3 - RECEPTACLES DEAD, LIGHTS OUT').level).toBe('emergency');
    // One kind, even named twice or with its breaker, stays one circuit.
    expect(triage('outlet by the sink not working, breaker tripped').level).toBe('urgent');
    expect(triage('outlets not working. the outlets by the window also not working').level).toBe('urgent');
    expect(triage('lights not working in the stairwell').level).toBe('urgent');
  });

  it.each([
    ['HEATING SYSTEM DOWN IN THE ANNEX', 'no-heat'],
    ['the heat went out overnight', 'no-heat'],
    ['our furnace stopped working', 'no-heat'],
  ])('"%s" is an emergency in the cold season (%s)', (text, category) => expectHit(text, 'emergency', category, WINTER));

  it.each([
    ['the AC has a constant drip from the grille'],
    ['water out of the bathroom faucet looks brown'],
    ['unable to lock the supply closet door'],
    ['please lock the storage room door at night'],
    ['the outlet near the hot water heater needs a cover'],
  ])('"%s" is not an emergency', (text) => {
    expect(triage(text, WINTER).level).not.toBe('emergency');
  });
});

describe('triageUrgency: negation, context and planned work', () => {
  it.each([
    ['overhead light has burned out'],
    ['bulb burned out in the hall light'],
    ['RHODES ANNEX - REPLACE 2 BURNT OUT SCONCE LIGHTS 1ST FL HALLWAY'],
    ['remove old stickers from the entrance doors'],
    ['couch could use cleaning'],
    ['low branches need trimming'],
    ['no gas smell, just checking the stove burner'],
    ["I don't smell gas anymore, the leak was fixed"],
    ['not leaking anymore, please patch the ceiling'],
    ['the faucet is no longer dripping'],
    ['no smoke or fire, the alarm panel shows a trouble light'.replace('trouble light', 'normal status')],
    ['fire extinguisher inspection for building A'],
    ['FIRE ALARM TEST SCHEDULED FOR 8/20 - ALARMS WILL SOUND'],
    ['smoke detector test in all units'],
    ['paint the fire door in stair 3'],
    ['touch up paint around the sign by the elevator'],
    ['provide estimate to replace carpet in suite 100'],
    ['quote for a new water heater, current one works'],
    ['install new light switch in office 110'],
    ['preventive maintenance on rooftop units'],
    ['replace ceiling tiles that were ruined by a leak at some point'],
    ['ceiling corner looks like there is old water damage'],
    ['flood light out on the north side of the building'],
    ['DOOR TO ROOM 12 IS DRAGGING - ADJUST HINGE'],
    ['key request for new hire, 2 keys'],
    ['missing fire evacuation sticker on door'],
    ['the mechanical room has a horrible smell, maybe something dead'],
    ['WILBUR O. & ANN POWERS CO... - RM 140 - REPLACE WHITEBOARD'],
    ['elevator lobby carpet needs shampooing'],
    ['bees painted on the mural are peeling'],
    ['lawn sprinkler broken by the soccer field'],
  ])('"%s" is routine', (text) => {
    expect(triage(text)).toEqual({ level: 'routine', reasons: [] });
  });

  it('keeps the negated complaint out but the next one in', () => {
    expect(categories('no gas smell; the kitchen ceiling is leaking onto the floor')).toEqual(['water-through-ceiling']);
    expect(categories('toilet not flushing, water overflowing onto the floor')).toContain('flooding');
  });

  it('lets planned work lower a level by one step, so it is never an emergency', () => {
    expect(triage('provide estimate to repair exposed wiring in the garage').level).toBe('urgent');
    expect(triage('installation of new smoke detectors where the old ones are missing').level).toBe('routine');
    expect(triage('repaint back wall from flood damage').level).toBe('routine');
  });

  it('reads a fire reported as out as urgent, and a fire not yet out as an emergency', () => {
    expect(triage('the fire is out but there is smoke damage in the kitchen').level).toBe('urgent');
    expect(triage('small fire in the trash chute room, still smoking').level).toBe('emergency');
  });

  it('treats a leak that is active again as active despite old damage', () => {
    expect(triage('stained ceiling tile is leaking again over desk 4').level).toBe('emergency');
  });
});

describe('triageUrgency: a place said between the thing and what is wrong with it', () => {
  it.each([
    ['the heat in our apartment has been off since yesterday', 'no-heat'],
    ['the heater in my bedroom has been off all day and it is freezing', 'no-heat'],
    ['the toilet in the 2nd floor restroom is overflowing into the hall', 'flooding'],
    ['the door to our suite will not lock', 'entry-not-secure'],
  ])('"%s" is read as if the place came last', (text, category) => {
    expect(categories(text, WINTER)).toContain(category);
    expect(triage(text, WINTER).level).toBe('emergency');
  });

  it('keeps the place in the clause, so a machine named there still rules the heat out', () => {
    expect(triage('the heat in the dryer has been off since yesterday', WINTER).level).toBe('routine');
    expect(triage('the heating element in the dryer is not working', WINTER).level).toBe('routine');
  });

  it('moves nothing when the word before the place is not a subject', () => {
    expect(triage('I was in the kitchen and the heat is fine', WINTER).level).toBe('routine');
  });
});

describe('triageUrgency: a predicate said after "and" without its subject', () => {
  it('reads "is sagging and looks wet" as one complaint about the ceiling', () => {
    expectHit('a piece of the ceiling in the bathroom is sagging and looks wet', 'emergency', 'water-through-ceiling');
    expect(triage('the ceiling in the hallway is sagging and looks old').level).not.toBe('emergency');
  });

  it('reads "runs but blows cold air" as the furnace blowing cold air', () => {
    expectHit('furnace runs but blows cold air', 'emergency', 'no-heat', WINTER);
  });

  it('does not join over an adverb that a subject of its own follows', () => {
    expect(triage('Power went out and came back on, but now the outlet is smoking').level).toBe('emergency');
  });

  it('does not join a clause that has a subject of its own', () => {
    expect(categories('the ceiling fan is wobbly and the sink drips')).not.toContain('water-through-ceiling');
  });
});

describe('triageUrgency: same-day hazards told by their consequence', () => {
  it.each([
    ['fridge stopped cooling, food going bad', 'refrigeration-out'],
    ['our freezer quit working over the weekend', 'refrigeration-out'],
    ['icy steps at the back entrance, someone slipped this morning', 'slip-hazard'],
    ['a student slipped on ice by the dorm entrance', 'slip-hazard'],
    ['dryer vent clogged, dryer very hot', 'dryer-overheating'],
    ['the dryer in the laundry room gets way too hot to touch', 'dryer-overheating'],
  ])('"%s" is urgent', (text, category) => {
    expectHit(text, 'urgent', category);
  });

  it('reads a stove or oven that will not turn off as a fire risk', () => {
    expectHit("The oven won't turn off, even with the knob off", 'emergency', 'cooking-appliance-stuck-on');
    expectHit('back burner on the stove is stuck on high', 'emergency', 'cooking-appliance-stuck-on');
    expect(categories('the oven will not turn on')).not.toContain('cooking-appliance-stuck-on');
  });

  it('leaves the same things alone when nothing is at risk', () => {
    expect(categories('dryer not getting hot at all')).not.toContain('dryer-overheating');
    expect(categories('ice maker in the freezer stopped making ice')).not.toContain('slip-hazard');
    expect(categories('fridge handle came off')).not.toContain('refrigeration-out');
  });

  it('reads a stained ceiling with a possible leak above as urgent, not as water coming through', () => {
    expect(triage('ceiling tile stained, possible leak above').level).toBe('urgent');
  });
});

describe('triageUrgency: a drain that fills a fixture', () => {
  it('reads a tub or shower filling up from its drain as sewage backing up', () => {
    expectHit('the tub is slowly filling with water from the drain when the neighbors shower', 'emergency', 'sewage-backup');
    expectHit('our shower keeps filling up through the drain', 'emergency', 'sewage-backup');
  });

  it('leaves a fixture filling from its faucet alone', () => {
    expect(categories('the tub fills very slowly from the faucet')).not.toContain('sewage-backup');
  });
});

describe('triageUrgency: fourth round (whole floors without water, heat named with the hot water, fire protection down)', () => {
  it.each([
    ['no water to any of the sinks or toilets on the third floor', 'no-water-wide'],
    ['water is pouring out of the floor drain by the laundry', 'sewage-backup'],
    ['the electrical panel feels hot', 'electrical-hazard'],
    // CMMS shorthand and the words a facility uses for the same emergencies.
    ['NG SMELL IN THE DINING HALL KITCHEN', 'gas-leak'],
    ['the outlet behind the printer is arcing', 'electrical-hazard'],
    ['ARCING AT THE 2ND FL PANEL', 'electrical-hazard'],
    ['SANITARY LINE BACKED UP IN THE BASEMENT', 'sewage-backup'],
    ['DOMESTIC WATER OUT AT THE REC CENTER', 'no-water'],
    ['standing water in the elevator pit of car 2', 'flooding'],
    ['LOADING DOCK ROLL UP DOOR WILL NOT CLOSE', 'entry-not-secure'],
    ['card reader door on the east side stays open', 'entry-not-secure'],
    ['we have no hot or cold water in the apartment', 'no-water-hot-or-cold'],
  ])('"%s" is an emergency (%s)', (text, category) => expectHit(text, 'emergency', category, SUMMER));

  it.each([
    ['NO HOT WATER OR HEAT IN DORM WING B', 'no-heat-or-hot-water'],
    ['hot water or heat out since last night', 'no-heat-or-hot-water'],
  ])('"%s" is an emergency in the cold season (%s)', (text, category) => expectHit(text, 'emergency', category, WINTER));

  it.each([
    ['fire pump is not running after the storm', 'life-safety-device'],
    ['FA PANEL TROUBLE IN BLDG 7', 'life-safety-device'],
    // Session 31: a septic high-water alarm, and a wood stove smoking into the room.
    ['the septic alarm is buzzing in the yard', 'septic-alarm'],
    ['the fireplace is smoking into the living room', 'smoke-spilling-indoors'],
  ])('"%s" is urgent (%s)', (text, category) => expectHit(text, 'urgent', category));

  // A fire alarm or sprinkler system said to be down or impaired cannot protect the building (session 29:
  // three blind sets written by different hands labelled it an emergency; a trouble light alone stays urgent).
  it.each([
    ['FIRE ALARM SYSTEM DOWN IN BLDG 12', 'fire-system-impaired'],
    ['sprinkler system impaired on the 4th floor', 'fire-system-impaired'],
    ['CO DETECTOR - 60 PPM - MECH ROOM 2', 'carbon-monoxide-reading'],
    // Session 30: the whole building's alarm said not to work at all, in a tenant's words.
    ['the fire alarm in our building does not work at all', 'fire-alarm-down'],
    // Session 31: a fume hood stopped with fumes in the room.
    ['the fume hood stopped and the lab is filling with solvent fumes', 'fume-hood-failed-with-fumes'],
  ])('"%s" is an emergency (%s)', (text, category) => expectHit(text, 'emergency', category));

  it.each([
    ['we need a sink with hot and cold water plumbed into the new lab'],
    ['no hot water in the shower but the heat works'],
    ['no water at the drinking fountain by the gym'],
    ['the breaker panel needs new labels'],
    ['water in the sump pit is at the normal level'],
    ['the loading dock door squeaks when it closes'],
    ['please add security fencing around the gates at the arc building'],
    ['the autoclave in the prep room is not heating'],
  ])('"%s" is not an emergency', (text) => {
    expect(triage(text, WINTER).level).not.toBe('emergency');
  });

  it('reads heat named with the hot water as no heat only in the cold season', () => {
    expect(triage('hot water or heat out since last night', SUMMER).level).not.toBe('emergency');
  });
});

describe('triageUrgency: what a same-day situation endangers raises it (at_stake), a central utility lost', () => {
  it.each([
    ['IT closet AC is down and the servers are overheating', 'no-cooling'],
    ['no air conditioning in the animal room, temperature climbing', 'no-cooling'],
    ['AC broken, my grandmother is on oxygen and it is 91 degrees in here', 'no-cooling'],
    ['walk-in freezer in the lab is warming up, the specimens are inside', 'refrigeration-out'],
    ['vaccine fridge in the clinic is not cold', 'refrigeration-out'],
    ['fume hood not pulling and we are working with acids', 'life-safety-device'],
    ['med room door will not lock, narcotics inside', 'door-not-secure'],
    ['cash office door will not lock', 'door-not-secure'],
    ['locked out and my baby is inside', 'lockout'],
    ['deck railing is loose on the third floor balcony', 'structural-hazard'],
    ['bricks coming off the chimney above the porch', 'structural-collapse'],
    ['icy ramp by the library, people keep slipping', 'slip-hazard'],
    ['chilled water outage at the research building', 'utility-outage'],
    ['we lost steam to the whole east wing', 'utility-outage'],
    ['the mechanical room is full of steam', 'steam-leak'],
  ])('"%s" is an emergency (%s)', (text, category) => expectHit(text, 'emergency', category));

  it.each([
    // The same situations with nothing said to be at stake, or the harm not under way, stay same-day.
    'TEMP IN SERVER ROOM IS 84 DEGREES',
    'the server room AC is not working, please send HVAC',
    'AC broken in my apartment, it is 85 degrees',
    'the break room freezer is warming up',
    'fume hood is not working in room 210',
    'office door will not lock',
    'locked out of my room, the key does not turn',
    'handrail on the stairs is loose',
    'icy steps at the back entrance, someone slipped this morning',
    // A utility outage asked for, planned or over; a fireplace that smokes when lit.
    'request a steam outage to replace the valve in the mech room',
    'planned chilled water outage Tuesday morning',
    'steam trap leaking in the mechanical room',
    'the fireplace smokes a bit when we first light it',
    'paint chips falling from the ceiling in the closet',
  ])('"%s" is not an emergency', (text) => {
    expect(triage(text).level).not.toBe('emergency');
  });

  it('reads a storey typed with digits as a place, not as the floor a puddle would be on', () => {
    expect(triage('no water on the 3rd floor').level).toBe('emergency');
    expect(triage('!! no water on floors 3 thru 6').level).toBe('emergency');
    expect(triage('NO WATER - 2ND FL').level).toBe('emergency');
    expect(triage('no water on the floor, the leak under the sink is gone').level).not.toBe('emergency');
    expect(triage('no water on the floor 2 days after the repair').level).not.toBe('emergency');
  });

  it('reads a gas leak told with "can" after it, a sinkhole, and equipment overheating without cooling', () => {
    expectHit('my stove is leaking gas i can hear it hissing', 'emergency', 'gas-leak');
    expectHit('sinkhole opened in the parking lot', 'emergency', 'structural-collapse');
    expectHit('IDF 3 CLOSET - AC FAILED, SWITCHES OVERHEATING', 'emergency', 'no-cooling');
  });

  it('reads a leak that "is fixed" as over, and an oven smoking on its cleaning cycle as no fire', () => {
    expect(triage('Roof leak in storage room is fixed, tile needs replacing').level).not.toBe('emergency');
    expect(triage('the roof leak in the storage room is pouring again').level).toBe('emergency');
    expect(triage('the oven smokes a little when cleaning, is that normal').level).not.toBe('emergency');
    expect(triage('the oven is smoking and the kitchen is filling with smoke').level).toBe('emergency');
  });

  it('reads water reaching an elevator shaft or electrical equipment as an emergency, a plain puddle not', () => {
    expectHit('relief valve on the water heater discharging, water on the floor and into the elevator shaft', 'emergency', 'minor-leak');
    expect(triage('relief valve on the water heater is dripping, a little water on the floor').level).not.toBe('emergency');
  });

  it('reads a sewage backup into sinks as sewage, a backed-up kitchen sink as a same-day visit', () => {
    expect(triage('toilets in the restroom are backing up into the sinks').level).toBe('emergency');
    expect(triage('the kitchen sink is backing up').level).not.toBe('emergency');
  });

  it('reads a pole or wall about to fall onto a walkway as an emergency, one leaning over a lawn as same-day', () => {
    expectHit('LIGHT POLE LEANING, ABOUT TO FALL ONTO WALKWAY', 'emergency', 'structural-hazard');
    expectHit('the fence in the back yard is leaning', 'urgent', 'structural-hazard');
  });

  it('reads a few drops from a diffuser as a same-day visit, water pouring from it as an emergency', () => {
    expect(triage('Condensation drips from the supply diffuser in room 140 on humid days, a few drops.').level).not.toBe('emergency');
    expect(triage('condensation pouring from the supply diffuser in the conference room').level).toBe('emergency');
  });

  it('reads water from an AC onto a bed, a desk or computers, or getting on the floor, as an emergency', () => {
    expectHit('!! water dripping out of the AC return grille onto the bed', 'emergency', 'minor-leak');
    expect(triage('the AC in our suite is pouring water out of the bottom and it is getting on the floor of both rooms').level).toBe('emergency');
    expect(triage('the AC drips a little into the pan, please check the drain line').level).not.toBe('emergency');
  });

  it('reads "no water comes out" in a request about an AC unit as the unit, not the water supply', () => {
    expect(triage('the AC unit makes a dripping sound inside but no water comes out').level).not.toBe('emergency');
    expect(triage('I turned on the tap and no water comes out, the whole apartment is dry').level).toBe('emergency');
  });

  it('reads a door that will not open from inside as someone shut in, a stiff lock not', () => {
    expectHit('DOOR HANDLE CAME OFF, DOOR WILL NOT OPEN FROM INSIDE', 'emergency', 'lockout');
    expect(triage('the door lock is hard to open from inside').level).not.toBe('emergency');
  });

  it('reads water bubbling up through pavement as a main break, and water onto a fridge shelf as no collection at risk', () => {
    expectHit('WATER BUBBLING UP THROUGH ASPHALT IN LOT R2, LARGE AMOUNT', 'emergency', 'flooding');
    expect(triage('the fridge is dripping water from the ice maker onto the shelf').level).not.toBe('emergency');
    expectHit('the pipe in the storage room is leaking onto the archives', 'emergency', 'minor-leak');
  });

  it('gives a storey typed with digits no room in a phrase gap', () => {
    expectHit('fire door at the end of the 3rd floor hallway is always propped open', 'urgent', 'life-safety-device');
  });

  it('says what is at stake in the reason', () => {
    expect(triage('IT closet AC is down and the servers are overheating').reasons[0].reason).toMatch(/equipment, animals, samples or a vulnerable person/);
  });

  it('has a positive example of each category added in round 25', () => {
    expectHit('resident fell in the hallway and cannot get up', 'emergency', 'person-down');
    expectHit('nurse call button in 204 is not working, nobody answered it', 'emergency', 'emergency-call-failed');
    expectHit('the memory care exit door alarm is not going off when the door opens', 'emergency', 'wander-risk');
    expectHit('wind tore off the roof membrane on building 3, the deck is exposed', 'emergency', 'roof-open');
    expectHit('the shop is wide open to the street after the glass got smashed', 'emergency', 'building-open');
    expectHit('elevator stops two inches above the floor in the lobby', 'urgent', 'elevator-misleveling');
    expectHit('window sash in the nursery falls out of the frame, baby sleeps there', 'emergency', 'window-fall-risk');
    expectHit('locked out and my toddler is inside by herself', 'emergency', 'child-locked-in');
  });

  it('has a positive example of each category added in round 26', () => {
    expectHit('there is no hot water and also no cold water anywhere in the unit', 'emergency', 'no-cold-water-either');
    expectHit('the shut off valve spins and the hose behind the washer keeps leaking', 'emergency', 'leak-not-stopping');
    expectHit('the outlet my father’s oxygen concentrator runs on went dead', 'emergency', 'medical-equipment-power');
    expectHit('hallway ceiling is drooping and a crack is opening across it', 'emergency', 'ceiling-giving-way');
  });

  it('has a positive example of each category added in round 27', () => {
    expectHit('the horns of the fire alarm never went off during the test and the dorm is full of students', 'emergency', 'fire-alarm-silent');
  });

  it('has a positive example of each category added in round 28', () => {
    expectHit('the helium line in the magnet lab is leaking and the oxygen alarm is sounding', 'emergency', 'oxygen-deficiency');
    expectHit('the drywall above the space heater is charred and smoldering', 'emergency', 'heat-scorching');
    expectHit('the oxygen manifold in the clinic basement is leaking', 'emergency', 'medical-gas-leak');
  });

  it('does not call a nest outdoors a pest inside', () => {
    const outdoors = triage('yellow jackets built a nest in the ground next to the playground fence');
    expect(outdoors.level).toBe('urgent');
    expect(outdoors.reasons[0].reason).toMatch(/a nest or swarm of stinging insects/);
    expect(triage('a bat is flying around inside the stairwell').reasons[0].reason).toMatch(/inside/);
  });
});

// Round 13 (issue 21): residents and tenants tell an emergency by its consequence, and name hazards
// that are not under way. Each kind found on requests of our own, tested here in other words.
describe('triageUrgency: consequences residents and tenants tell (round 13)', () => {
  it.each([
    // A lack of water told by who has none or by what the taps do, its scope in another clause.
    ['nobody in the whole dorm has water this morning', 'no-water-wide'],
    ['no one on the second floor has water', 'no-water-wide'],
    ['the sinks on our floor only sputter air, the whole floor has nothing', 'no-water'],
    // An alarm sounding while people feel what carbon monoxide does, whatever the alarm is called.
    ['some alarm is beeping in the hall and my roommate feels lightheaded and nauseous', 'alarm-with-symptoms'],
    ['the detector keeps going off and we all have headaches', 'alarm-with-symptoms'],
    // A child named by age behind a locked door; "locked myself out".
    ['locked out of unit 2C, my 18 month old is inside', 'lockout'],
    ['I locked myself out and my daughter is in there alone', 'lockout'],
    ['we cannot get the front door to unlock and our 2 year old is inside', 'lockout'],
    ['I shut the apartment door and it locked, my baby is in there alone', 'lockout'],
    ['none of the taps in our unit work, the toilet does not fill either', 'no-water-wide'],
    ['the deck stairs are sagging and one tread split, we cannot get down safely', 'structural-hazard'],
    ['the janitor closet smells of chemicals and the custodian feels sick', 'chemical-odor'],
    // A fixture named as a landmark says where, not what leaks.
    ['water keeps coming out of the wall by the drinking fountain in the lobby', 'flooding'],
    // A device that caught fire stays a hazard once the flames are out.
    ['the outlet behind the tv caught fire, I put it out with a blanket', 'electrical-hazard'],
    // Water landing on belongings, or held behind a soaked wall.
    ['water keeps coming through onto the tv and couch', 'water-onto-floor'],
    ['the drywall behind the shower is soggy and water is coming out at the baseboard', 'minor-leak'],
    // A way out nobody can see.
    ['all the emergency lights and corridor lights are out on our wing, it is pitch dark', 'life-safety-device'],
    // Water coming through an opening named in the clause before.
    ['there is a crack in the roof and rain is coming through', 'water-through-opening'],
    // Weather through a broken window, a safety shower running onto a floor (round 21).
    ['the wind took out the bay window upstairs and rain is pouring in', 'weather-coming-in'],
    ['the safety shower in our teaching lab is spraying and there is water all across the floor', 'safety-shower-running'],
    // Someone shut in a cold room, a way out blocked, a flue that lets exhaust in (round 21).
    ['the dishwasher guy is locked inside the walk-in freezer and cannot open it', 'shut-in-cold-room'],
    ['the exit at the end of the hall is chained shut', 'egress-blocked'],
    ['my roommate is stuck in her room, the handle fell off inside and she cannot get out', 'shut-in-room'],
    ['the furnace vent pipe fell off and the basement smells like exhaust', 'flue-disconnected'],
    // Someone up high who cannot get down, someone caught by a machine, a hazardous spill (round 24).
    ['a roofer is stranded on the ledge above the 6th floor', 'stranded-at-height'],
    ["the janitor's hand is pinned in the mangle roller", 'person-caught'],
    ['a jar of acid tipped over in the prep room and it is all over the floor', 'hazardous-spill'],
    // An odor that is making people sick.
    ['our lounge has a strong chemical smell and two residents are dizzy', 'chemical-odor'],
    ['fumes in the hallway, my roommate says her eyes are stinging', 'chemical-odor'],
    // Smoke from an appliance that set off an alarm is still smoke.
    ['smoke from the dryer set off the alarm', 'fire-smoke'],
  ])('"%s" is an emergency (%s)', (text, category) => expectHit(text, 'emergency', category, SUMMER));

  it.each([
    // Keys or a phone left inside are no one at stake.
    ['my keys are locked inside my room, the RA is coming with the spare'],
    ['locked myself out of my suite, my phone is inside too'],
    // A chirp is a battery, a clock is no detector, a test is no alarm, whatever the caller feels.
    ['the smoke alarm chirps and I have a headache'],
    ['the alarm clock in the lounge is beeping nonstop, giving me a headache'],
    ['the fire alarm test this morning gave everyone a headache'],
    ['my roommate gets headaches from the fluorescent lights, and the smoke detector beeps once a day'],
    // The hazard inside the phrase that dates it is past; "still" speaks of what came after.
    ['after the leak last month the ceiling is still stained and soft'],
    ['after the flood last spring the basement still smells'],
    // A drain's sewer smell is same-day work, even when it gives someone a headache.
    ['the bathroom has a sewer smell and it gives me a headache'],
    // Smoke whose source is told is not a fire.
    ['the smoke from the burnt popcorn set off the detector'],
    // A hazard named as a class of problems the request rules out.
    ['no hot or cold water issues, just the shower knob came off'],
    ['no water problems, the cabinet door under the sink is off its hinge'],
    // A softening word said of the leak, after a landmark, still softens it.
    ['the leak near the sink is small'],
    ['the smoke from my candle set off the detector, we opened the window'],
    // An opening without water coming through it.
    ['there is a hole in the ceiling where the light used to be'],
  ])('"%s" is not an emergency', (text) => {
    expect({ text, level: triage(text).level }).toEqual({ text, level: expect.not.stringMatching(/^emergency$/) });
  });
});

describe('triageUrgency: water a floor holds, a blast from a boiler room (round 15)', () => {
  it('reads a loud bang from the mechanical room as equipment that failed (equipment-blast)', () => {
    expectHit('there was a loud bang in the mechanical room a minute ago', 'emergency', 'equipment-blast');
  });

  it('reads water heard in a ceiling with the floor below it wet as water coming through (water-heard)', () => {
    expectHit('we can hear water dripping inside the ceiling and the carpet under it is wet', 'emergency', 'water-heard');
    expect(triage('we can hear water dripping inside the ceiling').level).not.toBe('emergency');
  });

  it('reads a carpet that squishes underfoot as water still coming (floor-saturated)', () => {
    expectHit('the hall carpet outside our room is wet and squishes when you step on it', 'emergency', 'floor-saturated');
  });
});

describe('triageUrgency: result', () => {
  it('gives one reason per kind of situation, most urgent first, with the words that revealed it', () => {
    const result = triage('BLDG 2 - WTR COMING THRU CEILING, ALSO TOILET CLOGGED IN RR 114');
    expect(result.level).toBe('emergency');
    expect(result.reasons).toEqual([
      { category: 'water-through-ceiling', group: 'water', reason: expect.stringMatching(/ceiling/i), evidence: 'wtr coming thru ceiling', level: 'emergency' },
      { category: 'toilet-out-of-order', group: 'toilet', reason: 'Toilet out of order', evidence: 'toilet clogged', level: 'urgent' },
    ]);
  });

  it('lets a flood hide the plain leak of the same order', () => {
    expect(categories('pipe burst under the sink and it is leaking everywhere')).toEqual(['flooding']);
  });

  it('maps levels to a diagnosis severity floor', () => {
    expect(TRIAGE_SEVERITY_FLOOR).toEqual({ emergency: 'emergency', urgent: 'high', routine: 'low' });
  });

  it('handles empty and noise-only text', () => {
    expect(triage('')).toEqual({ level: 'routine', reasons: [] });
    expect(triage('ACCT:14-101-7013-0905-130-140000 ASSET: ***')).toEqual({ level: 'routine', reasons: [] });
  });

  it('has a positive example for every category of the rules file', () => {
    expect(
      loadTriageRules()
        .categories.map((c) => c.id)
        .filter((id) => !covered.has(id)),
    ).toEqual([]);
  });
});

describe('triageUrgency: issue 21 kinds', () => {
  it.each([
    ['the parking gate will not close', 'entry-not-secure'],
    ['courtyard gate is stuck open', 'entry-not-secure'],
    ['front entrance door does not lock anymore', 'entry-not-secure'],
    ['outlet sparks when I plug in the toaster', 'electrical-hazard'],
    ['water heater leaking all over the closet floor', 'flooding'],
    ['sprinkler pipe dripping above the stairs', 'flooding'],
  ])('"%s" is an emergency (%s)', (text, category) => expectHit(text, 'emergency', category, SUMMER));

  it.each(['the bathroom fills with steam when I shower, the fan does not work', 'heavy steam from the kettle set off nothing, just fogs the window'])(
    'steam from a shower or a kettle ("%s") is no steam leak',
    (text) => {
      expect(triage(text, SUMMER).level).not.toBe('emergency');
    },
  );

  it('still reads "anymore" after a plain complaint as resolved', () => {
    expect(triage('the faucet is not leaking anymore', SUMMER).level).toBe('routine');
    expect(triage('the lawn mower needs a new spark plug', SUMMER).level).toBe('routine');
  });
});

describe('triageUrgency: fifth round (a predicate shared across "and", student-housing requests)', () => {
  it.each([
    ['Heat and hot water are out in the whole building', 'no-heat-or-hot-water'],
    ['the heat and the hot water are both out since this morning', 'no-heat-or-hot-water'],
    ['heat & hot water not working in unit 4B', 'no-heat-or-hot-water'],
    ['our heat, hot water and power are out', 'no-power'],
    ['There is no heat in my dorm room', 'no-heat'],
    ['the heater in our suite only blows cold air', 'no-heat'],
    ['radiator is blowing cool air, room is freezing', 'no-heat'],
  ])('"%s" is an emergency in the cold season (%s)', (text, category) => expectHit(text, 'emergency', category, WINTER));

  it.each([
    ['Water is coming through the ceiling above my bed', 'water-through-ceiling'],
    ['water leaking from upstairs into our bathroom', 'water-through-ceiling'],
    ['a leak from the apartment above, drips by the stove', 'water-through-ceiling'],
    ['ceiling leak dripping onto the computers in the study lounge', 'water-through-ceiling'],
    ['my toilet is overflowing', 'flooding'],
    ['the smoke alarm in my room is going off and will not stop', 'fire-alarm-sounding'],
    ['the power is out in my room', 'no-power'],
    ['no electricity in our dorm since an hour ago', 'no-power'],
    ['the fire alarm and the strobes are going off on the 2nd floor', 'fire-alarm-sounding'],
    ['FIRE ALARM IN EAST WING WONT STOP', 'fire-alarm-sounding'],
    ['no water to the sinks or toilets on the 3rd floor', 'no-water-wide'],
  ])('"%s" is an emergency (%s)', (text, category) => expectHit(text, 'emergency', category, SUMMER));

  it.each([
    ['smoke detector in my room keeps chirping', 'life-safety-device'],
    ['the smoke alarm beeps every minute, probably the battery', 'life-safety-device'],
    ['my dorm room door will not lock', 'door-not-secure'],
    ['no water at the kitchen sink', 'no-water'],
  ])('"%s" is urgent (%s)', (text, category) => expectHit(text, 'urgent', category, SUMMER));

  it('reads heat and hot water out together as an emergency only in the cold season', () => {
    expect(triage('Heat and hot water are out in the whole building', SUMMER).level).toBe('urgent');
  });

  it('quotes the joined subject and predicate as the evidence', () => {
    const [reason] = triage('heat and hot water are out', WINTER).reasons;
    expect(reason).toEqual(expect.objectContaining({ category: 'no-heat-or-hot-water', evidence: 'heat and hot water are out' }));
  });

  it.each([
    // The clause before "and" says something of its own, so nothing is shared with the next one.
    ['the kitchen lights flicker on and off all day'],
    ['the water is not draining and the washer will not turn on'],
    ['the heat works fine and the hot water is out'],
    // A heater of an appliance or the cooling blowing cold is not a building without heat.
    ['the AC blows cool air but the room stays warm'],
  ])('"%s" is not an emergency', (text) => {
    expect(triage(text, WINTER).level).not.toBe('emergency');
  });
});

describe('triageUrgency: sixth round (more ways tenants, students and facility staff write each emergency)', () => {
  it.each([
    ['water coming thru the cealing in the study room', 'water-through-ceiling'],
    ['leak from the ceilling over the printer', 'water-through-ceiling'],
    ['the ceiling is bubbling with water above the couch', 'water-through-ceiling'],
    ['my bed is soaked from a leak above', 'water-through-ceiling'],
    ['there is a waterfall coming out of the ceiling light', 'flooding'],
    ['water coming down the wall like a waterfall', 'flooding'],
    ['toilet over flowing in the 2nd floor mens room', 'flooding'],
    ['the bathroom floor is covered in water', 'flooding'],
    ['pipe bust under the kitchen sink', 'flooding'],
    ['cold water pipe sprayng in the laundry room', 'flooding'],
    ['water heater in the closet is leaking a lot', 'flooding'],
    ['the carpet is soggy and water keeps coming up', 'water-onto-floor'],
    ['gas stove burner will not turn off', 'gas-leak'],
    ['odor of mercaptan near the loading dock', 'gas-leak'],
    ['the fan motor in the air handler is burning up', 'electrical-hazard'],
    ['outlet by the desk is burnt and smells', 'electrical-hazard'],
    ['FA IN ALARM 3RD FL EAST', 'fire-alarm-sounding'],
    ['sprinkler flow alarm on the 2nd floor', 'fire-alarm-sounding'],
    ['the elevator stopped between floors with two students', 'elevator-entrapment'],
    ['elevator stuck on 4 with kids inside', 'elevator-entrapment'],
    ['the water stopped working in our apartment', 'no-water'],
    ['no domestic water to the building', 'no-water'],
    ['all the sinks and toilets on this floor have no water', 'no-water-wide'],
    ['no water coming from the sinks or the showers', 'no-water-wide'],
    ['the sliding glass door will not lock', 'entry-not-secure'],
    ['someone pulled the fire alarm on the 3rd floor', 'fire-alarm-sounding'],
    ['rain is pouring in through the lounge window', 'flooding'],
    ['water dripping on the breaker panel in the laundry room', 'water-through-ceiling'],
    ['the hallway light fixture is full of water', 'water-through-ceiling'],
    ['the bedroom light switch is hot', 'electrical-hazard'],
    ['the elevator alarm bell is ringing on the 2nd floor', 'elevator-entrapment'],
    ['mop sink overflowing in the janitor closet', 'flooding'],
    ['lights went out in the entire building', 'no-power-wide'],
    ['all the lights are out on the whole 3rd floor', 'no-power-wide'],
    ['whole floor is dark', 'no-power-wide'],
  ])('"%s" is an emergency (%s)', (text, category) => expectHit(text, 'emergency', category, SUMMER));

  it.each([
    ['radiator is cold and the room is freezing', 'no-heat'],
    ['radiators are not getting hot', 'no-heat'],
    ['furnance not working since last night', 'no-heat'],
    ['we lost heat in the east wing', 'no-heat'],
    ['no steam heat on the whole 4th floor', 'no-heat'],
    ['the steam is not coming up in our building', 'no-heat'],
  ])('"%s" is an emergency in the cold season (%s)', (text, category) => expectHit(text, 'emergency', category, WINTER));

  it.each([
    ['WATER INTRUSION IN MECH ROOM 014', 'minor-leak'],
    ['the womens restroom toilet has no water in it', 'no-water'],
    ['fume hood in low flow alarm', 'life-safety-device'],
  ])('"%s" is urgent (%s)', (text, category) => expectHit(text, 'urgent', category, SUMMER));

  it.each([
    // Out of service with no one inside is not an entrapment.
    ['the elevator stopped working so people are taking the stairs'],
    ['elevator out of order, students have to use the stairs'],
    // A gas appliance that will not light is not one that will not shut.
    ['gas stove will not turn on and the pilot is off'],
    // A garden water feature, mop water, a room that is hot, and a test of the alarm valve.
    ['waterfall feature in the courtyard needs cleaning'],
    ['floor covered in water after mopping'],
    ['the room is burning up and the AC is not working'],
    ['please inspect sprinkler alarm valve annual'],
    ['pull station cover was pulled off the wall'],
    ['the steam is not coming up in the kitchen steamer'],
    ['the water heater switch is warm'],
    ['elevator bell not ringing when it arrives'],
    // Outside lighting, relamping and a planned shutdown are not a building without power.
    ['exterior lights out on the whole building'],
    ['relamp all lights in the entire building'],
    ['planned power shutdown for the entire building saturday'],
    ['the leak above the door was repaired last week'],
  ])('"%s" is not an emergency', (text) => {
    expect(triage(text, WINTER).level).not.toBe('emergency');
  });
});

/**
 * Seventh round: student-housing requests written for this round (dorm rooms, suites, lounges,
 * laundry rooms, RA reports, card access, lofts). Most non-emergencies share words with an
 * emergency (water on a floor, smoke, an alarm, a propped door); read in January, so no heat counts.
 */
describe('triageUrgency: seventh round (student housing: words shared with emergencies, situations that have settled)', () => {
  it.each([
    ['Water is pouring through the ceiling of my dorm room from the room above'],
    ["Toilet overflowed and water is spreading into the hallway, it won't stop"],
    ['I smell gas in the community kitchen on the 3rd floor'],
    ['Outlet in my room is sparking and smells like burning plastic'],
    ['Smoke is coming out of the dryer in the laundry room'],
    ['Pipe burst in the suite bathroom, water everywhere'],
    ["No heat in our whole suite and it's 50 degrees inside"],
    ['The elevator is stuck between floors with two students inside'],
    ['Fire alarm is going off and there is smoke in the stairwell'],
    ['Sewage is backing up out of the shower drain in our bathroom'],
    ["The main entrance door to the residence hall won't lock and can't be secured"],
    ['No water at all in our suite, none of the sinks or toilet work'],
    ['Water heater in the basement is leaking all over the floor'],
    ['Ceiling in the lounge is sagging with water and dripping fast'],
    ['The laundry room is flooded, water is an inch deep'],
    ["Burning smell from the light fixture in my room and it's smoking"],
    ['Carbon monoxide detector is going off in the suite'],
    ['Electrical panel in the hall closet is buzzing and hot, smells burnt'],
    ['Sprinkler head in my room got hit and is spraying water'],
    ['Water coming through the light fixture in the bathroom ceiling'],
    ['My roommate is stuck in the elevator, the alarm bell is ringing'],
    ["The exterior door to our building is broken and won't close"],
    ['The whole floor lost power and the hallway is dark'],
    ['Rotten egg smell near the boiler room'],
    ["Kitchen sink is overflowing and won't stop, the faucet is stuck on"],
    ['Water is leaking from the ceiling onto the electrical outlets'],
    ['Toilet is backing up with sewage into the bathroom'],
    ["Heat is out in the whole building and it's freezing"],
    ["There is a strong gas smell outside by the dorm's meter"],
    ['Water is gushing from under the sink in our suite kitchen'],
    ['The smoke alarm in the hallway is going off and I smell burning'],
    ['Hot water heater closet is flooding into the hall'],
    ["There's no heat on the whole third floor, residents are wearing coats inside"],
    ['Smoke coming out of the outlet behind my bed'],
    ["The toilet keeps overflowing onto the floor every time it's flushed, water is going into the next room"],
    ['Ceiling is leaking into the laundry room right onto the washers'],
    ['Strong gas smell in the dorm kitchen, the burner is off'],
  ])('"%s" is an emergency', (text) => {
    expect({ text, level: triage(text, WINTER).level }).toEqual({ text, level: 'emergency' });
  });

  it.each([
    ["There is water on the bathroom floor after every shower, the curtain doesn't reach the tub"],
    ['Floor is wet by the sink after I brush my teeth, I think the faucet splashes'],
    ['Fire alarm test notice: please confirm the test in our hall is still on for Thursday'],
    ['The RA reports the stairwell door is propped open with a rock again'],
    ['Laundry room washer leaves a little puddle on the floor after the spin cycle'],
    ['Shower drain is slow and water pools around my feet'],
    ["My suite's lounge smells like burnt popcorn from last night"],
    ['Smoke detector in my room chirps every few minutes, needs a battery'],
    ['The card reader on my suite door is slow, takes three taps to open'],
    ['Loft bed is wobbly when I climb the ladder'],
    ['Please lower my loft, I keep hitting my head on the ceiling'],
    ["Radiator in my room is making banging noises but it's warm"],
    ['Room gets really hot in the afternoon, the AC is weak'],
    ["Small drip from the bathroom faucet, won't stop completely"],
    ['Hot water takes a long time to get to the shower in the morning'],
    ['Light in the laundry room flickers'],
    ['The exit sign above the stairwell has one bulb out'],
    ['Ceiling tile in the lounge has an old brown water stain, not wet'],
    ['The fire extinguisher cabinet glass in our hall is cracked'],
    ['Mold spots on the bathroom ceiling above the shower'],
    ['The dryer in the laundry room takes two cycles to dry'],
    ['Our common room TV outlet is loose in the wall'],
    ["Window in my dorm room won't stay open"],
    ['Door to my room squeaks and drags on the carpet'],
    ["My roommate's key card stopped working, she needs a new one"],
    ['The elevator is slow and the doors close too fast'],
    ["Elevator button for the 3rd floor doesn't light up"],
    ["Heater in the study lounge is on too high, it's stuffy"],
    ['Toilet runs all night in our suite bathroom'],
    ['Toilet is clogged but not overflowing, we stopped using it'],
    ['Sink in the kitchenette drains slowly'],
    ['The hallway smells musty after the rain'],
    ["Gas stove burner in the community kitchen won't click to light, no smell"],
    ['Fridge in the lounge kitchen is making a loud humming noise'],
    ['The microwave in the lounge stopped heating'],
    ['Someone pulled the cover off the smoke detector in our room, it still works'],
    ['Please reinstall the bed rail on my bunk'],
    ['Carpet in the hall is wet near the water fountain where people spill'],
    ['Water fountain on the 2nd floor has low pressure'],
    ['Blinds in my room are broken'],
    ['Closet door came off its track'],
    ['Desk drawer is stuck'],
    ['The trash chute door on our floor is sticky'],
    ['Paint is peeling on the ceiling of our shower'],
    ['The vent fan in our bathroom is loud'],
    ['Ants in the kitchenette near the trash can'],
    ["The thermostat in my room reads 78 and won't go lower"],
    ['Shower head sprays sideways and gets water on the floor'],
    ['Bathroom sink has a small leak under it into a bucket, slow drip'],
    ['Smell of sewer in the basement laundry room sometimes, faint'],
    ["Outlet by my desk doesn't work"],
    ["Fire door on our floor doesn't latch all the way when it closes slowly"],
    ['The fire alarm went off because someone burned popcorn, all clear now'],
    ['Hallway light by the elevator is out'],
    ["Please fix the peephole on our door, it's loose"],
    ["Bathroom exhaust fan isn't working and the mirror fogs up"],
    ['Lounge window screen is torn'],
    ['Front desk says the alarm test is scheduled for tomorrow at 10 am'],
    ['Is the water back on after the planned shutoff today?'],
    ['Fire alarm test in our building today from 9 to 11, please ignore the alarms'],
    ["Water was on the floor yesterday but I mopped it up and it hasn't come back"],
    ['The fire alarm pull station cover is missing in the hall'],
    ['The door to the roof is propped open again'],
    ['Smoke detector is covered with a shower cap from the last resident, please remove it'],
    ['The heat is on but my room is a bit chilly at night'],
    ['No hot water at the sink in my room, the shower is fine'],
    ['The emergency light in the stairwell has a blinking red light'],
    ["The ceiling leaked during last week's storm, it's dry now, please fix the stain"],
    ['Elevator stopped on the 4th floor for a minute yesterday and then started again, nobody was stuck'],
    ['Carbon monoxide detector has a low battery warning beep'],
    ["Sewer smell from the floor drain in the shower room when it's hot out"],
  ])('"%s" is not an emergency', (text) => {
    expect({ text, level: triage(text, WINTER).level }).toEqual({ text, level: expect.not.stringMatching(/^emergency$/) });
  });

  it.each([
    ["Smelled smoke in the hallway earlier, it was my neighbour's candle, everything is fine now"],
    ["Power strip sparked once when I unplugged it, it's fine now and I threw it out"],
    ['Power went out for a few seconds during the storm, everything is back on'],
    ["Gas smell in the hallway yesterday turned out to be the lab, it's gone now"],
    ["The outlet sparked when I plugged in my charger but it's working normally now"],
  ])('"%s" has settled: urgent, not an emergency', (text) => {
    expect({ text, level: triage(text, WINTER).level }).toEqual({ text, level: 'urgent' });
  });

  it.each([
    // The settling is said of the people, or comes before the hazard, or the hazard is still there.
    ['Water is pouring through the ceiling, we are fine now but need someone right away'],
    ['Sparks came out of the outlet, it is fine now but it still smells burnt'],
    ['Power went out and came back on, but now the outlet is smoking'],
    ['The fire alarm is all clear but the toilet is overflowing everywhere'],
    ['The leak went away but now sewage is coming up from the floor drain'],
  ])('"%s" stays an emergency', (text) => {
    expect({ text, level: triage(text, WINTER).level }).toEqual({ text, level: 'emergency' });
  });
});

describe('triageUrgency: seventh round (smoke or a smell from a named harmless source, a heater burning off dust)', () => {
  it.each([
    ["Water is coming out of the wall in the laundry room and won't stop"],
    ['Sparks and smoke from the dryer outlet in the laundry room'],
    ["Our suite door lock is broken and the door won't close, we can't lock it"],
    ['Toilet water is coming up through the shower drain and it smells like sewage'],
    ["There's no heat in the dorm and it's 48 degrees in our room"],
    ['Water is dripping from the light in the hallway ceiling'],
    ["Gas smell in the dorm's basement laundry room"],
    ['The kitchenette is filling with smoke from the wall outlet'],
    ['The incense caught the curtain on fire'],
    ['The grill on the patio caught fire and the flames are reaching the lounge window'],
    ['Burning smell from the wall outlet, no one is smoking weed'],
    ['My vape charger smells like burning plastic'],
    ['Burning smell and smoke from the heater vent'],
  ])('"%s" is an emergency', (text) => {
    expect({ text, level: triage(text, WINTER).level }).toEqual({ text, level: 'emergency' });
  });

  it.each([
    ['RA here: the fire door on 2 east is propped with a chair during move-in, please remind staff'],
    ['Sprinkler head cover plate fell off in my closet, nothing is leaking'],
    ['The shower in our suite floods the floor a little because the curtain rod fell down'],
    ['Someone left the bathtub tap on, we turned it off and mopped up'],
    ["My mini fridge tripped the breaker, power's back after I reset it"],
    ["There was a burning smell when the heat came on for the first time this fall, it's normal now"],
    ['Hallway smells like weed smoke'],
    ['The smell of smoke is coming from the grill outside the lounge window'],
    ['Burning toast set off the smoke detector, we opened the window, all clear'],
    ['Laundry machine overflow drain has some suds on the floor'],
    ["Water on the floor of the laundry room from someone's wet clothes"],
    ['The kitchen sink sprayer leaks a bit at the handle'],
    ["Card access to the lounge doesn't work with my new ID"],
    ["Please unlock the study room, it's locked for the night"],
    ["Gas fireplace in the lobby won't turn on"],
    ['The boiler room door is left open'],
    ['Stairwell light is flickering'],
    ['No hot water on our floor since this morning'],
    ['Heater makes a burning dust smell for a few minutes when it turns on'],
    ['The alarm on the emergency exit door beeps when people use it'],
    ["Window doesn't lock in my 4th floor room"],
    ['The drinking fountain is leaking onto the floor a little'],
    ['Ceiling fan in the lounge wobbles'],
  ])('"%s" is not an emergency', (text) => {
    expect({ text, level: triage(text, WINTER).level }).toEqual({ text, level: expect.not.stringMatching(/^emergency$/) });
  });

  it('reads a burning-dust smell as a heater starts as urgent, with its own reason', () => {
    const result = triage('Heater makes a burning dust smell for a few minutes when it turns on', WINTER);
    expect(result.level).toBe('urgent');
    expect(result.reasons[0].reason).toMatch(/dust/);
  });
});

describe('triageUrgency: a situation that had stopped and came back', () => {
  it.each([
    ["The gas smell in the kitchen went away for an hour but it's back now"],
    ['gas odor went away last night, came back this morning'],
    ['Smelled gas by the boiler room, it went away, now we are smelling it again'],
    ['Water stopped coming through the ceiling but it is back and dripping onto the bed'],
  ])('"%s" is an emergency again', (text) => {
    expect({ text, level: triage(text, WINTER).level }).toEqual({ text, level: 'emergency' });
  });

  it.each([
    // A resolution that nothing takes back, or a later "again" about something else.
    ['gas smell went away after they closed the lab windows'],
    ['No gas smell anymore. The stove burner will not light again.'],
    ['Power went out for a minute and came back on'],
  ])('"%s" is not an emergency', (text) => {
    expect({ text, level: triage(text, WINTER).level }).toEqual({ text, level: expect.not.stringMatching(/^emergency$/) });
  });
});

describe('triageUrgency: a clause about "it" reads with the clause before (eighth round)', () => {
  it.each([
    ['theres water on the bathroom floor and its coming out of the wall', 'flooding'],
    ["The AC is leaking. It's all over the floor.", 'flooding'],
    ['the front door, it will not lock', 'entry-not-secure'],
    ['the ceiling in the hallway, it is leaking', 'water-through-ceiling'],
    ['the pipes under the sink, they are spraying water', 'flooding'],
  ])('"%s" is an emergency (%s)', (text, category) => expectHit(text, 'emergency', category, SUMMER));

  it.each([
    ["the faucet is dripping, it's been like that for weeks"],
    ['the smoke detector is chirping, it needs a battery'],
    ['I found a leak, it has stopped now'],
  ])('"%s" is not an emergency', (text) => {
    expect({ text, level: triage(text).level }).toEqual({ text, level: expect.not.stringMatching(/^emergency$/) });
  });

  it('keeps a clause\'s own reading ahead of one joined over "it"', () => {
    expect(categories('deadbolt broke on unit 14, tenant cannot secure it')).toContain('lock-broken');
  });
});

// The reason is advice a coordinator passes on: it names no trade (the diagnosis says whom to
// send) and fits the situation read (no "shut off the water" for rain through a roof).
describe('triageUrgency: reasons that fit the situation read', () => {
  const reasonOf = (text: string, category: string): string => triage(text).reasons.find((r) => r.category === category)?.reason ?? '';

  it('names no trade for a flood the roofer or the appliance technician may be sent to', () => {
    const reason = reasonOf('the whole laundry room is flooded', 'flooding');
    expect(reason).toMatch(/flooding/i);
    expect(reason).not.toMatch(/plumber/i);
  });

  it('does not tell the occupant to shut off the water for a roof leak through the ceiling', () => {
    const reason = reasonOf('roof leak, water dripping from the ceiling onto my bed', 'water-through-ceiling');
    expect(reason).toMatch(/roof/);
    expect(reason).not.toMatch(/shut off water/i);
  });

  it('calls a trip hazard a hazard, not falling material', () => {
    const reason = reasonOf('carpet in the hallway is ripped, tripping hazard', 'structural-hazard');
    expect(reason).toMatch(/trip hazard/);
    expect(reason).not.toMatch(/^Falling or fallen material/);
  });

  it.each(['Eyewash station in lab 204 has no water pressure', 'the emergency shower in the chem lab has no water'])(
    '"%s" is a fixture without water, not a unit without water',
    (text) => {
      const result = triage(text);
      expect(result.reasons.map((r) => r.reason)).not.toContain('No water to the unit');
      expect(result.level).not.toBe('routine');
    },
  );
});

// Kinds a blind set of session 18 missed, written here in other words: the set's own requests are
// not copied.
describe('triageUrgency: kinds a blind set missed, in other words', () => {
  it.each([
    ['a big section of the plaster ceiling in the stairwell came down overnight', 'structural-collapse'],
    ['Bldg 12 rm 110 - ceiling fell in over the copier', 'structural-collapse'],
    ['the entire third floor of the annex just went dark', 'no-power-wide'],
    ['whole north wing of the library is dark since ten minutes ago', 'no-power-wide'],
    ['kids broke the living room window with a ball, we are on the ground floor and it wont shut', 'ground-floor-window'],
    ['the back entrance of the dorm is not latching, it just swings open', 'entry-not-secure'],
    ['pharmacy storeroom door will not close, controlled substances inside', 'door-not-secure'],
    ['the sidewalk by the library is a sheet of ice, several students have fallen on it', 'slip-hazard'],
    ['smoke detectors in the hall keep going off for no reason, we have been evacuated twice tonight', 'fire-alarm-sounding'],
  ])('"%s" is an emergency (%s)', (text, category) => expectHit(text, 'emergency', category));

  it.each([
    'the oven heats fine but the microwave doesnt heat',
    'the heat will not turn down, it is 80 in here',
    'recycling bins in the trash room are overflowing again',
    'bathroom sink is clogged, there is standing water in it',
    'heat blows lukewarm only in the kids room, the rest of the apartment is fine',
  ])('"%s" is no emergency', (text) => {
    expect(triage(text, WINTER).level).not.toBe('emergency');
  });

  it('keeps a garage door that will not close among the doors that do not secure', () => {
    expect(categories('the garage door will not close all the way')).toEqual(expect.arrayContaining([expect.stringMatching(/not-secure/)]));
  });
});
