import { ExecutionContext, Inject, Injectable } from '@nestjs/common';
import { AuthGuard, IAuthModuleOptions } from '@nestjs/passport';
import type { Request } from 'express';
import { AppError, ErrorCode } from '../common/app-error';
import { ApiTokenService, AuthenticatedClient } from './api-token.service';
import { BEARER_STRATEGY } from './bearer.strategy';
import { CLIENT_ACCESS_SETTINGS, ClientAccessSettings, ClientResolver } from './client-access.options';
import { RefusedTokenThrottler } from './refused-token.throttler';
import { REQUEST_CLIENT_PROPERTY, setRequestClient } from './request-client';

/** RFC 6750 credentials: the scheme, one or more spaces, a token (surrounding whitespace tolerated). */
const BEARER_HEADER = /^\s*Bearer\s+(\S+)\s*$/i;

/**
 * passport-http-bearer splits on a single space, so it refuses "Bearer  <token>" and tabs, which
 * RFC 6750 (1*SP) and this service before passport accepted: such a header is normalised first.
 */
function normaliseBearerHeader(request: Request): void {
  const token = BEARER_HEADER.exec(request.headers.authorization ?? '')?.[1];
  if (token) request.headers.authorization = `Bearer ${token}`;
}

function bearerProblem(header: string | undefined): string {
  if (!header) return 'Missing Authorization header; send "Authorization: Bearer <token>"';
  if (!BEARER_HEADER.test(header)) return 'Malformed Authorization header; expected "Bearer <token>"';
  return 'Unknown or revoked token';
}

function carriesTokenOutsideHeader(request: Request): boolean {
  const body: unknown = request.body;
  const inBody = typeof body === 'object' && body !== null && !Array.isArray(body) && 'access_token' in body;
  return request.query?.access_token !== undefined || inBody;
}

/**
 * Resolves the calling client: the host's resolver when ClientAccessModule has one, otherwise
 * this package's bearer tokens through the 'woi-bearer' passport strategy. The client lands on
 * `request.woiClient`, never on the host's `request.user`. Failures are AppErrors (401, 429),
 * which the product controllers' error filter answers in the JSON error shape.
 */
@Injectable()
export class ClientAuthGuard extends AuthGuard(BEARER_STRATEGY) {
  constructor(
    @Inject(CLIENT_ACCESS_SETTINGS) private readonly settings: ClientAccessSettings,
    private readonly tokens: ApiTokenService,
    private readonly refusals: RefusedTokenThrottler,
  ) {
    super();
  }

  override async canActivate(context: ExecutionContext): Promise<boolean> {
    const request = context.switchToHttp().getRequest<Request>();
    if (this.settings.resolveClient) {
      setRequestClient(request, await this.fromHost(request, this.settings.resolveClient));
      return true;
    }
    // RFC 6750 allows the token in a query parameter or form field too (so does the strategy);
    // URLs and logs keep those.
    if (carriesTokenOutsideHeader(request))
      throw new AppError(ErrorCode.Unauthenticated, 'Send the token in the Authorization header only, not in access_token');
    await this.refusals.assertNotBlocked(request.ip);
    normaliseBearerHeader(request);
    // Passport writes request.authInfo; that belongs to the host as much as request.user does.
    const hostAuthInfo = (request as { authInfo?: unknown }).authInfo;
    try {
      return (await super.canActivate(context)) as boolean;
    } catch (e) {
      if (e instanceof AppError && e.code === ErrorCode.Unauthenticated) await this.refusals.refused(request.ip);
      throw e;
    } finally {
      (request as { authInfo?: unknown }).authInfo = hostAuthInfo;
    }
  }

  override getAuthenticateOptions(): IAuthModuleOptions {
    return { property: REQUEST_CLIENT_PROPERTY, session: false };
  }

  override handleRequest<T = AuthenticatedClient>(err: unknown, client: T | false, _info: unknown, context: ExecutionContext): T {
    if (err) throw err;
    if (!client) throw new AppError(ErrorCode.Unauthenticated, bearerProblem(context.switchToHttp().getRequest<Request>().headers.authorization));
    return client;
  }

  private async fromHost(request: Request, resolve: ClientResolver): Promise<AuthenticatedClient> {
    const hostClientId = await resolve(request);
    const client = hostClientId ? await this.tokens.ensureClient(hostClientId) : undefined;
    if (!client) throw new AppError(ErrorCode.Unauthenticated, 'The request is not signed in to a client');
    return client;
  }
}
