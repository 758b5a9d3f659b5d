import { offlineEnrichment } from '../../../test/support/offline-enrichment';
import { loadKnowledgeBase } from '../../knowledge/knowledge-base';

/**
 * Whole answers a coordinator would trust (issue 21, trade21): requests written for this round whose
 * three diagnoses named the right trade but the wrong problem, or an alternative no coordinator
 * would consider beside a sure answer. Each group is a kind of request.
 */
describe('whole answers a coordinator would trust (issue 21, trade21)', () => {
  const kb = loadKnowledgeBase();
  const enrich = offlineEnrichment(kb, new Date('2026-06-15T12:00:00Z'));
  const answer = async (issue_description: string) => (await enrich({ issue_description, urgency: 'Medium' })).diagnoses;
  const names = async (text: string) => (await answer(text)).map((d) => d.diagnosis);

  // A faucet handle that came off or spins is the handle or its stem, not a worn cartridge that drips.
  it.each(['the hot water knob on the bathroom faucet fell off', 'the kitchen tap handle spins freely and does nothing', 'LAV FAUCET HANDLE STRIPPED RM 14'])(
    '"%s" is a broken faucet handle first',
    async (text) => {
      const [top] = await answer(text);
      expect(top.trade).toBe('plumbing');
      expect(top.diagnosis).toMatch(/faucet handle/i);
    },
  );

  it('while a faucet that drips stays a worn cartridge', async () => {
    expect((await names('bathroom faucet keeps dripping after I turn the handle off'))[0]).toMatch(/dripping faucet/i);
  });

  // A shower head leaking where it joins its arm is the head's joint, not a pipe hidden in the wall.
  it.each([
    'water sprays out where the shower head connects to the pipe',
    'the shower head leaks from the joint at the top',
    'showerhead dripping at the swivel',
  ])('"%s" is the shower head connection first, and no hidden pipe leak leads', async (text) => {
    const [top] = await answer(text);
    expect(top.trade).toBe('plumbing');
    expect(top.diagnosis).toMatch(/shower head/i);
  });

  it('while a wet wall behind the shower stays a hidden leak', async () => {
    expect(await names('the wall behind the shower is wet and the paint is bubbling')).toContain('Hidden pipe leak inside a wall or ceiling');
  });

  // Low pressure everywhere is the supply or its pressure reducing valve, not one fixture's aerator.
  it.each([
    'water pressure is low at every faucet in the house',
    'weak water pressure throughout the unit, all the sinks and the shower',
    'low water pressure in the entire apartment',
  ])('"%s" is the pressure reducing valve first', async (text) => {
    expect((await names(text))[0]).toBe('Failed pressure reducing valve');
  });

  it('while low pressure at one sink stays that fixture', async () => {
    expect((await names('low pressure just at the bathroom sink'))[0]).toBe('Low water pressure at one fixture');
  });

  // An air conditioner nobody calls a through-wall unit is no PTAC.
  it.each(['AC is making a grinding noise and blowing warm air', 'my air conditioner grinds and the air coming out is warm'])(
    '"%s" is not read as a PTAC first',
    async (text) => {
      const [top] = await answer(text);
      expect(top.trade).toBe('hvac-cooling');
      expect(top.diagnosis).not.toMatch(/PTAC/);
    },
  );

  it.each(['the PTAC in room 210 is grinding and blowing warm', 'through-wall AC unit in the guest room blows warm air'])(
    'while "%s" stays a PTAC',
    async (text) => {
      expect((await names(text))[0]).toMatch(/PTAC/);
    },
  );

  // A walk-in cooler or freezer is commercial refrigeration; its "walk" is not a squeaky floor.
  it.each([
    'walk-in freezer is icing up and the door will not close right',
    'WALK IN COOLER FAN NOISY',
    'walk-in freezer has ice building up on the floor by the door',
  ])('"%s" is commercial refrigeration first, with no floor among its diagnoses', async (text) => {
    const answers = await answer(text);
    expect(answers[0].diagnosis).toMatch(/walk-in/i);
    expect(answers.map((d) => d.diagnosis).join(' | ')).not.toMatch(/squeak|floor/i);
  });

  // A fallback of another trade must share the request's subject, not just one of its places.
  it('a room hotter upstairs is heating or cooling, not a leak from the unit above', async () => {
    const answers = await answer('upstairs bedrooms are way hotter than the rest of the house');
    expect(['hvac-cooling', 'hvac-heating']).toContain(answers[0].trade);
    expect(answers.map((d) => d.diagnosis)).not.toContain('Water leaking down from the unit above');
  });

  it.each(['bring the bookcase down to the basement please', 'please carry the old filing cabinets down to the basement storage room'])(
    'furniture carried to the basement in "%s" names no sump pump nor floor drain',
    async (text) => {
      expect((await names(text)).join(' | ')).not.toMatch(/sump|floor drain/i);
    },
  );

  it.each(['our upstairs is so much hotter than downstairs', 'the second floor of the townhouse is way warmer than the first'])(
    'one floor hotter than another in "%s" is a heating or cooling question first',
    async (text) => {
      expect(['hvac-cooling', 'hvac-heating']).toContain((await answer(text))[0].trade);
    },
  );

  it('paint sprayed on a parking garage is graffiti, with no garage door among the diagnoses', async () => {
    const answers = await answer('someone spray painted graffiti all over the wall of the parking garage');
    expect(answers[0].trade).toBe('cleaning-custodial');
    expect(answers.map((d) => d.diagnosis).join(' | ')).not.toMatch(/garage door/i);
  });

  it('while water leaking down from upstairs stays the unit above', async () => {
    expect((await names('water is dripping through my ceiling from the apartment upstairs'))[0]).toBe('Water leaking down from the unit above');
  });

  // A hot tub or spa that will not heat is the spa's own equipment, not a room heater or a furnace.
  it.each(['the spa heater will not come on', 'hot tub is not heating up'])('"%s" is the pool or spa equipment first', async (text) => {
    const [top] = await answer(text);
    expect(top.trade).toBe('plumbing');
    expect(top.diagnosis).toMatch(/pool or spa/i);
  });

  // A cracked toilet tank is a cracked fixture, not a fill valve.
  it('a cracked toilet tank is a cracked fixture first', async () => {
    expect((await names('the toilet tank has a crack and water is seeping out'))[0]).toMatch(/cracked/i);
  });
});
