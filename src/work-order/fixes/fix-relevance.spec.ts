import { loadKnowledgeBase } from '../../knowledge/knowledge-base';
import type { SimilarWorkOrder } from '../retrieval/similar-work-orders.service';
import { FixMatch, FixRelevance } from './fix-relevance';
import { CLOSE_REQUEST, countParts, mayBeShown, partLikelihood, rankPreviousFixes } from './previous-fixes';
import { KnowledgeFixNormalizer } from './knowledge-fix-normalizer';
import { similarWorkOrder } from '../../../test/support/similar-work-order';
import { createProblemClassifier } from './fix-normalizer.factory';

const kb = loadKnowledgeBase();
const relevance = new FixRelevance(kb);
const normalizer = new KnowledgeFixNormalizer(kb);

function past(issue: string, note: string, over: Partial<SimilarWorkOrder> = {}): SimilarWorkOrder {
  const fix = normalizer.normalize(note)!;
  return similarWorkOrder(issue, {
    issueDescription: issue,
    resolution: note,
    statusNorm: 'completed',
    fixKey: fix.key,
    fixLabel: fix.label,
    problemTrade: 'hvac-cooling',
    similarity: 0.6,
    ...over,
  });
}

describe('which previous fixes are about the request', () => {
  const request = 'Thermostat in office 210 is blank and the room is too warm';
  const retrieved = [
    past('Thermostat screen dead in office', 'replaced t-stat'),
    past('Office too warm in the afternoon', 'cleared condensate line'),
    past('Office too warm, vent rattles', 'tightened the vent louvers'),
  ];
  const query = relevance.query(request, [{ problemId: 'thermostat-malfunction', trade: 'hvac-heating' }], retrieved);

  it('shows a fix whose part the request names', () => {
    expect(Math.floor(relevance.match(retrieved[0], query))).toBe(FixMatch.SameFix);
  });

  it('leaves out a fix of another part that only shares the trade and common words', () => {
    expect(relevance.match(retrieved[1], query)).toBe(FixMatch.None);
    expect(relevance.match(retrieved[2], query)).toBe(FixMatch.None);
  });

  it('judges a past ticket of no known problem by its shared symptom words, never by a trade it does not have', () => {
    const cooler = 'Prep line undercounter cooler warm, reading 55 degrees';
    const tickets = [
      // The cooler both name is no symptom word; being warm and reading high degrees are.
      past('Undercounter cooler at the prep line is warm, reading 50 degrees', 'replaced evaporator fan motor', { problemId: null, problemTrade: null }),
      past('Prep line lights flicker', 'replaced ballast', { problemId: null, problemTrade: null }),
      past('Undercounter cooler warm at the prep line', 'replaced ballast', { problemTrade: 'electrical' }),
      past('Office too warm', 'cleared condensate line'),
      past('Lobby too warm', 'replaced filter'),
    ];
    const q = relevance.query(cooler, [{ problemId: 'commercial-cooler-warm', trade: 'appliance' }], tickets);
    expect(relevance.match(tickets[0], q)).toBe(FixMatch.SameTradeAndSymptom);
    // Words most retrieved requests share ("prep line") are no symptom; another trade stays out whatever it shares.
    expect(relevance.match(tickets[1], q)).toBe(FixMatch.None);
    expect(relevance.match(tickets[2], q)).toBe(FixMatch.None);
  });

  it('does not take a word of the fix for the same part when the past request was about another machine', () => {
    const bathFan = 'Bathroom fan makes a loud grinding noise and barely pulls air';
    const tickets = [
      past('Refrigerator making loud noise', 'replaced evaporator fan motor', { problemId: 'refrigerator-noisy', problemTrade: 'appliance' }),
      past('Bath fan grinding in unit 4', 'replaced exhaust fan motor', { problemId: 'exhaust-fan-failure', problemTrade: 'electrical' }),
      past('Loud grinding from the fan', 'replaced fan motor', { problemId: 'exhaust-fan-failure', problemTrade: 'electrical' }),
    ];
    const q = relevance.query(bathFan, [{ problemId: 'exhaust-fan-failure', trade: 'electrical' }], tickets);
    expect(relevance.match(tickets[0], q)).toBe(FixMatch.None);
    // The same machine, or a past request that names none, still counts the part.
    expect(Math.floor(relevance.match(tickets[1], q))).toBe(FixMatch.SameProblemOrPart);
    expect(relevance.match(tickets[2], q)).toBeGreaterThan(FixMatch.SameProblemOrPart);
  });
});

describe("a part of another trade's machine is not the part the request names", () => {
  const lockTicket = (issue: string, note: string, problemId: string, problemTrade: string) => past(issue, note, { problemId, problemTrade });
  const tickets = [
    lockTicket('window lock broken in bedroom', 'Replaced window lock', 'window-lock-broken', 'windows-glass'),
    lockTicket('sash lock on living room window will not latch', 'new sash lock installed', 'window-lock-broken', 'windows-glass'),
    lockTicket("key won't turn in front door lock", 'Replaced lock cylinder', 'lock-cylinder-stuck', 'doors-locks'),
  ];

  it.each([
    ["I'm locked out of my apartment"],
    ['Student locked out of dorm room 214, RA has no spare key'],
    ['Tenant at 41 Elm St locked out, requests entry'],
  ])("%p: a lockout is not shown a window's lock, and still a door's", (request) => {
    const q = relevance.query(request, [{ problemId: 'tenant-lockout', trade: 'doors-locks' }], tickets);
    expect(relevance.match(tickets[0], q)).toBe(FixMatch.None);
    expect(relevance.match(tickets[1], q)).toBe(FixMatch.None);
    expect(relevance.match(tickets[2], q)).toBeGreaterThan(FixMatch.None);
  });

  it('still shows a window lock when the request is about a window, or could be (a plausible problem of its trade)', () => {
    const window = relevance.query('bedroom window lock is broken', [{ problemId: 'window-lock-broken', trade: 'windows-glass' }], tickets);
    expect(Math.floor(relevance.match(tickets[0], window))).toBe(FixMatch.SameFix);
    const either = relevance.query(
      'lock is broken',
      [
        { problemId: 'door-lockset-broken', trade: 'doors-locks' },
        { problemId: 'window-lock-broken', trade: 'windows-glass' },
      ],
      tickets,
    );
    expect(relevance.match(tickets[0], either)).toBeGreaterThan(FixMatch.None);
  });
});

describe('a ticket filed under the problem by its words, fixed on a machine its trade never repairs', () => {
  // The demo portfolio's "sink faucit won't shut off" (a slip the catalogue does not read) was filed as heat that will not shut off.
  const tickets = [
    past("sink faucit won't shut off all the way", 'Replaced faucet', { problemId: 'heating-stuck-on', problemTrade: 'hvac-heating' }),
    past("bathroom faucit won't shut off", 'Replaced bathroom faucet', { problemId: 'heating-stuck-on', problemTrade: 'hvac-heating' }),
    past('heat will not turn off, apartment 85 degrees', 'replaced thermostat', { problemId: 'heating-stuck-on', problemTrade: 'hvac-heating' }),
  ];

  it.each([['Dorm room heater stuck on high'], ["Heat won't shut off in apartment 4B"], ['Radiator in room 310 will not turn off, room is 88F']])(
    "%p: is not shown a sink's faucet, and still the problem's own fix",
    (request) => {
      const q = relevance.query(request, [{ problemId: 'heating-stuck-on', trade: 'hvac-heating' }], tickets);
      expect(relevance.match(tickets[0], q)).toBe(FixMatch.None);
      expect(relevance.match(tickets[1], q)).toBe(FixMatch.None);
      expect(relevance.match(tickets[2], q)).toBeGreaterThanOrEqual(FixMatch.SameProblemOrPart);
    },
  );
});

describe('a fix must match the complaint, not only the machine or place it names', () => {
  it("leaves out another complaint's part of the same machine when the request names only the machine", () => {
    // An apartment tenant; the catalogue reads any dishwasher request as its one dishwasher problem.
    const request = "Dishwasher won't start, no lights on the panel";
    const tickets = [
      past('Dishwasher not draining, water sitting in the bottom', 'replaced dishwasher drain pump', {
        problemId: 'dishwasher-not-draining',
        problemTrade: 'appliance',
      }),
      past('Dishwasher will not start, panel is dead', 'replaced door latch switch on dishwasher', {
        problemId: 'dishwasher-not-draining',
        problemTrade: 'appliance',
      }),
      past('Range burner will not light', 'replaced burner igniter', { problemId: null, problemTrade: 'appliance' }),
    ];
    const q = relevance.query(request, [{ problemId: 'dishwasher-not-draining', trade: 'appliance' }], tickets);
    expect(relevance.match(tickets[0], q)).toBe(FixMatch.None);
    // A dishwasher that would not start either: the same symptom, shown.
    expect(relevance.match(tickets[1], q)).toBeGreaterThanOrEqual(FixMatch.SameTradeAndSymptom);
    // Said in the request's own words, the same problem still counts.
    const draining = relevance.query('Dishwasher not draining after the cycle', [{ problemId: 'dishwasher-not-draining', trade: 'appliance' }], tickets);
    expect(Math.floor(relevance.match(tickets[0], draining))).toBeGreaterThanOrEqual(FixMatch.SameProblemOrPart);
  });

  it("leaves out a fix that shares only a place with the request (the door's rollers for carpet torn at the door)", () => {
    // Student housing.
    const request = 'Rm 214: carpet torn at the bedroom door, someone could trip';
    const tickets = [
      past('Patio slider door drags on the track', 'replaced sliding door rollers', { problemId: 'sliding-door-rollers', problemTrade: 'doors-locks' }),
      past('Carpet ripped at the closet doorway', 'patched torn carpet at doorway', { problemId: 'carpet-loose', problemTrade: 'flooring' }),
    ];
    const q = relevance.query(
      request,
      [
        { problemId: 'carpet-stain-damage', trade: 'flooring' },
        { problemId: 'door-sticking', trade: 'doors-locks' },
      ],
      tickets,
    );
    expect(relevance.match(tickets[0], q)).toBe(FixMatch.None);
    expect(Math.floor(relevance.match(tickets[1], q))).toBeGreaterThanOrEqual(FixMatch.SameProblemOrPart);
  });

  it('still counts a word of the part that is not the machine itself, or the part named outright', () => {
    // University facilities.
    const tickets = [
      past('Condenser fan not spinning behind the science building', 'replaced condenser fan motor', { problemId: null }),
      past('AHU-2 squealing at startup', 'replaced belt on AHU-2', { problemId: null }),
    ];
    const fan = relevance.query('Library AC fan not spinning, room warm', [{ problemId: 'ac-refrigerant-leak', trade: 'hvac-cooling' }], tickets);
    expect(Math.floor(relevance.match(tickets[0], fan))).toBe(FixMatch.SameProblemOrPart);
    const belt = relevance.query('Belt squealing on AHU-2 in the basement', [{ problemId: 'ventilation-equipment-fault', trade: 'hvac-cooling' }], tickets);
    expect(Math.floor(relevance.match(tickets[1], belt))).toBeGreaterThanOrEqual(FixMatch.SameProblemOrPart);
  });
});

describe('what a fix must share with the request besides a place or a machine', () => {
  it('does not take the place a request names for the part of a fix that says where its part was', () => {
    // A tenant and a student reporting water from the unit above.
    const tickets = [
      past('Bathroom faucet dripping', 'Replaced bathroom faucet', { problemId: 'faucet-drip-cartridge', problemTrade: 'plumbing' }),
      past('Kitchen light flickering', 'installed new ceiling fixture', { problemId: 'light-fixture-failure', problemTrade: 'electrical' }),
    ];
    // Retrieved beside them, as a history returns them: other leaks of the bathroom and kitchen ceilings.
    const retrieved = [
      ...tickets,
      past('water leaking through bathroom ceiling from upstairs', 'repaired upstairs tub drain', {
        problemId: 'leak-from-unit-above',
        problemTrade: 'plumbing',
      }),
      past('kitchen ceiling wet, unit above had a leak', 'replaced supply line in unit above', { problemId: 'leak-from-unit-above', problemTrade: 'plumbing' }),
      past('bathroom ceiling stained and dripping', 'resealed tub drain upstairs', { problemId: 'leak-from-unit-above', problemTrade: 'plumbing' }),
    ];
    const above = [{ problemId: 'leak-from-unit-above', trade: 'plumbing' }];
    for (const request of ['ceiling is dripping water above the bathroom', 'Dorm 2nd floor: water coming through the kitchen ceiling']) {
      const q = relevance.query(request, above, retrieved);
      for (const ticket of tickets) expect(relevance.match(ticket, q)).toBe(FixMatch.None);
    }
    // The faucet itself, or the fixture, named by the request still counts.
    const faucet = relevance.query('bathroom faucet keeps dripping', [{ problemId: 'faucet-drip-cartridge', trade: 'plumbing' }], tickets);
    expect(Math.floor(relevance.match(tickets[0], faucet))).toBeGreaterThanOrEqual(FixMatch.SameProblemOrPart);
    const fixture = relevance.query('Office 12: ceiling fixture dead, bulbs are new', [{ problemId: 'light-fixture-failure', trade: 'electrical' }], tickets);
    expect(Math.floor(relevance.match(tickets[1], fixture))).toBeGreaterThanOrEqual(FixMatch.SameProblemOrPart);
  });

  it("reads a catalogue fix's part whole, though one of its words is also a verb (a window balance is not balancing)", () => {
    const balance = past("Window won't stay open", 'Replaced window balance', { problemId: 'window-balance-broken', problemTrade: 'windows-glass' });
    expect(balance.fixKey).toBe('kb:window-balance-broken');
    const pane = relevance.query('cracked window pane in the living room', [{ problemId: 'broken-window-pane', trade: 'windows-glass' }], [balance]);
    expect(relevance.match(balance, pane)).toBe(FixMatch.None);
    const stuck = relevance.query(
      'sash keeps sliding down, window balance broken',
      [{ problemId: 'window-balance-broken', trade: 'windows-glass' }],
      [balance],
    );
    expect(Math.floor(relevance.match(balance, stuck))).toBe(FixMatch.SameFix);
  });

  it("does not offer a refrigerator's fan motor for a ceiling fan", () => {
    const tickets = [
      past('refrigerator making loud noise', 'new evaporator fan motor', { problemId: 'refrigerator-noisy', problemTrade: 'appliance' }),
      past('Ceiling fan in bedroom wobbles', 'balanced ceiling fan blades', { problemId: 'ceiling-fan-failure', problemTrade: 'electrical' }),
    ];
    const q = relevance.query('ceiling fan wobbles and makes noise', [{ problemId: 'ceiling-fan-failure', trade: 'electrical' }], tickets);
    expect(relevance.match(tickets[0], q)).toBe(FixMatch.None);
    expect(relevance.closeness(tickets[0], q)).toBe(0);
    expect(relevance.match(tickets[1], q)).toBeGreaterThan(FixMatch.None);
  });
});

describe('a past request that names no machine, filed under another problem than the request could be', () => {
  it("does not offer a range's spark igniter switch for a sparking microwave, only for a stove", () => {
    const igniter = past('range burner clicking nonstop', 'Replaced spark igniter switch', { problemId: 'range-burner-wont-light', problemTrade: 'appliance' });
    const microwave = relevance.query(
      'microwave is sparking',
      [
        { problemId: 'microwave-failure', trade: 'appliance' },
        { problemId: 'sparking-outlet', trade: 'electrical' },
      ],
      [igniter],
    );
    expect(relevance.match(igniter, microwave)).toBe(FixMatch.None);
    const stove = relevance.query('stove burner keeps sparking but will not light', [{ problemId: 'range-burner-wont-light', trade: 'appliance' }], [igniter]);
    expect(Math.floor(relevance.match(igniter, stove))).toBeGreaterThanOrEqual(FixMatch.SameProblemOrPart);
  });

  it("does not take a sink's P-trap washer for a washing machine", () => {
    // Filed under another appliance's leak, as a history may file a request that names no fixture.
    const trap = past('leak under the cabinet, floor wet', 'tightened slip nuts and replaced P-trap washer', {
      problemId: 'refrigerator-leaking',
      problemTrade: 'appliance',
    });
    for (const request of ['washer not spinning', 'Laundry room washer stops mid cycle, will not spin']) {
      const q = relevance.query(request, [{ problemId: 'washer-not-draining', trade: 'appliance' }], [trap]);
      expect(relevance.match(trap, q)).toBe(FixMatch.None);
    }
    // A sink whose trap leaks: the ticket may be about it, filed under a problem the request could be.
    const sink = relevance.query('kitchen sink P-trap leaking, washer worn', [{ problemId: 'sink-drain-leak', trade: 'plumbing' }], [trap]);
    expect(Math.floor(relevance.match(trap, sink))).toBeGreaterThanOrEqual(FixMatch.SameProblemOrPart);
  });

  it("does not offer a water heater's element for a dryer that does not heat", () => {
    const tickets = [
      past('no hot water in unit 4B', 'replaced heating element and thermostat', { problemId: 'wh-electric-element-failure', problemTrade: 'water-heater' }),
      past('Dryer runs but clothes stay damp', 'replaced heating element', { problemId: 'dryer-not-heating', problemTrade: 'appliance' }),
    ];
    const q = relevance.query('dryer not heating', [{ problemId: 'dryer-not-heating', trade: 'appliance' }], tickets);
    expect(relevance.match(tickets[0], q)).toBe(FixMatch.None);
    expect(Math.floor(relevance.match(tickets[1], q))).toBeGreaterThanOrEqual(FixMatch.SameProblemOrPart);
  });
});

describe("a past ticket filed under the request's machine by words that name no machine", () => {
  // As a history files a plumber's ticket whose request names no fixture: by its words alone.
  const sewer = past('drain is slow, water will not go down', 'jetted main line', { problemId: 'dishwasher-not-draining', problemTrade: 'appliance' });
  const trap = past('water left under the cabinet overnight', 'Replaced P-trap', { problemId: 'refrigerator-leaking', problemTrade: 'appliance' });
  const filter = past('dishwasher full of water after the cycle', 'cleaned dishwasher filter', {
    problemId: 'dishwasher-not-draining',
    problemTrade: 'appliance',
  });
  const defrost = past('fridge leaking from underneath', 'cleared defrost drain', { problemId: 'refrigerator-leaking', problemTrade: 'appliance' });

  it.each([['dishwasher not draining'], ['Dishwasher in 4B has standing water after every cycle'], ["Res hall kitchen: dishwasher won't drain"]])(
    "%p: is not shown a main sewer line, a plumber's part, and still the dishwasher's own fix",
    (request) => {
      const q = relevance.query(request, [{ problemId: 'dishwasher-not-draining', trade: 'appliance' }], [sewer, filter]);
      expect(relevance.match(sewer, q)).toBe(FixMatch.None);
      expect(relevance.match(filter, q)).toBeGreaterThanOrEqual(FixMatch.SameProblemOrPart);
    },
  );

  it.each([['refrigerator leaking water onto floor'], ['Fridge in unit 3C is leaking onto the kitchen floor'], ['Break room refrigerator leaks water']])(
    "%p: is not shown a sink's P-trap, and still the refrigerator's own fix",
    (request) => {
      const q = relevance.query(request, [{ problemId: 'refrigerator-leaking', trade: 'appliance' }], [trap, defrost]);
      expect(relevance.match(trap, q)).toBe(FixMatch.None);
      expect(relevance.match(defrost, q)).toBeGreaterThanOrEqual(FixMatch.SameProblemOrPart);
    },
  );

  it('still shows the main sewer line for a request about the drains, whatever the ticket was filed under', () => {
    const q = relevance.query('sewage backing up into the tub and floor drain', [{ problemId: 'main-sewer-backup', trade: 'drains-sewer' }], [sewer]);
    expect(relevance.match(sewer, q)).toBeGreaterThan(FixMatch.None);
  });

  it.each([['refrigerator leaking water onto floor'], ['my fridge leaks water'], ['Dorm mini fridge is leaking all over the carpet']])(
    '%p: is not shown a leak an HVAC technician sealed on a cooling complaint that names no machine',
    (request) => {
      const sealed = past('tenant says hvac not cooling upstairs', 'Recharged refrigerant, found and sealed leak', {
        problemId: 'thermostat-malfunction',
        problemTrade: 'hvac-heating',
      });
      const q = relevance.query(request, [{ problemId: 'refrigerator-leaking', trade: 'appliance' }], [sealed, defrost]);
      expect(relevance.match(sealed, q)).toBe(FixMatch.None);
      expect(relevance.match(defrost, q)).toBeGreaterThanOrEqual(FixMatch.SameProblemOrPart);
    },
  );
});

describe("a machine's word written as a verb after a negation", () => {
  it.each([['heater clicks but never lights'], ["Furnace in apt 3C won't light, house is cold"], ['Student housing 2F: the heat clicks on but never lights']])(
    '%p: names no light fixture, and is shown the furnace ignitor its problem was fixed with',
    (request) => {
      expect(relevance.kindsOfText(request)).not.toContain('light fixture');
      const ignitor = past('No heat', 'igniter replaced on furnace', { problemId: 'furnace-ignitor-failure', problemTrade: 'hvac-heating' });
      const q = relevance.query(request, [{ problemId: 'furnace-ignitor-failure', trade: 'hvac-heating' }], [ignitor]);
      expect(relevance.match(ignitor, q)).toBeGreaterThanOrEqual(FixMatch.SameProblemOrPart);
    },
  );

  it('still reads a light named as a thing, also after "no"', () => {
    for (const request of ['hallway light not working', 'No lights in the stairwell of building C', "bedroom light won't turn on"])
      expect(relevance.kindsOfText(request)).toContain('light fixture');
  });
});

// "No hot water this morning, pilot light is out on the heater" was read as a light fixture, so the
// apartment vendor's thermocouple replacements on "no hot water" tickets were left out but one.
describe("a machine's word that names another machine's part", () => {
  it.each([
    ['No hot water this morning, pilot light is out on the heater', 'wh-gas-pilot-thermocouple', 'plumbing'],
    ['Gas wall heater in 2B: pilot light keeps going out', 'wh-gas-pilot-thermocouple', 'plumbing'],
    ['Tenant says the pilot light went out again, no hot water in 4C', 'wh-gas-pilot-thermocouple', 'plumbing'],
  ])('%p: names no light fixture, and is shown the thermocouples of its problem', (request, problemId, trade) => {
    expect(relevance.kindsOfText(request)).not.toContain('light fixture');
    const thermocouple = past('no hot water in the apartment', 'Relit pilot, replaced thermocouple on water heater', { problemId, problemTrade: trade });
    const q = relevance.query(request, [{ problemId, trade }], [thermocouple]);
    expect(relevance.match(thermocouple, q)).toBeGreaterThanOrEqual(FixMatch.SameProblemOrPart);
  });

  it('still reads the light fixture of a light that is one', () => {
    for (const request of ['ceiling light out in the hallway', 'porch light flickering', 'the light over the stove is out'])
      expect(relevance.kindsOfText(request)).toContain('light fixture');
  });
});

// "AC runs all day but the apartment is not getting any cooler" named the cooler kind, so the
// client's swamp-cooler repairs (pads, pumps, floats) weighed on the order of an air conditioner's fixes.
describe("a machine's word written as a comparison", () => {
  it.each([
    ['AC runs all day but the apartment is not getting any cooler'],
    ['set the thermostat to 68 and it never gets cooler than 80'],
    ['Blower is on, yet the bedroom is no cooler than an hour ago'],
    ['unit 12 a/c blowing but room not getting cooler'],
  ])('%p: names no cooler', (request) => {
    expect(relevance.kindsOfText(request)).not.toContain('cooler');
  });

  it('still reads a cooler named as a thing', () => {
    for (const request of ['the walk in cooler is at 50 degrees', 'swamp cooler on the roof is leaking', 'cooler not cooling, milk is warm'])
      expect(relevance.kindsOfText(request)).toContain('cooler');
  });
});

describe('repairs a request says the requester already did', () => {
  it.each([
    ['bedroom ceiling light does not turn on, changed the bulb already', 'Replaced bulbs'],
    ['Toilet in 2B still runs even after I replaced the flapper', 'replaced worn flapper'],
    ["Dorm room 214: AC not cooling, we've already changed the filter", 'Replace HVAC air filter'],
    ['Outlet in the kitchen is dead. I already reset the breaker but nothing', 'Reset tripped breaker'],
  ])('%p: reads the repair tried as the same repair as the history note %p', (request, note) => {
    const tried = relevance.triedClauses(request).map((clause) => relevance.repairOf(normalizer.normalize(clause)!.key));
    expect(tried).toContain(relevance.repairOf(normalizer.normalize(note)!.key));
  });

  it('reads nothing tried from a request that only asks for a repair or says what happened', () => {
    for (const request of [
      'Please replace the bulb in the hallway',
      'Breaker keeps tripping in unit 4',
      'filter needs changing in room 118',
      'I hear dripping behind the wall and I have to change the air filter anyway',
    ])
      expect(relevance.triedClauses(request)).toEqual([]);
  });
});

describe('how closely a past request reads like the incoming one', () => {
  const request = 'Greenhouse air handler not working';
  const retrieved = [
    past('greenhouse air handler is not working again', 'replaced belt on air handler'),
    past('air handler noisy in the library', 'greased bearings'),
    past('library air too cold', 'adjusted the damper'),
    past('no air in the library stacks', 'replaced filter'),
  ];
  const query = relevance.query(request, [], retrieved);

  it('is high for a request in the same words and below the bar for one sharing only some of them', () => {
    expect(relevance.closeness(retrieved[0], query)).toBeGreaterThanOrEqual(0.8);
    expect(relevance.closeness(retrieved[1], query)).toBeLessThan(CLOSE_REQUEST);
  });

  it('is 1 for the same words and 0 for none in common', () => {
    expect(relevance.closeness(past(request, 'replaced belt'), query)).toBeCloseTo(1, 5);
    expect(relevance.closeness(past('door lock jammed', 'replaced lock cylinder'), query)).toBe(0);
  });
});

// Read in answers to an apartment operator's own history (review 10): "refrigerator leaking water
// on floor" was shown "Clear AC condensate drain line", done on requests worded alike about an AC.
describe('a past request about another kind of equipment', () => {
  const leaks = [
    past('AC leaking water on floor', 'Cleared condensate drain line with vacuum'),
    past('Air conditioner leaking water on the floor', 'cleaned drain pan and flushed condensate line'),
    past('water leaking on floor from the fridge', 'replaced ice maker supply line', { problemTrade: 'appliance' }),
    past('water leaking on the floor by the bathroom sink', 'tightened slip nut on trap', { problemTrade: 'plumbing' }),
  ];

  it.each([
    ['refrigerator leaking water on floor', 'refrigerator-leaking'],
    ['Fridge is leaking water all over the kitchen floor', 'refrigerator-leaking'],
  ])('never reads close to "%s" however alike the words', (request, problemId) => {
    const query = relevance.query(request, [{ problemId, trade: 'appliance' }], leaks);
    expect(relevance.closeness(leaks[0], query)).toBe(0);
    expect(relevance.closeness(leaks[1], query)).toBe(0);
    expect(relevance.closeness(leaks[2], query)).toBeGreaterThan(0);
  });

  it('still reads close when the request names no equipment, or the same', () => {
    const plain = relevance.query('water leaking on the floor', [], leaks);
    expect(relevance.closeness(leaks[0], plain)).toBeGreaterThan(0);
    const ac = relevance.query('AC leaking water on the floor', [{ problemId: 'ac-condensate-drain-clog', trade: 'hvac-cooling' }], leaks);
    expect(relevance.closeness(leaks[0], ac)).toBeGreaterThanOrEqual(CLOSE_REQUEST);
  });
});

describe('the parts a fix works on, for ranking by how often each part is repaired', () => {
  it('reads the one part a fix works on from differently written notes, whatever qualifies it', () => {
    const part = (note: string) => relevance.partStem(normalizer.normalize(note)!.key);
    expect(part('2016-03-02 - 4410 - changed out belts on AHU-2, tensioned')).toBe(part('replaced belt'));
    expect(part('replaced belt')).toBeDefined();
    // A canonical fix ("Replace furnace blower motor") and a text fix name the same part.
    expect(part('Replaced the worn blower motor. Tested OK')).toBe(part('new motor installed'));
    expect(part('replaced motor on supply fan')).toBe(part('new motor installed'));
    expect(part('replaced motor on supply fan')).not.toBe(part('replaced fan'));
  });

  it('puts first, for a request naming no part, the fix of the part this client repairs most for such requests', () => {
    const request = 'Lab air not working, room stuffy';
    const retrieved = [
      past('lab air not working again', 'lubed motor, checked amps'),
      past('room stuffy, no air moving', 'swapped out filters, unit running'),
      past('lab air not moving', 'replaced broken belt on AHU-3'),
      past('lab air not working', 'replaced motor on supply fan'),
    ];
    const query = relevance.query(request, [], retrieved);
    const objectOf = (key: string) => [relevance.partStem(key)].filter((s): s is string => s !== undefined);
    const fixed = retrieved.map((t) => t.fixKey!);
    // The client's history of this trade: belts replaced far more often than anything else.
    const history: [string, number][] = [
      [normalizer.normalize('changed belts')!.key, 40],
      [normalizer.normalize('replaced motor')!.key, 6],
      [normalizer.normalize('replaced filter')!.key, 5],
    ];
    const likelihood = partLikelihood(
      countParts(
        retrieved,
        (t) => t.fixKey!,
        objectOf,
        (t) => t.similarity,
      ),
      countParts(
        history,
        ([key]) => key,
        objectOf,
        ([, n]) => n,
      ),
    );
    const fixes = rankPreviousFixes(
      retrieved,
      new Set(),
      (t) => relevance.match(t, query),
      (t) => relevance.closeness(t, query),
      { objectOf, likelihood },
    );
    expect(fixed).toHaveLength(4);
    expect(fixes[0].fix).toMatch(/belt/i);
    // Without the history the closest requests' fixes lead instead.
    expect(
      rankPreviousFixes(
        retrieved,
        new Set(),
        (t) => relevance.match(t, query),
        (t) => relevance.closeness(t, query),
      )[0].fix,
    ).not.toMatch(/belt/i);
  });
});

describe('kinds of equipment a request names', () => {
  it('reads the kind from any of its phrases, every word of the phrase named', () => {
    expect(relevance.query('Drinking fountain by room 114 gives warm water', [], []).equipment).toEqual(['drinking fountain']);
    expect(relevance.query('Bottle filler on 2nd floor stopped', [], []).equipment).toEqual(['drinking fountain']);
    expect(relevance.query('Ice maker in break room not making ice', [], []).equipment).toEqual(['ice machine']);
    // "ice" alone is not an ice machine, and a request naming no equipment has no kind.
    expect(relevance.query('Ice on the front steps', [], []).equipment).toEqual([]);
    expect(relevance.query('Office too warm in the afternoon', [], []).equipment).toEqual([]);
  });

  it('lists every phrase with its kind for the per-client counts', () => {
    const { phrases, kinds } = relevance.equipmentPhrases();
    expect(phrases).toHaveLength(kinds.length);
    expect(kinds[phrases.indexOf('bottle filler')]).toBe('drinking fountain');
    expect(kinds[phrases.indexOf('fountain')]).toBe('drinking fountain');
  });

  it('puts first, for a request naming a kind of equipment, the part this client repairs most on that kind', () => {
    const request = 'Drinking fountain on 3rd floor not cold';
    // Three fixes of requests worded alike, all shown; only their order is at stake.
    const retrieved = [
      past('Drinking fountain not cold, lobby', 'replaced compressor on fountain, tested cold'),
      past('Drinking fountain on 1st floor not cold', 'replaced fan motor, cold now'),
      past('Drinking fountain in hall not cold', 'changed belt'),
    ];
    const query = relevance.query(request, [{ problemId: 'ac-not-cooling', trade: 'hvac-cooling' }], retrieved);
    const objectOf = (key: string) => [relevance.partStem(key)].filter((s): s is string => s !== undefined);
    const counts = (rows: [string, number][]) =>
      countParts(
        rows,
        ([note]) => normalizer.normalize(note)!.key,
        objectOf,
        ([, n]) => n,
      );
    // The cooling trade as a whole: air handlers' belts lead. Fountains of this client: compressors.
    const trade = counts([
      ['changed belts', 30],
      ['replaced motor', 20],
      ['replaced compressor', 20],
    ]);
    const fountains = counts([
      ['replaced compressor', 6],
      ['replaced motor', 1],
    ]);
    const order = (likelihood: Map<string, number>) =>
      rankPreviousFixes(
        retrieved,
        new Set(),
        (t) => relevance.match(t, query),
        (t) => relevance.closeness(t, query),
        { objectOf, likelihood },
      ).map((f) => f.fix);
    const retrievedCounts = countParts(
      retrieved,
      (t) => t.fixKey!,
      objectOf,
      (t) => t.similarity,
    );
    expect(query.equipment).toEqual(['drinking fountain']);
    expect(order(partLikelihood(retrievedCounts, trade, fountains))).toHaveLength(3);
    expect(order(partLikelihood(retrievedCounts, trade, fountains))[0]).toMatch(/compressor/i);
    // Without the fountains' own counts the trade's belts lead.
    expect(order(partLikelihood(retrievedCounts, trade))[0]).toMatch(/belt/i);
  });
});

// Read in answers to a student-housing operator's and an office portfolio's own histories (review 11),
// whose notes read like CMMS closing notes: all capitals, work codes, parts with model numbers.
describe('a fix on a customer history of closing notes in capitals', () => {
  const appliance = { problemTrade: 'appliance' };
  const plumbing = { problemId: 'wh-gas-pilot-thermocouple', problemTrade: 'plumbing' };

  it('does not offer a replaced machine as the repair of a complaint about it', () => {
    const tickets = [
      past('Water pooling in front of refrigerator per tenant', 'REPLACED REFRIGERATOR - UNIT 14 YRS OLD, SEE ATTACHED QUOTE', {
        ...appliance,
        problemId: 'refrigerator-leaking',
      }),
      past('REFRIGERATOR LEAKING WATER ON FLOOR', 'CLEARED DEFROST DRAIN LINE W/ HOT WATER, NO LEAK', { ...appliance, problemId: 'refrigerator-leaking' }),
      past('refrigerator rattling loud at night', 'REPLACED REFRIGERATOR PER OWNER, OLD UNIT HAULED', { ...appliance, problemId: 'refrigerator-noisy' }),
    ];
    for (const request of ['Refrigerator leaking water on the kitchen floor', 'FRIDGE MAKING LOUD BUZZING NOISE', 'refrigerator not cold and leaking']) {
      const q = relevance.query(request, [{ problemId: 'refrigerator-leaking', trade: 'appliance' }], tickets);
      const shown = rankPreviousFixes(
        tickets,
        new Set(),
        (t) => relevance.match(t, q),
        (t) => relevance.closeness(t, q),
      ).map((f) => f.fix);
      expect(shown).not.toContain('Replaced refrigerator');
      if (/leak/i.test(request)) expect(shown.length).toBeGreaterThan(0);
    }
    // A replaced part that names its machine is still a repair of it.
    const stove = [
      past('STOVE BURNER NOT WORKING', 'REPLACED BURNER RECEPTACLE & 6IN ELEMENT, TESTED ALL BURNERS', { ...appliance, problemId: 'electric-range-element' }),
    ];
    const burner = relevance.query("Front left stove burner doesn't heat up", [{ problemId: 'electric-range-element', trade: 'appliance' }], stove);
    expect(relevance.match(stove[0], burner)).toBeGreaterThan(FixMatch.None);
    // When the catalogue's fix for the problem replaces the machine, a replaced one is its repair.
    const sump = [past('Sump pump not running, pit full', 'replaced pump, tested float', { problemId: 'sump-pump-failure', problemTrade: 'plumbing' })];
    const pit = relevance.query('SUMP PUMP NOT RUNNING IN BASEMENT', [{ problemId: 'sump-pump-failure', trade: 'plumbing' }], sump);
    expect(relevance.match(sump[0], pit)).toBeGreaterThan(FixMatch.None);
    // Asked to replace it, the past replacements (and their cost) are what the coordinator wants.
    const asked = relevance.query('Tenant asks to replace the old refrigerator', [{ problemId: 'refrigerator-not-cooling', trade: 'appliance' }], tickets);
    expect(relevance.match(tickets[0], asked)).toBeGreaterThan(FixMatch.None);
  });

  it('does not read a light of the request as the pilot light of a water heater or a furnace', () => {
    const tickets = [
      past('hot water lukewarm only', 'RELIT PILOT LIGHT ON WATER HEATER, TESTED TEMP 120F', plumbing),
      past('Corridor lights out near stairwell B', 'REPLACED LED TUBES (4) & BALLAST IN CORRIDOR FIXTURE', {
        problemId: 'light-fixture-failure',
        problemTrade: 'electrical',
      }),
    ];
    for (const request of ['light in my bedroom stopped working', 'Hallway light out on 2nd floor', "GAS STOVE BURNER WON'T LIGHT"]) {
      const q = relevance.query(request, [{ problemId: 'light-fixture-failure', trade: 'electrical' }], tickets);
      expect(relevance.match(tickets[0], q)).toBe(FixMatch.None);
    }
    // A request that names the pilot still gets it.
    const pilot = relevance.query('pilot light keeps going out, no hot water', [{ problemId: 'wh-gas-pilot-thermocouple', trade: 'plumbing' }], tickets);
    expect(relevance.match(tickets[0], pilot)).toBeGreaterThan(FixMatch.None);
  });

  it("does not offer a refrigerator's fan motor for a PTAC's noise, nor the other way round", () => {
    const tickets = [
      past('PTAC UNIT LOUD NOISE', 'REPLACED PTAC FAN MOTOR (AMANA) - TESTED', { problemId: null, problemTrade: 'hvac-cooling' }),
      past('REFRIGERATOR MAKING LOUD NOISE', 'REPLACED EVAPORATOR FAN MOTOR, NOISE GONE', { ...appliance, problemId: 'refrigerator-noisy' }),
    ];
    const fridge = relevance.query('FRIDGE MAKING LOUD BUZZING NOISE', [{ problemId: 'refrigerator-noisy', trade: 'appliance' }], tickets);
    expect(relevance.closeness(tickets[0], fridge)).toBe(0);
    expect(relevance.match(tickets[0], fridge)).toBe(FixMatch.None);
    const ptac = relevance.query('PTAC making rattling loud noise all night', [{ problemId: 'refrigerator-noisy', trade: 'appliance' }], tickets);
    expect(relevance.closeness(tickets[1], ptac)).toBe(0);
    expect(relevance.closeness(tickets[0], ptac)).toBeGreaterThan(0);
  });

  it("does not count a refrigerator's thermostat as the air conditioner's", () => {
    // Apartment tenant; the history's notes name the refrigerator's "defrost thermostat", no room thermostat.
    const tickets = [
      past('fridge not cooling, freezer fine', 'replaced defrost thermostat', { problemId: 'refrigerator-not-cooling', problemTrade: 'appliance' }),
      past('thermostat blank no AC', 'REPLACED THERMOSTAT. SYSTEM COOLING.', { problemId: 'cooling-thermostat-fault' }),
    ];
    expect(tickets[0].fixLabel).toBe('Replaced defrost thermostat');
    const ac = relevance.query(
      "AC not cooling in my apartment, thermostat set to 70 but it's 80 inside",
      [{ problemId: 'cooling-thermostat-fault', trade: 'hvac-cooling' }],
      tickets,
    );
    expect(relevance.match(tickets[0], ac)).toBe(FixMatch.None);
    expect(relevance.match(tickets[1], ac)).toBeGreaterThan(FixMatch.None);
  });

  it('does not offer another part of the name the request gives (a sewer line for a supply line, a fill valve for a shutoff or flush valve)', () => {
    const drains = { problemId: 'kitchen-sink-clog', problemTrade: 'plumbing' };
    const tickets = [
      past('Kitchen drain backing up into the tub', 'cleared main sewer line with cable machine', drains),
      past('supply line leaking under the vanity', 'replaced braided supply line', { problemId: 'supply-line-leak', problemTrade: 'plumbing' }),
      past('Toilet tank fills very slowly', 'replaced toilet fill valve', { problemId: 'toilet-fill-valve-failure', problemTrade: 'plumbing' }),
      past('Valve in the restroom keeps running', 'replaced valve', { problemId: null, problemTrade: 'plumbing' }),
    ];
    // City housing code inspection.
    const supply = relevance.query(
      'Leaking supply line under bathroom sink, water damage to cabinet',
      [{ problemId: 'supply-line-leak', trade: 'plumbing' }],
      tickets,
    );
    expect(Math.floor(relevance.match(tickets[0], supply))).toBe(FixMatch.None);
    expect(relevance.match(tickets[1], supply)).toBeGreaterThan(FixMatch.None);
    // University facilities.
    const shutoff = relevance.query('Shutoff valve in the restroom chase is dripping', [{ problemId: 'supply-line-leak', trade: 'plumbing' }], tickets);
    expect(relevance.match(tickets[2], shutoff)).toBe(FixMatch.None);
    const urinal = relevance.query('Restroom urinal flush valve running continuously', [{ problemId: 'flush-valve-fault', trade: 'plumbing' }], tickets);
    expect(relevance.match(tickets[2], urinal)).toBe(FixMatch.None);
    // A fix that does not say which valve may be either.
    expect(relevance.match(tickets[3], shutoff)).toBeGreaterThanOrEqual(FixMatch.SameProblemOrPart);
    // A room before the part, or a repair verb, says nothing of which part it is.
    const room = relevance.query('restroom valve dripping', [{ problemId: 'supply-line-leak', trade: 'plumbing' }], tickets);
    expect(Math.floor(relevance.match(tickets[2], room))).toBe(FixMatch.SameProblemOrPart);
    const replace = relevance.query('please replace valve in the restroom', [{ problemId: 'supply-line-leak', trade: 'plumbing' }], tickets);
    expect(Math.floor(relevance.match(tickets[2], replace))).toBe(FixMatch.SameProblemOrPart);
  });

  it("does not offer a water heater's pilot parts for a wall furnace's pilot", () => {
    const tickets = [
      past('hot water lukewarm only', 'Replaced thermocouple on WH, relit pilot - ok', plumbing),
      past('No hot water in shower per resident', 'REPLACED GAS CONTROL VALVE ON WATER HEATER (WHITE RODGERS 37C73U), TESTED', plumbing),
      past('Unit cold, heater blowing cold air', 'RELIT PILOT ON WALL FURNACE - COMPLETED', {
        problemId: 'furnace-flame-sensor',
        problemTrade: 'hvac-heating',
      }),
    ];
    // The catalogue has no furnace pilot: it reads "pilot light out" as the water heater's first.
    const furnace = relevance.query(
      'pilot light out on wall furnace',
      [
        { problemId: 'wh-gas-pilot-thermocouple', trade: 'plumbing' },
        { problemId: 'furnace-flame-sensor', trade: 'hvac-heating' },
      ],
      tickets,
    );
    expect(relevance.match(tickets[0], furnace)).toBe(FixMatch.None);
    expect(relevance.match(tickets[1], furnace)).toBe(FixMatch.None);
    expect(relevance.match(tickets[2], furnace)).toBeGreaterThan(FixMatch.None);
    // The water heater's own request still gets them.
    const heater = relevance.query('water heater pilot keeps going out', [{ problemId: 'wh-gas-pilot-thermocouple', trade: 'plumbing' }], tickets);
    expect(relevance.match(tickets[0], heater)).toBeGreaterThan(FixMatch.None);
  });
});

// A student-housing shop replaced flush valve diaphragms on "toilet running" tickets, filed as a worn
// flapper; a request that reads as a flush valve running on was shown one of the three.
describe("a repair the catalogue gives for the request's problem", () => {
  const plumbing = { problemTrade: 'plumbing' };
  const problems = [
    { problemId: 'flush-valve-fault', trade: 'plumbing' },
    { problemId: 'toilet-flapper-worn', trade: 'plumbing' },
  ];
  const tickets = [
    past('toilet running all day', 'Replaced diaphragm on flush valve', { ...plumbing, problemId: 'toilet-flapper-worn' }),
    past('toilet running in suite 210', 'Replaced wax ring', { ...plumbing, problemId: 'toilet-flapper-worn' }),
    past('water pressure too high in the building', 'replaced diaphragm in PRV', { ...plumbing, problemId: 'pressure-reducing-valve-failure' }),
    past('bathroom sink drains slow', 'cleared drain', { ...plumbing, problemId: 'bathroom-sink-slow-drain' }),
  ];

  it.each([
    // Student housing, a facilities desk, an apartment tenant.
    'toilet in the 3rd floor restroom will not stop running',
    "Men's room flush valve keeps running after flushing, 2nd floor",
    'toilet flush valve runs nonstop in unit 4',
  ])('%p: shows the repair filed under another plausible problem of the request', (request) => {
    const query = relevance.query(request, problems, tickets);
    expect(relevance.match(tickets[0], query)).toBeGreaterThanOrEqual(FixMatch.SameProblemOrPart);
    // Not another repair of the same tickets, nor the same repair of a problem the request is not about.
    expect(relevance.match(tickets[1], query)).toBeLessThan(FixMatch.SameProblemOrPart);
    expect(relevance.match(tickets[2], query)).toBeLessThan(FixMatch.SameProblemOrPart);
  });
});

// A student-housing shop's fan coil motors, replaced on "room too hot" and "fan coil not blowing", were shown
// first for a leaking fan coil: the machine's name qualifying the motor was read as the part the request names.
describe("the request's machine's name qualifying another part", () => {
  const problems = [{ problemId: 'ac-condensate-drain-clog', trade: 'hvac-cooling' }];
  const motor = past('room 118 too hot, fan coil not blowing', 'Replaced fan coil motor', { problemId: 'room-temperature-not-held' });
  const line = past('fan coil leaking', 'Cleared condensate line', { problemId: 'ac-condensate-drain-clog' });

  it.each([
    'fan coil closet is leaking water onto the floor',
    'Fan coil in suite 4B dripping water on the carpet',
    'water leaking from the fan coil unit in room 210',
  ])('%p: is no motor replaced on another complaint, and still the condensate line', (request) => {
    const q = relevance.query(request, problems, [motor, line]);
    expect(mayBeShown(relevance.match(motor, q), relevance.closeness(motor, q))).toBe(false);
    expect(relevance.match(line, q)).toBeGreaterThanOrEqual(FixMatch.SameProblemOrPart);
  });

  it('still shows the motor when the past request made the same complaint', () => {
    const leaking = past('fan coil leaking and the fan is loud', 'Replaced fan coil motor', { problemId: 'room-temperature-not-held' });
    const q = relevance.query('fan coil closet is leaking water onto the floor', problems, [leaking, line]);
    expect(relevance.match(leaking, q)).toBeGreaterThanOrEqual(FixMatch.SameProblemOrPart);
  });
});

describe('a fix of the same trade for another fixture or another failure of the same one', () => {
  const drains = [
    past('tub wont drain, standing water', 'Cleared tub drain, hair clog removed', { problemId: 'tub-shower-drain-clog', problemTrade: 'drains-sewer' }),
    past('bathtub takes forever to drain', 'snaked bathtub drain', { problemId: 'tub-shower-drain-clog', problemTrade: 'drains-sewer' }),
    past('kitchen sink backed up again', 'Cleared kitchen drain line, grease', { problemId: 'kitchen-sink-clog', problemTrade: 'drains-sewer' }),
  ];

  it.each([['kitchen sink wont drain, dirty water sitting in it'], ['Kitchen sink is backed up and nothing goes down']])(
    '%p: is not shown the tub drains cleared, only the kitchen sink',
    (request) => {
      const q = relevance.query(request, [{ problemId: 'kitchen-sink-clog', trade: 'drains-sewer' }], drains);
      for (const tub of drains.slice(0, 2)) {
        expect(relevance.closeness(tub, q)).toBe(0);
        expect(relevance.match(tub, q)).toBeLessThan(FixMatch.SameProblemOrPart);
      }
      expect(relevance.match(drains[2], q)).toBeGreaterThanOrEqual(FixMatch.SameProblemOrPart);
    },
  );

  const toilets = [
    past('toilet overflowing in 3rd floor restroom', 'augered toilet, cleared', { problemId: 'fixture-overflow-flood', problemTrade: 'plumbing' }),
    past('2nd floor restroom toilet overflowed onto the floor', 'Plunged toilet', { problemId: 'fixture-overflow-flood', problemTrade: 'plumbing' }),
    past('toilet runs constantly 2nd floor mens room', 'replaced diaphragm kit, flush valve ok', {
      problemId: 'toilet-flapper-worn',
      problemTrade: 'plumbing',
    }),
  ];

  it.each([['toilet in the 3rd floor restroom will not stop running'], ['The toilet in the 2nd floor restroom keeps running all night']])(
    '%p: is not shown a clogged toilet cleared, however alike the place, only the running one',
    (request) => {
      const q = relevance.query(
        request,
        [
          { problemId: 'flush-valve-fault', trade: 'plumbing' },
          { problemId: 'toilet-flapper-worn', trade: 'plumbing' },
          { problemId: 'fixture-overflow-flood', trade: 'plumbing' },
        ],
        toilets,
      );
      for (const clogged of toilets.slice(0, 2)) {
        expect(relevance.closeness(clogged, q)).toBe(0);
        expect(relevance.match(clogged, q)).toBe(FixMatch.None);
      }
      expect(relevance.match(toilets[2], q)).toBeGreaterThanOrEqual(FixMatch.SameProblemOrPart);
    },
  );
});

describe('a request that names the part it needs', () => {
  const retrieved = [
    past('AC not cooling in 210', 'replaced condenser fan motor'),
    past('AC unit not cooling well', 'replaced fan motor, unit cooling'),
    past('AC blowing warm', 'changed filters'),
    past('AC low on charge', 'recharged refrigerant, checked for leaks'),
  ];
  const objectOf = (key: string) => [relevance.partStem(key)].filter((s): s is string => s !== undefined);
  // The client's cooling history: motors far more often than refrigerant.
  const likelihood = new Map([
    [relevance.partStem(retrieved[0].fixKey!)!, 0.4],
    [relevance.partStem(retrieved[2].fixKey!)!, 0.3],
    [relevance.partStem(retrieved[3].fixKey!)!, 0.12],
  ]);

  /** The previous fixes shown for a request read as a refrigerant leak. */
  const fixesFor = (request: string) => {
    const query = relevance.query(request, [{ problemId: 'ac-refrigerant-leak', trade: 'hvac-cooling' }], retrieved);
    return rankPreviousFixes(
      retrieved,
      new Set(),
      (t) => relevance.match(t, query),
      (t) => relevance.closeness(t, query),
      { objectOf, likelihood, named: (key) => relevance.namesPartOf(key, query) },
    );
  };

  it.each([['Please add refrigerant to the a/c unit in 204'], ['Unit 12 AC is low on refrigerant, please top it off']])(
    '%p: shows the refrigerant first',
    (request) => {
      expect(fixesFor(request)[0].fix).toMatch(/refrigerant/i);
    },
  );

  it('still orders by what such requests usually need when the request names no part', () => {
    expect(fixesFor('AC is not cooling, room is 84')[0].fix).toMatch(/motor/i);
  });
});

describe('the parts a request names, looked up in the history whatever problem they were filed under', () => {
  const classifier = createProblemClassifier(kb);
  const partsOf = (request: string) => relevance.namedParts(relevance.query(request, classifier.candidates(request), []));
  const stemOf = (note: string) => relevance.partStem(normalizer.normalize(note)!.key)!;

  it.each([
    ['Belt squealing on the supply fan of AHU-2', 'replaced belt'],
    ['Replace the ballast in the hallway light, room 12', 'replaced ballast'],
    ['HVAC filter change out in all restrooms', 'changed filters'],
    // A variable frequency drive is a part of pumps and fans the catalogue names (chiller plant).
    ['Cooling tower fan VFD shows an overcurrent fault, fan will not run', 'replaced VFD on tower fan'],
    ['Supply fan drive for AHU-4 trips at startup, check the VFD', 'reset VFD, fan running'],
  ])('%p names the part of %p', (request, note) => {
    expect(partsOf(request)).toContain(stemOf(note));
  });

  it.each([['AC is not cooling, room is 84'], ['The room temperature is too high all day'], ['Air handler making a loud noise']])(
    '%p names no part',
    (request) => {
      expect(partsOf(request)).toEqual([]);
    },
  );
});
