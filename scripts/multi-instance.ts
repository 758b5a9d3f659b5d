/**
 * Two service instances sharing one PostgreSQL primary, its streaming replica and one Redis (a
 * script, not a test; scripts/multi-instance.sh sets the servers up and runs it). Checks, by
 * HTTP calls, Redis and SQL on the replica:
 *   1. rate limits are shared: calls split across both instances exhaust one budget;
 *   2. the enrich cache is shared: an answer the model gave to instance A is served by B;
 *   3. lag-tolerant reads happen on the replica (its pg_stat_database counters move);
 *   4. with the replica stopped (-m immediate), enrich still answers 200 from the primary.
 *   5. with Redis stopped, enrich still answers 200 (rate limits fail open, the cache misses).
 * Exits 1 on any failed check. Environment: WOI_MI_DATABASE_URL, WOI_MI_REPLICA_URL,
 * WOI_MI_REDIS_URL, WOI_MI_STOP_REPLICA / WOI_MI_STOP_REDIS (shell commands stopping them),
 * WOI_MI_LOG_DIR, WOI_MI_REPLICA_LOG.
 */
import 'reflect-metadata';
import { ChildProcess, execSync, spawn } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import Redis from 'ioredis';
import { Client } from 'pg';
import { ApiTokenEntity } from '../src/auth/api-token.entity';
import { ApiTokenService } from '../src/auth/api-token.service';
import { ClientEntity } from '../src/auth/client.entity';
import { loadAppConfig } from '../src/config/app-config';
import { openDatabase } from '../src/database/open-database';
import { ENTITIES } from '../src/schema';
import { REDIS_KEY_NAMESPACE } from '../src/work-order/diagnosis/enrichment-cache';
import { createFakeOpenAi } from '../test/fakes/fake-openai.server';
import { freePort } from '../test/support/processes';

const ROOT = path.resolve(__dirname, '..');
const RATE_LIMIT_MAX = 12;
const env = (name: string) => process.env[name] ?? (console.error(`${name} is not set`), process.exit(2));
const PRIMARY = env('WOI_MI_DATABASE_URL');
const REPLICA = env('WOI_MI_REPLICA_URL');
const REDIS = env('WOI_MI_REDIS_URL');
const LOG_DIR = env('WOI_MI_LOG_DIR');
const REPLICA_LOG = env('WOI_MI_REPLICA_LOG');
const started = Date.now();
const elapsed = () => `${((Date.now() - started) / 1000).toFixed(1)} s`;

const ANSWER = {
  diagnoses: [
    {
      diagnosis: 'Worn flapper',
      assessment: 'The flapper no longer seals, so the tank keeps refilling.',
      likelihood: 0.7,
      vendor: 'plumbing',
      severity: 'low',
      resolution_steps: ['Replace the flapper'],
      parts: [],
      asset_specs: [],
      pricing: { labor_cost_per_hour: '$100.00', time: '1 hours', total_parts: '$0.00', total_labor: '$100.00', total: '$100.00' },
    },
  ],
  insights: [],
};

let failures = 0;
function check(ok: boolean, what: string): void {
  console.log(`${ok ? 'PASS' : 'FAIL'}  ${what}`);
  if (!ok) failures++;
}

interface Instance {
  name: string;
  url: string;
  child: ChildProcess;
}

async function startInstance(name: string, extra: Record<string, string>): Promise<Instance> {
  const port = await freePort();
  const log = fs.openSync(path.join(LOG_DIR, `${name}.log`), 'a');
  const child = spawn(process.execPath, ['-r', 'ts-node/register/transpile-only', 'src/main.ts'], {
    cwd: ROOT,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(port),
      DATABASE_URL: PRIMARY,
      DATABASE_REPLICA_URLS: REPLICA,
      REDIS_URL: REDIS,
      RATE_LIMIT_MAX: String(RATE_LIMIT_MAX),
      RATE_LIMIT_WINDOW_SECONDS: '120',
      OCR_START_AT_BOOT: 'false',
      LOG_LEVEL: 'warn',
      ...extra,
    },
    stdio: ['ignore', log, log],
  });
  fs.closeSync(log);
  const url = `http://127.0.0.1:${port}`;
  for (const deadline = Date.now() + 120_000; Date.now() < deadline && child.exitCode === null;) {
    try {
      if ((await fetch(`${url}/health`)).status === 200) return { name, url, child };
    } catch {
      // Not listening yet.
    }
    await new Promise((r) => setTimeout(r, 300));
  }
  child.kill('SIGTERM');
  throw new Error(`instance ${name} did not become healthy; see ${LOG_DIR}/${name}.log`);
}

function enrich(instance: Instance, token: string, body: object) {
  return fetch(`${instance.url}/work-order/enrich`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
}

/** Statements on work_orders the replica has run so far (it logs every statement: log_statement=all). */
function replicaWorkOrderReads(): number {
  // A logged statement may span lines: split at each "statement:" (simple protocol) or
  // "execute <name>:" (parameterized) and look in the whole text.
  return fs
    .readFileSync(REPLICA_LOG, 'utf8')
    .split(/LOG:\s+(?:statement|execute [^:]*):/)
    .slice(1)
    .filter((statement) => /\bwork_orders\b/i.test(statement)).length;
}

/** Sessions of the service open on the replica (pg_stat_activity there). */
async function replicaSessions(): Promise<number> {
  const client = new Client({ connectionString: REPLICA });
  await client.connect();
  try {
    const { rows } = await client.query(
      "SELECT count(*) AS n FROM pg_stat_activity WHERE backend_type = 'client backend' AND datname = current_database() AND pid <> pg_backend_pid()",
    );
    return Number(rows[0].n);
  } finally {
    await client.end();
  }
}

async function createToken(client: string): Promise<string> {
  const db = await openDatabase(loadAppConfig({ DATABASE_URL: PRIMARY }), ENTITIES);
  try {
    const tokens = new ApiTokenService(db.dataSource.getRepository(ApiTokenEntity), db.dataSource.getRepository(ClientEntity));
    return (await tokens.createToken(client)).token;
  } finally {
    await db.close();
  }
}

async function main(): Promise<void> {
  const fake = createFakeOpenAi();
  fake.defaultBehaviour = { kind: 'json', body: ANSWER };
  const llmUrl = await fake.start();
  const redis = new Redis(REDIS, { lazyConnect: true });
  await redis.connect();
  const llm = { LLM_PROVIDER: 'openai', OPENAI_API_KEY: 'sk-fake', OPENAI_BASE_URL: `${llmUrl}/v1`, ENRICH_CACHE_TTL_SECONDS: '300' };
  // A migrated schema before two instances start at once (each would otherwise race to migrate).
  const limited = await createToken('multi-instance-limits');
  const cached = await createToken('multi-instance-cache');
  const other = await createToken('multi-instance-other');
  const reads = await createToken('multi-instance-reads');
  const fallback = await createToken('multi-instance-fallback');
  console.log(`schema migrated, tokens created (${elapsed()})`);
  const [a, b] = await Promise.all([startInstance('instance-a', llm), startInstance('instance-b', llm)]);
  console.log(`instances up (${elapsed()}): A ${a.url}, B ${b.url}; replica ${REPLICA.replace(/\?.*/, '')}; Redis ${REDIS}`);
  try {
    // 1. One budget of RATE_LIMIT_MAX calls, spent alternately on A and B; the next call on B is refused.
    const statuses: number[] = [];
    for (let i = 0; i < RATE_LIMIT_MAX; i++) statuses.push((await enrich(i % 2 ? b : a, limited, { issue_description: `door ${i} sticks` })).status);
    const over = await enrich(b, limited, { issue_description: 'door sticks again' });
    check(
      statuses.every((s) => s === 200),
      `rate limit: ${RATE_LIMIT_MAX} calls alternating A/B all answered 200 (${statuses.join(',')})`,
    );
    check(
      over.status === 429,
      `rate limit: call ${RATE_LIMIT_MAX + 1} on B refused with 429 (got ${over.status}, Retry-After ${over.headers.get('retry-after')})`,
    );
    const fresh = await enrich(b, other, { issue_description: 'door sticks' });
    check(fresh.status === 200, `rate limit: another client's budget is untouched (B answered ${fresh.status})`);

    // 2. The model answers A once; B serves the same request from the shared cache without asking.
    const order = { issue_description: 'Toilet keeps running after flushing', unit_detail: 'Unit 12B' };
    const keysBefore = (await redis.keys(`${REDIS_KEY_NAMESPACE}:*`)).length;
    const callsBefore = fake.requests.length;
    const first = await enrich(a, cached, order);
    const second = await enrich(b, cached, order);
    const keysAfter = (await redis.keys(`${REDIS_KEY_NAMESPACE}:*`)).length;
    check(
      first.status === 200 && first.headers.get('x-diagnosis-cache') === 'miss',
      `cache: A asked the model (X-Diagnosis-Cache: ${first.headers.get('x-diagnosis-cache')})`,
    );
    check(
      second.status === 200 && second.headers.get('x-diagnosis-cache') === 'hit',
      `cache: B served A's answer (X-Diagnosis-Cache: ${second.headers.get('x-diagnosis-cache')})`,
    );
    check(fake.requests.length - callsBefore === 1, `cache: the model was called ${fake.requests.length - callsBefore} time(s) for the two calls`);
    check(keysAfter === keysBefore + 1, `cache: Redis holds one more ${REDIS_KEY_NAMESPACE} key (${keysBefore} -> ${keysAfter})`);
    const otherClient = await enrich(b, other, order);
    check(otherClient.headers.get('x-diagnosis-cache') === 'miss', `cache: the same order from another client is not served from the first client's entry`);

    // 3. Lag-tolerant reads (retrieval, callbacks) run on the replica.
    const before = replicaWorkOrderReads();
    const batch = 8;
    const batchStatuses: number[] = [];
    for (let i = 0; i < batch; i++) batchStatuses.push((await enrich(i % 2 ? b : a, reads, { issue_description: `kitchen sink leaking ${i}` })).status);
    const after = replicaWorkOrderReads();
    const sessions = await replicaSessions();
    check(
      batchStatuses.every((s) => s === 200),
      `replica: ${batch} enrich calls answered 200`,
    );
    check(after - before >= batch, `replica: it ran ${after - before} statements on work_orders during the ${batch} calls (its log_statement log)`);
    check(sessions >= 2, `replica: ${sessions} service sessions open on it (pg_stat_activity on the replica)`);

    // 4. The replica stops; reads fall back to the primary.
    execSync(env('WOI_MI_STOP_REPLICA'), { stdio: 'inherit' });
    const down: number[] = [];
    for (let i = 0; i < 6; i++) down.push((await enrich(i % 2 ? b : a, fallback, { issue_description: `bathroom fan noisy ${i}` })).status);
    check(
      down.every((s) => s === 200),
      `fallback: with the replica stopped, 6 enrich calls on A and B answered ${down.join(',')}`,
    );
    const fellBack = ['instance-a', 'instance-b'].filter((name) =>
      fs.readFileSync(path.join(LOG_DIR, `${name}.log`), 'utf8').includes('A read replica is unavailable'),
    );
    check(fellBack.length === 2, `fallback: both instances logged reading from the primary (${fellBack.join(', ') || 'none'})`);

    // 5. Redis stops: rate limits fail open and the cache reads as a miss; enrich keeps answering.
    redis.disconnect();
    execSync(env('WOI_MI_STOP_REDIS'), { stdio: 'inherit' });
    const noRedis: string[] = [];
    for (let i = 0; i < 4; i++) {
      const res = await enrich(i % 2 ? b : a, limited, { issue_description: `window will not close ${i}` });
      noRedis.push(`${res.status}/${res.headers.get('x-diagnosis-cache')}`);
    }
    check(
      noRedis.every((r) => r === '200/miss'),
      `Redis stopped: the exhausted token's calls are let through (limits fail open) and answered from the model: ${noRedis.join(',')}`,
    );
  } finally {
    for (const i of [a, b]) i.child.kill('SIGTERM');
    await Promise.all([a, b].map((i) => new Promise((r) => (i.child.exitCode !== null ? r(null) : i.child.on('exit', r)))));
    await fake.stop();
  }
  console.log(`done in ${elapsed()}`);
  console.log(failures === 0 ? 'multi-instance: all checks passed' : `multi-instance: ${failures} check(s) FAILED (logs in ${LOG_DIR})`);
  process.exit(failures === 0 ? 0 : 1);
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
