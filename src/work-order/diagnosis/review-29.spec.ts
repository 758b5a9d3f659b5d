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

  describe('a burning smell the first time the heat runs is dust burning off, as the triage line says', () => {
    it.each([
      'Tenant reports a burning smell from the heating vents when the heat first came on this season',
      'burning smell the first time the furnace turned on this fall',
    ])('"%s" leads with the dust, priced as a filter and a cleaning, not a blower motor', async (issue_description) => {
      const { insights, diagnoses } = await enrich({ issue_description });
      expect(insights.join(' ')).toMatch(/dust burning off/);
      expect(diagnoses[0].diagnosis).toMatch(/dust/i);
      expect(diagnoses[0].parts.join(' ')).not.toMatch(/blower motor/i);
      expect(Number(diagnoses[0].pricing.total.replace(/[$,]/g, ''))).toBeLessThan(200);
    });

    it('while a burning smell with no air from the vents is still the blower motor', async () => {
      const { diagnoses } = await enrich({ issue_description: 'burning smell from the furnace and no air coming out' });
      expect(diagnoses[0].diagnosis).toMatch(/blower motor/i);
    });
  });
});
