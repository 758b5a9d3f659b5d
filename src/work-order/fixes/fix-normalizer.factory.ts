import { FixNormalizer, TextClusterFixNormalizer } from './fix-normalizer';

/** The fix normalizer the service and the CLI share, so both store the same fix keys. */
export function createFixNormalizer(): FixNormalizer {
  return new TextClusterFixNormalizer();
}
