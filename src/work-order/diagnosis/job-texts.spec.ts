import { loadKnowledgeBase } from '../../knowledge/knowledge-base';
import { complaintText } from '../../knowledge/work-order-text';
import { diagnoseOffline } from './knowledge-diagnosis';

/**
 * Read in answers to written requests (review 14): the steps and parts of a diagnosis are read
 * beside the request, so they fit every room the diagnosis is given for, not the one it was first
 * written for ("bath paint" for peeling paint in a bedroom or all rooms).
 */
describe('steps and parts that fit the rooms the request names', () => {
  const kb = loadKnowledgeBase();
  const top = (text: string) => diagnoseOffline(kb, { text: complaintText(text), safetyFlags: [], history: new Map() })[0];

  it.each([
    'paint is peeling off the bedroom wall above the radiator',
    'Owner failed to maintain paint in living room and hallway, peeling paint',
    'peeling paint on the ceiling of the dorm lounge',
  ])('does not sell bath paint for "%s"', (text) => {
    const d = top(text);
    expect(d.diagnosis).toBe(kb.problemById.get('peeling-paint')!.name);
    expect([...d.parts, ...d.resolution_steps].join(' ')).not.toMatch(/\bbath paint\b/i);
    expect(d.parts.join(' ')).toMatch(/primer/i);
  });
});
