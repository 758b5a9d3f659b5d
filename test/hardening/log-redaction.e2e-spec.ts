import { randomBytes } from 'node:crypto';
import type { DataSource } from 'typeorm';
import { ApiTokenEntity } from '../../src/auth/api-token.entity';
import { ApiTokenService } from '../../src/auth/api-token.service';
import { ClientEntity } from '../../src/auth/client.entity';
import { createFakeGemini } from '../fakes/fake-gemini.server';
import type { FakeLlmServer, RecordedRequest } from '../fakes/fake-llm-server';
import { createFakeOpenAi } from '../fakes/fake-openai.server';
import { ServiceProcess, startService } from '../support/processes';
import { openTestDataSource } from '../support/test-database';
import { createTokenInDb } from './tenant-data';

/**
 * The real service process at LOG_LEVEL=debug or info with a model API key configured: every request
 * line is logged (so the logs are not simply empty), and no bearer token or API key ever
 * appears in them, whatever the caller sends and whatever the model provider answers, including
 * a provider whose error messages repeat the key it was sent.
 */
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

/** The credential a provider was sent, as a careless provider would repeat it. */
const presentedKey = (r: RecordedRequest) => String(r.headers['x-goog-api-key'] ?? r.headers.authorization ?? '');

/** Fake answers chosen by a keyword in the work order, so one process sees every kind of outcome. */
function adversarialFake(fake: FakeLlmServer): FakeLlmServer {
  fake.intercept = (r) => {
    const prompt = JSON.stringify(r.body);
    if (prompt.includes('echo-401')) return { kind: 'status', status: 401, message: `Incorrect API key provided: ${presentedKey(r)}` };
    if (prompt.includes('echo-500')) return { kind: 'status', status: 500, message: `upstream failure for key=${presentedKey(r)}` };
    if (prompt.includes('echo-text')) return { kind: 'text', text: `not json, your key is ${presentedKey(r)}` };
    if (prompt.includes('drop-it')) return { kind: 'drop' };
    // A provider that quotes the request back in its error: the service logs that error.
    if (prompt.includes('echo-prompt')) {
      const at = prompt.indexOf('echo-prompt');
      return { kind: 'status', status: 500, message: `could not process: ${prompt.slice(Math.max(0, at - 120), at + 40)}` };
    }
    if (prompt.includes('You are an expert on residential HVAC')) return { kind: 'json', body: { specs: [], common_issues: [] } };
    return { kind: 'json', body: validAnswer };
  };
  return fake;
}

/** Each provider at one of the two verbose levels an operator would use while investigating. */
const PROVIDERS = [
  ['openai', 'debug', createFakeOpenAi, (url: string, key: string) => ({ LLM_PROVIDER: 'openai', OPENAI_API_KEY: key, OPENAI_BASE_URL: `${url}/v1` })],
  ['gemini', 'info', createFakeGemini, (url: string, key: string) => ({ LLM_PROVIDER: 'gemini', GEMINI_API_KEY: key, GEMINI_BASE_URL: url })],
] as const;

describe.each(PROVIDERS)('logs of the service process with the %s provider at LOG_LEVEL=%s', (provider, level, createFake, providerEnv) => {
  const apiKey = `sk-live-${randomBytes(18).toString('hex')}`;
  let ds: DataSource;
  let fake: FakeLlmServer;
  let service: ServiceProcess;
  const tokens = { valid: '', revoked: '', query: '' };

  beforeAll(async () => {
    ds = await openTestDataSource();
    tokens.valid = (await createTokenInDb(ds, `logs-${provider}`)).token;
    tokens.revoked = (await createTokenInDb(ds, `logs-${provider}-revoked`)).token;
    tokens.query = (await createTokenInDb(ds, `logs-${provider}-query`)).token;
    await new ApiTokenService(ds.getRepository(ApiTokenEntity), ds.getRepository(ClientEntity)).revoke(tokens.revoked.slice(0, 12));
    fake = adversarialFake(createFake());
    const url = await fake.start();
    service = await startService(
      {
        DATABASE_URL: process.env.DATABASE_URL!,
        LOG_LEVEL: level,
        LLM_FAILURE_MODE: 'error',
        LLM_MAX_RETRIES: '0',
        LLM_TIMEOUT_MS: '3000',
        ...providerEnv(url, apiKey),
      },
      90_000,
    );
  }, 120_000);

  afterAll(async () => {
    await service?.stop();
    await fake?.stop();
    await ds?.destroy();
  });

  /** The part of a token that is secret: everything after the 12-character prefix shown in listings. */
  const secretParts = () => [...[tokens.valid, tokens.revoked, tokens.query].map((t) => t.slice(12)), apiKey];

  let n = 0;
  async function send(path: string, init: { authorization?: string; body?: unknown; query?: string }): Promise<{ id: string; status: number }> {
    const id = `logtest-${provider}-${++n}`;
    const headers: Record<string, string> = { 'x-request-id': id, 'content-type': 'application/json' };
    if (init.authorization !== undefined) headers.authorization = init.authorization;
    const res = await fetch(`${service.baseUrl}${path}${init.query ?? ''}`, {
      method: 'POST',
      headers,
      body: init.body === undefined ? undefined : JSON.stringify(init.body),
    });
    await res.arrayBuffer();
    return { id, status: res.status };
  }

  /** Log lines (parsed) that carry a request id, once every id has been logged or the wait ran out. */
  async function requestLines(ids: string[]): Promise<Map<string, Array<Record<string, any>>>> {
    const deadline = Date.now() + 5000;
    for (;;) {
      const byId = new Map<string, Array<Record<string, any>>>();
      for (const line of service.output().split('\n')) {
        // The last line may still be half-written.
        let entry: Record<string, any>;
        try {
          entry = JSON.parse(line);
        } catch {
          continue;
        }
        const id = entry.requestId ?? entry.req?.id;
        if (id) byId.set(id, [...(byId.get(id) ?? []), entry]);
      }
      if (ids.every((id) => byId.get(id)?.some((e) => e.res?.statusCode)) || Date.now() > deadline) return byId;
      await new Promise((r) => setTimeout(r, 100));
    }
  }

  // First in this process: the model failures it provokes must not find the circuit already open.
  it("keeps each client's data out of the log lines of another client's requests", async () => {
    const clients = [
      { token: tokens.valid, marker: `zanzibar${randomBytes(4).toString('hex')}` },
      { token: (await createTokenInDb(ds, `logs-${provider}-other`)).token, marker: `quokka${randomBytes(4).toString('hex')}` },
    ];
    const ids = clients.map(() => [] as string[]);
    for (const [i, c] of clients.entries()) {
      const history = [
        {
          work_order_id: `${c.marker}-1`,
          issue_description: `Kitchen sink leaking ${c.marker}`,
          work_order_status: 'Closed',
          resolution: `Replaced trap ${c.marker}`,
          assigned_vendors: `${c.marker} Plumbing`,
          actual_cost: 120,
        },
      ];
      ids[i].push((await send('/work-order/import', { authorization: `Bearer ${c.token}`, body: history })).id);
      // The provider's error quotes this client's text, so its own log lines do carry its data.
      ids[i].push(
        (await send('/work-order/enrich', { authorization: `Bearer ${c.token}`, body: { issue_description: `Kitchen sink leaking ${c.marker} echo-prompt` } }))
          .id,
      );
    }
    const lines = await requestLines(ids.flat());
    for (const [i, own] of ids.entries()) {
      const text = own
        .flatMap((id) => lines.get(id) ?? [])
        .map((e) => JSON.stringify(e))
        .join('\n');
      expect(text).toContain(clients[i].marker);
      for (const [j, other] of clients.entries()) if (j !== i) expect(text).not.toContain(other.marker);
    }
  });

  it('logs each request line with its status, and never a token or the API key', async () => {
    const enrich = (authorization: string | undefined, issue = 'Toilet keeps running') =>
      send('/work-order/enrich', { authorization, body: { issue_description: issue } });
    const sent = [
      [200, await enrich(`Bearer ${tokens.valid}`)],
      [200, await enrich(`bearer ${tokens.valid}`)],
      [
        200,
        await send('/asset-intelligence/analyze', {
          authorization: `Bearer ${tokens.valid}`,
          query: '?brand_name=Carrier&model_number=24ACC636A003&serial_number=1014E12345',
        }),
      ],
      [
        200,
        await send('/work-order/import', {
          authorization: `Bearer ${tokens.valid}`,
          body: [{ work_order_id: 'LOG-1', issue_description: 'Door lock sticking' }],
        }),
      ],
      [401, await enrich(undefined)],
      [401, await enrich(`Bearer ${tokens.revoked}`)],
      [401, await enrich(`Bearer woi_${randomBytes(32).toString('base64url')}`)],
      [401, await enrich(`Token ${tokens.valid}`)],
      [401, await enrich(`Basic ${Buffer.from(`user:${tokens.valid}`).toString('base64')}`)],
      [401, await enrich(tokens.valid)],
      [401, await enrich(`Bearer ${tokens.valid}x`)],
      [401, await send('/asset-intelligence/analyze-nameplate', { authorization: `Bearer ${tokens.revoked}` })],
      // The provider repeats the key in its errors; the service answers 502/503 and logs the failure.
      [502, await enrich(`Bearer ${tokens.valid}`, 'Sink leaking echo-401')],
      [502, await enrich(`Bearer ${tokens.valid}`, 'Sink leaking echo-500')],
      [502, await enrich(`Bearer ${tokens.valid}`, 'Sink leaking echo-text')],
      [503, await enrich(`Bearer ${tokens.valid}`, 'Sink leaking drop-it')],
    ] as const;
    for (const [status, r] of sent) expect([r.id, r.status]).toEqual([r.id, status]);

    const lines = await requestLines(sent.map(([, r]) => r.id));
    for (const [status, r] of sent) {
      const completed = lines.get(r.id)?.find((e) => e.res?.statusCode);
      expect(completed).toMatchObject({ req: { method: 'POST' }, res: { statusCode: status } });
      if (completed!.req.headers.authorization !== undefined) expect(completed!.req.headers.authorization).toBe('[redacted]');
    }
    // The model failures were logged (as warnings and 5xx errors) with their causes.
    expect(service.output()).toMatch(new RegExp(`Diagnosis by ${provider} failed`));
    // The provider's own words are kept, with the key they repeated taken out.
    expect(service.output()).toMatch(/Incorrect API key provided: (Bearer )?\[redacted\]/);
    // Reported by line, so a leak names the log message that carried it.
    const leaking = service
      .output()
      .split('\n')
      .filter((line) => secretParts().some((secret) => line.includes(secret)));
    expect(leaking).toEqual([]);
  });

  describe('a token sent in the query string', () => {
    let sent: { id: string; status: number }[];
    beforeAll(async () => {
      sent = [
        await send('/work-order/enrich', { query: `?access_token=${tokens.query}`, body: { issue_description: 'Toilet keeps running' } }),
        await send('/work-order/enrich', { query: `?access_token=${tokens.query}`, body: { issue_description: 'Sink leaking echo-500' } }),
      ];
      await requestLines(sent.map((r) => r.id));
    });

    it('is refused (tokens are accepted in the Authorization header only) and the refusal is logged', async () => {
      expect(sent.map((r) => r.status)).toEqual([401, 401]);
      const lines = await requestLines(sent.map((r) => r.id));
      for (const r of sent) expect(lines.get(r.id)?.find((e) => e.res?.statusCode)).toMatchObject({ req: { method: 'POST' }, res: { statusCode: 401 } });
    });

    /** The request line's req.url and req.query are redacted (src/logging/logger.module.ts). */
    it('stays out of every log line', () => {
      expect(service.output()).not.toContain(tokens.query.slice(12));
    });
  });
});
