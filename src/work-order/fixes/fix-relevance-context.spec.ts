import { loadKnowledgeBase } from '../../knowledge/knowledge-base';
import { createProblemClassifier } from './fix-normalizer.factory';
import type { SimilarWorkOrder } from '../retrieval/similar-work-orders.service';
import { importedTicketWithFix } from '../../../test/support/similar-work-order';
import { FixRelevance } from './fix-relevance';
import { KnowledgeFixNormalizer } from './knowledge-fix-normalizer';

const kb = loadKnowledgeBase();
const relevance = new FixRelevance(kb);
const normalizer = new KnowledgeFixNormalizer(kb);
const classifier = createProblemClassifier(kb);

/** A past ticket filed as import files it (by its words and its fix). */
const past = (issue: string, note: string): SimilarWorkOrder => importedTicketWithFix(normalizer, classifier, issue, note);

/** Whether a past ticket is left out of the request's context (FixRelevance.aboutAnotherThing). Written for these tests. */
function leftOut(request: string, ticket: SimilarWorkOrder): boolean {
  const query = relevance.query(request, classifier.candidates(request), [ticket]);
  return relevance.aboutAnotherThing(
    ticket,
    query,
    classifier.readAs(request).map((p) => p.problemId),
  );
}

describe('a context ticket about another thing than the request', () => {
  it.each([
    ['Garage door opener', 'Sliding patio door is hard to open', 'Replaced the door rollers'],
    ['Range hood light is out and the microwave sparks', 'Stove burner clicks but will not light', 'Replaced the spark igniter'],
    ['Refrigerator leaking water', 'Water on the floor in front of the dishwasher', 'Replaced the inlet hose'],
    ['Ice maker not making ice and the water dispenser is slow', "The drain is slow and water won't go down", 'Snaked the drain line'],
    ['Refrigerator leaking water', 'Hay fuga de agua debajo del fregadreo', 'Replaced the P-trap'],
    ['Toilet leaking at the base', 'Toilet runs all the time after flushing', 'Replaced the flapper'],
    ['Parking lot light keeps flickering', 'Kitchen light keeps flickering', 'Tightened a loose wire'],
  ])('"%s" leaves out "%s"', (request, issue, note) => {
    expect(leftOut(request, past(issue, note))).toBe(true);
  });

  it.each([
    ['Garbage disposal is jammed and just hums', 'Disposal jammed', 'Replaced the disposal'],
    ['Garbage disposal is jammed and just hums', 'disp not working', 'unjammed the disposal with a hex key'],
    ['Garage door opener', 'Garage door opener does not respond to the remote', 'Replaced the logic board'],
    ['Kitchen sink leaking under the cabinet', 'Water leaking from under the cabinet', 'Replaced the P-trap'],
    ['Ice maker not making ice', 'no ice', 'Replaced the inlet valve'],
    ['Parking lot light keeps flickering', 'Pole light in the parking lot is out', 'Replaced the lamp'],
    ['Toilet leaking at the base', 'Toilet rocks and leaks at the base', 'Reset the toilet on a new wax ring'],
  ])('"%s" keeps "%s"', (request, issue, note) => {
    expect(leftOut(request, past(issue, note))).toBe(false);
  });

  it('judges nothing when the request names no machine or fixture', () => {
    expect(leftOut('Water everywhere, please hurry', past('Drain slow, water stands', 'Snaked the drain'))).toBe(false);
  });
});
