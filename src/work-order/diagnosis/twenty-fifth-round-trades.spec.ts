import { offlineEnrichment } from '../../../test/support/offline-enrichment';
import { loadKnowledgeBase } from '../../knowledge/knowledge-base';

/**
 * Trades a coordinator would dispatch on kinds of campus requests the engine got wrong (issue 21,
 * trade24): kinds found in the tune halves' misses and in unlabelled university requests, each
 * written here in new words. Each group is a kind of request.
 */
describe('condensate pumps, air grilles, refrigerant recovery, roll-up doors, tents, beverage equipment and other campus kinds (issue 21, trade24)', () => {
  const kb = loadKnowledgeBase();
  const enrich = offlineEnrichment(kb, new Date('2026-01-20T12:00:00Z'));
  const answer = async (issue_description: string) => (await enrich({ issue_description, urgency: 'Medium' })).diagnoses;
  const trades = async (text: string) => (await answer(text)).map((d) => d.trade);
  const names = async (text: string) => (await answer(text)).map((d) => d.diagnosis);

  // The small pump that lifts a cooling coil's water to a drain is the HVAC technician's, not a steam leak.
  it('a condensate pump running nonstop is the condensate pump first', async () => {
    expect((await names('CONDENSATE PUMP RUNS NONSTOP IN THE MECH ROOM'))[0]).toBe('Condensate pump failed, leaking or overflowing');
  });

  it('a condensate pump dripping by an air handler is the HVAC shop first and offers the pump', async () => {
    const answers = await answer('the condensate pump by the air handler is dripping on the floor');
    expect(answers[0].trade).toBe('hvac-cooling');
    expect(answers.map((d) => d.diagnosis)).toContain('Condensate pump failed, leaking or overflowing');
  });

  it('while a steam leak beside a condensate return pump stays the heating shop first', async () => {
    expect((await trades('steam is leaking from the relief valve right over the condensate pump in the boiler room'))[0]).toBe('hvac-heating');
  });

  // A rusted, bent or missing air register, grille or diffuser is the HVAC shop's part, not a plumbing supply line.
  it.each([
    'supply register in the shower room has rusted through',
    'the return grilles in the locker room are all corroded',
    'hallway diffuser is bent and hanging',
  ])('"%s" is the air grille first', async (text) => {
    const answers = await answer(text);
    expect(answers[0].trade).toBe('hvac-cooling');
    expect(answers[0].diagnosis).toMatch(/register, grille or diffuser/i);
  });

  it('while a noisy bathroom exhaust vent is still offered the exhaust fan', async () => {
    expect(await names('the vent fan in our bathroom rattles loudly')).toContain('Bathroom exhaust fan not working or noisy');
  });

  // Refrigerant to take out of a retired fridge, freezer or ice machine is certified cooling work, not a haul-away.
  it.each([
    'the broken ultra-low freezer is going to surplus, its refrigerant has to be recovered first',
    'Take the freon out of the retired ice maker so the recycler will accept it',
  ])('"%s" is refrigerant recovery first', async (text) => {
    expect((await names(text))[0]).toBe('Refrigerant to recover before equipment is scrapped');
  });

  it('while an old fridge to haul away stays the haul-away', async () => {
    expect((await trades('please haul the old fridge out of apartment 4 to the dumpster'))[0]).toBe('moving-furniture');
  });

  // A roll-up, coiling or overhead door is the overhead-door technician's, wherever it is (a chiller plant, a dock).
  it.each([
    'the rolling door at the chiller plant will not go up',
    'OVERHEAD DOOR AT RECEIVING DOCK OFF ITS GUIDES',
    'coiling door over the loading bay is jammed half way',
  ])('"%s" is the roll-up door first', async (text) => {
    const answers = await answer(text);
    expect(answers[0].trade).toBe('doors-locks');
    expect(answers[0].diagnosis).toMatch(/roll-up/i);
  });

  it('while an office door that sticks is not offered a roll-up door', async () => {
    expect((await names('my office door sticks and is hard to shut')).join(' | ')).not.toMatch(/roll-up/i);
  });

  // Tents and staging for an event are the event crew's setup.
  it.each([
    '30 X 60 TENT FOR THE HOMECOMING COOKOUT',
    'please take the tents down on the green after the festival',
    'staging and a podium for the awards night',
  ])('"%s" is the event setup first', async (text) => {
    expect((await names(text))[0]).toBe('Room setup for a meeting or event');
  });

  // An HVAC unit leaking water is the HVAC shop's, not a pipe in the wall.
  it.each(['the hvac unit in the conference room is dripping water', 'HVAC UNIT LEAKING, RUG UNDER IT IS WET'])('"%s" is the HVAC shop first', async (text) => {
    expect((await trades(text))[0]).toBe('hvac-cooling');
  });

  // A unit or mechanical closet leaking water onto the floor stays its condensate drain with the new problems.
  it('a mechanical closet leaking water on the floor is the condensate drain first', async () => {
    expect((await names('the mechanical closet in 3B leaks water on the floor'))[0]).toBe('Clogged AC condensate drain');
  });

  it('while an HVAC unit blowing cold air in winter stays the heating shop', async () => {
    expect((await trades('the hvac unit is blowing cold air and the room is freezing'))[0]).toBe('hvac-heating');
  });

  // A café's brewer, urn or drink dispenser is food-service equipment, not a door handle, a faucet or a water heater.
  it.each(["the iced tea urn's handle wobbles", 'COFFEE BREWER IN THE DINING HALL LEAKING FROM THE BOTTOM', 'lever on the soda fountain snapped'])(
    '"%s" is the beverage equipment first',
    async (text) => {
      expect((await names(text))[0]).toBe('Coffee brewer, urn or drink dispenser broken or leaking');
    },
  );

  it.each([
    ['coffee spilled all over the lounge carpet', 'cleaning-custodial'],
    ['the sink in the coffee room is clogged', 'drains-sewer'],
  ])('while "%s" stays with %s', async (text, trade) => {
    expect((await trades(text))[0]).toBe(trade);
  });

  // Ceiling tiles spoiled by an old leak are tiles to replace.
  it('ceiling tiles marked by a leak long since fixed are the ceiling tiles first', async () => {
    expect((await trades('swap out the ceiling tiles that a past leak left brown'))[0]).toBe('general-handyman');
  });
});
