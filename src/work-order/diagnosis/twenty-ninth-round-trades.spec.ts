import { offlineEnrichment } from '../../../test/support/offline-enrichment';
import { loadKnowledgeBase } from '../../knowledge/knowledge-base';

/**
 * Trades a coordinator would dispatch on kinds of campus and housing requests the engine read wrong
 * (issue 21, trade26): kinds found in a set of campus work orders, residence-hall messages and
 * housing-code notices written for this round and in unlabelled university requests, each written
 * here in new words. Each group is a kind of request.
 */
describe('fire pumps, hood suppression, elevator pits, siding, griddles and warming cabinets, lawn sprinkler heads, sign posts, fridge filters and fire ants (issue 21, trade26)', () => {
  const kb = loadKnowledgeBase();
  const enrich = offlineEnrichment(kb, new Date('2026-01-20T12:00:00Z'));
  const answer = async (issue_description: string) => (await enrich({ issue_description, urgency: 'Medium' })).diagnoses;
  const trades = async (text: string) => (await answer(text)).map((d) => d.trade);

  // A fire pump and its jockey pump belong to the fire protection contractor (NFPA 20 and 25), not to the
  // plumber's booster pumps or the heating shop.
  it.each(['jockey pump at the riser room cycling on and off all night', 'FIRE PUMP CONTROLLER IN ALARM - POWER FAILURE'])(
    '"%s" is the fire pump first',
    async (text) => {
      const answers = await answer(text);
      expect(answers[0].trade).toBe('fire-life-safety');
      expect(answers[0].diagnosis).toMatch(/^Fire pump or jockey pump fault/);
    },
  );

  it('while a domestic water booster pump stays with the plumber', async () => {
    expect((await trades('booster pump for the domestic water is loud'))[0]).toBe('plumbing');
  });

  // A cooking hood's wet chemical suppression system is inspected and recharged by the fire protection company:
  // no extinguisher, no discharged sprinkler.
  it.each(['ANSUL TAG EXPIRED ON THE DINING HALL HOOD', 'the suppression system over the grill line went off during lunch'])(
    '"%s" is the hood suppression system first',
    async (text) => {
      const answers = await answer(text);
      expect(answers[0].trade).toBe('fire-life-safety');
      expect(answers[0].diagnosis).toMatch(/^Kitchen hood fire suppression system/);
    },
  );

  it('while a range hood light stays the range hood', async () => {
    expect((await answer('range hood light is out over the stove'))[0].diagnosis).toBe('Range hood fan or light not working');
  });

  // Water in an elevator pit is the elevator contractor's call (the car comes out of service), not a leaking jack.
  it('water in an elevator pit is the pit first', async () => {
    const answers = await answer('rain got into the elevator pit at the library, about 3 inches deep');
    expect(answers[0].trade).toBe('elevator');
    expect(answers[0].diagnosis).toBe('Water standing in the elevator pit');
  });

  it('while a basement sump pit stays the sump pump', async () => {
    expect((await trades('sump pit in the basement is overflowing'))[0]).toBe('drains-sewer');
  });

  // Siding and soffits are the roofing and siding contractor's: no cove base, no vinyl plank floor.
  it.each(['vinyl siding on the back of the duplex is coming off', 'Owner shall repair loose and rotted siding on the north wall'])(
    '"%s" is the siding first',
    async (text) => {
      const answers = await answer(text);
      expect(answers[0].trade).toBe('roofing-gutters');
      expect(answers[0].diagnosis).toBe('Siding, trim or soffit loose, rotted or blown off');
    },
  );

  it('while siding to wash stays with custodial', async () => {
    expect((await trades('the siding by the front entrance is green, please pressure wash it'))[0]).toBe('cleaning-custodial');
  });

  // A griddle and a warming cabinet are cook-line equipment: not a vent grille or a room temperature.
  it.each(['the flat top on the grill line only heats on the left half', 'WARMING CABINET AT CATERING WILL NOT HOLD HEAT'])(
    '"%s" is the kitchen equipment technician first',
    async (text) => {
      expect((await trades(text))[0]).toBe('appliance');
    },
  );

  // A sprinkler head with a lawn or a walkway named in another clause is irrigation; a head in a hallway ceiling is not.
  it.each([
    ['sprinkler head snapped off, water running down the walkway', 'grounds'],
    ['sprinkler head in the hallway ceiling dripping', 'fire-life-safety'],
  ])('"%s" is %s first', async (text, trade) => {
    expect((await trades(text))[0]).toBe(trade);
  });

  // A sign's pole or post is a post to straighten or reset, not a dark pole light.
  it.each([
    ['the reserved sign pole by the loading zone was knocked flat', 'general-handyman'],
    ['light pole in lot 4 is dark', 'electrical'],
  ])('"%s" is %s first', async (text, trade) => {
    expect((await trades(text))[0]).toBe(trade);
  });

  // A refrigerator's water filter is the refrigerator's, not an air filter.
  it('a fridge water filter is the refrigerator first', async () => {
    expect((await trades('water filter in the fridge needs replacing'))[0]).toBe('appliance');
  });

  it('while a furnace filter stays with heating', async () => {
    expect((await trades('change the furnace filter'))[0]).toBe('hvac-heating');
  });

  // Fire ants are ants: the pest technician's, with no fire diagnosis beside them.
  it('fire ants on a field name no fire-safety diagnosis', async () => {
    const got = await trades('fire ants all along the soccer field');
    expect(got[0]).toBe('pest-control');
    expect(got).not.toContain('fire-life-safety');
  });
});
