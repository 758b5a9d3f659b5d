import type { KnowledgeFixNormalizer } from '../../src/work-order/fixes/knowledge-fix-normalizer';
import type { ProblemClassifier } from '../../src/work-order/history/problem-classifier';
import type { SimilarWorkOrder } from '../../src/work-order/retrieval/similar-work-orders.service';

/** A retrieved ticket for unit tests of previous fixes: every field empty unless given. */
export function similarWorkOrder(id: string, fields: Partial<SimilarWorkOrder> = {}): SimilarWorkOrder {
  return {
    id,
    workOrderId: id,
    title: null,
    issueDescription: 'x',
    resolution: null,
    closingDescription: null,
    vendorComments: null,
    customerClientId: null,
    propertyId: null,
    unitId: null,
    location: null,
    asset: null,
    statusNorm: 'closed',
    urgencyNorm: null,
    openedAt: null,
    closedAt: null,
    actualCost: null,
    estimatedCost: null,
    invoiceTotal: null,
    assignedVendors: null,
    unitKey: null,
    assetKey: null,
    fixKey: null,
    fixLabel: null,
    problemId: null,
    problemTrade: null,
    similarity: 0.8,
    ...fields,
  };
}

/** A completed past ticket whose technician's note reads as a fix (the normalizer's key and label), for relevance specs. */
export function completedTicketWithFix(
  normalizer: Pick<KnowledgeFixNormalizer, 'normalize'>,
  issue: string,
  note: string,
  fields: Partial<SimilarWorkOrder> = {},
): SimilarWorkOrder {
  const fix = normalizer.normalize(note);
  if (!fix) throw new Error(`"${note}" reads as no fix`);
  return similarWorkOrder(issue, {
    issueDescription: issue,
    resolution: note,
    statusNorm: 'completed',
    fixKey: fix.key,
    fixLabel: fix.label,
    similarity: 0.6,
    ...fields,
  });
}

/**
 * A closed past ticket filed as the import files it: its note read as a fix beside its request, and
 * the problem its words and that fix read as. For relevance specs that need the ticket's problem.
 */
export function importedTicketWithFix(
  normalizer: Pick<KnowledgeFixNormalizer, 'normalize'>,
  classifier: Pick<ProblemClassifier, 'classify'>,
  issue: string,
  note: string,
): SimilarWorkOrder {
  const fix = normalizer.normalize(note, issue);
  if (!fix) throw new Error(`"${note}" reads as no fix`);
  const problem = classifier.classify(issue, fix.key);
  return similarWorkOrder(issue, {
    issueDescription: issue,
    resolution: note,
    statusNorm: 'completed',
    fixKey: fix.key,
    fixLabel: fix.label,
    problemId: problem?.problemId ?? null,
    problemTrade: problem?.trade ?? null,
    similarity: 0.6,
  });
}
