import { Logger, OnModuleDestroy } from '@nestjs/common';
import type { ThrottlerStorage } from '@nestjs/throttler';

/** What the throttler guard reads of one count; the shape of @nestjs/throttler's ThrottlerStorageRecord. */
type StorageRecord = Awaited<ReturnType<ThrottlerStorage['increment']>>;

/** Longest a shared store may take to count a request before the request is let through uncounted. */
const STORE_TIMEOUT_MS = 500;
/** At most one warning per this many milliseconds while the store stays unreachable. */
const WARN_EVERY_MS = 30_000;

/**
 * Fails open: when the shared store (Redis) cannot count a request in time, the request is allowed
 * and a warning logged, so an outage of the rate-limit store never turns into an outage of the API.
 * Limits are not enforced while the store is down.
 */
export class FailOpenThrottlerStorage implements ThrottlerStorage, OnModuleDestroy {
  private readonly logger = new Logger('RateLimitStore');
  private lastWarning = 0;

  constructor(private readonly store: ThrottlerStorage & Partial<OnModuleDestroy>) {}

  async increment(key: string, ttl: number, limit: number, blockDuration: number, throttlerName: string): Promise<StorageRecord> {
    let timer: NodeJS.Timeout | undefined;
    try {
      const timeout = new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error(`no answer within ${STORE_TIMEOUT_MS} ms`)), STORE_TIMEOUT_MS);
      });
      return await Promise.race([this.store.increment(key, ttl, limit, blockDuration, throttlerName), timeout]);
    } catch (e) {
      this.reportFailure(e as Error);
      return { totalHits: 0, timeToExpire: 0, isBlocked: false, timeToBlockExpire: 0 };
    } finally {
      clearTimeout(timer);
    }
  }

  /** Logs a failure of the store (at most one warning per 30 s); also for the store's own connection errors. */
  reportFailure(error: Error): void {
    if (Date.now() - this.lastWarning < WARN_EVERY_MS) return;
    this.lastWarning = Date.now();
    this.logger.warn(`The rate-limit store failed (${error.message}); requests are let through uncounted until it answers again`);
  }

  onModuleDestroy(): void | Promise<void> {
    return this.store.onModuleDestroy?.();
  }
}
