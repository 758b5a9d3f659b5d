import { loadKnowledgeBase } from '../../knowledge/knowledge-base';
import { complaintText } from '../../knowledge/work-order-text';
import { diagnoseOffline } from './knowledge-diagnosis';
import { offlineAnswer } from './offline-answer';
import { readSeveralProblems } from './several-problems';

/**
 * Issue 21: the dispatch a coordinator would notice first. Requests written for these tests in the
 * style of real ones; each checks the trade sent, whether it is an emergency and what the
 * likelihoods claim.
 */
describe('dispatch on context, furniture, facility vocabulary and several problems', () => {
  const kb = loadKnowledgeBase();
  const answer = offlineAnswer(kb);
  const summer = new Date('2026-06-15T12:00:00Z');
  const diagnose = (text: string) => diagnoseOffline(kb, { text: complaintText(text), safetyFlags: [], history: new Map() });

  it.each([
    ['seeing mice droppings under the kitchen sink', 'pest-control', false],
    ['Water dripping from ceiling in bathroom, coming from the apartment upstairs', 'plumbing', true],
    ['The whole bathroom floor is flooded', 'plumbing', true],
    ['Could you lower my bed to the bottom setting', 'general-handyman', false],
    ['Kitchen table wobbles, the legs need tightening', 'general-handyman', false],
    ['Desk drawer is stuck and will not open', 'general-handyman', false],
    ['Room is way too humid, air feels thick all the time', 'hvac-cooling', false],
  ])('the issue\'s row "%s" goes to %s (emergency %p)', (text, trade, emergency) => {
    const a = answer(text, summer);
    expect(a.trades[0]).toBe(trade);
    expect(a.emergency).toBe(emergency);
  });

  it.each([
    ['rodent droppings found behind the dishwasher', 'pest-control'],
    ['leak through my bathroom ceiling from the unit above', 'plumbing'],
    ['please unloft my bed, I want it at floor level', 'general-handyman'],
    ['the bunk bed ladder is loose', 'general-handyman'],
    ['chair in the study room is wobbly, one leg loose', 'general-handyman'],
    ['please move the couch from my room to the lounge', 'moving-furniture'],
    ['fridge is leaking water onto the kitchen floor', 'appliance'],
    ['my mattress is ripped and the springs are sticking out', 'moving-furniture'],
    ['the oven door will not shut all the way', 'appliance'],
    ['plumbing fixtures in the unit are not kept in working condition', 'plumbing'],
    ['a tree branch came down on the back fence in the storm', 'grounds'],
    ['pipe under the bathroom sink is leaking', 'plumbing'],
    ['card reader at the side entrance will not read my card', 'doors-locks'],
    ['the call box at the parking gate is dead', 'doors-locks'],
    ['fume hood in lab 204 is not pulling air', 'hvac-cooling'],
    ['VAV box above the conference room is rattling', 'hvac-cooling'],
    ['air handler on the roof is making a grinding noise', 'hvac-cooling'],
    ['it feels muggy and damp in the apartment even with the AC on', 'hvac-cooling'],
  ])('"%s" goes to %s', (text, trade) => {
    expect(answer(text, summer).trades[0]).toBe(trade);
  });

  // An appliance that will not start is its own problem, not the machine's draining or heating one.
  it.each([
    ["dishwasher won't start, the buttons do nothing", 'Dishwasher will not start'],
    ['our washing machine does not turn on at all', 'Washing machine will not start'],
    ['washer lights come on but it never starts the cycle', 'Washing machine will not start'],
    ['dryer in unit 4 hums but the drum does not turn', 'Dryer will not start'],
    ['the dishwasher is not draining, water sits in the bottom', 'Dishwasher not draining'],
    ['dryer runs fine but the clothes come out cold and wet', 'Dryer not heating'],
  ])('"%s" is diagnosed as %s', (text, diagnosis) => {
    expect(diagnose(text)[0].diagnosis).toBe(diagnosis);
  });

  // Requests that name a facility's own equipment or say where the heat or cold is.
  it.each([
    ['urinal in the mens room runs nonstop', 'plumbing'],
    ['second stall toilet keeps flushing by itself', 'plumbing'],
    ['walk-in cooler in the kitchen is reading 50 degrees', 'appliance'],
    ['prep cooler on the line is not holding temp', 'appliance'],
    ['fryer at the grill station will not heat up', 'appliance'],
    ['soap dispenser fell off the wall in the ladies room', 'general-handyman'],
    ['several ceiling panels missing in the hallway', 'general-handyman'],
    ['mortar is falling out between the bricks by the back stairs', 'general-handyman'],
    ['spiders all over the lobby and the study room', 'pest-control'],
    ['a snake was seen by the loading dock door', 'pest-control'],
    ['chiller 2 is in alarm again', 'hvac-cooling'],
    ['steam trap in the basement mechanical room is leaking', 'hvac-heating'],
    ['drinking fountain on the 3rd floor is not cold', 'plumbing'],
    ['swamp cooler pads are dry and it blows warm air', 'hvac-cooling'],
    ['hot in the building all afternoon', 'hvac-cooling'],
    ['it is freezing cold in the lecture hall', 'hvac-heating'],
    ['2nd floor hallway lights out', 'electrical'],
    ['REPLACE EMERGENCY EGRESS LIGHTS THAT FAILED THE TEST', 'fire-life-safety'],
    ['WEST WING - CONFERENCE ROOM A/C NOT WORKING', 'hvac-cooling'],
    ['the classroom door slams so loud you hear it down the hall', 'doors-locks'],
    ['quote to replace the old carpet in suites 4 and 5 with laminate', 'flooring'],
    ['PLEASE INSTALL NEW VINYL FLOORING IN THE BREAK ROOM', 'flooring'],
  ])('"%s" goes to %s', (text, trade) => {
    expect(answer(text, summer).trades[0]).toBe(trade);
  });

  // Fourth round: a facility's own vocabulary for signs, finishes, appliance parts, locks, the
  // shop a request is addressed to, lighting controls, lift stations and room turnover.
  it.each([
    ['please hang two framed posters in the reading room', 'general-handyman'],
    ['new plaque needed for the dedication wall', 'general-handyman'],
    ['apartment number is missing from my front door', 'general-handyman'],
    ['please replace the faded room numbers on the 2nd floor offices', 'general-handyman'],
    ['hallway walls need touch-up paint after move out', 'drywall-paint'],
    ['repaint the trim around the office door', 'drywall-paint'],
    ['yellow jackets nest near the bike rack', 'pest-control'],
    ['maggots in the dumpster area by the dining hall', 'pest-control'],
    ['the curtains in the lounge are stuck on the track', 'general-handyman'],
    ['baby changing station in the family restroom is broken', 'general-handyman'],
    ['dresser drawer missing its glide, falls out', 'general-handyman'],
    ['refrigerator door shelf fell off', 'appliance'],
    ['the oven rack is bent and will not slide', 'appliance'],
    ['microwave handle broke off', 'appliance'],
    ['breaker panel cover is missing in the hallway', 'electrical'],
    ['the lock on my bedroom door is broken', 'doors-locks'],
    ['have the plumbing shop install an eyewash station in lab 3', 'plumbing'],
    ['ask the painters to refresh the stairwell', 'drywall-paint'],
    ['request to the electricians: add a circuit for the new kiln', 'electrical'],
    ['carpentry shop to build a shelf in the storage room', 'general-handyman'],
    ['lift station alarm at the north lot', 'drains-sewer'],
    ['the occupancy sensor in the classroom turns the lights off during lectures', 'electrical'],
    ['the griddle in the dining hall kitchen will not turn on', 'appliance'],
    ['UNIT TURN MAKE READY - TRASH LEFT IN CLOSETS, KITCHEN FLOOR STICKY', 'cleaning-custodial'],
    ['the humidifier in the greenhouse air handler is leaking', 'hvac-cooling'],
    ['the sink in the 2nd floor womens restroom is not working', 'plumbing'],
    ['shower in the locker room is out of order', 'plumbing'],
    ['bathroom sink is draining slow', 'drains-sewer'],
    ['quote to add receptacles along the lab bench', 'electrical'],
    ['need a power cable run to the scoreboard', 'electrical'],
    ['big crack in my bedroom door', 'doors-locks'],
    ['crack in the wall next to the door', 'drywall-paint'],
    ['PINE HALL - 1ST FLOOR DRINKING FOUNTAIN FALLING APART - PLEASE FIX', 'plumbing'],
    ['thermostat reads 84 degrees in the lecture hall', 'hvac-cooling'],
    ['thermostat says 58 degrees in my room', 'hvac-heating'],
    ['DI water system alarm in the chemistry wing', 'plumbing'],
    ['deionized water tap in lab 2 has no pressure', 'plumbing'],
    ['the incubator in room 12 is not holding temperature', 'appliance'],
  ])('"%s" goes to %s (facility vocabulary, fourth round)', (text, trade) => {
    expect(answer(text, summer).trades[0]).toBe(trade);
  });

  it('does not read "install new" kitchen equipment as plumbing, nor water to be plumbed in as a flood', () => {
    expect(answer('install new kitchen equipment in the 3rd floor cafe', summer).trades[0]).not.toBe('plumbing');
    const plumbed = answer('we need a sink with hot and cold water plumbed into the new lab', summer);
    expect(plumbed.trades[0]).toBe('plumbing');
    expect(plumbed.emergency).toBe(false);
  });

  it('does not send an elevator mechanic, water-heater technician or exterminator for words they share with other trades', () => {
    const trades = (text: string) => answer(text, summer).trades;
    expect(trades('sconce light on the 2nd floor landing is out')).not.toContain('elevator');
    expect(trades('hot in the building all afternoon')[0]).not.toBe('water-heater');
    expect(trades('need outlets along the wall in the animal room')[0]).not.toBe('pest-control');
  });

  it('reads the urgency of the whole request, also from a part that leads no diagnosis', () => {
    // The first part reads as the AC problem; the second only says where the water goes.
    expect(answer('AHU 3 leaking from the drain pan. water spreading across the floor.', summer).emergency).toBe(true);
    expect(answer('AHU 3 leaking from the drain pan.', summer).emergency).toBe(false);
  });

  // Sixth round: facility and housing vocabulary named broadly (requests written for the tests).
  it.each([
    ['pigeons roosting on the ledge above the main entrance', 'pest-control'],
    ['gopher holes all along the soccer field', 'pest-control'],
    ['the freezer in our kitchen is icing up again', 'appliance'],
    ['mini fridge has a thick frost buildup', 'appliance'],
    ['the light in the range hood above the stove is out', 'appliance'],
    ['overhead door in the bay will not go up', 'doors-locks'],
    ['trap primer in the mens room needs service', 'plumbing'],
    ['thermostatic mixing valve for the locker room showers needs adjusting', 'plumbing'],
    ['horn strobe on the 2nd floor did not flash during the test', 'fire-life-safety'],
    ['skylight over the atrium is cracked', 'roofing-gutters'],
    ['please strip and wax the floors in the lobby', 'cleaning-custodial'],
  ])('sends "%s" to %s', (text, trade) => {
    expect(answer(text, summer).trades[0]).toBe(trade);
  });

  it.each([
    ['no leak under the sink, but the cabinet door hinge is broken', 'general-handyman', 'plumbing'],
    ['There are no bugs. Please lower my loft to the middle setting.', 'general-handyman', 'pest-control'],
    ['not seeing any mice anymore, but the oven does not heat', 'appliance', 'pest-control'],
  ])('reads what "%s" says is absent as absent', (text, trade, absent) => {
    const ds = diagnose(text);
    expect(ds[0].trade).toBe(trade);
    expect(ds.filter((d) => d.trade === absent).reduce((s, d) => s + d.likelihood, 0)).toBeLessThan(0.05);
  });

  it.each([
    ['no leak but there are ants under the sink', 'pest-control'],
    ['there is no leak, but ants are all over under the sink', 'pest-control'],
  ])('does not weigh the trade of what "%s" says is absent', (text, trade) => {
    expect(diagnose(text)[0].trade).toBe(trade);
  });

  it('still reads the absence of heat, water or power as the complaint', () => {
    expect(answer('no heat in the apartment', new Date('2026-01-15T12:00:00Z'))).toMatchObject({ emergency: true });
    expect(diagnose('no heat in the apartment')[0].trade).toBe('hvac-heating');
    expect(diagnose('there is no water coming out of any faucet')[0].trade).toBe('plumbing');
  });

  it('never states a single diagnosis with near-certainty, and keeps the stated likelihoods below 1 together', () => {
    for (const text of ['toilet keeps running', 'seeing mice droppings under the kitchen sink', 'no hot water in the whole unit', 'smoke detector chirping']) {
      const ds = diagnose(text);
      expect(ds[0].likelihood).toBeLessThanOrEqual(kb.calibration.stated_ceiling ?? 1);
      expect(ds[0].likelihood).toBeLessThanOrEqual(0.96);
      expect(ds.reduce((s, d) => s + d.likelihood, 0)).toBeLessThan(1);
    }
  });

  it("names the trade model's next trade as a second opinion when the matched words belong to one trade, leaving the top as it was", () => {
    // The words matched are flooring's alone ("vinyl tiles ... lifting"); the water damage reads as drywall to the trade model.
    const ds = diagnose('Vinyl tiles in the lab are lifting after the water damage last month, about twenty need replacing');
    expect(ds.map((d) => d.trade)).toEqual(['flooring', 'drywall-paint']);
    expect(ds[0].likelihood).toBeGreaterThanOrEqual(0.9);
    expect(ds[1].likelihood).toBeGreaterThan(0);
    // The second opinion only takes what the top leaves unclaimed.
    expect(ds[1].likelihood).toBeLessThanOrEqual(0.98 - ds[0].likelihood + 0.001);
  });

  it('offers alternatives of other causes or trades when the top diagnosis is below 0.8', () => {
    for (const text of ['it is making a weird noise', 'something is wrong in the bathroom', 'couch leg broke, can someone fix it']) {
      const ds = diagnose(text);
      if (ds[0].likelihood >= 0.8) continue;
      expect(ds.length).toBeGreaterThanOrEqual(2);
      expect(new Set(ds.map((d) => `${d.trade}/${d.diagnosis}`)).size).toBe(ds.length);
    }
    expect(diagnose('it is making a weird noise')[0].likelihood).toBeLessThan(0.8);
  });

  it('dispatches the most urgent of several problems and names the others in the insights', () => {
    const text = 'The closet door is off its track. Water is pouring through the bedroom ceiling.';
    const a = answer(text, summer);
    expect(a.emergency).toBe(true);
    expect(['plumbing', 'roofing-gutters']).toContain(a.trades[0]);
    const several = readSeveralProblems(kb, text, summer);
    expect(several.text).toBe('Water is pouring through the bedroom ceiling.');
    expect(several.insights).toEqual(['Also reported in this request: closet door off track (Handyman); dispatch it separately.']);
  });

  it.each([
    ["the heat in my dorm room won't turn off, it's like 85 degrees in here", 'heating-stuck-on'],
    ['radiator is blasting heat and I cannot turn it down', 'heating-stuck-on'],
    ['there is mold growing on the window sill in my bedroom', 'mold-on-walls'],
  ])('reads "%s" as %s, not as its opposite or a leak', (text, problem) => {
    const top = diagnose(text)[0];
    expect(kb.problems.find((p) => p.name === top.diagnosis)?.id).toBe(problem);
  });

  it.each(["heat won't turn on in my apartment", "heater won't turn on", 'it is freezing in here and the heat will not come on'])(
    'never offers "heat will not shut off" for "%s", whose triage reads no heat',
    (text) => {
      const winter = new Date('2026-01-15T12:00:00Z');
      const answer = offlineAnswer(kb)(text, winter);
      const names = diagnoseOffline(kb, {
        text: complaintText(text),
        situations: new Set(['no-heat']),
        safetyFlags: [],
        history: new Map(),
      }).map((d) => d.diagnosis);
      expect(answer.emergency).toBe(true);
      expect(names).not.toContain(kb.problemById.get('heating-stuck-on')!.name);
    },
  );

  it('keeps a single complaint as written', () => {
    expect(readSeveralProblems(kb, 'toilet keeps running', summer)).toEqual({ text: 'toilet keeps running', insights: [], complaints: [] });
  });

  it.each([
    ['Tenant reports roaches in kitchen and bathroom, also the bathroom sink drains slow', 'slow bathroom sink drain'],
    ['AC not cooling and also the kitchen faucet drips', 'dripping faucet'],
    ['water heater leaking, plus the closet door is off its track', 'closet door off track'],
  ])('"%s": the afterthought of another trade is named in the insights (%s)', (text, problem) => {
    const several = readSeveralProblems(kb, text, summer);
    expect(several.insights).toHaveLength(1);
    expect(several.insights[0]).toContain(`Also reported in this request: ${problem}`);
  });

  it.each(['the sink is clogged and it also leaks', 'light out in hallway, also in the bathroom'])(
    '"%s" is one complaint: "also" goes on about the same thing',
    (text) => {
      expect(readSeveralProblems(kb, text, summer).insights).toEqual([]);
    },
  );
});

describe('appliance and building items the catalogue lacked: washer leak, garage door opener, noisy fridge, range hood (session 12)', () => {
  const kb = loadKnowledgeBase();
  const diagnose = (text: string) => diagnoseOffline(kb, { text: complaintText(text), safetyFlags: [], history: new Map() });

  it.each([
    ['Washer leaking water all over the laundry room floor', 'Washing machine leaking'],
    ['water under the washing machine after every load', 'Washing machine leaking'],
    ['garage door remote stopped working', 'Garage door opener not working'],
    ['garage door opener hums but the door will not move', 'Garage door opener not working'],
    ['loud bang in the garage and now the door will not open', 'Broken garage door spring'],
    ['the fridge is making a loud buzzing noise all night', 'Refrigerator noisy (fan or compressor)'],
    ['stove vent hood fan will not turn on', 'Range hood fan or light not working'],
  ])('"%s" is diagnosed first as %s', (text, diagnosis) => {
    expect(diagnose(text)[0].diagnosis).toBe(diagnosis);
  });

  it('does not read a worn faucet washer as the washing machine', () => {
    expect(diagnose('bathroom faucet washer worn, dripping all night')[0].trade).toBe('plumbing');
  });
});

describe('alternatives a coordinator would consider, and problems the catalogue lacked (issue 21, trade10)', () => {
  const kb = loadKnowledgeBase();
  const answer = offlineAnswer(kb);
  const summer = new Date('2026-06-15T12:00:00Z');
  const diagnose = (text: string) => diagnoseOffline(kb, { text: complaintText(text), safetyFlags: [], history: new Map() });

  // A problem of another trade sharing one incidental word with a sure answer ("wall" with a soap
  // dispenser, "not starting" with an AC compressor) was named at 0.03 as its alternative.
  it.each([
    ['need outlets installed along the back wall of the stage', ['electrical']],
    ['dishwasher in the break room is not starting', ['appliance', 'plumbing', 'electrical']],
  ])('"%s" names only trades among %p', (text, plausible) => {
    expect(answer(text, summer).trades.filter((t) => !plausible.includes(t))).toEqual([]);
  });

  it.each([
    ['Front door lock sticking', 'doors-locks'],
    ['office door lock broken', 'doors-locks'],
    ['classroom door will not lock', 'doors-locks'],
    ['mortise lock on the lab door is broken', 'doors-locks'],
  ])('"%s" is a door lock to repair, not a patio door (%s)', (text, trade) => {
    const [top] = diagnose(text);
    expect(top.trade).toBe(trade);
    expect(top.diagnosis).not.toMatch(/patio|sliding/i);
  });

  it.each([
    ['window latch broken, will not lock, office 301', 'windows-glass'],
    ['washer door is locked and will not open with my clothes inside', 'appliance'],
    ['windows in the lobby need washing', 'cleaning-custodial'],
    ['floors in the corridor need stripping and waxing', 'cleaning-custodial'],
    ['BAS shows zone 4 at 84F', 'hvac-cooling'],
    ['VCT lifting by the elevator lobby', 'flooring'],
    ['leaf removal around the residence halls', 'grounds'],
    ['shower head fell off', 'plumbing'],
  ])('"%s" goes first to %s', (text, trade) => {
    expect(answer(text, summer).trades[0]).toBe(trade);
  });
});
