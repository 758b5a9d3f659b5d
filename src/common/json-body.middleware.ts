import express, { NextFunction, Request, RequestHandler, Response } from 'express';
import { AppError, ErrorCode } from './app-error';
import { respondWithError } from './error.filter';

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

/**
 * Answers a body the parser refused with the JSON error shape right here: middleware errors
 * would otherwise reach the host application's global error handling, not this package's filter.
 */
function mapErrors(parse: RequestHandler, expected = 'a JSON object'): RequestHandler {
  return (req: Request, res: Response, next: NextFunction) =>
    parse(req, res, (err?: unknown) => (isBodyParserError(err) ? respondWithError(req, res, toAppError(err, expected)) : next(err)));
}

/**
 * Express's JSON parser, answering unreadable or oversized bodies with the JSON error shape;
 * `expected` says what the route takes ("a JSON array of work orders") when the body is a scalar.
 */
export function jsonBody(limitBytes: number, expected = 'a JSON object'): RequestHandler {
  return mapErrors(express.json({ limit: limitBytes, strict: true, type: ['application/json', 'application/*+json'] }), expected);
}

/** NDJSON bodies as text, parsed line by line by the route that takes them. */
export function ndjsonBody(limitBytes: number): RequestHandler {
  return mapErrors(express.text({ limit: limitBytes, type: ['application/x-ndjson', 'application/ndjson', 'application/jsonl'] }));
}
