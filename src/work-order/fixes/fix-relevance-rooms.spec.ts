import { loadKnowledgeBase } from '../../knowledge/knowledge-base';
import type { SimilarWorkOrder } from '../retrieval/similar-work-orders.service';
import { completedTicketWithFix } from '../../../test/support/similar-work-order';
import { FixMatch, FixRelevance } from './fix-relevance';
import { KnowledgeFixNormalizer } from './knowledge-fix-normalizer';

const kb = loadKnowledgeBase();
const relevance = new FixRelevance(kb);
const normalizer = new KnowledgeFixNormalizer(kb);

function past(issue: string, note: string, problemId: string): SimilarWorkOrder {
  return completedTicketWithFix(normalizer, issue, note, { problemId, problemTrade: 'plumbing' });
}

/**
 * A requester often says where the trouble is not ("but the bathroom is fine"), and a fix often
 * says which room's fixture it was ("Replaced bathroom faucet"). Written for these tests.
 */
describe('the room of a fixture', () => {
  it.each([
    ['Faucet in the kitchen has very low pressure but the bathroom is fine', 'Faucet in the kitchen has very low pressure'],
    ['No hot water in the shower, the kitchen sink works fine.', 'No hot water in the shower.'],
    ['Kitchen lights are out. The bedroom lights are ok', 'Kitchen lights are out.'],
    ['The outlet by the bed is dead while the others are working', 'The outlet by the bed is dead'],
  ])('leaves out what the requester says works: %p', (request, complaint) => {
    expect(relevance.withoutWhatWorks(request)).toBe(complaint);
  });

  it.each([
    // Nothing said to work: the words stay.
    'The toilet is fine for a while then runs again',
    'Water heater is not working fine',
    'Bathroom is fine',
  ])('keeps a request that says nothing works elsewhere: %p', (request) => {
    expect(relevance.withoutWhatWorks(request)).toBe(request);
  });

  it("does not take a fix of another room's fixture for the one the request names", () => {
    const request = relevance.withoutWhatWorks('Faucet in the kitchen has very low pressure but the bathroom is fine');
    const tickets = [
      past('bathroom faucet handle snapped off', 'Replaced bathroom faucet', 'faucet-handle-broken'),
      past('weak water flow from the kitchen tap', 'cleaned aerator on kitchen faucet', 'low-pressure-aerator'),
      past('sink faucet barely runs', 'replaced faucet cartridge', 'low-pressure-aerator'),
    ];
    const query = relevance.query(request, [{ problemId: 'low-pressure-aerator', trade: 'plumbing' }], tickets);
    expect(relevance.match(tickets[0], query)).toBe(FixMatch.None);
    expect(relevance.match(tickets[1], query)).toBeGreaterThanOrEqual(FixMatch.SameProblemOrPart);
    // A fix that names no room is about any room's fixture.
    expect(relevance.match(tickets[2], query)).toBeGreaterThanOrEqual(FixMatch.SameProblemOrPart);
  });

  it('shows a room-named fix when the request names that room or none, never for another room', () => {
    const ticket = past('kitchen faucet leaks', 'Replaced kitchen faucet', 'faucet-drip-cartridge');
    const matches = (request: string) =>
      relevance.match(ticket, relevance.query(request, [{ problemId: 'faucet-drip-cartridge', trade: 'plumbing' }], [ticket]));
    expect(matches('Kitchen faucet is leaking at the spout')).toBeGreaterThanOrEqual(FixMatch.SameProblemOrPart);
    expect(matches('Faucet is leaking at the spout')).toBeGreaterThanOrEqual(FixMatch.SameProblemOrPart);
    expect(matches('Bathroom faucet is leaking at the spout')).toBe(FixMatch.None);
  });
});
