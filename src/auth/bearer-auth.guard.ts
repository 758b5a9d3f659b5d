import { ExecutionContext, Injectable } from '@nestjs/common';
import { AuthGuard } from '@nestjs/passport';
import type { Request } from 'express';
import { AppError, ErrorCode } from '../common/app-error';
import { BEARER_STRATEGY } from './bearer.strategy';

function describeProblem(req: Request): string {
  const header = req.headers.authorization;
  if (!header) return 'Missing Authorization header; send "Authorization: Bearer <token>"';
  if (!/^Bearer\s+\S+$/i.test(header.trim())) return 'Malformed Authorization header; expected "Bearer <token>"';
  return 'Unknown or revoked token';
}

/** Requires a valid, unrevoked bearer token and puts its client on `request.user`. */
@Injectable()
export class BearerAuthGuard extends AuthGuard(BEARER_STRATEGY) {
  override handleRequest<TUser>(err: unknown, user: TUser | false, _info: unknown, context: ExecutionContext): TUser {
    if (err) throw err;
    if (!user) throw new AppError(ErrorCode.Unauthenticated, describeProblem(context.switchToHttp().getRequest<Request>()));
    return user;
  }
}
