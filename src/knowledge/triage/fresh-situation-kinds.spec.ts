import { TriageContext, triageUrgency } from './urgency-triage';

// Round 19 (issue 21): emergencies told by what is seen, in situations the tuned requests did not
// hold (a panel warm to the touch, a wing gone dark, every tap dry, a secured door standing open, a
// building cooling down), each with the near miss in the same words. Written for this spec; none of
// the labelled requests is copied.
const WINTER: TriageContext = { coldSeason: true };
const SUMMER: TriageContext = { coldSeason: false };
const level = (text: string, context: TriageContext = WINTER) => triageUrgency(text, context).level;

describe('triage: a state said after "and" of the electrical gear named before it', () => {
  it.each([
    'the breaker panel in the laundry room is humming and warm to the touch',
    'SUBPANEL IN MECH RM 12 BUZZING AND VERY HOT',
    'the transformer behind the stage is buzzing and hot, you can smell it',
  ])('"%s" is an emergency', (text) => {
    expect(level(text)).toBe('emergency');
  });

  it.each(['the boiler works and hot water is out on the second floor', 'our fridge is humming and warm inside, food is spoiling'])(
    '"%s" is no emergency',
    (text) => {
      expect(level(text)).not.toBe('emergency');
    },
  );
});

describe('triage: a hot cover plate or a flash seen at a switch or outlet is an electrical hazard', () => {
  it.each([
    'the cover plate on the hallway switch is hot',
    'RM 118 - WALL PLATE AT LIGHT SWITCH HOT TO THE TOUCH',
    'I saw a blue flash when I plugged the kettle into the outlet',
    'there was a big flash at the breaker when the tech flipped it',
  ])('"%s" is an emergency', (text) => {
    expect(level(text)).toBe('emergency');
  });

  it.each(['the bulb flashed and burned out when I flipped the switch', 'switch plate is loose and hangs off the wall'])('"%s" is no emergency', (text) => {
    expect(level(text)).not.toBe('emergency');
  });
});

describe('triage: a whole unit or building gone dark, or plugs dead with the lights, has lost power', () => {
  it.each([
    'our whole apartment just went dark and nothing turns on',
    'BLDG 40 EAST WING BLACKED OUT',
    'the lights and the plugs are dead in my bedroom',
    'Plugs dead and lights out in the lab office',
  ])('"%s" is an emergency', (text) => {
    expect(level(text)).toBe('emergency');
  });

  it.each(['the TV screen went dark in the lounge', 'one plug by my desk is dead'])('"%s" is no emergency', (text) => {
    expect(level(text)).not.toBe('emergency');
  });
});

describe('triage: a door to a building or a secured space that stays open', () => {
  it.each([
    'the key card door into the dorm lobby stays open all night',
    'badge access door on the north side is stuck open',
    'door to the chemical storage room stays ajar, the closer is gone',
    'the server room door is stuck open and will not latch',
  ])('"%s" is an emergency', (text) => {
    expect(level(text)).toBe('emergency');
  });

  it.each(['my bedroom door stays open by itself', 'the closet door is stuck open on its track'])('"%s" is no emergency', (text) => {
    expect(level(text)).not.toBe('emergency');
  });
});

describe('triage: nothing comes out of any fixture', () => {
  it.each([
    'turned on the kitchen faucet and nothing came out, the bathroom sink is the same',
    'RM 210 - NOTHING COMES OUT OF ANY OF THE SINKS OR THE SHOWERS',
    'nothing comes out when we open the tub, tried every faucet in the unit',
  ])('"%s" is an emergency', (text) => {
    expect(level(text)).toBe('emergency');
  });

  it.each([
    'nothing comes out of the soap dispensers at any of the sinks',
    'nothing comes out of the hot tap, cold works fine, same for every sink',
    'nothing comes out of the ice maker',
  ])('"%s" is no emergency', (text) => {
    expect(level(text)).not.toBe('emergency');
  });
});

describe('triage: a whole building or wing cooling down in the cold season has lost its heat', () => {
  it.each(['boiler tripped overnight and the building is down to 60', 'WEST WING AT 59F, RADIATORS COLD', 'the whole dorm is at 61 degrees this morning'])(
    '"%s" is an emergency in winter, not in summer',
    (text) => {
      expect(level(text, WINTER)).toBe('emergency');
      expect(level(text, SUMMER)).not.toBe('emergency');
    },
  );

  it.each(['my office is at 60 degrees, can someone adjust it', 'RM 12 TEMP 59 DEG'])('"%s" is no emergency in winter', (text) => {
    expect(level(text, WINTER)).not.toBe('emergency');
  });
});

describe('triage: sparks from hot work and a drip caught in a bucket', () => {
  it.each([
    'sparks from the grinder in the shop are landing near the door, need a screen',
    'contractor welding on the roof is throwing sparks onto the deck, please check the hot work permit',
    'the ceiling tile drips into a bucket we put under it',
    'slow drip from the vent into a trash can in the office',
  ])('"%s" is no emergency', (text) => {
    expect(level(text)).not.toBe('emergency');
  });

  it.each(['sparks came out of the outlet behind the desk', 'ceiling drips into a bucket and the bucket is nearly full'])('"%s" is an emergency', (text) => {
    expect(level(text)).toBe('emergency');
  });
});

describe('triage: water out of a device mounted in a ceiling or wall, or standing in an elevator pit', () => {
  it.each([
    'water is dripping out of the exit sign over the stairwell door',
    'RM 140 - WATER COMING FROM HORN STROBE IN CEILING',
    'the emergency light in the hall has water pouring out of it',
    'the elevator pit has a good foot of water in it',
    'ELEVATOR 2 PIT FILLED WITH WATER',
  ])('"%s" is an emergency', (text) => {
    expect(level(text)).toBe('emergency');
  });

  it.each(['the exit sign over the stairwell door is out', 'elevator pit needs cleaning, trash and dust'])('"%s" is no emergency', (text) => {
    expect(level(text)).not.toBe('emergency');
  });
});

describe('triage: a broken lawn or courtyard sprinkler is outside work, a fire sprinkler inside is not', () => {
  it.each([
    'the irrigation sprinkler by the quad is broken and shooting water onto the path',
    'courtyard sprinkler head snapped off, water running across the pavers',
  ])('"%s" is no emergency', (text) => {
    expect(level(text)).not.toBe('emergency');
  });

  it('"the sprinkler head in the 2nd floor hallway got knocked and is spraying" is an emergency', () => {
    expect(level('the sprinkler head in the 2nd floor hallway got knocked and is spraying')).toBe('emergency');
  });
});

describe('triage: water told by where it shows (a wall, a sagging ceiling, rain into a room, sewage-looking water on a floor)', () => {
  it.each([
    'the wall in the shower room is blistered and water keeps running out of it at the bottom',
    'the wall by the dishwasher is swollen and water is pouring out of it',
    'the kitchen ceiling is bowing and soggy with water',
    'hallway ceiling is sagging and heavy with water above room 12',
    'wind broke the pane and rain is blowing into the bedroom',
    'rain coming into the office around the window frame',
    'sewage smell and brown water on the floor of the boiler room',
  ])('"%s" is an emergency', (text) => {
    expect(level(text)).toBe('emergency');
  });

  it.each([
    'sewer smell in the basement, the floor is dry',
    'the old mattress is stained and heavy',
    'rain is forecast, please check the gutters before it comes',
  ])('"%s" is no emergency', (text) => {
    expect(level(text)).not.toBe('emergency');
  });
});

describe('triage: a panel popping or crackling, entrance doors left unlocked overnight', () => {
  it.each([
    'the panel in the laundry closet is popping and the lights keep dimming',
    'PANEL B2 POPPING NOISES, TENANTS CONCERNED',
    'MAIN ENTRANCE DOORS UNLOCKED ALL NIGHT',
    'back entrance gate unlocked overnight again',
  ])('"%s" is an emergency', (text) => {
    expect(level(text)).toBe('emergency');
  });

  it.each(['the ceiling access panel popped out of its frame', 'please leave the office door unlocked for the cleaners'])('"%s" is no emergency', (text) => {
    expect(level(text)).not.toBe('emergency');
  });
});

describe('triage: no heat where no one lives, and a situation the writer says is fixed or passes', () => {
  it.each([
    'no heat in the detached garage',
    'the shed heater does not work',
    'the elevator got stuck with my neighbor in it this morning, repaired now',
    'ELEV 4 HAD A PASSENGER STUCK EARLIER - FIXED NOW',
  ])('"%s" is no emergency', (text) => {
    expect(level(text)).not.toBe('emergency');
  });

  it.each(['no heat in our apartment and the baby is cold', 'my neighbor is stuck in the elevator right now'])('"%s" is an emergency', (text) => {
    expect(level(text)).toBe('emergency');
  });
});

describe('triage: an odor the writer suspects is gas', () => {
  it.each([
    'Caller notes an odor by the water heater, suspected gas',
    'RM 12 - STRONG ODOR IN CORRIDOR, POSSIBLE GAS',
    'weird smell in the basement - potential gas?',
  ])('"%s" is an emergency', (text) => {
    expect(level(text)).toBe('emergency');
  });

  it('"possible gas line install for the new range, need a quote" is no emergency', () => {
    expect(level('possible gas line install for the new range, need a quote')).not.toBe('emergency');
  });
});

describe('triage: water getting under doors, taps dry across a building', () => {
  it.each([
    'the corridor on 3 has standing water and it is creeping under the dorm room doors',
    'water from the mech room is getting under the doors of the offices next to it',
    'faucets are dry in the entire dorm since 6am',
    'SINKS RUN DRY ACROSS THE WHOLE BLDG',
  ])('"%s" is an emergency', (text) => {
    expect(level(text)).toBe('emergency');
  });

  it.each(['cold air is getting under the front door, need a sweep', 'the sink in the break room is dry and dusty, nobody uses it'])(
    '"%s" is no emergency',
    (text) => {
      expect(level(text)).not.toBe('emergency');
    },
  );
});

describe('triage: terse CMMS titles of water from above, a relief valve discharging, steam indoors, an elevator car', () => {
  it.each([
    'RM 12 - WATER FROM ABOVE ONTO LAB BENCH',
    'Requestor says water is coming from above into the storage room',
    'BOILER RM - PRESSURE RELIEF VALVE DISCHARGING CONTINUOUSLY ONTO FLOOR',
    'the relief valve on the water heater is dumping water all over the closet floor',
    'STEAM ESCAPING FROM WALL IN CORRIDOR B',
    'steam is coming out from under the floor grate by the stairs',
    'SERVICE ELEVATOR - CAR STOPPED SHORT OF THE LOADING DOCK LEVEL, DOORS CLOSED, WORKER INSIDE',
    'the lift car froze at the lobby with the doors shut and a student inside',
  ])('"%s" is an emergency', (text) => {
    expect(level(text)).toBe('emergency');
  });

  it.each([
    'steam coming from the manhole in the street outside the hall',
    'ELEV 2 - CAR STOPPED AT LOBBY, EMPTY, OUT OF SERVICE',
    'my car is stuck in the snow in lot C and my son is inside',
    'relief valve on the water heater needs replacing per PM',
  ])('"%s" is no emergency', (text) => {
    expect(level(text)).not.toBe('emergency');
  });
});

describe('triage: a pipe, valve or supply line that is spraying', () => {
  it.each([
    'the shutoff under the bathroom sink is spraying, I have a rag wrapped around it',
    'SUPPLY LINE TO ICE MAKER SPRAYING BEHIND FRIDGE IN BREAK RM 210',
    'valve on the boiler room feed pipe is spraying, floor getting wet',
  ])('"%s" is an emergency', (text) => {
    expect(level(text)).toBe('emergency');
  });

  it.each(['the kitchen faucet sprayer is spraying sideways when I turn it on', 'tiny drip onto the closet floor from the valve, a cup catches it'])(
    '"%s" is no emergency',
    (text) => {
      expect(level(text)).not.toBe('emergency');
    },
  );
});
