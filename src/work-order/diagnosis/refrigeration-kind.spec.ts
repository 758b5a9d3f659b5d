import { loadKnowledgeBase } from '../../knowledge/knowledge-base';
import { offlineDiagnoses } from './offline-answer';

/**
 * A tenant's freezer that does not freeze is the household refrigerator's problem; the walk-in,
 * reach-in or display cooler problem is for a kitchen, a store or a lab that names one. Requests
 * written for this spec.
 */
describe('household refrigerator or commercial cooler', () => {
  const diagnose = offlineDiagnoses(loadKnowledgeBase());
  const summer = new Date('2026-06-15T12:00:00Z');
  const first = (text: string) => diagnose(text, summer).diagnoses[0].diagnosis;

  it.each(['freezer not freezing, ice cream is soft', 'Resident says fridge is warm and ice cream melted', 'my freezer isnt freezing'])(
    '"%s" is the household refrigerator',
    (text) => {
      expect(first(text)).toBe('Refrigerator not cooling');
    },
  );

  it.each([
    'WALK IN FREEZER IN DINING HALL KITCHEN READING 20 DEGREES',
    'ice cream freezer at the snack bar is not staying frozen',
    'reach-in cooler in the cafe is warm',
  ])('"%s" is the commercial cooler', (text) => {
    expect(first(text)).toBe('Walk-in, reach-in, display or lab cooler or freezer not holding temperature');
  });

  it('a commercial freezer that is not staying frozen is same-day work, not routine', () => {
    expect(diagnose('ice cream freezer at the snack bar is not staying frozen', summer).diagnoses[0].severity).not.toMatch(/low|medium/);
  });
});
