import { offlineEnrichment } from '../../../test/support/offline-enrichment';
import { loadKnowledgeBase } from '../../knowledge/knowledge-base';

/**
 * Trades a coordinator would dispatch on kinds a blind set showed misread once every helper's change
 * of session 27 was in (issue 21, the lead's round 27), each written here in new words.
 */
describe('a heating system out, a power line down and paint spoiled by a leak still dripping (issue 21, round 27)', () => {
  const kb = loadKnowledgeBase();
  const enrich = offlineEnrichment(kb, new Date('2026-01-20T12:00:00Z'));
  const answer = async (issue_description: string) => (await enrich({ issue_description, urgency: 'Medium' })).diagnoses;
  const trades = async (text: string) => (await answer(text)).map((d) => d.trade);

  // A heating system named out of order is the heating shop's, whatever temperatures the notice quotes.
  it.each([
    'Heating system inoperable in all units; indoor temperatures 48F while it is 20F outside.',
    'central heating system not working in the building',
    'heating system inoperable, indoor temperature 48F',
  ])('"%s" is the heating shop first, at most a quarter on cooling', async (text) => {
    const answers = await answer(text);
    expect(answers[0].trade).toBe('hvac-heating');
    expect(answers.filter((d) => d.trade === 'hvac-cooling').reduce((sum, d) => sum + d.likelihood, 0)).toBeLessThan(0.25);
  });

  // A power line brought down or sparking outside is the electrician's (and the utility's) emergency, not a fallen limb for the grounds crew.
  it.each([
    'tree branch fell on the power lines by the dumpsters and they are sparking',
    'the overhead line to the building is lying in the yard after the storm',
  ])('"%s" is a downed power line first', async (text) => {
    const answers = await answer(text);
    expect(answers[0].trade).toBe('electrical');
    expect(answers[0].diagnosis).toBe('Power line down or sparking outside (service drop or overhead line)');
    expect(answers[0].severity).toBe('emergency');
  });

  it('while a fallen limb with no line named stays the grounds crew first', async () => {
    expect((await trades('a big limb fell across the walkway by the dumpsters'))[0]).toBe('grounds');
  });

  // Paint that bubbles under a ceiling still dripping is the leak's consequence: the source is sent for first.
  it.each(['slow drip from the bathroom ceiling into a bucket, paint bubbling', 'water dripping from the kitchen ceiling, the paint is peeling and bubbling'])(
    '"%s" sends a plumber first',
    async (text) => {
      expect((await trades(text))[0]).toBe('plumbing');
    },
  );

  // A burning smell at an outlet, a switch or a panel is the electrician's, whatever detector the request also names.
  it('an outlet that smells burnt beside a detector named is the electrician first', async () => {
    expect((await trades('smoke detector works fine, the outlet behind the tv smells burnt'))[0]).toBe('electrical');
  });

  // A sprinkler head on a playing field or by a flagpole may be the irrigation's: the grounds crew is offered.
  it('a sprinkler head broken on the intramural fields offers the grounds crew', async () => {
    expect(await trades('sprinkler head broken on the intramural fields')).toContain('grounds');
  });

  it('while paint peeling with no leak named stays the painter first', async () => {
    expect((await trades('paint is peeling and bubbling on the bathroom ceiling'))[0]).toBe('drywall-paint');
  });
});
