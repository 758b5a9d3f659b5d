import type { KnowledgeBase } from '../../knowledge/knowledge.types';
import { CachedFixNormalizer, FixNormalizer } from './fix-normalizer';
import { KnowledgeFixNormalizer } from './knowledge-fix-normalizer';
import { CachedProblemClassifier, KnowledgeProblemClassifier, ProblemClassifier } from '../history/problem-classifier';

/** The fix normalizer the service and the CLI share, so both store the same fix keys. */
export function createFixNormalizer(kb: KnowledgeBase): FixNormalizer {
  return new CachedFixNormalizer(new KnowledgeFixNormalizer(kb));
}

/** The problem classifier the service and the CLI share, so both store the same problem ids. */
export function createProblemClassifier(kb: KnowledgeBase): ProblemClassifier {
  return new CachedProblemClassifier(new KnowledgeProblemClassifier(kb));
}
