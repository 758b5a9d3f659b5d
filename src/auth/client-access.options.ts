import type { ThrottlerStorage } from '@nestjs/throttler';
import type { Request } from 'express';

/**
 * Maps a host application's own authenticated request to its identifier for the client
 * (tenant, company, account). Return nothing to refuse the request with 401.
 */
export type ClientResolver = (request: Request) => string | null | undefined | Promise<string | null | undefined>;

/** Requests allowed per window; `max: 0` turns limiting off. */
export interface RateLimitSettings {
  /** Requests per window for one token (or host-resolved client), and refused tokens per caller address. */
  max: number;
  /** Length of the window, in seconds. */
  windowSeconds: number;
}

export const DEFAULT_RATE_LIMIT: RateLimitSettings = { max: 600, windowSeconds: 60 };

/** Options of ClientAccessModule.forRoot / forRootAsync: who is calling, and how often they may. */
export interface ClientAccessOptions {
  /** Omit to require this package's bearer tokens; give a function to use the host's own authentication. */
  resolveClient?: ClientResolver;
  /** Requests per window for each token (or host-resolved client); `max: 0` turns limiting off. Default 600 per 60 s. */
  rateLimit?: RateLimitSettings;
  /** Where request counts live; default in memory. Hand in a shared store (e.g. Redis) when several instances serve one API. */
  storage?: ThrottlerStorage;
}

/** The options with defaults filled in; what the guards read. */
export interface ClientAccessSettings {
  resolveClient?: ClientResolver;
  rateLimit: RateLimitSettings;
}

export const CLIENT_ACCESS_SETTINGS = Symbol('CLIENT_ACCESS_SETTINGS');

/** The one ThrottlerStorage both product modules count requests in (see ClientAccessOptions.storage). */
export const CLIENT_THROTTLER_STORAGE = Symbol('CLIENT_THROTTLER_STORAGE');

export function resolveClientAccessSettings(options: ClientAccessOptions): ClientAccessSettings {
  return { resolveClient: options.resolveClient, rateLimit: options.rateLimit ?? DEFAULT_RATE_LIMIT };
}
