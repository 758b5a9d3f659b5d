import { Inject, Injectable } from '@nestjs/common';
import { normalizeIp, ThrottlerStorage } from '@nestjs/throttler';
import { CLIENT_ACCESS_SETTINGS, CLIENT_THROTTLER_STORAGE, ClientAccessSettings } from './client-access.options';
import { rateLimited } from './rate-limited';

/** Name of the throttler counting refused bearer tokens per caller address. */
export const REFUSED_THROTTLER = 'refused';

/**
 * Refused bearer tokens per caller address, so guessing tokens is throttled like calling is.
 * Once an address has used up its refusals in a window it gets 429 for a window, without a
 * token lookup. Counts live in the shared ThrottlerStorage, so every instance and both product
 * modules see one budget. Not a ThrottlerGuard: only refusals count, which is known after the
 * lookup, while the guard counts every request before it.
 */
@Injectable()
export class RefusedTokenThrottler {
  constructor(
    @Inject(CLIENT_ACCESS_SETTINGS) private readonly settings: ClientAccessSettings,
    @Inject(CLIENT_THROTTLER_STORAGE) private readonly storage: ThrottlerStorage,
  ) {}

  private get enabled(): boolean {
    return this.settings.rateLimit.max > 0;
  }

  private get windowMs(): number {
    return this.settings.rateLimit.windowSeconds * 1000;
  }

  /** Throws 429 while the address is blocked; counts nothing against it. */
  async assertNotBlocked(ip: string | undefined): Promise<void> {
    if (!this.enabled) return;
    // ThrottlerStorage can only increment. An increment with a limit it never reaches, whose hit
    // expires at once (ttl 1 ms, so busy addresses keep no hit list), counts nothing that matters
    // and reports the block that refused() set on this key.
    const gate = await this.storage.increment(blockKey(ip), 1, Number.MAX_SAFE_INTEGER, this.windowMs, REFUSED_THROTTLER);
    if (gate.isBlocked) throw rateLimited(gate.timeToBlockExpire);
  }

  /** Counts one refused token of the address; the refusal that uses up the budget blocks it for a window. */
  async refused(ip: string | undefined): Promise<void> {
    if (!this.enabled) return;
    const { max } = this.settings.rateLimit;
    const count = await this.storage.increment(refusedKey(ip), this.windowMs, max, this.windowMs, REFUSED_THROTTLER);
    // Limit 0: this one increment passes it, so the storage blocks the key for blockDuration.
    if (count.totalHits >= max) await this.storage.increment(blockKey(ip), this.windowMs, 0, this.windowMs, REFUSED_THROTTLER);
  }
}

/** An IPv6 caller counts by its /64, as ThrottlerGuard does: one host usually holds the whole subnet. */
const address = (ip: string | undefined) => normalizeIp(ip ?? 'unknown');
const refusedKey = (ip: string | undefined) => `woi:${REFUSED_THROTTLER}:${address(ip)}`;
const blockKey = (ip: string | undefined) => `woi:${REFUSED_THROTTLER}-block:${address(ip)}`;
