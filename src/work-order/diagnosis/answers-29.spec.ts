import { offlineEnrichment } from '../../../test/support/offline-enrichment';
import { loadKnowledgeBase } from '../../knowledge/knowledge-base';

/**
 * Issue 21, answers28 re-landed (session 29): its household fridge door-seal problem must need a
 * fridge or freezer's own door or gasket. Its first wording taught "door will not stay shut" as
 * the appliance technician's, and a cabinet or closet door near a fridge went to the appliance shop.
 */
describe('a door near a fridge is no fridge door seal (answers28 re-landed)', () => {
  const kb = loadKnowledgeBase();
  const enrich = offlineEnrichment(kb, new Date('2026-07-15T12:00:00Z'));
  const answer = (issue_description: string) => enrich({ issue_description, urgency: 'Medium' });
  const SEAL = 'Refrigerator or freezer door not sealing (frost build-up)';

  it.each(['the pantry door next to the fridge will not stay closed', 'closet door by the refrigerator will not stay shut'])(
    '"%s" goes to the door trades, not the appliance technician',
    async (text) => {
      const { diagnoses } = await answer(text);
      expect(['doors-locks', 'general-handyman']).toContain(diagnoses[0].trade);
      expect(diagnoses.map((d) => d.diagnosis)).not.toContain(SEAL);
    },
  );

  it.each(['fridge door will not stay shut', 'freezer door keeps popping open and the food is thawing', 'the refrigerator door does not close tight anymore'])(
    'while "%s" stays the appliance technician\'s',
    async (text) => {
      const { diagnoses } = await answer(text);
      expect(diagnoses[0].trade).toBe('appliance');
    },
  );
});
