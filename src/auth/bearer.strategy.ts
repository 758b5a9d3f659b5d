import { Injectable } from '@nestjs/common';
import { PassportStrategy } from '@nestjs/passport';
import { Strategy } from 'passport-http-bearer';
import { ApiTokenService, AuthenticatedClient } from './api-token.service';

/**
 * Named so it never replaces a host application's own 'bearer' strategy. Passport keeps
 * strategies in one registry per process: with several Nest applications in one process (tests),
 * the most recently created one's strategy serves them all.
 */
export const BEARER_STRATEGY = 'woi-bearer';

/** Resolves `Authorization: Bearer <token>` to the token's client; unknown, malformed or revoked tokens fail. */
@Injectable()
export class BearerStrategy extends PassportStrategy(Strategy, BEARER_STRATEGY) {
  constructor(private readonly tokens: ApiTokenService) {
    super();
  }

  async validate(token: string): Promise<AuthenticatedClient | false> {
    return (await this.tokens.authenticate(token)) ?? false;
  }
}
