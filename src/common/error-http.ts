import { AppError, ErrorCode } from './app-error';

/** The codes a client sees in the `error` field of the JSON body; domain codes map onto these. */
export type HttpErrorCode =
  | ErrorCode.ValidationFailed
  | ErrorCode.MalformedBody
  | ErrorCode.Unauthenticated
  | ErrorCode.Forbidden
  | ErrorCode.NotFound
  | ErrorCode.MethodNotAllowed
  | ErrorCode.RequestTimeout
  | ErrorCode.PayloadTooLarge
  | ErrorCode.UnsupportedMediaType
  | ErrorCode.Unprocessable
  | ErrorCode.RateLimited
  | ErrorCode.HeadersTooLarge
  | ErrorCode.UpstreamFailed
  | ErrorCode.Unavailable
  | ErrorCode.Internal;

/** HTTP status of each code a client can see; the first code of a status is its usual one. */
export const HTTP_STATUS_BY_CODE: Record<HttpErrorCode, number> = {
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

/** How one error is answered over HTTP. */
export interface HttpErrorAnswer {
  /** HTTP status, repeated in the body. */
  status: number;
  /** The `error` field of the body. */
  error: HttpErrorCode;
  /** The `message` field of the body. */
  message: string;
  /** Response headers the code calls for (Retry-After, WWW-Authenticate, Allow). */
  headers: Record<string, string>;
}

/** Retry-After when the rate limiter did not say (the length of its window). */
const RATE_LIMIT_RETRY_AFTER_SECONDS = 60;
/** Retry-After while the language model is timing out, rate limited, unreachable or paused. */
const LLM_RETRY_AFTER_SECONDS = 30;
/** Retry-After after a failed OCR job, or when the OCR pool gave no estimate. */
const OCR_RETRY_AFTER_SECONDS = 5;
/** Retry-After while the database is unavailable, when the database layer gave none. */
const DATABASE_RETRY_AFTER_SECONDS = 5;

/** Answers an error with its own message, and the headers `headers` adds. */
function answer(error: AppError, code: HttpErrorCode, headers: Record<string, string> = {}, message = error.message): HttpErrorAnswer {
  return { status: HTTP_STATUS_BY_CODE[code], error: code, message, headers };
}

function retryAfter(error: AppError, fallback: number): Record<string, string> {
  return { 'Retry-After': String(error.retryAfterSeconds ?? fallback) };
}

/** Retry-After only where the domain gave one (a generic 503 has no estimate of its own). */
function retryAfterIfKnown(error: AppError): Record<string, string> {
  return error.retryAfterSeconds === undefined ? {} : { 'Retry-After': String(error.retryAfterSeconds) };
}

/** A failed OCR job: the OCR's own message names internals (timeouts in ms, Tesseract's errors). */
function ocrFailed(error: AppError, reason: string): HttpErrorAnswer {
  return answer(error, ErrorCode.Unavailable, retryAfter(error, OCR_RETRY_AFTER_SECONDS), `Nameplate reading failed (${reason}); try again`);
}

/** Compile-time proof that the switch below handles every code. */
function unmapped(code: never): never {
  throw new Error(`No HTTP mapping for error code ${String(code)}`);
}

/** Status, `error` code, message and headers for `error`: the one place that knows HTTP for errors. */
export function httpAnswerFor(error: AppError): HttpErrorAnswer {
  const code = error.code;
  switch (code) {
    case ErrorCode.ValidationFailed:
    case ErrorCode.MalformedBody:
    case ErrorCode.Forbidden:
    case ErrorCode.NotFound:
    case ErrorCode.RequestTimeout:
    case ErrorCode.PayloadTooLarge:
    case ErrorCode.UnsupportedMediaType:
    case ErrorCode.Unprocessable:
    case ErrorCode.HeadersTooLarge:
    case ErrorCode.UpstreamFailed:
    case ErrorCode.Unavailable:
    case ErrorCode.Internal:
      return answer(error, code, retryAfterIfKnown(error));
    case ErrorCode.Unauthenticated:
      return answer(error, code, { 'WWW-Authenticate': 'Bearer realm="api"' });
    case ErrorCode.MethodNotAllowed:
      return answer(error, code, error.allowedMethods?.length ? { Allow: error.allowedMethods.join(', ') } : {});
    case ErrorCode.RateLimited:
      return answer(error, code, retryAfter(error, RATE_LIMIT_RETRY_AFTER_SECONDS));

    // The model is down or busy for a while: worth retrying later.
    case ErrorCode.LlmTimeout:
    case ErrorCode.LlmRateLimited:
    case ErrorCode.LlmConnectionFailed:
    case ErrorCode.LlmCircuitOpen:
      return answer(error, ErrorCode.Unavailable, retryAfter(error, LLM_RETRY_AFTER_SECONDS));
    // The model answered, but with something unusable, or there is none: retrying soon will not help.
    case ErrorCode.LlmDisabled:
    case ErrorCode.LlmUpstreamError:
    case ErrorCode.LlmInvalidOutput:
    case ErrorCode.LlmRequestRejected:
      return answer(error, ErrorCode.UpstreamFailed);

    case ErrorCode.OcrBusy:
      return answer(error, ErrorCode.Unavailable, retryAfter(error, OCR_RETRY_AFTER_SECONDS), 'All OCR workers are busy; try again shortly');
    case ErrorCode.OcrTimeout:
      return ocrFailed(error, 'timeout');
    case ErrorCode.OcrStopped:
      return ocrFailed(error, 'stopped');
    case ErrorCode.OcrNotStarted:
      return ocrFailed(error, 'not_started');
    case ErrorCode.OcrFailed:
      return ocrFailed(error, 'failed');

    case ErrorCode.ImageTooManyPixels:
      return answer(error, ErrorCode.PayloadTooLarge);
    case ErrorCode.ImageUnsupported:
      return answer(error, ErrorCode.UnsupportedMediaType);
    case ErrorCode.ImageCorrupt:
    case ErrorCode.ImageTooSmall:
    case ErrorCode.NameplateUnreadable:
      return answer(error, ErrorCode.Unprocessable);

    case ErrorCode.DatabaseUnavailable:
      return answer(error, ErrorCode.Unavailable, retryAfter(error, DATABASE_RETRY_AFTER_SECONDS));
    default:
      return unmapped(code);
  }
}
