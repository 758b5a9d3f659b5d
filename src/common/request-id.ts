import { randomUUID } from 'node:crypto';
import type { NextFunction, Request, Response } from 'express';

export const REQUEST_ID_HEADER = 'X-Request-Id';
const SAFE_REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/;

/** Reuses the caller's X-Request-Id when it is a sane token, otherwise makes a new one. */
export function resolveRequestId(header: string | string[] | undefined): string {
  const candidate = Array.isArray(header) ? header[0] : header;
  return candidate && SAFE_REQUEST_ID.test(candidate) ? candidate : randomUUID();
}

/** Express middleware: runs first so even body-parser failures carry a request id. Applied twice, the first id stays. */
export function requestIdMiddleware(req: Request, res: Response, next: NextFunction): void {
  if (res.getHeader(REQUEST_ID_HEADER)) return next();
  const id = resolveRequestId(req.headers['x-request-id']);
  (req as Request & { id: string }).id = id;
  res.setHeader(REQUEST_ID_HEADER, id);
  next();
}

export function requestIdOf(req: unknown): string {
  const id = (req as { id?: unknown } | undefined)?.id;
  return typeof id === 'string' ? id : 'unknown';
}
