/** Codes of the errors the service can answer with; one filter maps each to an HTTP status. */
export enum ErrorCode {
  ValidationFailed = 'VALIDATION_FAILED',
  MalformedBody = 'MALFORMED_BODY',
  Unauthenticated = 'UNAUTHENTICATED',
  Forbidden = 'FORBIDDEN',
  NotFound = 'NOT_FOUND',
  MethodNotAllowed = 'METHOD_NOT_ALLOWED',
  RequestTimeout = 'REQUEST_TIMEOUT',
  PayloadTooLarge = 'PAYLOAD_TOO_LARGE',
  UnsupportedMediaType = 'UNSUPPORTED_MEDIA_TYPE',
  Unprocessable = 'UNPROCESSABLE',
  RateLimited = 'RATE_LIMITED',
  HeadersTooLarge = 'HEADERS_TOO_LARGE',
  UpstreamFailed = 'UPSTREAM_FAILED',
  Unavailable = 'SERVICE_UNAVAILABLE',
  Internal = 'INTERNAL_ERROR',
}

export const HTTP_STATUS_BY_CODE: Record<ErrorCode, number> = {
  [ErrorCode.ValidationFailed]: 400,
  [ErrorCode.MalformedBody]: 400,
  [ErrorCode.Unauthenticated]: 401,
  [ErrorCode.Forbidden]: 403,
  [ErrorCode.NotFound]: 404,
  [ErrorCode.MethodNotAllowed]: 405,
  [ErrorCode.RequestTimeout]: 408,
  [ErrorCode.PayloadTooLarge]: 413,
  [ErrorCode.UnsupportedMediaType]: 415,
  [ErrorCode.Unprocessable]: 422,
  [ErrorCode.RateLimited]: 429,
  [ErrorCode.HeadersTooLarge]: 431,
  [ErrorCode.UpstreamFailed]: 502,
  [ErrorCode.Unavailable]: 503,
  [ErrorCode.Internal]: 500,
};

/** One problem with one part of the request, e.g. a field that failed validation. */
export interface ErrorDetail {
  /** The offending field, query parameter or header; absent when the problem is the request as a whole. */
  field?: string;
  /** What is wrong with it. */
  message: string;
}

/** A domain error: code, human message and optional per-field details. Never an HttpException. */
export class AppError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly details: ErrorDetail[] = [],
    /** Extra response headers (e.g. Retry-After). */
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
    this.name = 'AppError';
  }
}
