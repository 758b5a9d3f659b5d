import { offlineEnrichment } from '../../../test/support/offline-enrichment';
import { loadKnowledgeBase } from '../../knowledge/knowledge-base';

/**
 * Trades a coordinator would dispatch on kinds of student housing requests the engine read wrong
 * (issue 21, trade28): kinds found in a set of residence hall requests written for this round, each
 * written here in new words. Each group is a kind of request.
 */
describe('worn outlets, hooks on doors, dead room air units and mildewed grout (issue 21, trade28)', () => {
  const kb = loadKnowledgeBase();
  const enrich = offlineEnrichment(kb, new Date('2026-10-15T12:00:00Z'));
  const answer = async (issue_description: string) => (await enrich({ issue_description, urgency: 'Medium' })).diagnoses;
  const trades = async (text: string) => (await answer(text)).map((d) => d.trade);

  // A receptacle whose contacts are worn lets plugs slide out: the electrician replaces it (a loose
  // contact also heats up). It is its own job, not a dead or scorched outlet, whatever is plugged in.
  it.each([
    'the wall socket next to my bed is so loose my charger slides out',
    'receptacle in the kitchen is worn out and will not hold a plug',
    'my lamp keeps going off because the plug falls out of the outlet',
  ])('"%s" is the worn outlet first', async (text) => {
    const answers = await answer(text);
    expect(answers[0].trade).toBe('electrical');
    expect(answers[0].diagnosis).toMatch(/^Loose or worn outlet/);
  });

  it('while an outlet with no power stays the dead outlet', async () => {
    expect((await answer('the outlet by the window has no power'))[0].diagnosis).not.toMatch(/^Loose or worn outlet/);
  });

  // A hook that came off a door or a wall is remounted by the handyman: the door around it is not the job.
  it.each(['robe hook fell off the bathroom door', 'the hooks on my closet door pulled out of the wood'])('"%s" is the handyman first', async (text) => {
    const answers = await answer(text);
    expect(answers[0].trade).toBe('general-handyman');
    expect(answers[0].diagnosis).toMatch(/bathroom accessory|hook/i);
  });

  it.each([
    ['the handle fell off my bedroom door', 'doors-locks'],
    ['hook up the new washer in the laundry closet', 'appliance'],
  ])('while "%s" stays %s', async (text, trade) => {
    expect((await trades(text)).slice(0, 2)).toContain(trade);
  });

  // A room air unit (a PTAC, a wall or window air conditioner, a fan coil) that is dead, its own
  // lights dark and its fan still, is the HVAC technician's call: its lights and fan are its parts,
  // not a light fixture or a ceiling fan.
  it.each(['my air conditioner unit will not power on, no lights and no fan', 'the wall unit under the window is dead, no lights on it, fan will not start'])(
    '"%s" is an HVAC trade first',
    async (text) => {
      expect((await trades(text))[0]).toMatch(/^hvac-/);
    },
  );

  it('while a room with no lights and a ceiling fan that will not start stays electrical', async () => {
    expect((await trades('no lights in the bedroom and the ceiling fan will not start'))[0]).toBe('electrical');
  });

  // Mildew on grout is cleaned (and the grout sealed) by custodial staff; cracked or missing grout is
  // the tile setter's repair.
  it.each(['black mildew growing on the tile grout of our shower', 'the grout in the tub surround is moldy'])('"%s" is cleaning first', async (text) => {
    expect((await trades(text))[0]).toBe('cleaning-custodial');
  });

  it('while grout that is cracked and falling out stays flooring', async () => {
    expect((await trades('grout between the shower tiles is cracked and falling out'))[0]).toBe('flooring');
  });

  // Keys, cards and fobs handed back at move-out go to whoever keeps the keys (the lock shop): no repaint.
  it.each(['where do I return my room key at move-out', "I'm turning in my keys and fob on Friday when I leave"])(
    '"%s" is the lock shop first',
    async (text) => {
      expect((await trades(text))[0]).toBe('doors-locks');
    },
  );

  it('while walls to repaint at move-out stay the painter', async () => {
    expect((await trades('move-out: the bedroom walls need repainting'))[0]).toBe('drywall-paint');
  });
});
