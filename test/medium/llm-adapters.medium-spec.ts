import { GeminiClient } from '../../src/llm/adapters/gemini/gemini.adapter';
import { OpenAiClient } from '../../src/llm/adapters/openai/openai.adapter';
import { createLlmPort } from '../../src/llm/llm.factory';
import { LlmError, LlmErrorCode } from '../../src/llm/llm.errors';
import type { StructuredGenerationRequest } from '../../src/llm/llm.port';
import { ResilienceOptions, ResilientLlm } from '../../src/llm/resilient-llm';
import { createFakeGemini } from '../fakes/fake-gemini.server';
import { FakeLlmServer } from '../fakes/fake-llm-server';
import { createFakeOpenAi } from '../fakes/fake-openai.server';

const schema = {
  type: 'object',
  properties: { answer: { type: 'string' }, score: { type: 'number' } },
  required: ['answer', 'score'],
  additionalProperties: false,
};
const request: StructuredGenerationRequest = { systemPrompt: 'You answer.', userContent: 'Question?', schema, schemaName: 'answer' };
const resilience: ResilienceOptions = { timeoutMs: 3000, maxRetries: 2, backoffMs: 10, breakerThreshold: 5, breakerCooldownMs: 60_000 };

const providers: [string, () => FakeLlmServer, (url: string) => ResilientLlm][] = [
  ['gemini', createFakeGemini, (url) => new ResilientLlm(new GeminiClient({ apiKey: 'test-key', model: 'gemini-test', baseUrl: url }), resilience)],
  ['openai', createFakeOpenAi, (url) => new ResilientLlm(new OpenAiClient({ apiKey: 'test-key', model: 'gpt-test', baseUrl: `${url}/v1` }), resilience)],
];

describe.each(providers)('%s adapter through its real SDK against a fake server', (provider, createFake, createPort) => {
  let fake: FakeLlmServer;
  let url: string;
  let llm: ResilientLlm;
  beforeAll(async () => {
    fake = createFake();
    url = await fake.start();
  });
  afterAll(() => fake.stop());
  beforeEach(() => {
    fake.reset();
    fake.defaultBehaviour = { kind: 'status', status: 500 };
    llm = createPort(url);
  });

  const expectLlmError = async (promise: Promise<unknown>, code: LlmErrorCode) => {
    const error = await promise.then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(LlmError);
    expect((error as LlmError).code).toBe(code);
  };

  it('returns validated JSON with token usage, sending the schema and the key', async () => {
    fake.enqueue({ kind: 'json', body: { answer: 'yes', score: 0.9 } });
    const result = await llm.generateStructured<{ answer: string }>(request);
    expect(result).toMatchObject({ data: { answer: 'yes', score: 0.9 }, provider });
    expect(result.usage.inputTokens).toBeGreaterThan(0);
    expect(result.usage.outputTokens).toBeGreaterThan(0);
    const sent = fake.requests[0];
    if (provider === 'gemini') {
      expect(sent.headers['x-goog-api-key']).toBe('test-key');
      expect(sent.body).toMatchObject({
        generationConfig: { responseMimeType: 'application/json', responseJsonSchema: schema },
        systemInstruction: { parts: [{ text: 'You answer.' }] },
      });
    } else {
      expect(sent.headers.authorization).toBe('Bearer test-key');
      expect(sent.body).toMatchObject({ model: 'gpt-test', response_format: { type: 'json_schema', json_schema: { name: 'answer', schema } } });
    }
  });

  it('sends images to vision models', async () => {
    fake.enqueue({ kind: 'json', body: { answer: 'plate', score: 1 } });
    await llm.generateStructured({ ...request, images: [{ mimeType: 'image/png', data: Buffer.from('png-bytes') }] });
    const body = JSON.stringify(fake.requests[0].body);
    expect(body).toContain(Buffer.from('png-bytes').toString('base64'));
  });

  it('retries a 429 and a 500, then succeeds', async () => {
    fake.enqueue({ kind: 'status', status: 429 }, { kind: 'status', status: 503 }, { kind: 'json', body: { answer: 'ok', score: 1 } });
    await expect(llm.generateStructured(request)).resolves.toMatchObject({ data: { answer: 'ok' } });
    expect(fake.requests).toHaveLength(3);
  });

  it('gives up after the bounded retries', async () => {
    await expectLlmError(llm.generateStructured(request), LlmErrorCode.Upstream);
    expect(fake.requests).toHaveLength(3);
  });

  it('does not retry a request the server rejects', async () => {
    fake.defaultBehaviour = { kind: 'status', status: 401, message: 'bad key' };
    await expectLlmError(llm.generateStructured(request), LlmErrorCode.Rejected);
    expect(fake.requests).toHaveLength(1);
  });

  it('times out a slow server within the budget', async () => {
    fake.defaultBehaviour = { kind: 'slow', delayMs: 5000, then: { kind: 'json', body: { answer: 'late', score: 0 } } };
    const awaitedBefore = fake.slowAnswersAwaited;
    await expectLlmError(llm.generateStructured({ ...request, timeoutMs: 400 }), LlmErrorCode.Timeout);
    // The server answers after 5 s: the call gave up without waiting for it.
    expect(fake.slowAnswersAwaited).toBe(awaitedBefore);
  });

  it('repairs fenced and truncated JSON without another call', async () => {
    fake.enqueue({ kind: 'text', text: '```json\n{"answer": "fixed", "score": 2' });
    await expect(llm.generateStructured(request)).resolves.toMatchObject({ data: { answer: 'fixed', score: 2 } });
    expect(fake.requests).toHaveLength(1);
  });

  it('asks once more when the output is not JSON or violates the schema, then gives up', async () => {
    fake.enqueue({ kind: 'text', text: 'I think the answer is yes.' }, { kind: 'json', body: { answer: 'second try', score: 1 } });
    await expect(llm.generateStructured(request)).resolves.toMatchObject({ data: { answer: 'second try' } });
    expect(JSON.stringify(fake.requests[1].body)).toContain('previous answer was rejected');
    fake.reset();
    fake.enqueue({ kind: 'json', body: { answer: 1 } }, { kind: 'json', body: { wrong: true } });
    await expectLlmError(llm.generateStructured(request), LlmErrorCode.InvalidOutput);
    expect(fake.requests).toHaveLength(2);
  });

  it('reports a dropped connection after retrying', async () => {
    fake.defaultBehaviour = { kind: 'drop' };
    await expectLlmError(llm.generateStructured(request), LlmErrorCode.Connection);
    expect(fake.requests).toHaveLength(3);
  });

  it('opens the circuit after repeated failures and stops calling', async () => {
    fake.defaultBehaviour = { kind: 'status', status: 400, message: 'bad request' };
    for (let i = 0; i < 5; i++) await expectLlmError(llm.generateStructured(request), LlmErrorCode.Rejected);
    const before = fake.requests.length;
    await expectLlmError(llm.generateStructured(request), LlmErrorCode.CircuitOpen);
    expect(fake.requests.length).toBe(before);
  });
});

describe('openai adapter against a server without json_schema support', () => {
  it('falls back to JSON mode with the schema in the prompt, and stays there', async () => {
    const fake = createFakeOpenAi();
    const url = await fake.start();
    try {
      fake.intercept = (r) =>
        (r.body.response_format as { type: string }).type === 'json_schema'
          ? { kind: 'status', status: 400, message: "response_format 'json_schema' is not supported by this model" }
          : undefined;
      fake.defaultBehaviour = { kind: 'json', body: { answer: 'local', score: 1 } };
      const llm = new ResilientLlm(new OpenAiClient({ model: 'llama3.1', baseUrl: `${url}/v1` }), resilience);
      await expect(llm.generateStructured(request)).resolves.toMatchObject({ data: { answer: 'local' } });
      await llm.generateStructured(request);
      expect(fake.requests.map((r) => (r.body.response_format as { type: string }).type)).toEqual(['json_schema', 'json_object', 'json_object']);
      const system = (fake.requests[1].body.messages as { content: string }[])[0].content;
      expect(system).toContain('"required":["answer","score"]');
    } finally {
      await fake.stop();
    }
  });
});

describe('createLlmPort', () => {
  it('refuses an unknown provider, naming the allowed ones', () => {
    expect(() => createLlmPort({ provider: 'claude' } as never)).toThrow('Unknown LLM provider "claude"; use one of: offline, gemini, openai');
  });

  it('gives a disabled port offline', async () => {
    const port = createLlmPort({ provider: 'offline' });
    expect(port.enabled).toBe(false);
    await expect(port.generateStructured(request)).rejects.toMatchObject({ code: LlmErrorCode.Disabled });
  });
});
