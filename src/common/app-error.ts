/**
 * Every error code the service can fail with, by what went wrong in the domain (an LLM timeout, a
 * busy OCR queue, a corrupt image), not by HTTP status. Only the error filter (error-http.ts) turns
 * a code into a status, headers and the `error` field of the JSON body, with an exhaustive switch:
 * a code added here without a mapping there does not compile.
 *
 * The codes live in common/ (which depends on no other part of src) so that one filter can know
 * them all; each module's error class (LlmError, OcrError, ImageRejectedError,
 * DatabaseUnavailableError) narrows `code` to its own codes.
 */
export enum ErrorCode {
  // The request itself. These names are also the `error` field of the JSON body.
  /** A field, query parameter or header is missing, of the wrong type or out of range. */
  ValidationFailed = 'VALIDATION_FAILED',
  /** The body is not valid JSON or cannot be read, or the request is not valid HTTP. */
  MalformedBody = 'MALFORMED_BODY',
  /** No usable credential: missing, malformed, unknown or revoked token. */
  Unauthenticated = 'UNAUTHENTICATED',
  /** A credential that may not do this. */
  Forbidden = 'FORBIDDEN',
  /** No such route or record. */
  NotFound = 'NOT_FOUND',
  /** A known path asked with a method it does not accept; `allowedMethods` lists the ones it does. */
  MethodNotAllowed = 'METHOD_NOT_ALLOWED',
  /** The request did not arrive completely within the request timeout. */
  RequestTimeout = 'REQUEST_TIMEOUT',
  /** The body is over the configured limit. */
  PayloadTooLarge = 'PAYLOAD_TOO_LARGE',
  /** The body's media type is not accepted. */
  UnsupportedMediaType = 'UNSUPPORTED_MEDIA_TYPE',
  /** The request is well formed but nothing usable could be made of it. */
  Unprocessable = 'UNPROCESSABLE',
  /** Too many requests for a token, or too many refused tokens from an address. */
  RateLimited = 'RATE_LIMITED',
  /** The request line and headers are over Node's limit. */
  HeadersTooLarge = 'HEADERS_TOO_LARGE',
  /** An outside dependency answered with an error (e.g. a failing health indicator). */
  UpstreamFailed = 'UPSTREAM_FAILED',
  /** A dependency is temporarily unavailable. */
  Unavailable = 'SERVICE_UNAVAILABLE',
  /** A bug: nothing about it reaches the client. */
  Internal = 'INTERNAL_ERROR',

  // The language model (LlmErrorCode in llm/llm.errors.ts).
  /** No language model is configured. */
  LlmDisabled = 'LLM_DISABLED',
  /** The model did not answer within its time budget. */
  LlmTimeout = 'LLM_TIMEOUT',
  /** The provider refused the call for its rate limit. */
  LlmRateLimited = 'LLM_RATE_LIMITED',
  /** The provider answered with a server error. */
  LlmUpstreamError = 'LLM_UPSTREAM_ERROR',
  /** The provider could not be reached. */
  LlmConnectionFailed = 'LLM_CONNECTION_FAILED',
  /** The model's answer is not the JSON the schema asks for. */
  LlmInvalidOutput = 'LLM_INVALID_OUTPUT',
  /** Calls are paused after repeated failures (circuit breaker open). */
  LlmCircuitOpen = 'LLM_CIRCUIT_OPEN',
  /** The provider refused the request itself (4xx other than 408 and 429). */
  LlmRequestRejected = 'LLM_REQUEST_REJECTED',

  // OCR (OcrError in asset-intelligence/nameplate/ocr-pool.types.ts).
  /** Every OCR worker is busy and the queue is full; `retryAfterSeconds` estimates the wait. */
  OcrBusy = 'OCR_BUSY',
  /** The OCR job ran longer than its timeout. */
  OcrTimeout = 'OCR_TIMEOUT',
  /** The OCR pool is stopping or stopped. */
  OcrStopped = 'OCR_STOPPED',
  /** The OCR pool was not started. */
  OcrNotStarted = 'OCR_NOT_STARTED',
  /** Tesseract could not read the image, or no worker could be loaded. */
  OcrFailed = 'OCR_FAILED',

  // Uploaded images (ImageRejectedError in asset-intelligence/nameplate/image-preprocessor.ts).
  /** The header or pixel data cannot be decoded. */
  ImageCorrupt = 'IMAGE_CORRUPT',
  /** The image is too small to hold readable text. */
  ImageTooSmall = 'IMAGE_TOO_SMALL',
  /** Width × height is over the configured limit (a decompression bomb or an absurd photo). */
  ImageTooManyPixels = 'IMAGE_TOO_MANY_PIXELS',
  /** The bytes are not an accepted image format. */
  ImageUnsupported = 'IMAGE_UNSUPPORTED',
  /** No brand, model or serial number could be read from a nameplate photo. */
  NameplateUnreadable = 'NAMEPLATE_UNREADABLE',

  // Storage (DatabaseUnavailableError in database/database-unavailable.ts).
  /** The database is stopped, restarting, unreachable, overloaded or too slow. */
  DatabaseUnavailable = 'DATABASE_UNAVAILABLE',
}

/** Every code, for tests and documentation that must cover each one. */
export const ERROR_CODES: readonly ErrorCode[] = Object.values(ErrorCode);

/** One problem with one part of the request, e.g. a field that failed validation. */
export interface ErrorDetail {
  /** The offending field, query parameter or header; absent when the problem is the request as a whole. */
  field?: string;
  /** What is wrong with it. */
  message: string;
}

/** Structured facts a domain knows about its error; the filter turns them into headers. */
export interface ErrorFacts {
  /** Seconds after which a retry may succeed (sent as Retry-After where the code calls for it). */
  retryAfterSeconds?: number;
  /** Methods the path accepts, for MethodNotAllowed (sent as Allow). */
  allowedMethods?: readonly string[];
}

/** A domain error: code, human message, optional per-field details and facts. Never an HttpException. */
export class AppError extends Error {
  /** Seconds after which a retry may succeed, when the domain knows. */
  readonly retryAfterSeconds?: number;
  /** Methods the path accepts (MethodNotAllowed only). */
  readonly allowedMethods?: readonly string[];

  constructor(
    /** What went wrong, in domain terms. */
    readonly code: ErrorCode,
    message: string,
    /** One entry per offending field or sub-problem. */
    readonly details: ErrorDetail[] = [],
    facts: ErrorFacts = {},
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = 'AppError';
    this.retryAfterSeconds = facts.retryAfterSeconds;
    this.allowedMethods = facts.allowedMethods;
  }
}
