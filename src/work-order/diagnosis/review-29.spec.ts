import { offlineEnrichment } from '../../../test/support/offline-enrichment';
import { loadKnowledgeBase } from '../../knowledge/knowledge-base';

/**
 * Review 29: whole offline answers read as a maintenance coordinator reads them. Each request was
 * written for this review; each test is a line of the answer the coordinator would not trust.
 */
describe('whole answers read by a coordinator (review 29)', () => {
  const kb = loadKnowledgeBase();
  const enrich = offlineEnrichment(kb, new Date('2026-11-29T12:00:00Z'));

  describe('a machine that starts again in its own cycle is no repeat of an old problem', () => {
    it.each([
      'Furnace short cycles, it runs for about two minutes then shuts off and starts again',
      'the AC turns off and then comes back on again every few minutes',
    ])('"%s" is not called a repeat', async (issue_description) => {
      const { insights } = await enrich({ issue_description });
      expect(insights.join(' ')).not.toMatch(/happened before/i);
    });

    it.each(['toilet running again after the last repair', 'the ceiling started leaking again', 'Dishwasher not draining again'])(
      'while "%s" still is',
      async (issue_description) => {
        const { insights } = await enrich({ issue_description });
        expect(insights.join(' ')).toMatch(/happened before/i);
      },
    );
  });

  describe('a noise a machine makes when it runs is no leak', () => {
    it.each(['Furnace is making a squealing noise when the blower runs', 'the dryer makes a loud noise when it runs'])(
      '"%s" has no leak line and keeps routine severity',
      async (issue_description) => {
        const { insights, diagnoses } = await enrich({ issue_description });
        expect(insights.join(' ')).not.toMatch(/leak/i);
        expect(diagnoses[0].severity).not.toMatch(/high|emergency/);
      },
    );

    it.each(['I can hear water running inside the wall', 'I hear something running in the ceiling and there is a wet spot'])(
      'while "%s" is still read as a leak',
      async (issue_description) => {
        const { insights } = await enrich({ issue_description });
        expect(insights.join(' ')).toMatch(/leak/i);
      },
    );
  });
});
