/** Requests allowed per window; `max: 0` turns limiting off. */
export interface RateLimitSettings {
  max: number;
  windowSeconds: number;
}

export const DEFAULT_RATE_LIMIT: RateLimitSettings = { max: 600, windowSeconds: 60 };

export type RateDecision = { allowed: true } | { allowed: false; retryAfterSeconds: number };

/**
 * Fixed-window request counting per key (a token, or a client for host-resolved callers).
 * In memory and per process: a cluster of instances multiplies the allowance.
 */
export class RateLimiter {
  private readonly windows = new Map<string, { startedAt: number; count: number }>();

  constructor(private readonly settings: RateLimitSettings) {}

  get enabled(): boolean {
    return this.settings.max > 0;
  }

  /** Whether `key` has used up its window, without counting a request. */
  exhausted(key: string, now = Date.now()): RateDecision {
    const window = this.windows.get(key);
    const windowMs = this.settings.windowSeconds * 1000;
    if (!this.enabled || !window || now - window.startedAt >= windowMs || window.count < this.settings.max) return { allowed: true };
    return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil((window.startedAt + windowMs - now) / 1000)) };
  }

  take(key: string, now = Date.now()): RateDecision {
    if (!this.enabled) return { allowed: true };
    const windowMs = this.settings.windowSeconds * 1000;
    let window = this.windows.get(key);
    if (!window || now - window.startedAt >= windowMs) {
      this.evictExpired(now, windowMs);
      window = { startedAt: now, count: 0 };
      this.windows.set(key, window);
    }
    window.count += 1;
    if (window.count <= this.settings.max) return { allowed: true };
    return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil((window.startedAt + windowMs - now) / 1000)) };
  }

  /** Keeps the map from growing with keys that stopped calling. */
  private evictExpired(now: number, windowMs: number): void {
    if (this.windows.size < 10_000) return;
    for (const [key, window] of this.windows) if (now - window.startedAt >= windowMs) this.windows.delete(key);
  }
}
