import { loadKnowledgeBase } from '../../knowledge/knowledge-base';
import type { SimilarWorkOrder } from '../retrieval/similar-work-orders.service';
import { FixMatch, FixRelevance } from './fix-relevance';
import { KnowledgeFixNormalizer } from './knowledge-fix-normalizer';

const kb = loadKnowledgeBase();
const relevance = new FixRelevance(kb);
const normalizer = new KnowledgeFixNormalizer(kb);

function past(issue: string, note: string, over: Partial<SimilarWorkOrder> = {}): SimilarWorkOrder {
  const fix = normalizer.normalize(note)!;
  return {
    id: issue,
    workOrderId: issue,
    title: null,
    issueDescription: issue,
    resolution: note,
    closingDescription: null,
    vendorComments: null,
    customerClientId: null,
    propertyId: null,
    unitId: null,
    location: null,
    asset: null,
    statusNorm: 'completed',
    urgencyNorm: null,
    openedAt: null,
    closedAt: null,
    actualCost: null,
    estimatedCost: null,
    invoiceTotal: null,
    assignedVendors: null,
    unitKey: null,
    assetKey: null,
    fixKey: fix.key,
    fixLabel: fix.label,
    problemId: null,
    problemTrade: 'hvac-cooling',
    similarity: 0.6,
    ...over,
  };
}

describe('which previous fixes are about the request', () => {
  const request = 'Thermostat in office 210 is blank and the room is too warm';
  const retrieved = [
    past('Thermostat screen dead in office', 'replaced t-stat'),
    past('Office too warm in the afternoon', 'cleared condensate line'),
    past('Office too warm, vent rattles', 'tightened the vent louvers'),
  ];
  const query = relevance.query(request, [{ problemId: 'thermostat-malfunction', trade: 'hvac-heating' }], retrieved);

  it('shows a fix whose part the request names', () => {
    expect(Math.floor(relevance.match(retrieved[0], query))).toBe(FixMatch.SameFix);
  });

  it('leaves out a fix of another part that only shares the trade and common words', () => {
    expect(relevance.match(retrieved[1], query)).toBe(FixMatch.None);
    expect(relevance.match(retrieved[2], query)).toBe(FixMatch.None);
  });
});
