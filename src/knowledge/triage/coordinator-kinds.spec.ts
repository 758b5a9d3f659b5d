import { TriageContext, triageUrgency } from './urgency-triage';

// Round 15 (issue 21): kinds a coordinator reads in requests written by other people, each told here
// in four styles of our own (student housing, apartment tenants, a university CMMS, a city housing-code
// complaint). None of the tuning requests is copied.
const WINTER: TriageContext = { coldSeason: true };
const SUMMER: TriageContext = { coldSeason: false };
const level = (text: string, context: TriageContext = WINTER) => triageUrgency(text, context).level;

describe('triage: a predicate said after "but" without its subject is said of that subject', () => {
  it.each([
    'the microwave in our lounge turns on but doesnt heat anything',
    'Microwave runs, light is on but does not heat the food',
    'BLDG 40 RM 112 - MICROWAVE RUNS BUT WILL NOT HEAT',
    'the toaster oven in unit 3 glows but does not get hot',
  ])('"%s" is an appliance, not a dwelling without heat', (text) => {
    expect(level(text)).not.toBe('emergency');
  });

  it.each(['the furnace runs but doesnt heat anything and the apartment is freezing', 'heater turns on but is not heating, it is 50 in the room'])(
    '"%s" stays no heat',
    (text) => {
      expect(level(text)).toBe('emergency');
    },
  );
});

describe('triage: water outside the building is no indoor flood', () => {
  it.each([
    'the gutter above our porch is overflowing, water pouring down next to the front door',
    'gutters overflowing in the rain and water is sheeting down by the dorm entrance',
    'BLDG 7 - GUTTER OVERFLOWING AT MAIN ENTRANCE - WATER POURING ONTO STEPS',
    'Downspout disconnected at the rear of the building, water gushing onto the walkway',
  ])('"%s" is no emergency', (text) => {
    expect(level(text, SUMMER)).not.toBe('emergency');
  });

  it.each([
    'the toilet overflowed, water pouring down next to the front door and into the hallway',
    'pipe burst under the sink, water pouring everywhere in the kitchen',
  ])('"%s" is still a flood', (text) => {
    expect(level(text, SUMMER)).toBe('emergency');
  });
});

describe('triage: a way out that went dark is an emergency, one lamp out is not', () => {
  it.each([
    'the lights in the stairwell by our room are all out and its pitch black at night',
    "Hallway lights on our floor have been out since yesterday, it's completely dark out there",
    'BLDG 22 - STAIR 2 - ALL LIGHTS OUT BETWEEN FLOORS 3 AND 4, STAIRWELL DARK',
    'Complaint: common corridor lighting not working on the 2nd floor, tenants cannot see at night',
  ])('"%s" is an emergency', (text) => {
    expect(level(text)).toBe('emergency');
  });

  it.each([
    'one of the hallway lights is out',
    'the light in my bathroom is out and it is dark in there',
    'BLDG 22 - STAIR 2 - RELAMP, ONE FIXTURE OUT',
    'the hallway light outside my door flickers at night',
    'the light on the stairs by my apartment is out, kind of dark at night',
  ])('"%s" is no emergency', (text) => {
    expect(level(text)).not.toBe('emergency');
  });
});

describe('triage: lights out behind a place of two phrases or a range of floors', () => {
  it.each([
    'the lights in the hallway by our suite are out and we cannot see a thing',
    "Lights in the stairwell between floors 2 and 3 are out, it's pitch black",
    'STAIR B - LIGHTS AT THE LANDING BETWEEN FLOORS 3 AND 4 ARE OUT, STAIRWELL PITCH DARK',
    'Common hallway lights on the second floor near the stairs are out; hallway completely dark at night.',
  ])('"%s" is an emergency', (text) => {
    expect(level(text)).toBe('emergency');
  });
});

describe('triage: people (more than one) fallen on ice is an emergency, one person who slipped is same-day', () => {
  it.each([
    'the steps outside the dorm are solid ice, two of my friends slipped on them tonight',
    'walkway to our building is a sheet of ice and 3 neighbors fell this morning',
    'BLDG 14 - EAST RAMP ICED, 2 STAFF SLIPPED, NEED SALT',
    'Icy sidewalk in front of the building has not been treated; two tenants have fallen.',
  ])('"%s" is an emergency', (text) => {
    expect(level(text)).toBe('emergency');
  });

  it.each(['I slipped on the icy steps this morning, can you salt them', 'BLDG 14 - EAST RAMP ICY, NEED SALT'])('"%s" is same-day', (text) => {
    expect(level(text)).toBe('urgent');
  });
});

describe('triage: a tree or limb that fell into a building is an emergency', () => {
  it.each([
    'a huge branch came through the roof of our dorm during the storm',
    'a tree fell across the road and into our apartment building',
    'BLDG 9 - TREE DOWN ON BUILDING, ROOF DAMAGED',
    'Large tree fell onto the rear of the dwelling during the storm.',
  ])('"%s" is an emergency', (text) => {
    expect(level(text)).toBe('emergency');
  });

  it.each(['a tree fell in the back yard, it is not touching anything', 'branch down on the lawn by the parking lot', 'BLDG 9 - SMALL LIMB ON ROOF, REMOVE'])(
    '"%s" is no emergency',
    (text) => {
      expect(level(text)).not.toBe('emergency');
    },
  );
});

describe('triage: cooling lost where heat does harm, with the room warming, is an emergency in any season', () => {
  it.each([
    'the AC in the server closet on our floor is down and it is getting really hot in there',
    'my grandmother is on oxygen, the AC in her apartment is down and the place is getting hotter',
    'BLDG 3 RM 010 - CRAC UNIT IN SERVER ROOM DOWN, ROOM GETTING HOT',
    'Air conditioning in the unit of an elderly tenant with a heart condition is out and the apartment is getting hot',
  ])('"%s" is an emergency', (text) => {
    expect(level(text, WINTER)).toBe('emergency');
  });

  it.each(['the AC in the server room is making a rattling noise', 'the AC in my dorm room is down and it is getting hot'])('"%s" is no emergency', (text) => {
    expect(level(text, SUMMER)).not.toBe('emergency');
  });
});

describe('triage: a door that will not secure what is behind it', () => {
  it.each([
    'our room door wont lock since the hinge broke and all our laptops are in here',
    'the door to my office will not lock and the department laptops are inside',
    'BLDG 30 RM 140 - DOOR WILL NOT LOCK, LAB EQUIPMENT INSIDE',
    'Storage room door at the community center does not lock; valuables left inside.',
  ])('"%s" is an emergency', (text) => {
    expect(level(text)).toBe('emergency');
  });

  it.each([
    'the office door in room 140 will not lock',
    'the equipment room door in our lab does not latch',
    'the closet door does not lock and my laptop charger is in there',
  ])('"%s" is no emergency', (text) => {
    expect(level(text)).not.toBe('emergency');
  });
});

describe('triage: the door of a suite or unit that will not latch', () => {
  it.each([
    'the hinge on our suite door broke and the door wont close, we cant lock it',
    'UNIT 4B - DOOR TO APARTMENT WILL NOT LATCH, STRIKE MISALIGNED',
    'Tenant reports the door to the unit does not close; the latch does not catch the strike.',
  ])('"%s" is an emergency', (text) => {
    expect(level(text)).toBe('emergency');
  });

  it.each(['the closet door in our suite does not latch', 'our bathroom door does not close all the way', 'my dorm room door does not latch'])(
    '"%s" is no emergency',
    (text) => {
      expect(level(text)).not.toBe('emergency');
    },
  );
});

describe('triage: a floor that squishes or keeps getting wetter is active water, wherever it comes from', () => {
  it.each([
    'the carpet in our suite hallway is soaked and squishy and we dont know where the water is coming from',
    'my bedroom rug is wet and getting wetter every hour, no idea where its from',
    'BLDG 12 RM 201 - CARPET SATURATED AND SQUISHING UNDERFOOT, SOURCE UNKNOWN',
    'Tenant reports the living room carpet is sopping wet along the party wall and getting wetter.',
  ])('"%s" is an emergency', (text) => {
    expect(level(text)).toBe('emergency');
  });

  it.each([
    'there is a squishy soft spot in the bathroom floor by the toilet, think the subfloor is rotting',
    'the carpet by the door gets a little squishy when it rains hard',
    'the mattress topper is squishy and uncomfortable',
  ])('"%s" is no emergency', (text) => {
    expect(level(text, SUMMER)).not.toBe('emergency');
  });
});

describe('triage: a basement or crawlspace taking on water is a flood', () => {
  it.each([
    'sump pump in our building basement stopped and the basement is getting water',
    'the crawlspace under my unit is taking on water since the pump died',
    'BLDG 4 - SUMP PUMP NOT RUNNING, MECH ROOM TAKING ON WATER',
    'Basement of the dwelling is taking in water through the foundation.',
  ])('"%s" is an emergency', (text) => {
    expect(level(text)).toBe('emergency');
  });

  it.each(['the basement gets a little water every time it rains', 'sump pump is noisy when it runs'])('"%s" is no emergency', (text) => {
    expect(level(text)).not.toBe('emergency');
  });
});

describe('triage: a tank that cracked or leaks from its base has failed', () => {
  it.each([
    'the toilet tank in our suite bathroom cracked and is leaking',
    'my water heater is leaking from the bottom of the tank',
    'BLDG 5 RM 101 - TOILET TANK CRACKED, LEAKING',
    'Water heater in the basement of the dwelling is leaking from its base.',
  ])('"%s" is an emergency', (text) => {
    expect(level(text)).toBe('emergency');
  });

  it.each([
    'the lid of the toilet tank is cracked',
    'toilet tank has a hairline crack but no leak',
    'the relief valve on the water heater drips into the drain pan',
  ])('"%s" is no emergency', (text) => {
    expect(level(text)).not.toBe('emergency');
  });
});

describe('triage: the rest is fine, a backup carries the load, or it has dried: no emergency', () => {
  it.each([
    'no power in half of our suite, the other half is fine',
    'lost power in the kitchen and bedroom but the rest of the apartment is fine',
    'BLDG 2 - BOILER 1 TRIPPED ON FLAME FAILURE, BOILER 2 CARRYING THE LOAD, SPACE TEMPS NORMAL',
    'BLDG 2 RM 110 - AC DRAIN PAN OVERFLOWED, FLOOR DRY NOW, CLEAR THE LINE',
    'the AC drip pan in our dorm room overflowed but the floor is dry now',
  ])('"%s" is no emergency', (text) => {
    expect(level(text)).not.toBe('emergency');
  });

  it.each(['no power in the whole apartment', 'our unit lost power but the rest of the building is fine', 'BLDG 2 - BOILER 1 LOCKED OUT, NO HEAT IN BUILDING'])(
    '"%s" stays an emergency',
    (text) => {
      expect(level(text)).toBe('emergency');
    },
  );
});

describe('triage: standing water in a fixture that will not drain is a clog', () => {
  it.each([
    'the sink in our suite wont drain at all, standing water in it',
    'tub wont drain, there is standing water',
    'BLDG 8 RM 12 - SINK WILL NOT DRAIN, STANDING WATER',
    'Kitchen sink in the unit does not drain; standing water.',
  ])('"%s" is no emergency', (text) => {
    expect(level(text)).not.toBe('emergency');
  });

  it('keeps standing water on a floor an emergency', () => {
    expect(level('there is standing water all over the laundry room floor')).toBe('emergency');
  });
});

describe('triage: a parking barrier arm is no entrance', () => {
  it.each(['the parking gate arm at our complex is stuck open', 'LOT 5 - GATE ARM STUCK UP'])('"%s" is no emergency', (text) => {
    expect(level(text)).not.toBe('emergency');
  });

  it('keeps a gate into the complex that will not close an emergency', () => {
    expect(level('the pedestrian gate into the complex is stuck open and wont close')).toBe('emergency');
  });
});

describe('triage: a unit whose lights and appliances are all out has lost its power', () => {
  it.each([
    'everything in our suite just shut off, no lights no fridge, the hall still has power',
    'my apartment has no lights and no fridge since this morning but the breakers look fine',
    'BLDG 6 APT 2C - NO LIGHTS, NO REFRIGERATOR, NO MICROWAVE',
    'Tenant reports no lights and no refrigerator in the dwelling unit; rest of building has service.',
  ])('"%s" is an emergency', (text) => {
    expect(level(text)).toBe('emergency');
  });

  it.each(['the light inside the fridge is out', 'no fridge light and the microwave light is out too', 'we have no fridge in the unit, can one be delivered'])(
    '"%s" is no emergency',
    (text) => {
      expect(level(text)).not.toBe('emergency');
    },
  );
});

describe('triage: a valve that leaks is a drip, a sprinkler head that leaks is a discharge', () => {
  it.each([
    'the sprinkler valve in our parking garage is leaking',
    'sprinkler riser valve dripping in the stairwell closet',
    'BLDG 11 - FIRE SPRINKLER SYSTEM VALVE LEAKING IN GARAGE',
    'Fire sprinkler control valve in the basement leaks at the packing.',
  ])('"%s" is no emergency', (text) => {
    expect(level(text)).not.toBe('emergency');
  });

  it.each(['sprinkler head in my room is leaking', 'the sprinkler valve broke and water is spraying everywhere'])('"%s" is an emergency', (text) => {
    expect(level(text)).toBe('emergency');
  });
});

describe('triage: one zone of an office building not heating (a VAV box, its reheat) is same-day', () => {
  it.each([
    'BLDG 40 RM 204 - VAV BOX NOT HEATING',
    'VAV 3-12 reheat valve stuck closed, office cold',
    "Hi, the VAV box over my office in the admin building doesn't seem to be heating, it's chilly in here",
    'Library room 118 is cold, the reheat coil on its VAV is not heating',
  ])('"%s" is no emergency', (text) => {
    expect(level(text, WINTER)).not.toBe('emergency');
  });

  it.each(['BLDG 40 - BOILER DOWN, NO HEAT IN BUILDING', 'the VAV box is not heating and there is no heat anywhere on the floor, it is 50 in here'])(
    '"%s" stays an emergency',
    (text) => {
      expect(level(text, WINTER)).toBe('emergency');
    },
  );
});

describe('triage: a loud bang or blast from a boiler or mechanical room is a failure under way', () => {
  it.each([
    'we heard a huge bang from the boiler room downstairs and now the showers are cold',
    'loud boom from the basement where the water heater is, now no hot water in the building',
    'BLDG 21 - LOUD BANG IN MECH ROOM, BUILDING LOST HOT WATER',
    'Tenants report an explosion-like noise from the boiler room; heat and hot water have stopped.',
  ])('"%s" is an emergency', (text) => {
    expect(level(text, SUMMER)).toBe('emergency');
  });

  it.each([
    'the radiator makes a loud bang when the heat comes on',
    'pipes bang every morning when the boiler starts',
    'loud bang outside the building last night, probably fireworks',
    'the boiler room door slams with a loud bang',
  ])('"%s" is no emergency', (text) => {
    expect(level(text, SUMMER)).not.toBe('emergency');
  });
});

describe('triage: the same kinds in other words (a second pass written after the rules)', () => {
  it.each([
    'exit stairwell lights are all out, pitch black in there',
    'several people have fallen on the ice by the bus stop entrance',
    'the floor in the laundry room keeps getting wetter and we cant find where its coming from',
    'toilet tank split down the side and water is coming out',
    'huge boom from the boiler room and now there is steam',
  ])('"%s" is an emergency', (text) => {
    expect(level(text)).toBe('emergency');
  });

  it.each([
    'the basement took on water during the storm yesterday, its mopped up now',
    'no power to the kitchen half of the apartment, rest is fine',
    'one bulb in the stairwell is out',
    'tree branch hanging over the roof, worried it might fall',
    'the water heater made a loud pop this morning but works fine',
  ])('"%s" is no emergency', (text) => {
    expect(level(text)).not.toBe('emergency');
  });
});

describe('triage: the same kinds in other words (a third pass written after the rules)', () => {
  it.each([
    'the rug by the washer is soggy and it keeps spreading',
    'no lights in the stairwell, residents have to use their phone flashlights',
    'sump pump alarm going off and water is coming up in the basement',
    'freezer in the lab is at -5 and rising, it has our cell lines',
    'the branch from the oak tree broke our bedroom window and came into the room',
    'the AC in the IDF closet died and the switches are overheating',
    'BLDG 3 - MDF ROOM - CRAC UNIT DIED, SWITCHES OVERHEATING',
  ])('"%s" is an emergency', (text) => {
    expect(level(text)).toBe('emergency');
  });

  it.each([
    'the dorm kitchen freezer isnt cold, our ice cream melted',
    'tree fell on a car in the parking lot',
    'AC in the computer lab is not working, its warm in there',
    'the basement is getting wet along one wall after the rain',
  ])('"%s" is no emergency', (text) => {
    expect(level(text, SUMMER)).not.toBe('emergency');
  });
});
