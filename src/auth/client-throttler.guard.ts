import { ExecutionContext, Inject, Injectable } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { ThrottlerGuard, ThrottlerLimitDetail, ThrottlerStorage } from '@nestjs/throttler';
import type { Request } from 'express';
import { CLIENT_ACCESS_SETTINGS, CLIENT_THROTTLER_STORAGE, ClientAccessSettings } from './client-access.options';
import { rateLimited } from './rate-limited';
import { requestClient } from './request-client';

/** Name of the throttler counting requests per token (or per host-resolved client). */
export const CLIENT_THROTTLER = 'client';

/**
 * Requests per token, or per client when the host resolved it, across every route of both
 * product modules: the key names the caller, not the route (ThrottlerGuard's default keys
 * count each route apart). Runs after ClientAuthGuard, which resolved the client.
 */
@Injectable()
export class ClientThrottlerGuard extends ThrottlerGuard {
  constructor(
    @Inject(CLIENT_ACCESS_SETTINGS) private readonly settings: ClientAccessSettings,
    @Inject(CLIENT_THROTTLER_STORAGE) storage: ThrottlerStorage,
    reflector: Reflector,
  ) {
    const { max, windowSeconds } = settings.rateLimit;
    const window = windowSeconds * 1000;
    // No X-RateLimit-* headers: the API documents Retry-After on 429 only.
    super({ throttlers: [{ name: CLIENT_THROTTLER, limit: max, ttl: window, blockDuration: window }], setHeaders: false }, storage, reflector);
  }

  protected override async shouldSkip(): Promise<boolean> {
    return this.settings.rateLimit.max === 0;
  }

  protected override async getTracker(req: Record<string, unknown>): Promise<string> {
    const client = requestClient(req as unknown as Request);
    if (!client) throw new Error('ClientThrottlerGuard runs after ClientAuthGuard');
    return client.tokenId ? `token:${client.tokenId}` : `client:${client.clientId}`;
  }

  protected override generateKey(_context: ExecutionContext, tracker: string, throttlerName: string): string {
    return `woi:${throttlerName}:${tracker}`;
  }

  protected override async throwThrottlingException(_context: ExecutionContext, detail: ThrottlerLimitDetail): Promise<void> {
    throw rateLimited(detail.timeToBlockExpire);
  }
}
