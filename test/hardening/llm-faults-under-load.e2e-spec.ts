import request from 'supertest';
import { parseUsd } from '../../src/knowledge/pricing';
import { createFakeGemini } from '../fakes/fake-gemini.server';
import type { FakeBehaviour, FakeLlmServer } from '../fakes/fake-llm-server';
import { createFakeOpenAi } from '../fakes/fake-openai.server';
import { freePort } from '../support/processes';
import { createTestApp, TestApp } from '../support/test-app';

/**
 * The model fault matrix of test/e2e/work-order-diagnosis.e2e-spec.ts, each fault under
 * CONCURRENCY simultaneous enrich requests, in both failure modes: fallback answers every one
 * 200 from the knowledge base; error answers 502/503 in the error shape; neither ever answers
 * 500, and no caller waits for a model slower than LLM_TIMEOUT_MS (the fake counts slow answers
 * still awaited). Latencies are printed for RELIABILITY.md, not asserted: on a loaded 2-core CI
 * machine, 20 requests' database work alone varied from under 1 s to over 5 s.
 */
const CONCURRENCY = 20;
const LLM_TIMEOUT_MS = 1500;
/**
 * The database's own bounded waits (DB_CONNECT_TIMEOUT_MS, answered 503 with Retry-After: 5) are
 * tested in test/outage and src/database; here a loaded machine must not pass for a model fault.
 * (This test's 503s and hangs in CI were a pool deadlock, not load: test/e2e/pool-burst.)
 */
const DB_CONNECT_TIMEOUT_MS = 20_000;
/** Only so that a hung request fails this test with a message instead of the jest timeout. */
const HANG_MS = 60_000;

const validAnswer = {
  diagnoses: [
    {
      diagnosis: 'Worn flapper',
      assessment: 'Flapper leaks.',
      likelihood: 0.7,
      vendor: 'plumbing',
      severity: 'low',
      resolution_steps: ['Replace flapper'],
      parts: [],
      asset_specs: [],
      pricing: { labor_cost_per_hour: '$100.00', time: '1 hours', total_parts: '$0.00', total_labor: '$100.00', total: '$100.00' },
    },
  ],
  insights: [],
};

type Fault = { name: string; behaviour?: FakeBehaviour; refused?: true; status: 502 | 503 };
const FAULTS: Fault[] = [
  { name: 'slower than LLM_TIMEOUT_MS', behaviour: { kind: 'slow', delayMs: LLM_TIMEOUT_MS + 2500, then: { kind: 'json', body: validAnswer } }, status: 503 },
  { name: 'answering 429', behaviour: { kind: 'status', status: 429 }, status: 503 },
  { name: 'answering 500', behaviour: { kind: 'status', status: 500 }, status: 502 },
  { name: 'answering malformed JSON', behaviour: { kind: 'text', text: 'Sure! Here is the diagnosis: {"diagnoses": [ flapper' }, status: 502 },
  {
    name: 'answering schema-violating JSON',
    behaviour: { kind: 'json', body: { diagnoses: [{ diagnosis: 'x', likelihood: 'high' }], insights: 'none' } },
    status: 502,
  },
  { name: 'dropping the connection', behaviour: { kind: 'drop' }, status: 503 },
  { name: 'refusing connections', refused: true, status: 503 },
];

const PROVIDERS = [
  ['openai', createFakeOpenAi, (url: string) => ({ LLM_PROVIDER: 'openai', OPENAI_API_KEY: 'sk-fake', OPENAI_BASE_URL: `${url}/v1` })],
  ['gemini', createFakeGemini, (url: string) => ({ LLM_PROVIDER: 'gemini', GEMINI_API_KEY: 'fake-key', GEMINI_BASE_URL: url })],
] as const;

const PROBLEMS = [
  'toilet keeps running',
  'kitchen sink leaking under cabinet',
  'no hot water in unit',
  'garbage disposal jammed',
  'bathroom sink drain clogged',
];

function expectPricingAddsUp(d: { parts_detail: { price: string }[]; pricing: Record<string, string> }) {
  const cents = (s: string) => parseUsd(s)!;
  expect(cents(d.pricing.total_parts)).toBe(d.parts_detail.reduce((sum, p) => sum + cents(p.price), 0));
  expect(cents(d.pricing.total)).toBe(cents(d.pricing.total_parts) + cents(d.pricing.total_labor));
}

/** Measured outcomes, printed once at the end for RELIABILITY.md. */
const measured: string[] = [];
afterAll(() => process.stdout.write(`\nLLM faults under load (${CONCURRENCY} concurrent, LLM_TIMEOUT_MS=${LLM_TIMEOUT_MS}):\n${measured.join('\n')}\n`));

describe.each(PROVIDERS)('%s model', (provider, createFake, providerEnv) => {
  describe.each(['fallback', 'error'] as const)('LLM_FAILURE_MODE=%s', (mode) => {
    it.each(FAULTS)(`answers ${CONCURRENCY} concurrent enrich requests correctly when the model is $name`, async (fault) => {
      let fake: FakeLlmServer | undefined;
      let url: string;
      if (fault.refused) {
        url = `http://127.0.0.1:${await freePort()}`;
      } else {
        fake = createFake();
        url = await fake.start();
        fake.defaultBehaviour = fault.behaviour!;
      }
      const t: TestApp = await createTestApp({
        ...providerEnv(url),
        LLM_TIMEOUT_MS: String(LLM_TIMEOUT_MS),
        LLM_MAX_RETRIES: '1',
        LLM_FAILURE_MODE: mode,
        DB_CONNECT_TIMEOUT_MS: String(DB_CONNECT_TIMEOUT_MS),
      });
      try {
        const { token } = await t.newClientToken(`faults-${provider}-${mode}`);
        const started = Date.now();
        const results = await Promise.all(
          Array.from({ length: CONCURRENCY }, async (_, i) => {
            const sent = Date.now();
            const res = await request(t.http)
              .post('/work-order/enrich')
              .set('Authorization', `Bearer ${token}`)
              .send({ issue_description: `${PROBLEMS[i % PROBLEMS.length]} (#${i})` })
              .timeout(HANG_MS);
            return { res, ms: Date.now() - sent };
          }),
        );
        const wall = Date.now() - started;
        const latencies = results.map((r) => r.ms).sort((a, b) => a - b);
        const statuses = results.map((r) => r.res.status);
        const tally = Object.entries(statuses.reduce<Record<number, number>>((acc, s) => ({ ...acc, [s]: (acc[s] ?? 0) + 1 }), {}))
          .map(([s, n]) => `${n}x${s}`)
          .join(' ');
        measured.push(
          `  ${provider} ${mode} ${fault.name}: ${tally}; latency p50 ${latencies[CONCURRENCY >> 1]} ms, max ${latencies[CONCURRENCY - 1]} ms; wall ${wall} ms; model calls ${fake?.requests.length ?? 'n/a'}`,
        );

        for (const { res } of results) {
          expect(res.status).not.toBe(500);
          if (mode === 'fallback') {
            expect(res.status).toBe(200);
            expect(res.headers['x-diagnosis-source']).toBe('knowledge-base');
            expect(Object.keys(res.body).sort()).toEqual(['context', 'manual_insights', 'top_3_diagnosis', 'top_5_previous_fixes']);
            expect(res.body.top_3_diagnosis.length).toBeGreaterThan(0);
            res.body.top_3_diagnosis.forEach(expectPricingAddsUp);
            expect(res.body.manual_insights.join(' ')).toMatch(new RegExp(`AI diagnosis service \\(${provider}\\) was unavailable`));
          } else {
            expect(res.headers['content-type']).toMatch(/application\/json/);
            expect(Object.keys(res.body).sort()).toEqual(['details', 'error', 'message', 'requestId', 'statusCode']);
            expect(res.body.requestId).toBe(res.headers['x-request-id']);
            // Once five calls have failed the circuit opens: later requests are refused at once (503).
            // On a loaded machine a retried or re-asked call can also run out of its time budget,
            // which is answered 503 as well (LLM_TIMEOUT): never another status.
            const unavailable = /LLM_CIRCUIT_OPEN|LLM_TIMEOUT/.test(res.body.message);
            expect(res.status).toBe(unavailable ? 503 : fault.status);
            expect(res.body).toMatchObject({ statusCode: res.status, error: res.status === 502 ? 'UPSTREAM_FAILED' : 'SERVICE_UNAVAILABLE' });
            if (res.status === 503) expect(res.headers['retry-after']).toBe('30');
          }
        }
        // The slow model answers 2.5 s after LLM_TIMEOUT_MS: every such call was given up on first.
        if (fault.behaviour?.kind === 'slow') expect(fake!.slowAnswersAwaited).toBe(0);
        // The service is still healthy afterwards.
        expect((await request(t.http).get('/health')).status).toBe(200);
      } finally {
        await t.close();
        await fake?.stop();
      }
    });
  });
});
