import { triageUrgency } from './urgency-triage';

/**
 * Round 26 (session 27, triage24): kinds of emergency read by what is at stake and kinds of false
 * alarm in residence-hall and apartment wording, found by writing requests in many styles and by
 * reading the kinds (never the sentences) of real requests no labelled half holds. Every wording
 * below was written for this spec. Each emergency of the first part was read lower before this
 * round; each near miss of the second part was read as an emergency before it, and the true
 * emergencies beside them stay emergencies.
 */
describe('triageUrgency on round-26 kinds', () => {
  const winter = { coldSeason: true };
  const level = (text: string) => triageUrgency(text, winter).level;
  const categories = (text: string) => triageUrgency(text, winter).reasons.map((r) => r.category);

  // A category shares its group's one reason with the others of the group (a flood hides the leak
  // the valve does not stop), so a kind is read when any of its categories is.
  const kind = (title: string, accepted: string[], emergencies: string[], nearMisses: string[]) =>
    describe(title, () => {
      it.each(emergencies)('%s', (text) => {
        expect(level(text)).toBe('emergency');
        expect(categories(text).some((c) => accepted.includes(c))).toBe(true);
      });
      it.each(nearMisses)('%s is not an emergency', (text) => {
        expect(level(text)).not.toBe('emergency');
      });
    });

  describe('emergencies read by what is at stake', () => {
    kind(
      'a leak the shut-off valve does not stop',
      ['leak-not-stopping', 'flooding'],
      [
        "shut off valve is broken, toilet supply line leaking and won't stop, floor covered",
        "we closed the valve and it's still pouring out of the water heater",
        "the leak under our sink won't stop even with the valve shut, the floor is soaked",
        "shutoff doesn't work, water still coming out of the broken faucet onto the counter and floor",
        'Unit 3B: angle stop is seized, cannot close it, line under the vanity is spraying',
        "the main shutoff in our basement won't turn and the pipe is still leaking on the boxes",
      ],
      [
        'the shutoff valve under the sink is stiff, hard to turn',
        'turned off the valve to the toilet and the leak stopped, needs a new supply line',
        'replace the shutoff valve behind the washer, it is corroded',
        'the leak stopped once I closed the valve',
        'shutoff valve for the dishwasher is stuck, please replace it when the plumber is here next week',
        'toilet keeps running and the shutoff behind it will not turn',
      ],
    );

    kind(
      'neither hot nor cold water, told in two clauses',
      ['no-cold-water-either', 'no-water-hot-or-cold', 'no-water'],
      [
        'no hot water and no cold water anywhere in the suite',
        'neither hot nor cold water is coming out of anything in my unit',
        'we have no hot and no cold water since this morning',
        'Apt 7: there is no hot water, and no cold water either',
        'no hot water, no cold water, cannot flush or wash',
      ],
      [
        'no hot water in the kitchen, cold works fine',
        'the hot and cold handles are reversed on the shower',
        'no hot water at the bathroom sink only',
        'the shower runs cold, no hot water',
        'no hot water and the cold water pressure is a little low',
        'no cold water from the drinking fountain, the hot water tap on the coffee machine works',
      ],
    );

    kind(
      'power lost to medical equipment someone depends on',
      ['medical-equipment-power', 'no-power', 'no-power-unit', 'no-power-wide'],
      [
        "my wife's oxygen concentrator stopped when the bedroom outlets went dead",
        "breaker for the resident's room tripped, his oxygen machine is off and the alarm is going",
        'the outlet the ventilator is plugged into has no power, running on its battery',
        'no power to the outlet for the feeding pump in room 12',
        "Dialysis machine lost power, circuit breaker won't reset",
        "outlet in room 112 died and the resident's feeding pump and air mattress are plugged into it",
        "the plug for Mr. Lee's suction machine stopped working and the breaker will not stay on",
      ],
      [
        'my oxygen concentrator is beeping about a filter',
        'CPAP machine is broken, need a new one',
        'please move the outlet closer to the hospital bed',
        'please add a dedicated outlet for my oxygen concentrator',
        'the oxygen concentrator makes the breaker trip sometimes when the AC starts, it resets fine',
        'resident asks for a longer oxygen tube, the concentrator is across the room',
      ],
    );

    kind(
      'a ceiling sagging and cracking open',
      ['ceiling-giving-way', 'structural-collapse'],
      [
        'The ceiling in the living room is sagging and has cracked open along a seam',
        'bedroom ceiling is sagging down and the drywall split, pieces dropping',
        'the ceiling above the stairs is drooping and cracking, looks like it will come down',
        "Office 210: ceiling is bowing down in the middle and there's a long crack, staff moved out",
        'kitchen ceiling dropped a couple inches overnight and the seam is open',
        'the ceiling over our bed is sagging and chunks of plaster keep falling',
        'RA report: lounge ceiling sagging badly, crack across the middle, room closed off',
      ],
      [
        'ceiling has a hairline crack in the corner',
        'the ceiling paint is peeling and cracked in the bathroom',
        'small crack in the ceiling over the window, not growing',
        'the ceiling is sagging a bit in the closet, old crack there too, not changing',
        'slight sag in the living room ceiling with a hairline crack, been there since we moved in',
        'the popcorn ceiling texture is cracking and sagging in one spot',
        'the ceiling fan is sagging on its mount and the canopy is cracked',
      ],
    );

    kind(
      'a fume hood down while hazardous materials are handled in it',
      ['life-safety-device'],
      [
        'Lab 214: the fume hood stopped working and the exhaust fan is not running, we handle toxic solvents in it every day',
        'fume hood quit in the middle of an experiment, we were working with hydrofluoric acid',
        'chemistry lab fume hood died, students are using it with volatile chemicals right now',
        'our fume hood stopped pulling air while we are handling hazardous reagents, we closed the sash and left',
      ],
      [
        'the fume hood light stopped working',
        'fume hood sash is sticky, hard to raise',
        'fume hood in room 3 stopped working, nobody uses it, please fix when you can',
        'please certify the fume hoods in the teaching lab',
        'the range hood over the stove stopped working',
      ],
    );

    kind(
      'a freezer alarming while its temperature climbs',
      ['refrigeration-out'],
      [
        'Research freezer in B12 is alarming with its temperature rising',
        'lab freezer alarm going off, the display says it is warming up',
        'freezer alarm in room 131 says it is overheating',
        'the ultra cold freezer in the core lab is in alarm and still climbing',
      ],
      [
        'the freezer in the break room is frosting up',
        'my freezer is not freezing ice cream very well',
        'the lab freezer door gasket is torn, temps are fine',
        'freezer alarm beeped once when the door was left open, fine now',
        'please defrost the lab freezer next week, lots of ice build up',
      ],
    );

    kind(
      'someone unconscious or collapsed behind a locked door',
      ['person-down'],
      [
        "our room is locked and our friend is passed out inside and won't answer",
        'my son is unconscious in his room and the door is locked, please help us open it',
        'my suitemate collapsed in the shower and the bathroom door is locked',
        'her grandmother is unresponsive on the floor and the chain is on the door',
      ],
      [
        "my friend locked herself out, she's at the front desk",
        "my son's bedroom door lock is broken, he can't lock it",
        'my roommate passed her exam so we are celebrating, also the door lock sticks',
      ],
    );

    kind(
      'no cooling where vulnerable occupants show signs of heat illness',
      ['no-cooling'],
      [
        'air conditioning down in the infant room at the daycare, babies are sweaty and fussy, 85 inside',
        'AC died at the assisted living wing, residents are sweating and lethargic',
        "our elderly neighbor's AC quit, she is flushed and clammy and won't leave",
      ],
      [
        'the AC at the daycare is a little weak in the afternoon, kids are fine',
        'I was sweating all night, can you check the thermostat schedule',
        'the gym AC is off and everyone is sweaty after class',
      ],
    );

    kind(
      'someone stuck in a tub, on a toilet or a shower floor who cannot get up',
      ['person-down'],
      [
        "my dad is stuck on the toilet and can't get up, he is 90",
        'resident is stuck in the bathtub and cannot get up, the water is cold',
        "grandma is sitting on the floor of the shower and can't stand up",
      ],
      [
        'the toilet seat is loose, my dad almost slid off',
        'the tub is hard to get out of, can you install a grab bar',
        "the shower chair is broken, it won't stand up straight",
      ],
    );

    kind(
      'a gas burner left on without a flame',
      ['gas-leak', 'cooking-appliance-stuck-on'],
      [
        'Inspector: gas range burner left on with no flame, strong odor in unit 4B at time of inspection',
        'the stove knob was left on with no flame for an hour, kitchen smells',
      ],
      ['gas stove burner will not light, clicking', "the oven pilot is out, oven won't heat", 'the burner knob is cracked, it still turns on and off'],
    );

    kind(
      "a water heater's vent pipe off at its draft hood",
      ['flue-disconnected'],
      [
        'Basement: water heater vent pipe disconnected at the draft hood, scorch marks on the hood',
        'boiler vent connector has separated from the draft hood in the mechanical room',
      ],
      [
        'range hood vent pipe is disconnected above the microwave',
        'the bathroom fan duct fell off in the attic',
        'please clean the grease out of the kitchen hood',
      ],
    );

    kind(
      'a fire escape rusted or rotted through',
      ['egress-blocked'],
      ['Fire escape ladder on the north side is rusted through and detached at the second level', 'our fire escape is rotted through on the 3rd floor landing'],
      ['fire escape needs painting, some rust', 'the fire escape window is painted shut in 2B, needs to open'],
    );

    kind(
      'a guardrail gone above a drop',
      ['structural-hazard', 'structural-collapse'],
      [
        'Finding: stairway guardrail at 3rd floor landing missing entirely, 12 ft drop to lobby, occupied building',
        'guardrail gone at the top of the loading dock stairs, 8 foot drop onto concrete',
      ],
      ['handrail on the front steps is a little loose', 'the railing by the pool is wobbly', 'the guardrail paint is peeling at the dock'],
    );
  });

  describe('false alarms in residence-hall and apartment wording, beside the true emergencies', () => {
    kind(
      'a carbon-monoxide detector beeping for its age or a fault code',
      ['carbon-monoxide', 'alarm-with-symptoms'],
      [
        'carbon monoxide alarm is beeping and my roommate threw up and feels dizzy',
        'CO detector going off, reading 120, everyone out of the unit',
        "the carbon monoxide detector is sounding and won't stop",
      ],
      [
        'CO detector says END on the screen and beeps',
        "the co detector in the hall keeps beeping, it's expired per the date on the back",
        'carbon monoxide alarm in 4C beeping, it shows Err on the display',
        'our CO alarm keeps going off, the sticker says it expired in 2019',
        'carbon monoxide detector beeping, says replace on the screen',
        'the co alarm went off and the label on the back says end of life',
      ],
    );

    kind(
      'an elevator that stopped and runs again',
      ['elevator-entrapment', 'elevator-stopped-occupied'],
      [
        'I am stuck in the elevator between 2 and 3 right now',
        "elevator stuck with a student inside, not moving, doors won't open",
        'the elevator is stuck again with two people inside, it was running normally this morning',
      ],
      [
        "elevator got stuck between floors earlier today but it's running again now",
        'got stuck in the elevator for a bit this morning, now it moves again but it jerks',
        'Elevator 2 stalled with a tenant in it around noon, it is back in service now but please inspect',
        'the elevator was stuck for a minute this morning but it started moving again',
        'the freight elevator stopped between floors with the mail cart in it, it is running again now, please check it',
      ],
    );

    kind(
      'a faucet or valve drip caught in a bucket',
      ['water-through-ceiling', 'flooding'],
      [
        'the bucket under the ceiling drip is overflowing and the carpet is soaked now',
        'buckets are out in the hallway catching water from the ceiling, it keeps coming',
      ],
      [
        'the faucet drips a little, put a bucket under it',
        'the shutoff valve drips a little when opened, bucket under it',
        'outdoor spigot drips a little, we set a bucket under it',
        "the tub faucet drips slowly, there's a bucket catching it to save water",
      ],
    );

    kind(
      'a smoke alarm set off by a hair tool',
      ['fire-alarm-sounding', 'fire-smoke'],
      ['smoke alarm going off in the hall and it smells like smoke, nobody is cooking'],
      [
        'smoke detector went off from my hair straightener, no smoke now, can it be moved away from the bathroom',
        'the fire alarm in my room goes off when I use my curling iron',
        "blow dryer set off the smoke alarm again, it's quiet now",
        'my flat iron set off the smoke detector in the bathroom this morning',
      ],
    );

    kind(
      'smoke or its smell from someone smoking',
      ['fire-smoke', 'burning-smell'],
      ["smoke is coming in under our door from the hallway and we don't know where from", "there's smoke coming out of the laundry room vent on our floor"],
      [
        'our room smells like smoke from someone smoking outside the window',
        'the hallway smells like smoke because people are smoking on the balcony below',
        'smoke is coming in our window from a guy smoking on the patio',
        'the stairwell smells like smoke from students smoking in there at night',
      ],
    );

    kind(
      'a rotten-egg or sulfur smell from a drain',
      ['gas-leak'],
      ['strong rotten egg smell in the kitchen near the stove', 'smells like rotten eggs in the hallway by the boiler room'],
      [
        "there's a weird smell like rotten eggs from the bathroom drain",
        'kitchen drain smells like sulfur when the water runs',
        'rotten egg smell from the shower drain since we got back from break',
      ],
    );

    kind(
      'a bulb that blew with a spark, metal in a microwave',
      ['electrical-hazard', 'fire-smoke', 'burning-smell'],
      [
        'the microwave sparks and smokes even when empty',
        'the outlet sparked when I plugged in the lamp and now the wall plate is black',
        'the light switch sparks every time we flip it',
        'light fixture keeps sparking and the bulb blew, I smell burning',
      ],
      [
        'my desk lamp sparked and the bulb blew',
        'the microwave sparked when I put a fork in it lol',
        'roommate put foil in the microwave and it sparked, it still works',
        'the hall light gave a spark and the bulb burst, need a new bulb',
      ],
    );

    kind(
      'rain falling onto a walkway, a sidewalk or a patio outside',
      ['water-through-ceiling', 'flooding', 'weather-coming-in'],
      [
        'rain is coming through the ceiling onto the floor',
        "it's raining onto my bed from the ceiling",
        'rain is pouring in through the roof onto the ground floor classroom desks',
      ],
      [
        'the gutter is overflowing in the rain onto the walkway',
        'it rains onto the walkway',
        'rain sheets off the roof edge onto the sidewalk right at the front door',
      ],
    );
  });
});
