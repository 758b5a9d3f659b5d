import { createParamDecorator, ExecutionContext } from '@nestjs/common';
import type { Request } from 'express';
import type { AuthenticatedClient } from './api-token.service';
import { requestClient } from './request-client';

/** The client the request acts for, as ClientAuthGuard resolved it. */
export const CurrentClient = createParamDecorator((_data: unknown, ctx: ExecutionContext): AuthenticatedClient => {
  const client = requestClient(ctx.switchToHttp().getRequest<Request>());
  if (!client) throw new Error('CurrentClient used on a route without ProtectedRoute()');
  return client;
});
