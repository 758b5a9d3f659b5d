import { loadKnowledgeBase } from './knowledge-base';
import { questionsToAsk } from './tenant-questions';

/**
 * A coordinator reads the questions to ask the occupant beside the request: a question the
 * request already answers ("which fixture?" after "the toilet keeps running") or one about
 * another kind of job ("is the power out in the whole unit?" for tubes to relamp) reads as if
 * nobody read the request.
 */
describe('questionsToAsk: what to ask the occupant before dispatching', () => {
  const kb = loadKnowledgeBase();
  const ask = (problemId: string, request: string) => questionsToAsk(kb, problemId, request).join(' ');

  it('does not ask which fixture when the request names it, and still asks when it does not', () => {
    expect(ask('toilet-flapper-worn', 'the toilet in the hall bath keeps running all night')).not.toMatch(/which fixture/i);
    expect(ask('hidden-pipe-leak-in-wall', 'there is water dripping somewhere inside the bathroom wall')).toMatch(/which fixture/i);
  });

  it('does not ask what the thermostat reads when the request says it', () => {
    expect(ask('cooling-thermostat-fault', 'Room 3105 too hot, the thermostat is set to 70 but reading 79')).not.toMatch(/thermostat/i);
    expect(ask('cooling-thermostat-fault', 'our bedroom never cools down')).toMatch(/thermostat/i);
  });

  it('does not ask whether the breaker was checked when the request is about the breaker', () => {
    expect(ask('breaker-tripping', 'breaker keeps tripping when the microwave runs')).not.toMatch(/breaker/i);
  });

  it('does not ask about hot water the request already described', () => {
    expect(ask('wh-electric-element-failure', 'shower water is only lukewarm on the whole floor')).not.toMatch(/lukewarm/i);
    expect(ask('wh-tank-leak', 'water heater leaking from the bottom, puddle in the closet')).not.toMatch(/is the tank leaking/i);
  });

  it('asks about the lamps for a relamp, not whether the whole unit lost power', () => {
    const q = ask('relamp', 'two tubes out in the conference room');
    expect(q).not.toMatch(/whole unit|GFCI/i);
    expect(q).toMatch(/lamp/i);
  });

  it('asks about the unit and its alarm for ventilation equipment, not about a room thermostat', () => {
    expect(ask('ventilation-equipment-fault', 'fume hood alarming low flow in lab 214')).not.toMatch(/thermostat/i);
  });

  it('does not ask whether anyone is inside an elevator the request says is empty', () => {
    expect(ask('elevator-out-of-service', 'elevator stuck between floors, nobody inside')).not.toMatch(/anyone inside/i);
    expect(ask('elevator-out-of-service', 'elevator stuck between floors')).toMatch(/anyone inside/i);
  });

  it('keeps every question of a trade for a request that tells nothing about them', () => {
    for (const [trade, list] of kb.tenantQuestions.byTrade) {
      const problem = kb.problems.find((p) => p.trade === trade && !kb.tenantQuestions.byProblem.has(p.id));
      if (problem) expect([trade, questionsToAsk(kb, problem.id, 'please help')]).toEqual([trade, list.map((q) => q.ask)]);
    }
  });
});

describe('questionsToAsk: trades that had no questions', () => {
  const kb = loadKnowledgeBase();
  const ask = (problemId: string, request: string) => questionsToAsk(kb, problemId, request).join(' ');

  it('asks movers what and when only when the request does not say it', () => {
    expect(ask('event-room-setup', 'Need 12 chairs and 3 tables moved from room 101 to room 240 for an event Friday')).toBe('');
    expect(ask('furniture-move', 'need furniture moved for the new hire')).toMatch(/from where to where/i);
    expect(ask('furniture-move', 'need furniture moved for the new hire')).toMatch(/by what date/i);
  });

  it('asks the custodial crew about a slip hazard, but not for a restock', () => {
    expect(ask('spill-cleanup', 'something sticky all over the hallway floor by the elevator')).toMatch(/slip/i);
    expect(ask('restroom-supplies-restock', 'paper towel dispenser empty and soap is out')).toBe('');
  });
});

// Read in answers to written requests (review 14): a city inspector's notice ("Owner failed to
// maintain ...", "Repair defective ...") and a landlord's move-out note were answered "ask the
// occupant: Is there any smoke, burning smell, or gas odor right now?" for a missing detector, or
// "Which rooms are to be painted?" for a vacant unit. Whoever wrote them saw the condition
// themselves, and after a move-out there is no occupant to ask.
describe('questionsToAsk: requests the occupant did not write', () => {
  const kb = loadKnowledgeBase();
  const ask = (problemId: string, request: string) => questionsToAsk(kb, problemId, request);

  it.each([
    ['smoke-detector-missing', 'Repair defective smoke detector missing at bedroom hallway and provide approved carbon monoxide detector'],
    ['peeling-paint', 'Owner failed to maintain the bathroom ceiling free of holes and peeling paint, paint throughout bathroom'],
    ['mice', 'Abate the nuisance consisting of mice throughout the dwelling unit and seal holes at radiator pipes'],
    ['unit-repaint', 'Move-out: patch and paint holes in living room walls, 2 bedroom unit'],
    ['blinds-broken', 'Move out inspection: blinds broken in all windows, replace 6 blinds'],
    ['carpet-stain-damage', 'Unit vacant since March, carpet in bedroom torn, replace before the make-ready'],
    ['light-fixture-failure', 'Stairway lighting inoperable at 2nd floor landing, violation issued, provide illumination in public halls'],
    ['toilet-base-leak-wax-ring', 'Toilet loose at base and leaking in 2nd floor bathroom of apt 3R. Sec. 27-2026'],
    ['refrigerator-not-cooling', 'Refrigerator supplied with the apartment not cooling, owner to repair or replace'],
    ['wh-electric-element-failure', 'Provide hot water at adequate temperature at all fixtures in the dwelling'],
  ])('asks nothing for %s written by an inspector or a landlord', (problemId, request) => {
    expect(kb.problemById.has(problemId)).toBe(true);
    expect(ask(problemId, request)).toEqual([]);
  });

  it.each([
    ['smoke-detector-missing', 'my smoke detector is missing from the hallway ceiling, the last tenant took it'],
    ['unit-repaint', 'can you paint my apartment, the walls are scuffed all over'],
    ['mice', 'I keep finding mouse droppings in the kitchen, I think they come in under the sink'],
    ['refrigerator-not-cooling', 'my fridge stopped cooling, the owner told me to call you'],
    ['wh-electric-element-failure', 'hot water only lasts a second, then the shower goes cold'],
  ])('still asks the occupant who wrote about %s', (problemId, request) => {
    expect(ask(problemId, request).length).toBeGreaterThan(0);
  });
});

// Read in answers to written requests (review 14): a trade's questions asked for a job they do not
// fit, or asked again after the request had said it.
describe('questionsToAsk: questions that fit the job', () => {
  const kb = loadKnowledgeBase();
  const ask = (problemId: string, request: string) => questionsToAsk(kb, problemId, request).join(' ');

  it('asks what a bathroom fan does, not whether the unit lost power (tenant: fan stopped working)', () => {
    const q = ask('exhaust-fan-failure', 'the bathroom fan stopped working and the mirror stays fogged');
    expect(q).not.toMatch(/whole unit|GFCI/i);
    expect(q).toMatch(/fan/i);
  });

  it('does not ask about smoke or a gas odor for a detector that chirps, and asks whether it can be reached', () => {
    expect(ask('smoke-detector-chirping', 'smoke alarm in the hallway beeps every minute')).not.toMatch(/smoke, burning smell|gas odor/i);
    expect(ask('smoke-detector-chirping', 'smoke alarm in the hallway beeps every minute')).toMatch(/reach|ladder/i);
    expect(ask('smoke-detector-chirping', 'the smoke alarm keeps chirping and i cant reach it the ceiling is too high')).toBe('');
  });

  it('asks about the screen, not about broken glass, for a torn screen (student housing)', () => {
    const q = ask('window-screen-torn', 'screen in my dorm window has a big rip, bugs getting in');
    expect(q).not.toMatch(/glass/i);
    expect(q).toMatch(/screen/i);
  });

  it('does not ask whether the filter is clogged when the request says the filter is dirty', () => {
    expect(ask('cooling-dirty-filter', 'AC barely cools, the filter is filthy')).not.toMatch(/filter/i);
  });

  it('does not ask the cleaning crew about a slip hazard for carpet to shampoo', () => {
    expect(ask('carpet-upholstery-cleaning', 'carpet in the lounge is stained all over, needs shampooing')).not.toMatch(/slip/i);
  });

  it('does not ask whether the whole unit lost power for a light in a common area (stairway, lobby)', () => {
    expect(ask('light-fixture-failure', 'light out in the stairwell between the 2nd and 3rd floor')).not.toMatch(/whole unit/i);
    expect(ask('light-fixture-failure', 'lobby ceiling light is dead')).not.toMatch(/whole unit/i);
    expect(ask('light-fixture-failure', 'my kitchen light stopped working')).toMatch(/whole unit/i);
  });
});

// Read in answers to written student-housing and campus requests (review 15): a steam leak was
// answered "What does the thermostat show?", a wasp nest at a building entrance "Have neighbouring
// units reported the same?", dark parking-lot poles "Has a breaker or GFCI outlet been checked?",
// an air handler named by its tag "Which unit is it?", and no hot water in the showers "Is water
// leaking or overflowing right now?". A coordinator would not forward any of them.
describe('questionsToAsk: building systems and campus requests', () => {
  const kb = loadKnowledgeBase();
  const ask = (problemId: string, request: string) => questionsToAsk(kb, problemId, request).join(' ');

  it('asks about a steam leak, not about a room thermostat', () => {
    const q = ask('steam-heating-water-leak', 'hissing from a steam valve in the boiler room, you can see the steam');
    expect(q).not.toMatch(/thermostat|blowing cold air/i);
    expect(q).toMatch(/kept away|kept clear/i);
  });

  it('asks about the nest and who was stung, not about rooms and neighbouring units', () => {
    const q = ask('wasp-nest', 'hornets nest over the side door of the gym, people walk under it all day');
    expect(q).not.toMatch(/neighbouring units|which rooms/i);
    expect(q).toMatch(/stung|allergic/i);
    expect(ask('wasp-nest', 'wasps by the loading dock, two staff got stung')).not.toMatch(/stung/i);
  });

  it('does not ask a caller about breakers and GFCI outlets for lights on poles or walls outside', () => {
    const q = ask('site-light-out', 'two of the lot lights behind the science building are dark');
    expect(q).not.toMatch(/GFCI|breaker/i);
    expect(q).toMatch(/all night|come on/i);
  });

  it('does not ask which unit it is when the request names its tag, nor about a fume hood for an air handler', () => {
    const q = ask('ventilation-equipment-fault', 'AHU-2 on the roof of the library tripped, no airflow on floors 2 and 3');
    expect(q).not.toMatch(/which unit/i);
    expect(q).not.toMatch(/fume hood/i);
    expect(ask('ventilation-equipment-fault', 'the air in here is stuffy and nothing is blowing')).toMatch(/which unit/i);
  });

  it('does not ask a plumbing caller about a leak when the request is about hot water or pressure', () => {
    expect(ask('shower-valve-cartridge', 'the showers on our floor only give cold water, no hot water since Monday')).not.toMatch(/leaking|overflowing/i);
    expect(ask('low-pressure-aerator', 'kitchen faucet only trickles, very weak flow')).not.toMatch(/leaking|overflowing/i);
    expect(ask('hidden-pipe-leak-in-wall', 'there is water dripping somewhere inside the bathroom wall')).toMatch(/shut-off valve/i);
  });

  it('asks about the station for an eyewash, and about the fixture for a drinking fountain', () => {
    const eyewash = ask('eyewash-safety-shower-fault', 'the eyewash in the teaching lab barely trickles');
    expect(eyewash).toMatch(/out of service|another working/i);
    expect(eyewash).not.toMatch(/overflowing/i);
    expect(ask('drinking-fountain-fault', 'the water fountain by the gym doors is warm')).not.toMatch(/which fixture|overflowing/i);
  });

  it('asks what the thermostat is set to when the heat will not shut off, not whether the system blows cold air', () => {
    const q = ask('heating-stuck-on', 'the radiator in my room will not turn off and it is boiling in here');
    expect(q).not.toMatch(/blowing cold air|not running at all/i);
    expect(q).toMatch(/set to/i);
  });
});

// Read in whole answers to apartment tenants, housing-code notices and office buildings (review 16):
// "How many were seen, and in which rooms?" after "a few roaches under the kitchen sink", "What kind
// of flooring is it?" after "the carpet", "is it wet or stained?" after "stained ... water from
// above", "What does the thermostat read?" for banging vents, "Is one drain slow?" for a sewer smell
// at a dry floor drain, "Is anyone inside the car?" for a car that stops below the landing.
describe('questionsToAsk: tenants and office managers (review 16)', () => {
  const kb = loadKnowledgeBase();
  const ask = (problemId: string, request: string) => questionsToAsk(kb, problemId, request).join(' ');

  it('does not ask how many pests and in which rooms when the request says it, and asks when it does not', () => {
    const q = ask('cockroach-infestation', 'i saw a few roaches under the kitchen sink and in the cabinet by the stove');
    expect(q).not.toMatch(/how many|which rooms/i);
    expect(ask('cockroach-infestation', 'roaches again, please send the exterminator')).toMatch(/how many/i);
    expect(ask('cockroach-infestation', 'roaches again, please send the exterminator')).toMatch(/which rooms/i);
  });

  it('does not ask what kind of flooring a request names', () => {
    expect(ask('carpet-stain-damage', 'Carpet in the hallway outside suite 140 is torn and lifting at the seam')).not.toMatch(/kind of flooring/i);
    expect(ask('cracked-floor-tile', 'two tiles on my kitchen floor are cracked')).not.toMatch(/kind of flooring/i);
    expect(ask('cracked-floor-tile', 'the floor by the fridge is broken')).toMatch(/kind of flooring/i);
  });

  it('does not ask whether a stained ceiling is wet or stained, nor whether there was a leak, when water is named', () => {
    const q = ask('ceiling-water-stain', 'Ceiling tile stained and sagging above desk in suite 305, looks like water from above');
    expect(q).not.toMatch(/wet or stained|leak or moisture/i);
    expect(ask('drywall-hole', 'there is a hole in my bedroom wall')).toMatch(/how large/i);
  });

  it('does not ask whether a detector the request says was never installed is chirping or sounding', () => {
    expect(ask('co-detector-service', 'there is no carbon monoxide detector in my apartment')).not.toMatch(/chirping, sounding/i);
    expect(ask('co-detector-service', 'the carbon monoxide detector was never installed after the repaint')).not.toMatch(/chirping, sounding/i);
  });

  it('does not ask about the thermostat for a noise, a leak or a smell from the air conditioning or the heat', () => {
    expect(ask('ac-condenser-fan-motor', 'Loud banging noise from the ceiling vents when the air kicks on in suite 800')).not.toMatch(/thermostat/i);
    expect(ask('ac-condenser-fan-motor', 'the outside AC unit is rattling really loud')).not.toMatch(/thermostat/i);
    expect(ask('ac-condenser-fan-motor', 'AC is not keeping up this week')).toMatch(/thermostat/i);
  });

  it('asks where a sewer smell is and whether anything backs up, not whether one drain is slow', () => {
    const q = ask('sewer-gas-odor-dry-trap', 'Strong sewer odor in the first floor restroom, floor drain seems dry');
    expect(q).not.toMatch(/one drain slow|several fixtures backing up/i);
    expect(ask('sewer-gas-odor-dry-trap', 'it smells like sewer in my apartment')).toMatch(/where|which/i);
  });

  it('does not ask whether the whole unit lost power when several lights flicker in an office', () => {
    expect(ask('light-fixture-failure', 'Several fluorescent light fixtures in the open office area are flickering and two are out')).not.toMatch(
      /whole unit/i,
    );
  });

  it('does not ask whether anyone is inside an elevator that stops uneven with the landing', () => {
    expect(ask('elevator-misleveling', 'Elevator #2 stops about 3 inches below floor level on the lobby, people are tripping getting out')).not.toMatch(
      /anyone inside/i,
    );
    expect(ask('elevator-misleveling', 'the elevator is not level with the floor when it stops')).not.toMatch(/anyone inside/i);
  });

  it('asks about an intercom, a projection screen and a motion sensor as what they are, not about locks or a lost circuit', () => {
    expect(ask('access-control-fault', "my apartment's intercom buzzer doesn't ring when guests press it downstairs")).not.toMatch(/which door|locked out/i);
    expect(ask('projection-screen-stuck', 'Conference room B projector screen will not come down')).not.toMatch(/whole unit|GFCI/i);
    expect(ask('occupancy-sensor-fault', 'Motion sensor lights in the copy room turn off every 5 minutes while people are working')).not.toMatch(
      /whole unit|GFCI/i,
    );
    expect(ask('ceiling-fan-failure', 'Bedroom ceiling fan wobbles badly and makes a clicking noise on high speed')).not.toMatch(/whole unit|GFCI/i);
  });

  it('does not ask whether anyone is locked out about a sliding door that is hard to move', () => {
    expect(ask('sliding-door-rollers', 'Sliding patio door is really hard to open and close, have to use both hands')).not.toMatch(/locked out/i);
  });

  it('does not ask how many mice were seen when the request tells of droppings and scratching', () => {
    expect(ask('mice', 'Mice droppings in the pantry and behind the stove, I hear scratching in the walls at night')).not.toMatch(/how many/i);
  });

  it('asks which window a screen is on and whether it is torn only as far as the request does not say', () => {
    const q = ask('window-screen-torn', "Please replace 4 window screens, they're torn and bugs are getting in");
    expect(q).not.toMatch(/torn or missing/i);
  });

  it('does not ask whether one drain is slow when the request says all of them are, nor what a blank thermostat shows', () => {
    expect(ask('toilet-clog', "All the toilets in the 5th floor women's restroom are slow to flush and one is clogged")).not.toMatch(/one drain slow/i);
    expect(ask('thermostat-malfunction', 'The thermostat in suite 610 is blank, no display, and the room is getting stuffy')).not.toMatch(
      /what does the thermostat show/i,
    );
  });

  it('does not ask whether anyone is locked out about a mailbox, nor whether one drain is slow when both are', () => {
    expect(ask('mailbox-lock', "The lock on my mailbox is broken and I can't get my mail")).not.toMatch(/locked out/i);
    expect(ask('bathroom-sink-slow-drain', 'Both bathroom sinks are draining slowly and the tub gurgles when I flush the toilet')).not.toMatch(
      /one drain slow/i,
    );
  });

  it('asks about an exit sign as an exit sign, not whether it chirps or smells of smoke', () => {
    const q = ask('exit-sign-out', 'The exit sign above the stairwell door on level 2 is out and the emergency light next to it does not come on when tested');
    expect(q).not.toMatch(/chirping|smoke, burning smell/i);
    expect(ask('exit-sign-out', 'exit sign is dark')).toMatch(/test/i);
  });

  it('does not ask about a leak for batteries of sensor faucets, nor whether a dead keypad fails for one person', () => {
    expect(ask('flush-valve-fault', 'Please replace all the batteries in the restroom sensor faucets and flush valves')).not.toMatch(/leaking|overflowing/i);
    expect(ask('access-control-fault', "Our suite's front door keypad is dead, we can only get in with the manual key")).not.toMatch(/one person/i);
  });
});
