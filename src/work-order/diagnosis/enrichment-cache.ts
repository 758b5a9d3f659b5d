import { createHash } from 'node:crypto';
import { Logger } from '@nestjs/common';
import KeyvRedis from '@keyv/redis';
import { Cache, createCache } from 'cache-manager';
import { Keyv } from 'keyv';
import { LRUCache } from 'lru-cache';
import type { DiagnosisDto } from '../dto/work-order-enrichment.dto';

/** What the enrich cache keeps of a model answer. */
export interface CachedDiagnosis {
  diagnoses: DiagnosisDto[];
  insights: string[];
}

/**
 * Where model answers to identical enrich requests are kept. Keys already carry the client
 * (`requestKey`), so one store may serve every client. A host may hand in its own.
 */
export interface EnrichmentCache<T> {
  /** The answer stored under `key`, or undefined (also when the store cannot be reached). */
  get(key: string): Promise<T | undefined>;
  /** Stores an answer; a store that cannot be reached loses it silently (logged). */
  set(key: string, value: T): Promise<void>;
}

/** Longest a cache read or write may take before it counts as a miss: Redis trouble must not slow enrich down. */
const STORE_TIMEOUT_MS = 500;
/** Prefix of the shared keys, so the answers of this service are easy to find and count in Redis. */
export const REDIS_KEY_NAMESPACE = 'woi:enrich';

const logger = new Logger('EnrichmentCache');
/** At most one warning per this many milliseconds while the store stays unreachable (one per request would flood the log). */
const WARN_EVERY_MS = 30_000;
let lastWarning = 0;
function warn(message: string): void {
  if (Date.now() - lastWarning < WARN_EVERY_MS) return;
  lastWarning = Date.now();
  logger.warn(`${message}; enrich answers without the shared cache until it answers again`);
}

function withTimeout<T>(work: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${STORE_TIMEOUT_MS} ms`)), STORE_TIMEOUT_MS);
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}

/** In process: lru-cache with a TTL and a size cap (the default without REDIS_URL). */
class InProcessCache<T extends object> implements EnrichmentCache<T> {
  private readonly lru: LRUCache<string, T>;
  constructor(ttlMs: number, maxEntries: number) {
    this.lru = new LRUCache<string, T>({ max: maxEntries, ttl: ttlMs });
  }
  async get(key: string) {
    return this.lru.get(key);
  }
  async set(key: string, value: T) {
    this.lru.set(key, value);
  }
}

/** A cache-manager cache (any keyv store: Redis, memory, …); store errors are logged and read as misses. */
export class CacheManagerEnrichmentCache<T> implements EnrichmentCache<T> {
  constructor(private readonly cache: Cache) {}
  async get(key: string): Promise<T | undefined> {
    try {
      return (await withTimeout(this.cache.get<T>(key))) ?? undefined;
    } catch (e) {
      warn(`Enrich cache read failed (${(e as Error).message})`);
      return undefined;
    }
  }
  async set(key: string, value: T): Promise<void> {
    try {
      await withTimeout(this.cache.set(key, value));
    } catch (e) {
      warn(`Enrich cache write failed (${(e as Error).message})`);
    }
  }
}

/** A keyv store behind cache-manager, with the TTL applied to every entry. */
export function keyvEnrichmentCache<T>(store: Keyv, ttlMs: number): EnrichmentCache<T> {
  // Without a listener, an 'error' event from the store would be thrown by the emitter.
  store.on('error', (e: Error) => warn(`Enrich cache store error (${e.message})`));
  return new CacheManagerEnrichmentCache<T>(createCache({ stores: [store], ttl: ttlMs }));
}

/**
 * The enrichment answer cache: none when the TTL is zero (lru-cache reads `ttl: 0` as "never
 * expires", the opposite of what ENRICH_CACHE_TTL_SECONDS=0 means); shared through Redis when
 * `redisUrl` is given, so every instance serves what one of them asked the model; else in process.
 */
export function createEnrichmentCache<T extends object>(
  ttlMs: number,
  options: { redisUrl?: string; maxEntries?: number } = {},
): EnrichmentCache<T> | undefined {
  if (ttlMs <= 0) return undefined;
  if (!options.redisUrl) return new InProcessCache<T>(ttlMs, options.maxEntries ?? 1000);
  // throwOnConnectError off: a Redis that is down at start must not stop the service.
  // No offline queue: while Redis is down a command fails at once instead of waiting out the timeout.
  const redis = new KeyvRedis({ url: options.redisUrl, disableOfflineQueue: true }, { throwOnConnectError: false, connectionTimeout: STORE_TIMEOUT_MS });
  return keyvEnrichmentCache<T>(new Keyv({ store: redis, namespace: REDIS_KEY_NAMESPACE, useKeyPrefix: false }), ttlMs);
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
