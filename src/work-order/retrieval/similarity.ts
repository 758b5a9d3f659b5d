/** Where a past ticket sits relative to the incoming one. */
export interface ContextMatch {
  sameUnit: boolean;
  sameAsset: boolean;
  sameProperty: boolean;
  sameLocation: boolean;
  /** Same customer of the caller (the specification's client_id / client_number). */
  sameCustomer: boolean;
}

/** Weights of the similarity score; they sum to 1 so the score stays in 0..1. */
export const SIMILARITY_WEIGHTS = { text: 0.75, context: 0.15, recency: 0.1 } as const;
/** Context strength: same unit strongest, then same asset, same property, same location, same customer. */
export const CONTEXT_STRENGTH = { unit: 1, asset: 0.8, property: 0.5, location: 0.3, customer: 0.2 } as const;
/** Recency halves roughly every 500 days (e-folding time of two years). */
export const RECENCY_DAYS = 730;

export function contextScore(m: ContextMatch): number {
  if (m.sameUnit) return CONTEXT_STRENGTH.unit;
  if (m.sameAsset) return CONTEXT_STRENGTH.asset;
  if (m.sameProperty) return CONTEXT_STRENGTH.property;
  if (m.sameLocation) return CONTEXT_STRENGTH.location;
  if (m.sameCustomer) return CONTEXT_STRENGTH.customer;
  return 0;
}

/** 1 for a ticket opened now, decaying with age; 0.5 when the open date is unknown. */
export function recencyScore(openedAt: Date | null, now: Date): number {
  if (!openedAt) return 0.5;
  const ageDays = Math.max(0, (now.getTime() - openedAt.getTime()) / 86_400_000);
  return Math.exp(-ageDays / RECENCY_DAYS);
}

/**
 * Similarity of a past ticket, 0..1: 0.75 × text match (share of key terms matched, full at
 * four terms, or trigram similarity of short texts, whichever is higher) + 0.15 × context
 * (same unit 1, asset 0.8, property 0.5, location 0.3, customer 0.2) + 0.10 × recency.
 */
export function similarityScore(textMatch: number, context: ContextMatch, openedAt: Date | null, now: Date): number {
  const score =
    SIMILARITY_WEIGHTS.text * textMatch + SIMILARITY_WEIGHTS.context * contextScore(context) + SIMILARITY_WEIGHTS.recency * recencyScore(openedAt, now);
  return Math.round(Math.min(1, Math.max(0, score)) * 1000) / 1000;
}
