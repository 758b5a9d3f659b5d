import type { KnowledgeBase } from '../../knowledge/knowledge.types';
import type { FixNormalizer } from './fix-normalizer';
import { KnowledgeFixNormalizer } from './knowledge-fix-normalizer';
import { CachedProblemClassifier, KnowledgeProblemClassifier, ProblemClassifier } from '../history/problem-classifier';

/** The fix normalizer the service and the CLI share, so both store the same fix keys (it remembers the notes it has read). */
export function createFixNormalizer(kb: KnowledgeBase): FixNormalizer {
  return new KnowledgeFixNormalizer(kb);
}

/** The problem classifier the service and the CLI share, so both store the same problem ids. */
export function createProblemClassifier(kb: KnowledgeBase): ProblemClassifier {
  return new CachedProblemClassifier(new KnowledgeProblemClassifier(kb));
}
