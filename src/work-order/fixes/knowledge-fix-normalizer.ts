import { matchFix } from '../../knowledge/fix-matcher';
import type { KnowledgeBase } from '../../knowledge/knowledge.types';
import { CanonicalFix, FixNormalizer, TextClusterFixNormalizer } from './fix-normalizer';

/** Prefix of fix keys that name a knowledge-base problem. */
export const KB_FIX_PREFIX = 'kb:';

/**
 * Maps resolution text to the canonical fix of a knowledge-base problem ("new flapper
 * installed" → "Replace toilet flapper"), and falls back to text clustering for fixes the
 * knowledge base does not know.
 */
export class KnowledgeFixNormalizer extends FixNormalizer {
  constructor(
    private readonly kb: KnowledgeBase,
    private readonly fallback: FixNormalizer = new TextClusterFixNormalizer(),
  ) {
    super();
  }

  normalize(resolutionText: string): CanonicalFix | undefined {
    const match = matchFix(this.kb, resolutionText);
    return match ? { key: `${KB_FIX_PREFIX}${match.problemId}`, label: match.fix } : this.fallback.normalize(resolutionText);
  }
}
