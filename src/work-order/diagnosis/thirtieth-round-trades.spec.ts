import { offlineEnrichment } from '../../../test/support/offline-enrichment';
import { loadKnowledgeBase } from '../../knowledge/knowledge-base';

/**
 * Trades a coordinator would dispatch on kinds of campus requests the engine read wrong (issue 21,
 * trade27): kinds found in a set of university open work orders written for this round, each
 * written here in new words. Each group is a kind of request.
 */
describe('scoreboards, sports equipment, room layouts, drop boxes and parking decks (issue 21, trade27)', () => {
  const kb = loadKnowledgeBase();
  const enrich = offlineEnrichment(kb, new Date('2026-06-15T12:00:00Z'));
  const answer = async (issue_description: string) => (await enrich({ issue_description, urgency: 'Medium' })).diagnoses;
  const trades = async (text: string) => (await answer(text)).map((d) => d.trade);

  // A scoreboard, shot clock or lit message sign is low-voltage electronics the electrician or the
  // sign's vendor services: no wall clock, no heat pump.
  it.each(['the gym scoreboard shows no numbers on the visitor side', 'SHOT CLOCK ON THE EAST BASKET IS BLANK'])(
    '"%s" is the scoreboard first',
    async (text) => {
      const answers = await answer(text);
      expect(answers[0].trade).toBe('electrical');
      expect(answers[0].diagnosis).toMatch(/^Scoreboard/);
    },
  );

  it('while the hallway clocks showing the wrong time stay the clock system', async () => {
    expect((await answer('hallway clocks all show the wrong time'))[0].diagnosis).toMatch(/clocks/);
  });

  // Goals, nets, hoops and bleachers of a gym or a field are carpentry and rigging work for the
  // handyman: no heat pump's auxiliary heat, no attic animal, no bollard.
  it.each([
    'BASKETBALL BACKBOARD LOOSE IN AUX GYM',
    'volleyball net post at the sand court is bent',
    'replace torn netting on the batting cage',
    'tennis court net sagging, center strap broken',
    'bleachers in the aux gym will not pull out',
  ])('"%s" is the sports equipment first', async (text) => {
    const answers = await answer(text);
    expect(answers[0].trade).toBe('general-handyman');
    expect(answers[0].diagnosis).toMatch(/^Sports equipment/);
  });

  it('while a torn window screen stays the window screen', async () => {
    expect((await trades('the screen on the bedroom window is torn'))[0]).toBe('windows-glass');
  });

  // Setting a room to a layout (classroom style, rows, a horseshoe) is the event crew's furniture work.
  it.each([
    'change conference room layout to classroom style for training',
    'reset lecture hall back to rows after the workshop',
    'tables in a horseshoe for the panel tomorrow',
  ])('"%s" is a room setup first', async (text) => {
    expect((await trades(text))[0]).toBe('moving-furniture');
  });

  // A drop box, drop chute or drop slot is no mouse droppings.
  it.each(['night deposit drop jammed', 'returns drop chute is jammed'])('"%s" is not a pest first', async (text) => {
    expect((await trades(text))[0]).not.toBe('pest-control');
  });

  it.each(['droppings in the pantry', 'mouse droppings under the sink'])('while "%s" stays the mice', async (text) => {
    const answers = await answer(text);
    expect(answers[0].trade).toBe('pest-control');
    expect(answers[0].diagnosis).toBe('Mice in the unit');
  });

  // A parking deck is a parking garage: its icy steps are the grounds crew's, not a rotted porch deck.
  it('icy steps at a parking deck are the snow and ice first', async () => {
    expect((await trades('PARKING DECK 2 - ICY STEPS AT STAIR TOWER, NEEDS SALT'))[0]).toBe('grounds');
  });

  it('while a pothole in a parking deck lane stays the paving', async () => {
    expect((await trades('POTHOLE IN THE PARKING DECK ENTRY LANE'))[0]).toBe('grounds');
  });

  it('while rotted back deck boards stay the deck', async () => {
    expect((await trades('back deck boards rotted'))[0]).toBe('general-handyman');
  });

  // Testing rooms for hazardous materials before work is the materials survey, whatever surfaces it lists.
  it('hazardous materials to look for in walls and a ceiling are the survey first', async () => {
    const answers = await answer('look for hazardous materials in the walls and ceiling of the old darkroom');
    expect(answers[0].trade).toBe('general-handyman');
    expect(answers[0].diagnosis).toBe('Asbestos or lead survey before work');
  });
});
