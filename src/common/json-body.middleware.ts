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
}

function isBodyParserError(e: unknown): e is BodyParserError {
  if (typeof e !== 'object' || e === null) return false;
  const { type, status } = e as BodyParserError;
  return (type === undefined || typeof type === 'string') && typeof status === 'number' && status >= 400 && status < 500;
}

function toAppError(e: BodyParserError): AppError {
  switch (e.type) {
    case 'entity.too.large':
      return new AppError(ErrorCode.PayloadTooLarge, 'Request body is larger than the configured limit');
    case 'entity.parse.failed':
      return new AppError(ErrorCode.MalformedBody, `Request body is not valid JSON: ${e.message}`, [{ field: 'body', message: e.message }]);
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
function mapErrors(parse: RequestHandler): RequestHandler {
  return (req: Request, res: Response, next: NextFunction) =>
    parse(req, res, (err?: unknown) => (isBodyParserError(err) ? respondWithError(req, res, toAppError(err)) : next(err)));
}

/** Express's JSON parser, answering unreadable or oversized bodies with the JSON error shape. */
export function jsonBody(limitBytes: number): RequestHandler {
  return mapErrors(express.json({ limit: limitBytes, strict: true, type: ['application/json', 'application/*+json'] }));
}

/** NDJSON bodies as text, parsed line by line by the route that takes them. */
export function ndjsonBody(limitBytes: number): RequestHandler {
  return mapErrors(express.text({ limit: limitBytes, type: ['application/x-ndjson', 'application/ndjson', 'application/jsonl'] }));
}
