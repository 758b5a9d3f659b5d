import { loadKnowledgeBase } from '../../knowledge/knowledge-base';
import { offlineReadings } from '../../../test/support/offline-readings';

/**
 * A toilet's problems are offered only when the request names a toilet (or its flush): a water heater
 * leaking from the bottom, a dishwasher puddle or a radiator leak shared "leaking", "bottom" and
 * "floor" with the wax ring, and the answer named "Failed toilet wax ring seal" as the other trade's
 * fallback, a problem nobody reported.
 */
describe('toilet problems only for a request that names the toilet', () => {
  const kb = loadKnowledgeBase();
  const { problemIds } = offlineReadings(kb, new Date('2026-01-15T12:00:00Z'));
  const TOILET = ['toilet-flapper-worn', 'toilet-fill-valve-failure', 'toilet-base-leak-wax-ring', 'toilet-clog'];

  it.each([
    'Water heater in the garage is leaking from the bottom, puddle on the floor',
    'BLDG 40 RM 12 - HOT WATER TANK LEAKING AT BASE',
    'the radiator in my bedroom is leaking from the bottom onto the floor',
    'There is a puddle at the bottom of the fridge every morning',
    'Snow not cleared from the back stairs, very icy',
    'the gutter downspout is clogged with leaves',
  ])('"%s" offers no toilet problem', (text) => {
    expect(problemIds(text).filter((id) => TOILET.includes(id))).toEqual([]);
  });

  it.each([
    ['the toilet rocks and leaks at the base every time we flush', 'toilet-base-leak-wax-ring'],
    ['water all around the bottom of the commode in unit 3', 'toilet-base-leak-wax-ring'],
    ['the toilet in our suite keeps running all night', 'toilet-flapper-worn'],
    ['toilet tank takes forever to fill and hisses', 'toilet-fill-valve-failure'],
    ['the commode in 2B is stopped up again', 'toilet-clog'],
    ['womens restroom clogged and overflowing', 'toilet-clog'],
  ])('"%s" still reads as %s', (text, id) => {
    expect(problemIds(text).slice(0, 2)).toContain(id);
  });
});

/** An elevator's problems likewise need the elevator (or a lift, its cab or shaft) named: a door that will not close is not the elevator's. */
describe('elevator problems only for a request that names the elevator', () => {
  const kb = loadKnowledgeBase();
  const { problemIds, trades } = offlineReadings(kb, new Date('2026-01-15T12:00:00Z'));

  it.each([
    'The oven door will not close all the way',
    'the door to room 204 will not close, it keeps reopening',
    'buttons on the microwave are not lighting up',
  ])('"%s" offers no elevator problem', (text) => {
    expect(trades(text)).not.toContain('elevator');
  });

  it.each([
    ['freight elevator doors stay open', 'elevator-doors-malfunction'],
    ['ELEV 2 OUT OF SERVICE', 'elevator-out-of-service'],
    ['the lift stops a few inches below the 3rd floor', 'elevator-misleveling'],
  ])('"%s" still reads as %s', (text, id) => {
    expect(problemIds(text)[0]).toBe(id);
  });
});
