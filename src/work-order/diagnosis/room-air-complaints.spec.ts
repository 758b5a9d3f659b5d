import { loadKnowledgeBase } from '../../knowledge/knowledge-base';
import { offlineReadings } from '../../../test/support/offline-readings';

/**
 * Complaints about a room's air read from unlabelled facility requests (session 24), tested in
 * wordings written for this spec: a noisy unit is a failing fan, never a maintenance visit, which
 * needs maintenance, a service or an inspection asked for.
 */
describe('a noisy unit', () => {
  const kb = loadKnowledgeBase();
  const { problemIds } = offlineReadings(kb, new Date('2026-07-15T12:00:00Z'));

  it.each(['the hvac unit in our classroom is super loud and squeaky', 'the heat pump unit in this office is really loud and squeaking'])(
    '"%s" is no maintenance visit',
    (text) => {
      expect(problemIds(text)[0]).not.toBe('hvac-preventive-maintenance');
    },
  );

  it.each(['quarterly preventive maintenance on RTU-3', 'please service the rooftop units before summer', 'annual inspection of the air handlers'])(
    '"%s" still is one',
    (text) => {
      expect(problemIds(text)[0]).toBe('hvac-preventive-maintenance');
    },
  );
});
