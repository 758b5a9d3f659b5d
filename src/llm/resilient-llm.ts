import {
  BrokenCircuitError,
  CircuitBreakerPolicy,
  CircuitState,
  ConsecutiveBreaker,
  ExponentialBackoff,
  TaskCancelledError,
  TimeoutStrategy,
  circuitBreaker,
  halfJitterGenerator,
  handleAll,
  handleWhen,
  retry,
  timeout,
  wrap,
} from 'cockatiel';
import { serviceMetrics } from '../metrics/service-metrics';
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

const timedOut = () => new LlmError(LlmErrorCode.Timeout, 'the model did not answer in time');

function asLlmError(e: unknown, signal: AbortSignal): LlmError {
  if (e instanceof LlmError) return e;
  if (signal.aborted) return timedOut();
  return new LlmError(LlmErrorCode.Connection, `could not reach the model: ${(e as Error)?.message ?? String(e)}`);
}

const retryable = handleWhen((e) => e instanceof LlmError && e.retryable);

/**
 * Wraps one provider client with everything the outside world needs: a time budget, bounded
 * retries with exponential backoff, a circuit breaker (cockatiel policies), JSON repair and one
 * re-ask when the output is not valid JSON or violates the schema.
 */
export class ResilientLlm extends LlmPort {
  readonly enabled = true;
  /** One breaker per provider client, shared by every call: it counts whole calls, re-ask included. */
  private readonly breaker: CircuitBreakerPolicy;

  constructor(
    private readonly client: RawLlmClient,
    private readonly options: ResilienceOptions,
  ) {
    super();
    this.breaker = circuitBreaker(handleAll, { halfOpenAfter: options.breakerCooldownMs, breaker: new ConsecutiveBreaker(options.breakerThreshold) });
    const circuitGauge = { [CircuitState.Closed]: 0, [CircuitState.HalfOpen]: 1, [CircuitState.Open]: 2, [CircuitState.Isolated]: 2 };
    serviceMetrics.llmCircuit.set({ provider: client.provider }, 0);
    this.breaker.onStateChange((state) => serviceMetrics.llmCircuit.set({ provider: client.provider }, circuitGauge[state]));
  }

  get provider(): string {
    return this.client.provider;
  }

  async generateStructured<T>(request: StructuredGenerationRequest): Promise<StructuredGenerationResult<T>> {
    try {
      const result = await this.breaker.execute(() => this.generateWithReask<T>(request));
      serviceMetrics.llmCalls.inc({ provider: this.provider, outcome: 'ok' });
      return result;
    } catch (e) {
      const circuitOpen = e instanceof BrokenCircuitError;
      serviceMetrics.llmCalls.inc({ provider: this.provider, outcome: circuitOpen ? 'circuit_open' : 'failed' });
      if (circuitOpen) throw new LlmError(LlmErrorCode.CircuitOpen, `${this.provider} is failing; calls are paused for a while`);
      throw e;
    }
  }

  private async generateWithReask<T>(request: StructuredGenerationRequest): Promise<StructuredGenerationResult<T>> {
    const deadline = Date.now() + (request.timeoutMs ?? this.options.timeoutMs);
    const first = await this.completeWithRetries(request, deadline);
    try {
      return this.validated<T>(first, request);
    } catch (e) {
      if (!(e instanceof LlmError) || e.code !== LlmErrorCode.InvalidOutput) throw e;
      const reask = {
        ...request,
        userContent: `${request.userContent}\n\nYour previous answer was rejected (${e.message}). Answer again with only JSON that matches the schema.`,
      };
      return this.validated<T>(await this.completeWithRetries(reask, deadline), request);
    }
  }

  private validated<T>(raw: RawCompletion, request: StructuredGenerationRequest): StructuredGenerationResult<T> {
    const data = parseModelJson(raw.text);
    assertMatchesSchema(data, request.schema);
    return { data: data as T, usage: raw.usage, provider: this.provider, model: raw.model };
  }

  /**
   * Retries inside what is left of the call's budget. The policies are built per call because the
   * budget and the "give up early" decision belong to the call: when the next backoff would end
   * past the deadline, the call stops at once with the last provider error (a 500 stays a 500)
   * instead of sleeping into a timeout.
   */
  private async completeWithRetries(request: StructuredGenerationRequest, deadline: number): Promise<RawCompletion> {
    const remaining = deadline - Date.now();
    if (remaining <= 0) throw timedOut();
    const giveUp = new AbortController();
    let lastError: LlmError | undefined;
    const retries = retry(retryable, {
      maxAttempts: this.options.maxRetries,
      backoff: new ExponentialBackoff({ initialDelay: this.options.backoffMs, generator: halfJitterGenerator }),
    }).dangerouslyUnref(); // a backoff abandoned by giving up early must not keep the process alive
    retries.onRetry(({ delay }) => {
      if (Date.now() + delay >= deadline) giveUp.abort();
    });
    const policy = wrap(timeout(remaining, TimeoutStrategy.Aggressive), retries);
    try {
      return await policy.execute(async ({ signal }) => {
        // cockatiel's retry sleeps out a backoff even after the budget is gone; never call then.
        if (signal.aborted) throw timedOut();
        try {
          return await this.client.complete(request, signal);
        } catch (e) {
          throw (lastError = asLlmError(e, signal));
        }
      }, giveUp.signal);
    } catch (e) {
      if (!(e instanceof TaskCancelledError)) throw e;
      throw giveUp.signal.aborted && lastError ? lastError : timedOut();
    }
  }
}
