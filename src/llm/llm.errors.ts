/** Why a language-model call failed; adapters never throw HttpException. */
export enum LlmErrorCode {
  Disabled = 'LLM_DISABLED',
  Timeout = 'LLM_TIMEOUT',
  RateLimited = 'LLM_RATE_LIMITED',
  Upstream = 'LLM_UPSTREAM_ERROR',
  Connection = 'LLM_CONNECTION_FAILED',
  InvalidOutput = 'LLM_INVALID_OUTPUT',
  CircuitOpen = 'LLM_CIRCUIT_OPEN',
  Rejected = 'LLM_REQUEST_REJECTED',
}

export class LlmError extends Error {
  constructor(
    readonly code: LlmErrorCode,
    message: string,
    /** HTTP status from the provider, when there was one. */
    readonly status?: number,
  ) {
    super(message);
    this.name = 'LlmError';
  }

  /** Worth another try: rate limits, server errors, timeouts, dropped connections. */
  get retryable(): boolean {
    return [LlmErrorCode.RateLimited, LlmErrorCode.Upstream, LlmErrorCode.Timeout, LlmErrorCode.Connection].includes(this.code);
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
