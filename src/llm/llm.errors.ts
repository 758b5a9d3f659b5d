import { AppError, ErrorCode } from '../common/app-error';

/** Why a language-model call failed: the LLM codes of the one error vocabulary (ErrorCode). */
export const LlmErrorCode = {
  Disabled: ErrorCode.LlmDisabled,
  Timeout: ErrorCode.LlmTimeout,
  RateLimited: ErrorCode.LlmRateLimited,
  Upstream: ErrorCode.LlmUpstreamError,
  Connection: ErrorCode.LlmConnectionFailed,
  InvalidOutput: ErrorCode.LlmInvalidOutput,
  CircuitOpen: ErrorCode.LlmCircuitOpen,
  Rejected: ErrorCode.LlmRequestRejected,
} as const;
/** One of the LLM error codes. */
export type LlmErrorCode = (typeof LlmErrorCode)[keyof typeof LlmErrorCode];

/** A failed language-model call; adapters never throw HttpException, the error filter answers it. */
export class LlmError extends AppError {
  declare readonly code: LlmErrorCode;

  constructor(
    code: LlmErrorCode,
    message: string,
    /** HTTP status from the provider, when there was one. */
    readonly status?: number,
    options?: { cause?: unknown },
  ) {
    super(code, message, [], {}, options);
    this.name = 'LlmError';
  }

  /** Worth another try: rate limits, server errors, timeouts, dropped connections. */
  get retryable(): boolean {
    return ([LlmErrorCode.RateLimited, LlmErrorCode.Upstream, LlmErrorCode.Timeout, LlmErrorCode.Connection] as LlmErrorCode[]).includes(this.code);
  }
}

/** Maps an HTTP status from a provider to an error code. */
export function errorForStatus(status: number, message: string): LlmError {
  if (status === 429) return new LlmError(LlmErrorCode.RateLimited, message, status);
  if (status === 408) return new LlmError(LlmErrorCode.Timeout, message, status);
  if (status >= 500) return new LlmError(LlmErrorCode.Upstream, message, status);
  return new LlmError(LlmErrorCode.Rejected, message, status);
}

/**
 * Removes a credential from a provider's message: some providers and gateways repeat the key
 * they were sent in their errors, and these messages end up in logs.
 */
export function redactSecret(text: string, secret: string | undefined): string {
  return secret && secret.length >= 8 ? text.split(secret).join('[redacted]') : text;
}
