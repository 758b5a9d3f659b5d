/**
 * History benchmark (a script, not a test): seeds N work orders spread over several clients,
 * then measures over loopback with autocannon the enrich latency and throughput for one client
 * holding 10% of the rows, the retrieval + aggregation step alone, and the same retrieval done
 * as a naive ILIKE scan. Prints a table and writes bench-results/history-<rows>.json.
 *
 *   npm run bench -- --rows 100000 [--clients 10] [--duration 20] [--connections 8]
 *
 * Uses DATABASE_URL when set (use a throwaway database), otherwise a throwaway embedded one.
 * Clients are named bench-<rows>-<n>; a client that already holds its rows is not seeded again,
 * so a large history can be seeded once and measured several times.
 */
import 'reflect-metadata';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import autocannon from 'autocannon';
import { NestFactory } from '@nestjs/core';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { DataSource } from 'typeorm';
import { AppModule } from '../src/app.module';
import { configureApp } from '../src/app.setup';
import { ApiTokenService } from '../src/auth/api-token.service';
import { loadAppConfig } from '../src/config/app-config';
import type { DatabaseTarget } from '../src/database/data-source-options';
import { startEmbeddedPostgres } from '../src/database/embedded-postgres';
import { seedDemoHistory } from '../src/work-order/demo/demo-seeder';
import { HistoryImportService } from '../src/work-order/history/history-import.service';
import { HistoryService } from '../src/work-order/history/history.service';
import { ProblemClassifier } from '../src/work-order/history/problem-classifier';
import { keyTerms } from '../src/work-order/retrieval/query-terms';
import { SimilarWorkOrdersService } from '../src/work-order/retrieval/similar-work-orders.service';
import { tableState, timeRetrievalPaths } from './bench/retrieval-paths';

function arg(name: string, fallback: number): number {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? Number(process.argv[i + 1]) : fallback;
}

const ROWS = arg('rows', 100_000);
const CLIENTS = arg('clients', 10);
const DURATION = arg('duration', 20);
const CONNECTIONS = arg('connections', 8);
const SAMPLES = arg('samples', 300);

const QUERIES = [
  { issue_description: 'Toilet keeps running all night' },
  { issue_description: 'Kitchen sink leaking under the cabinet, floor of cabinet is wet', unit_id: 1003005 },
  { issue_description: 'No heat in the apartment since last night, thermostat set to 72', property_id: 1002 },
  { issue_description: 'AC blowing warm air', unit_id: 1001010 },
  { issue_description: 'garbage disposal jammed and humming' },
  { issue_description: 'Hi, tenant called again and says the dishwasher is full of water after every cycle and there is a smell, please send someone asap' },
  { issue_description: 'roaches in kitchen cabinets' },
  { issue_description: 'front door deadbolt stuck, key wont turn', property_id: 1004 },
  { issue_description: 'smoke detector chirping in hallway' },
  { issue_description: 'water stain on ceiling getting bigger after rain' },
];

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];

async function timeMany(n: number, work: (i: number) => Promise<unknown>): Promise<{ p50: number; p99: number; mean: number }> {
  const times: number[] = [];
  for (let i = 0; i < n; i++) {
    const start = process.hrtime.bigint();
    await work(i);
    times.push(Number(process.hrtime.bigint() - start) / 1e6);
  }
  times.sort((a, b) => a - b);
  return { p50: percentile(times, 50), p99: percentile(times, 99), mean: times.reduce((a, b) => a + b, 0) / times.length };
}

async function main(): Promise<void> {
  const config = loadAppConfig({ ...process.env, NODE_ENV: 'test', PORT: '0' });
  let database: DatabaseTarget;
  let stopEmbedded = async () => undefined as void;
  if (config.database.url) {
    database = { url: config.database.url };
  } else {
    const embedded = await startEmbeddedPostgres(fs.mkdtempSync(path.join(os.tmpdir(), 'woi-bench-')), 'service');
    database = { socket: embedded.connection };
    stopEmbedded = () => embedded.stop();
  }
  const app = await NestFactory.create<NestExpressApplication>(AppModule.forRoot({ config, database }), { bodyParser: false, logger: false });
  await configureApp(app, config);
  await app.listen(0, '127.0.0.1');
  const port = (app.getHttpServer().address() as { port: number }).port;
  const ds = app.get(DataSource);
  const tokens = app.get(ApiTokenService);
  const importer = app.get(HistoryImportService);
  const run = `bench-${ROWS}`;

  // Seed: the caller holds 10% of the rows, the rest is spread over the other clients.
  const perClient = Math.round(ROWS / CLIENTS);
  let caller = { token: '', clientId: '' };
  const seedStart = Date.now();
  let seeded = 0;
  for (let c = 0; c < CLIENTS; c++) {
    const { token, summary } = await tokens.createToken(`${run}-${c}`);
    const client = await tokens.clientByName(summary.client);
    const [{ existing }] = await ds.query('SELECT count(*)::int AS existing FROM work_orders WHERE client_id = $1', [client.id]);
    if (c === 0) caller = { token, clientId: client.id };
    if (existing >= perClient) continue;
    seeded += perClient;
    for (let done = 0; done < perClient; done += 50_000) {
      await seedDemoHistory(importer, client.id, {
        count: Math.min(50_000, perClient - done),
        seed: c * 1000 + done,
        idPrefix: `C${c}-${done}`,
        properties: 40,
      });
    }
    process.stderr.write(`seeded client ${c + 1}/${CLIENTS}\r`);
  }
  const seedSeconds = (Date.now() - seedStart) / 1000;
  // A vacuumed and analyzed table, so runs compare; its state is reported with the figures.
  await ds.query('VACUUM ANALYZE work_orders');
  const [{ total }] = await ds.query('SELECT count(*)::int AS total FROM work_orders');
  const state = await tableState(ds);
  const paths = await timeRetrievalPaths(ds, app.get(SimilarWorkOrdersService), app.get(ProblemClassifier), caller.clientId);

  // Retrieval + aggregation alone (no HTTP, no recording).
  const history = app.get(HistoryService);
  const retrieval = await timeMany(SAMPLES, (i) =>
    history.analyze(caller.clientId, { ...QUERIES[i % QUERIES.length], work_order_id: `bench-probe-${i % QUERIES.length}` } as never),
  );

  // Naive comparison: the same client's tickets containing any key term, by ILIKE.
  const naive = await timeMany(Math.min(SAMPLES, 60), (i) => {
    const terms = keyTerms(QUERIES[i % QUERIES.length].issue_description);
    const where = terms.map((_, j) => `issue_description ILIKE $${j + 2}`).join(' OR ');
    return ds.query(`SELECT * FROM work_orders WHERE client_id = $1 AND (${where}) ORDER BY opened_at DESC LIMIT 50`, [
      caller.clientId,
      ...terms.map((t) => `%${t}%`),
    ]);
  });

  // Full enrich over HTTP at a fixed concurrency.
  const result = await autocannon({
    url: `http://127.0.0.1:${port}`,
    connections: CONNECTIONS,
    duration: DURATION,
    requests: QUERIES.map((q) => ({
      method: 'POST',
      path: '/work-order/enrich',
      headers: { authorization: `Bearer ${caller.token}`, 'content-type': 'application/json' },
      body: JSON.stringify(q),
    })),
  });

  const report = {
    date: new Date().toISOString(),
    machine: `${os.cpus().length} cores, ${Math.round(os.totalmem() / 2 ** 30)} GiB, ${os.cpus()[0]?.model ?? '?'}`,
    database: config.database.url ? 'PostgreSQL server (DATABASE_URL)' : 'embedded PGlite',
    rows_total: total,
    rows_caller: perClient,
    clients: CLIENTS,
    seed_rows_per_second: seeded > 0 ? Math.round(seeded / seedSeconds) : null,
    table_state: state,
    retrieval_paths: paths,
    retrieval_ms: retrieval,
    naive_ilike_ms: naive,
    enrich_http: {
      connections: CONNECTIONS,
      duration_s: DURATION,
      p50_ms: result.latency.p50,
      p99_ms: result.latency.p99,
      requests_per_s: result.requests.average,
      non_2xx: result.non2xx,
      errors: result.errors,
    },
  };
  console.log(`\nHistory benchmark: ${total} rows (${perClient} for the caller), ${report.database}, ${report.machine}`);
  console.table({
    'retrieval + aggregation': { p50_ms: retrieval.p50.toFixed(2), p99_ms: retrieval.p99.toFixed(2), 'req/s': '' },
    'naive ILIKE scan': { p50_ms: naive.p50.toFixed(2), p99_ms: naive.p99.toFixed(2), 'req/s': '' },
    [`enrich over HTTP (${CONNECTIONS} conn)`]: { p50_ms: result.latency.p50, p99_ms: result.latency.p99, 'req/s': result.requests.average },
    'seeding (import path)': { p50_ms: '', p99_ms: '', 'req/s': `${report.seed_rows_per_second} rows/s` },
  });
  console.log('Similar-ticket search by path (median of 40, alternated with the floor: the ranked full-text top 10)');
  console.table(
    Object.fromEntries(
      paths.map((p) => [
        p.path,
        { service_ms: p.service_p50_ms.toFixed(2), floor_ms: p.floor_p50_ms.toFixed(2), ratio: p.ratio.toFixed(1), found: p.found, problems: p.problems },
      ]),
    ),
  );
  console.log('Table state:', JSON.stringify(state));
  fs.mkdirSync('bench-results', { recursive: true });
  fs.writeFileSync(`bench-results/history-${ROWS}.json`, JSON.stringify(report, null, 2));

  await app.close();
  await stopEmbedded();
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
