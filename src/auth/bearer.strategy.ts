import { Injectable } from '@nestjs/common';
import { PassportStrategy } from '@nestjs/passport';
import { Strategy } from 'passport-http-bearer';
import { ApiTokenService, AuthenticatedClient } from './api-token.service';

export const BEARER_STRATEGY = 'bearer';

@Injectable()
export class BearerStrategy extends PassportStrategy(Strategy, BEARER_STRATEGY) {
  constructor(private readonly tokens: ApiTokenService) {
    super();
  }

  /** Passport treats `false` as "unknown token"; the guard turns that into a 401. */
  async validate(token: string): Promise<AuthenticatedClient | false> {
    return (await this.tokens.authenticate(token)) ?? false;
  }
}
