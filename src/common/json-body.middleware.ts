import type { CallHandler, ExecutionContext, NestInterceptor } from '@nestjs/common';
import express, { NextFunction, Request, RequestHandler, Response } from 'express';
import { from, Observable, switchMap } from 'rxjs';
import { AppError, ErrorCode } from './app-error';

/**
 * Errors of Express's body parsers carry a client-error `status` and usually a `type`; a body
 * that fails to decompress (Content-Encoding: gzip over plain bytes) carries only the status.
 */
interface BodyParserError {
  type?: string;
  status: number;
  message: string;
  /** The text that failed to parse, when it was read. */
  body?: unknown;
}

function isBodyParserError(e: unknown): e is BodyParserError {
  if (typeof e !== 'object' || e === null) return false;
  const { type, status } = e as BodyParserError;
  return (type === undefined || typeof type === 'string') && typeof status === 'number' && status >= 400 && status < 500;
}

/**
 * What a body that is valid JSON holds when it is neither an object nor an array (`null`, `42`,
 * `"leak"`), or undefined. The parser's strict mode refuses such a body with a SyntaxError that
 * calls it invalid JSON, which sends the caller looking for a syntax error that is not there.
 */
function scalarKindOf(body: unknown): string | undefined {
  if (typeof body !== 'string' || /^\s*[[{]/.test(body)) return undefined;
  let value: unknown;
  try {
    value = JSON.parse(body);
  } catch {
    return undefined;
  }
  if (value === null) return 'null';
  return typeof value === 'number' || typeof value === 'boolean' ? `a ${typeof value}` : typeof value === 'string' ? 'a string' : undefined;
}

function toAppError(e: BodyParserError, expected: string): AppError {
  switch (e.type) {
    case 'entity.too.large':
      return new AppError(ErrorCode.PayloadTooLarge, 'Request body is larger than the configured limit');
    case 'entity.parse.failed': {
      const scalar = scalarKindOf(e.body);
      if (scalar)
        return new AppError(ErrorCode.MalformedBody, `Request body must be ${expected}, not ${scalar}`, [
          { field: 'body', message: `expected ${expected}, got ${scalar}` },
        ]);
      return new AppError(ErrorCode.MalformedBody, `Request body is not valid JSON: ${e.message}`, [{ field: 'body', message: e.message }]);
    }
    case 'encoding.unsupported':
    case 'charset.unsupported':
      return new AppError(ErrorCode.UnsupportedMediaType, e.message);
    default:
      if (e.status === 415) return new AppError(ErrorCode.UnsupportedMediaType, e.message);
      return new AppError(e.status === 413 ? ErrorCode.PayloadTooLarge : ErrorCode.MalformedBody, `Request body could not be read: ${e.message}`);
  }
}

/** A body parser whose refusals reach `next` as the AppError they are answered with. */
function mapErrors(parse: RequestHandler, expected = 'a JSON object'): RequestHandler {
  return (req: Request, res: Response, next: NextFunction) =>
    parse(req, res, (err?: unknown) => next(isBodyParserError(err) ? toAppError(err, expected) : err));
}

/**
 * Express's JSON parser, refusing unreadable or oversized bodies with AppErrors; `expected` says
 * what the route takes ("a JSON array of work orders") when the body is a scalar.
 */
export function jsonBody(limitBytes: number, expected = 'a JSON object'): RequestHandler {
  return mapErrors(express.json({ limit: limitBytes, strict: true, type: ['application/json', 'application/*+json'] }), expected);
}

/** NDJSON bodies as text, parsed line by line by the route that takes them. */
export function ndjsonBody(limitBytes: number): RequestHandler {
  return mapErrors(express.text({ limit: limitBytes, type: ['application/x-ndjson', 'application/ndjson', 'application/jsonl'] }));
}

/**
 * Reads the request body with the given parsers, in turn; each leaves a body of another media
 * type, or one the host application already parsed, as it is. Rejects with the parser's AppError.
 */
export async function readBody(req: Request, res: Response, parsers: readonly RequestHandler[]): Promise<void> {
  for (const parse of parsers) {
    await new Promise<void>((resolve, reject) => parse(req, res, (err?: unknown) => (err ? reject(err) : resolve())));
  }
}

/**
 * Reads the body as an interceptor, after the guards: a request without a valid token, over its
 * rate limit or of the wrong Content-Type is answered without its body being read or parsed (as
 * middleware, up to the import's 50 MB were buffered and parsed for a caller who was then
 * refused, and a refused caller with broken JSON was told 400 instead of 401). Pipes, and so
 * validation, run after interceptors, on the parsed body.
 */
export abstract class BodyReadingInterceptor implements NestInterceptor {
  protected abstract readonly parsers: readonly RequestHandler[];

  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    const http = context.switchToHttp();
    return from(readBody(http.getRequest<Request>(), http.getResponse<Response>(), this.parsers)).pipe(switchMap(() => next.handle()));
  }
}
