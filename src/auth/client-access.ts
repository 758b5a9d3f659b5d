import { CanActivate, ExecutionContext, Inject, Injectable, Provider } from '@nestjs/common';
import type { Request } from 'express';
import type { DataSource } from 'typeorm';
import { AppError, ErrorCode } from '../common/app-error';
import { WOI_DATA_SOURCE } from '../common/persistence';
import { ApiTokenEntity } from './api-token.entity';
import { ApiTokenService, AuthenticatedClient } from './api-token.service';
import { ClientEntity } from './client.entity';
import { DEFAULT_RATE_LIMIT, RateDecision, RateLimiter, RateLimitSettings } from './rate-limiter';

/**
 * Maps a host application's own authenticated request to its identifier for the client
 * (tenant, company, account). Return nothing to refuse the request with 401.
 */
export type ClientResolver = (request: Request) => string | null | undefined | Promise<string | null | undefined>;

/** How a module decides who is calling, and how often they may. */
export interface ClientAccessOptions {
  /** Omit to require this package's bearer tokens; give a function to use the host's own authentication. */
  resolveClient?: ClientResolver;
  /** Requests per window for each token (or host-resolved client); `max: 0` turns limiting off. Default 600 per 60 s. */
  rateLimit?: RateLimitSettings;
}

interface ClientAccess {
  resolveClient?: ClientResolver;
  limiter: RateLimiter;
  /** Refused bearer tokens per caller address, so guessing tokens is throttled like calling is. */
  failures: RateLimiter;
}

const CLIENT_ACCESS = Symbol('CLIENT_ACCESS');
/** Where the guard leaves the resolved client; not `request.user`, which belongs to the host. */
const REQUEST_CLIENT = Symbol('woi.client');

type RequestWithClient = Request & { [REQUEST_CLIENT]?: AuthenticatedClient };

export function requestClient(request: Request): AuthenticatedClient | undefined {
  return (request as RequestWithClient)[REQUEST_CLIENT];
}

function bearerProblem(header: string | undefined): string {
  if (!header) return 'Missing Authorization header; send "Authorization: Bearer <token>"';
  if (!/^Bearer\s+\S+$/i.test(header.trim())) return 'Malformed Authorization header; expected "Bearer <token>"';
  return 'Unknown or revoked token';
}

function refuseIfLimited(decision: RateDecision): void {
  if (decision.allowed) return;
  throw new AppError(ErrorCode.RateLimited, `Too many requests; retry after ${decision.retryAfterSeconds} s`, [], {
    'Retry-After': String(decision.retryAfterSeconds),
  });
}

function carriesTokenOutsideHeader(request: Request): boolean {
  const body: unknown = request.body;
  const inBody = typeof body === 'object' && body !== null && !Array.isArray(body) && 'access_token' in body;
  return request.query?.access_token !== undefined || inBody;
}

/**
 * Resolves the calling client (bearer token, or the host's resolver), then applies the rate
 * limit. Failures are AppErrors, which the controllers' error filter turns into 401 and 429.
 */
@Injectable()
export class ClientGuard implements CanActivate {
  constructor(
    @Inject(CLIENT_ACCESS) private readonly access: ClientAccess,
    private readonly tokens: ApiTokenService,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const request = context.switchToHttp().getRequest<RequestWithClient>();
    const client = this.access.resolveClient ? await this.fromHost(request, this.access.resolveClient) : await this.fromBearer(request);
    request[REQUEST_CLIENT] = client;
    refuseIfLimited(this.access.limiter.take(client.tokenId ? `token:${client.tokenId}` : `client:${client.clientId}`));
    return true;
  }

  private async fromBearer(request: Request): Promise<AuthenticatedClient> {
    // RFC 6750 allows the token in a query parameter or form field too; URLs and logs keep those.
    if (carriesTokenOutsideHeader(request))
      throw new AppError(ErrorCode.Unauthenticated, 'Send the token in the Authorization header only, not in access_token');
    const caller = `ip:${request.ip}`;
    refuseIfLimited(this.access.failures.exhausted(caller));
    const header = request.headers.authorization;
    const token = /^Bearer\s+(\S+)$/i.exec(header?.trim() ?? '')?.[1];
    const client = token ? await this.tokens.authenticate(token) : undefined;
    if (client) return client;
    this.access.failures.take(caller);
    throw new AppError(ErrorCode.Unauthenticated, bearerProblem(header));
  }

  private async fromHost(request: Request, resolve: ClientResolver): Promise<AuthenticatedClient> {
    const hostClientId = await resolve(request);
    const client = hostClientId ? await this.tokens.ensureClient(hostClientId) : undefined;
    if (!client) throw new AppError(ErrorCode.Unauthenticated, 'The request is not signed in to a client');
    return client;
  }
}

/** The providers a module needs for ClientGuard, configured from its own options. */
export function clientAccessProviders(optionsToken: string | symbol): Provider[] {
  return [
    {
      provide: ApiTokenService,
      inject: [WOI_DATA_SOURCE],
      useFactory: (dataSource: DataSource) => new ApiTokenService(dataSource.getRepository(ApiTokenEntity), dataSource.getRepository(ClientEntity)),
    },
    {
      provide: CLIENT_ACCESS,
      inject: [optionsToken],
      useFactory: (options: ClientAccessOptions): ClientAccess => {
        const rateLimit = options.rateLimit ?? DEFAULT_RATE_LIMIT;
        return { resolveClient: options.resolveClient, limiter: new RateLimiter(rateLimit), failures: new RateLimiter(rateLimit) };
      },
    },
    ClientGuard,
  ];
}
