import { LlmError, LlmErrorCode, errorForStatus } from './llm.errors';
import type { StructuredGenerationRequest } from './llm.port';
import type { RawCompletion, RawLlmClient } from './raw-llm-client';
import { serviceMetrics } from '../metrics/service-metrics';
import { ResilientLlm } from './resilient-llm';

const request: StructuredGenerationRequest = { systemPrompt: 's', userContent: 'u', schema: { type: 'object' }, schemaName: 'x' };
const ok: RawCompletion = { text: '{"fine":true}', usage: { inputTokens: 1, outputTokens: 1 }, model: 'm' };

/** A provider that answers from a script: an error, or a completion. */
class ScriptedClient implements RawLlmClient {
  readonly provider: string = 'scripted';
  calls = 0;
  constructor(private readonly next: () => RawCompletion | LlmError) {}
  complete(): Promise<RawCompletion> {
    this.calls++;
    const outcome = this.next();
    return outcome instanceof LlmError ? Promise.reject(outcome) : Promise.resolve(outcome);
  }
}

const codeOf = (promise: Promise<unknown>) =>
  promise.then(
    () => 'resolved',
    (e: unknown) => (e as LlmError).code,
  );

describe('ResilientLlm', () => {
  afterEach(() => jest.useRealTimers());

  it('opens after consecutive failed calls, lets one trial through after the cooldown, and closes on its success', async () => {
    jest.useFakeTimers({ doNotFake: ['nextTick', 'setImmediate'] });
    let failing = true;
    const client = new ScriptedClient(() => (failing ? errorForStatus(400, 'bad') : ok));
    const llm = new ResilientLlm(client, { timeoutMs: 1000, maxRetries: 0, backoffMs: 1, breakerThreshold: 2, breakerCooldownMs: 10_000 });

    expect(await codeOf(llm.generateStructured(request))).toBe(LlmErrorCode.Rejected);
    expect(await codeOf(llm.generateStructured(request))).toBe(LlmErrorCode.Rejected);
    expect(await codeOf(llm.generateStructured(request))).toBe(LlmErrorCode.CircuitOpen);
    expect(client.calls).toBe(2);

    jest.advanceTimersByTime(10_001);
    failing = false;
    await expect(llm.generateStructured(request)).resolves.toMatchObject({ data: { fine: true } });
    await expect(llm.generateStructured(request)).resolves.toMatchObject({ data: { fine: true } });
    expect(client.calls).toBe(4);
  });

  it('counts calls by outcome and shows the circuit state in the metrics', async () => {
    jest.useFakeTimers({ doNotFake: ['nextTick', 'setImmediate'] });
    let failing = true;
    const client = new (class extends ScriptedClient {
      override readonly provider = 'metered';
    })(() => (failing ? errorForStatus(400, 'bad') : ok));
    const llm = new ResilientLlm(client, { timeoutMs: 1000, maxRetries: 0, backoffMs: 1, breakerThreshold: 2, breakerCooldownMs: 10_000 });
    const calls = async (outcome: string) =>
      (await serviceMetrics.llmCalls.get()).values.find((v) => v.labels.provider === 'metered' && v.labels.outcome === outcome)?.value ?? 0;
    const circuit = async () => (await serviceMetrics.llmCircuit.get()).values.find((v) => v.labels.provider === 'metered')?.value;

    expect(await circuit()).toBe(0);
    await codeOf(llm.generateStructured(request));
    await codeOf(llm.generateStructured(request));
    await codeOf(llm.generateStructured(request));
    expect([await calls('failed'), await calls('circuit_open'), await circuit()]).toEqual([2, 1, 2]);

    jest.advanceTimersByTime(10_001);
    failing = false;
    await llm.generateStructured(request);
    expect([await calls('ok'), await circuit()]).toEqual([1, 0]);
  });

  it('reopens when the half-open trial fails', async () => {
    jest.useFakeTimers({ doNotFake: ['nextTick', 'setImmediate'] });
    const client = new ScriptedClient(() => errorForStatus(400, 'bad'));
    const llm = new ResilientLlm(client, { timeoutMs: 1000, maxRetries: 0, backoffMs: 1, breakerThreshold: 1, breakerCooldownMs: 10_000 });
    expect(await codeOf(llm.generateStructured(request))).toBe(LlmErrorCode.Rejected);
    jest.advanceTimersByTime(10_001);
    expect(await codeOf(llm.generateStructured(request))).toBe(LlmErrorCode.Rejected);
    expect(await codeOf(llm.generateStructured(request))).toBe(LlmErrorCode.CircuitOpen);
    expect(client.calls).toBe(2);
  });

  it('stops retrying with the provider error when the next backoff would pass the budget', async () => {
    const client = new ScriptedClient(() => errorForStatus(503, 'busy'));
    const llm = new ResilientLlm(client, { timeoutMs: 200, maxRetries: 5, backoffMs: 1000, breakerThreshold: 5, breakerCooldownMs: 1000 });
    expect(await codeOf(llm.generateStructured(request))).toBe(LlmErrorCode.Upstream);
    expect(client.calls).toBe(1);
  });
});
