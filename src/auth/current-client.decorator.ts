import { createParamDecorator, ExecutionContext } from '@nestjs/common';
import type { AuthenticatedClient } from './api-token.service';

/** The client the authenticated request acts for. */
export const CurrentClient = createParamDecorator((_data: unknown, ctx: ExecutionContext): AuthenticatedClient => {
  return ctx.switchToHttp().getRequest<{ user: AuthenticatedClient }>().user;
});
