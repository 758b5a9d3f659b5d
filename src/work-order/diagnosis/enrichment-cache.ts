import { createHash } from 'node:crypto';
import { LRUCache } from 'lru-cache';

/**
 * The enrichment answer cache: lru-cache with a TTL and a size cap, or none when the TTL is zero
 * (lru-cache reads `ttl: 0` as "never expires", the opposite of what ENRICH_CACHE_TTL_SECONDS=0 means).
 */
export function createEnrichmentCache<T extends object>(ttlMs: number, maxEntries = 1000): LRUCache<string, T> | undefined {
  return ttlMs > 0 ? new LRUCache<string, T>({ max: maxEntries, ttl: ttlMs }) : undefined;
}

/** Cache key of a request: the client and a hash of the body with keys sorted, so field order does not matter. */
export function requestKey(clientId: string, body: object): string {
  const sorted = JSON.stringify(
    Object.fromEntries(
      Object.entries(body)
        .filter(([, v]) => v !== undefined && v !== null)
        .sort(([a], [b]) => a.localeCompare(b)),
    ),
  );
  return `${clientId}:${createHash('sha256').update(sorted).digest('hex')}`;
}
