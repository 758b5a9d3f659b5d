import { loadKnowledgeBase } from '../../knowledge/knowledge-base';
import { CachedFixNormalizer, FixNormalizer } from './fix-normalizer';
import { KnowledgeFixNormalizer } from './knowledge-fix-normalizer';
import { CachedProblemClassifier, KnowledgeProblemClassifier, ProblemClassifier } from '../history/problem-classifier';

/** The fix normalizer the service and the CLI share, so both store the same fix keys. */
export function createFixNormalizer(): FixNormalizer {
  return new CachedFixNormalizer(new KnowledgeFixNormalizer(loadKnowledgeBase()));
}

/** The problem classifier the service and the CLI share, so both store the same problem ids. */
export function createProblemClassifier(): ProblemClassifier {
  return new CachedProblemClassifier(new KnowledgeProblemClassifier(loadKnowledgeBase()));
}
