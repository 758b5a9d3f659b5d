import { CircuitBreaker } from './circuit-breaker';
import { assertMatchesSchema, parseModelJson } from './json-output';
import { LlmError, LlmErrorCode } from './llm.errors';
import { LlmPort, StructuredGenerationRequest, StructuredGenerationResult } from './llm.port';
import type { RawCompletion, RawLlmClient } from './raw-llm-client';

/** How hard to try before giving up on the outside world. */
export interface ResilienceOptions {
  /** Default time budget of one generateStructured call, retries included. */
  timeoutMs: number;
  /** Retries after the first attempt on 429, 5xx, timeouts and dropped connections. */
  maxRetries: number;
  /** First backoff; doubles each retry, with jitter. */
  backoffMs: number;
  /** Consecutive failed calls that open the circuit. */
  breakerThreshold: number;
  /** How long an open circuit refuses calls. */
  breakerCooldownMs: number;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function asLlmError(e: unknown, signal: AbortSignal): LlmError {
  if (e instanceof LlmError) return e;
  if (signal.aborted) return new LlmError(LlmErrorCode.Timeout, 'the model did not answer in time');
  return new LlmError(LlmErrorCode.Connection, `could not reach the model: ${(e as Error)?.message ?? String(e)}`);
}

/**
 * Wraps one provider client with everything the outside world needs: a time budget, bounded
 * retries with exponential backoff, a circuit breaker, JSON repair and one re-ask when the
 * output is not valid JSON or violates the schema.
 */
export class ResilientLlm extends LlmPort {
  readonly enabled = true;
  private readonly breaker: CircuitBreaker;

  constructor(
    private readonly client: RawLlmClient,
    private readonly options: ResilienceOptions,
  ) {
    super();
    this.breaker = new CircuitBreaker(options.breakerThreshold, options.breakerCooldownMs);
  }

  get provider(): string {
    return this.client.provider;
  }

  async generateStructured<T>(request: StructuredGenerationRequest): Promise<StructuredGenerationResult<T>> {
    if (!this.breaker.allow()) throw new LlmError(LlmErrorCode.CircuitOpen, `${this.provider} is failing; calls are paused for a while`);
    const deadline = Date.now() + (request.timeoutMs ?? this.options.timeoutMs);
    try {
      const first = await this.completeWithRetries(request, deadline);
      let result: StructuredGenerationResult<T>;
      try {
        result = this.validated<T>(first, request);
      } catch (e) {
        if (!(e instanceof LlmError) || e.code !== LlmErrorCode.InvalidOutput) throw e;
        const reask = {
          ...request,
          userContent: `${request.userContent}\n\nYour previous answer was rejected (${e.message}). Answer again with only JSON that matches the schema.`,
        };
        result = this.validated<T>(await this.completeWithRetries(reask, deadline), request);
      }
      this.breaker.success();
      return result;
    } catch (e) {
      this.breaker.failure();
      throw e;
    }
  }

  private validated<T>(raw: RawCompletion, request: StructuredGenerationRequest): StructuredGenerationResult<T> {
    const data = parseModelJson(raw.text);
    assertMatchesSchema(data, request.schema);
    return { data: data as T, usage: raw.usage, provider: this.provider, model: raw.model };
  }

  private async completeWithRetries(request: StructuredGenerationRequest, deadline: number): Promise<RawCompletion> {
    for (let attempt = 0; ; attempt++) {
      const remaining = deadline - Date.now();
      if (remaining <= 0) throw new LlmError(LlmErrorCode.Timeout, 'the model did not answer in time');
      const signal = AbortSignal.timeout(remaining);
      try {
        return await this.client.complete(request, signal);
      } catch (e) {
        const error = asLlmError(e, signal);
        const backoff = this.options.backoffMs * 2 ** attempt * (0.75 + Math.random() * 0.5);
        if (!error.retryable || attempt >= this.options.maxRetries || Date.now() + backoff >= deadline) throw error;
        await sleep(backoff);
      }
    }
  }
}
