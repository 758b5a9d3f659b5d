import type { Request } from 'express';
import type { AuthenticatedClient } from './api-token.service';

/**
 * The request property the resolved client is stored under (passport's `property` option), so
 * a host application's own `request.user` is never overwritten.
 */
export const REQUEST_CLIENT_PROPERTY = 'woiClient';

type RequestWithClient = Request & { [REQUEST_CLIENT_PROPERTY]?: AuthenticatedClient };

export function requestClient(request: Request): AuthenticatedClient | undefined {
  return (request as RequestWithClient)[REQUEST_CLIENT_PROPERTY];
}

export function setRequestClient(request: Request, client: AuthenticatedClient): void {
  (request as RequestWithClient)[REQUEST_CLIENT_PROPERTY] = client;
}
