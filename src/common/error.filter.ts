import { ArgumentsHost, Catch, ExceptionFilter, HttpException, Logger } from '@nestjs/common';
import type { Request, Response } from 'express';
import { AppError, ErrorCode, ErrorDetail } from './app-error';
import { HttpErrorCode, httpAnswerFor } from './error-http';
import { requestIdOf } from './request-id';

/** What Nest's and libraries' HttpExceptions (health checks, throttler, multer) become. */
const CODE_BY_STATUS: Record<number, HttpErrorCode> = {
  400: ErrorCode.ValidationFailed,
  401: ErrorCode.Unauthenticated,
  403: ErrorCode.Forbidden,
  404: ErrorCode.NotFound,
  405: ErrorCode.MethodNotAllowed,
  413: ErrorCode.PayloadTooLarge,
  415: ErrorCode.UnsupportedMediaType,
  422: ErrorCode.Unprocessable,
  429: ErrorCode.RateLimited,
  502: ErrorCode.UpstreamFailed,
  503: ErrorCode.Unavailable,
};

/** Writes the one JSON error shape; also used by middleware, which runs outside any filter. */
export function respondWithError(req: Request, res: Response, error: AppError): void {
  if (res.headersSent) {
    res.end();
    return;
  }
  const answer = httpAnswerFor(error);
  for (const [name, value] of Object.entries(answer.headers)) res.setHeader(name, value);
  res
    .status(answer.status)
    .json({ statusCode: answer.status, error: answer.error, message: answer.message, details: error.details, requestId: requestIdOf(req) });
}

/** Methods a path would accept; used to turn a 404 on a known path into a 405. */
export type AllowedMethodsLookup = (path: string) => string[];

/**
 * Turns an error some layer raises without a code (a driver's connection error, say) into a
 * domain error, or returns undefined when it does not recognize it. It lets common/ stay free of
 * imports from the layers whose errors it answers (database/ hands in its own).
 */
export type ErrorRecognizer = (error: unknown) => AppError | undefined;

/** Options of the filter. */
export interface ErrorFilterOptions {
  /** Methods a path accepts; a 404 on a known path becomes a 405 with Allow. */
  allowedMethods?: AllowedMethodsLookup;
  /** Recognizers tried, in order, on errors that are neither AppError nor HttpException. */
  recognizers?: readonly ErrorRecognizer[];
}

/** Maps every error to the one JSON error shape; with error-http.ts the only place that knows HTTP for errors. */
@Catch()
export class ErrorFilter implements ExceptionFilter {
  private readonly logger = new Logger('ErrorFilter');

  constructor(private readonly options: ErrorFilterOptions = {}) {}

  catch(exception: unknown, host: ArgumentsHost): void {
    const ctx = host.switchToHttp();
    const req = ctx.getRequest<Request>();
    const res = ctx.getResponse<Response>();
    // The client is gone (it aborted, or the request timeout cut off its upload): there is nobody
    // to answer, and a client must not be able to write error-level lines at will.
    if (req.socket?.destroyed) {
      this.logger.warn(
        { requestId: requestIdOf(req), path: req.path },
        `Client disconnected before the answer: ${exception instanceof Error ? exception.message : String(exception)}`,
      );
      return;
    }
    const error = this.toAppError(exception, req);
    const requestId = requestIdOf(req);

    if (httpAnswerFor(error).status >= 500) {
      // The path without its query string, which may carry a credential (?access_token=).
      this.logger.error({ err: exception, requestId, path: req.path }, `Request failed: ${error.message}`);
    }
    respondWithError(req, res, error);
  }

  private toAppError(exception: unknown, req: Request): AppError {
    if (exception instanceof AppError) return exception;
    if (exception instanceof HttpException) return this.fromHttpException(exception, req);
    for (const recognize of this.options.recognizers ?? []) {
      const recognized = recognize(exception);
      if (recognized) return recognized;
    }
    return new AppError(ErrorCode.Internal, 'An unexpected error occurred; the request id identifies it in the logs');
  }

  private fromHttpException(exception: HttpException, req: Request): AppError {
    const status = exception.getStatus();
    if (status === 404) {
      const allowed = this.options.allowedMethods?.(req.path) ?? [];
      if (allowed.length > 0 && !allowed.includes(req.method)) {
        return new AppError(ErrorCode.MethodNotAllowed, `Method ${req.method} is not allowed on ${req.path}; use ${allowed.join(', ')}`, [], {
          allowedMethods: allowed,
        });
      }
      return new AppError(ErrorCode.NotFound, `No route ${req.method} ${req.path}`);
    }
    const code = CODE_BY_STATUS[status] ?? (status >= 500 ? ErrorCode.Internal : ErrorCode.ValidationFailed);
    if (code === ErrorCode.Internal) return new AppError(code, 'An unexpected error occurred; the request id identifies it in the logs');
    const body = exception.getResponse();
    return new AppError(code, messageOf(body, exception.message), detailsOf(body), { retryAfterSeconds: retryAfterOf(body) });
  }
}

function messageOf(body: unknown, fallback: string): string {
  if (typeof body === 'string') return body;
  const message = (body as { message?: unknown })?.message;
  if (typeof message === 'string') return message;
  if (Array.isArray(message) && message.length > 0) return message.map(String).join('; ');
  return fallback;
}

/** Health checks report failing indicators in `error`; surface each as a detail. */
function detailsOf(body: unknown): ErrorDetail[] {
  const failing = (body as { error?: Record<string, { message?: string; status?: string }> })?.error;
  if (!failing || typeof failing !== 'object') return [];
  return Object.entries(failing).map(([field, info]) => ({ field, message: info?.message ?? info?.status ?? 'down' }));
}

function retryAfterOf(body: unknown): number | undefined {
  const seconds = (body as { retryAfter?: unknown })?.retryAfter;
  return typeof seconds === 'number' ? Math.ceil(seconds) : undefined;
}
