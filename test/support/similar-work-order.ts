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
