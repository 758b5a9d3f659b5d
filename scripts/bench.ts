/**
 * History benchmark (a script, not a test): seeds N work orders spread over several clients, then
 * drives POST /work-order/enrich for one client holding 10% of the rows, from a separate load
 * process (scripts/bench/enrich-load.ts) over keep-alive connections, cycling 4,000 (--texts, at
 * least 200) distinct descriptions: real ones from ../shared/data/real-work-orders when present, else a
 * generated set (the output says which); half carry a stored unit or property. Reports latency
 * p50/p90/p99/max overall and by the retrieval path each answer took (X-Retrieval-Path), CPU per
 * request of the service's Node process and of PostgreSQL, and each path's search beside the
 * same-job floor. A 10 s warm-up at 2 connections (--warmup) runs first and is not measured. Writes bench-results/history-<rows>.json.
 * Each run also lists its ten slowest requests (when they were sent, path, description) and, with
 * the app hosted in this process, the service's own event-loop delay and garbage-collection pauses
 * over the run, so a latency spike can be told apart from a stall of the service's thread.
 *
 *   npm run bench -- --rows 1000000 [--clients 10] [--duration 30] [--connections 2,8] [--texts 400] [--processes 2]
 *
 * --processes N (with DATABASE_URL) drives the service started as it is deployed, `src/main.ts`
 * with SERVICE_PROCESSES=N, in processes of its own, instead of the app hosted in this process
 * (which still seeds and times the retrieval paths); Node's CPU is then that of the service's
 * processes.
 *
 * Uses DATABASE_URL when set (use a throwaway database), otherwise a throwaway embedded one.
 * Clients are named bench-<rows>-<n>; a client that already holds its rows is not seeded again,
 * so a large history can be seeded once and measured several times.
 */
import 'reflect-metadata';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { ChildProcess, execFile, spawn } from 'node:child_process';
import * as net from 'node:net';
import { promisify } from 'node:util';
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
import { ProblemClassifier } from '../src/work-order/history/problem-classifier';
import { propertyKeyOf, unitKeyOf } from '../src/work-order/history/history-row';
import { SimilarWorkOrdersService } from '../src/work-order/retrieval/similar-work-orders.service';
import type { LoadSummary } from './bench/enrich-load';
import { benchTexts, pick } from './bench/real-text';
import { tableState, timeRetrievalPaths } from './bench/retrieval-paths';
import { processTreeCpuSeconds, serverCpuSeconds } from './bench/server-cpu';
import { watchServiceStalls } from './bench/service-stalls';

function arg(name: string, fallback: number): number {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? Number(process.argv[i + 1]) : fallback;
}

const ROWS = arg('rows', 100_000);
const CLIENTS = arg('clients', 10);
const DURATION = arg('duration', 30);
const TEXTS = Math.max(200, arg('texts', 4000));
const PATH_SAMPLES = arg('path-samples', 150);
const WARMUP = arg('warmup', 10);
const CONNECTIONS = (() => {
  const i = process.argv.indexOf('--connections');
  return (i >= 0 ? process.argv[i + 1] : '2,8').split(',').map(Number);
})();
const PROPERTIES = 40;
/** Service processes to drive (SERVICE_PROCESSES); 0 drives the app hosted in this process. */
const PROCESSES = arg('processes', 0);

/** The request bodies: distinct descriptions, every other one with a unit or a property of the caller's stored history. */
function requestBodies(descriptions: string[]): Record<string, unknown>[] {
  return descriptions.map((issue_description, i) => {
    const property = 1000 + ((i * 7) % PROPERTIES);
    if (i % 4 === 1) return { issue_description, unit_id: property * 1000 + (i % 12) };
    if (i % 4 === 3) return { issue_description, property_id: property };
    return { issue_description };
  });
}

async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as net.AddressInfo).port;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** The service started as deployed (src/main.ts), SERVICE_PROCESSES=processes, on a port of its own, once it answers /health. */
async function startService(databaseUrl: string, processes: number): Promise<{ url: string; pid: number; stop: () => Promise<void> }> {
  const port = await freePort();
  const child: ChildProcess = spawn(process.execPath, ['-r', 'ts-node/register/transpile-only', path.join(__dirname, '../src/main.ts')], {
    env: { ...process.env, NODE_ENV: 'test', DATABASE_URL: databaseUrl, PORT: String(port), SERVICE_PROCESSES: String(processes) },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the service exited with ${child.exitCode}`);
    const ok = await fetch(`${url}/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) break;
    if (Date.now() > deadline) throw new Error('the service did not answer /health within 120 s');
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  // /health answers from the first process; the others start once it listens.
  await new Promise((resolve) => setTimeout(resolve, processes > 1 ? 15_000 : 0));
  return {
    url,
    pid: child.pid!,
    stop: () =>
      new Promise<void>((resolve) => {
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}

/** Runs the load process against the service (this process, which must stay free to answer) and returns its summary. */
async function drive(spec: { url: string; token: string; connections: number; duration: number; bodies: object[] }): Promise<LoadSummary> {
  const file = path.join(os.tmpdir(), `woi-bench-load-${process.pid}.json`);
  fs.writeFileSync(file, JSON.stringify(spec));
  try {
    const { stdout } = await promisify(execFile)(
      process.execPath,
      ['-r', 'ts-node/register/transpile-only', path.join(__dirname, 'bench/enrich-load.ts'), file],
      {
        maxBuffer: 64 * 2 ** 20,
      },
    );
    return JSON.parse(stdout);
  } finally {
    fs.rmSync(file, { force: true });
  }
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
  process.stderr.write('vacuum analyze...\n');
  await ds.query('VACUUM ANALYZE work_orders');
  process.stderr.write('retrieval paths...\n');
  const [{ total }] = await ds.query('SELECT count(*)::int AS total FROM work_orders');
  const state = await tableState(ds);
  const texts = benchTexts();
  // The measured runs and the warm-up draw distinct descriptions from one shuffled pool (the
  // warm-up's come after the measured ones), so no cache has seen a measured text beforehand.
  const pool = pick(
    texts.texts.map((t) => t.description),
    Math.min(texts.texts.length, TEXTS + 1000),
  );
  const descriptions = pool.slice(0, TEXTS);
  const bodies = requestBodies(descriptions);
  const warmupBodies = requestBodies(pool.slice(TEXTS).length > 0 ? pool.slice(TEXTS) : descriptions);
  const paths = await timeRetrievalPaths(
    ds,
    app.get(SimilarWorkOrdersService),
    app.get(ProblemClassifier),
    caller.clientId,
    bodies.slice(0, PATH_SAMPLES).map((b) => ({
      text: String(b.issue_description),
      unitKey: typeof b.unit_id === 'number' ? unitKeyOf({ unit_id: b.unit_id }) : null,
      propertyKey: typeof b.property_id === 'number' ? propertyKeyOf({ property_id: b.property_id }) : null,
    })),
  );

  // Enrich over HTTP from the load process, at each concurrency; the service (this process) and
  // PostgreSQL are charged their CPU time over the run. Every run re-records the same work orders
  // (no work_order_id: each is a new ticket), as a busy client would.
  // Warm-up, not measured: the first seconds of a fresh process compile its code paths and fill
  // its caches (the client's fix counts, PostgreSQL's pages of the caller's tickets).
  process.stderr.write(`warm-up, ${WARMUP} s...\n`);
  await drive({ url: `http://127.0.0.1:${port}`, token: caller.token, connections: 2, duration: WARMUP, bodies: warmupBodies });
  if (PROCESSES > 0 && !config.database.url) throw new Error('--processes needs DATABASE_URL');
  const service = PROCESSES > 0 ? await startService(config.database.url!, PROCESSES) : undefined;
  const target = service?.url ?? `http://127.0.0.1:${port}`;
  const serviceCpuSeconds = () => (service ? processTreeCpuSeconds(service.pid) : (({ user, system }) => (user + system) / 1e6)(process.cpuUsage()));
  if (service) {
    process.stderr.write(`warm-up of the ${PROCESSES} service processes, ${WARMUP} s...\n`);
    await drive({ url: target, token: caller.token, connections: 2 * PROCESSES, duration: WARMUP, bodies: warmupBodies });
  }
  const runs = [];
  for (const connections of CONNECTIONS) {
    process.stderr.write(`enrich at ${connections} connections...\n`);
    const [nodeCpu, serverCpu] = [serviceCpuSeconds(), await serverCpuSeconds(ds)];
    const stopWatching = service ? undefined : watchServiceStalls();
    const load = await drive({ url: target, token: caller.token, connections, duration: DURATION, bodies });
    const stalls = stopWatching?.(load.started_at);
    const nodeSeconds = serviceCpuSeconds() - nodeCpu;
    const serverAfter = await serverCpuSeconds(ds);
    const requests = Number(load.requests);
    runs.push({
      connections,
      load_average_after: os.loadavg().map((l) => Number(l.toFixed(2))),
      ...load,
      slowest: load.slowest.map((s) => ({ ...s, description: String(bodies[s.body].issue_description).slice(0, 80) })),
      service_stalls: stalls ?? null,
      cpu_ms_per_request: {
        node: Math.round((nodeSeconds * 1e4) / requests) / 10,
        postgres: serverCpu === undefined || serverAfter === undefined ? null : Math.round(((serverAfter - serverCpu) * 1e4) / requests) / 10,
      },
    });
  }

  const report = {
    date: new Date().toISOString(),
    machine: `${os.cpus().length} cores, ${Math.round(os.totalmem() / 2 ** 30)} GiB, ${os.cpus()[0]?.model ?? '?'}`,
    database: config.database.url ? 'PostgreSQL server (DATABASE_URL)' : 'embedded PGlite',
    service: service ? `src/main.ts, SERVICE_PROCESSES=${PROCESSES}` : 'the app hosted in the bench process',
    texts: texts.source,
    distinct_descriptions: new Set(descriptions).size,
    rows_total: total,
    rows_caller: perClient,
    clients: CLIENTS,
    seed_rows_per_second: seeded > 0 ? Math.round(seeded / seedSeconds) : null,
    table_state: state,
    retrieval_paths: paths,
    warmup_s: WARMUP,
    enrich_http: runs,
  };
  console.log(`\nHistory benchmark: ${total} rows (${perClient} for the caller), ${report.database}, ${report.machine}`);
  console.log(`Service: ${report.service}`);
  console.log(`Descriptions: ${texts.source}; ${report.distinct_descriptions} distinct sent, half with a stored unit or property`);
  for (const run of runs) {
    const latency = run.latency_ms;
    console.log(
      `enrich, ${run.connections} connections, ${DURATION} s: ${run.requests} requests, ${run.requests_per_second} req/s, p50 ${latency.p50} / p90 ${latency.p90} / p99 ${latency.p99} / max ${latency.max} ms; CPU per request: Node ${run.cpu_ms_per_request.node} ms, PostgreSQL ${run.cpu_ms_per_request.postgres} ms; statuses ${JSON.stringify(run.statuses)}; load ${run.load_average_after.join(' ')}; the load process's own event-loop delay p99 ${run.load_process_loop_delay_ms.p99} / max ${run.load_process_loop_delay_ms.max} ms`,
    );
    console.table(run.by_path);
    if (run.service_stalls) {
      const { loop_delay_ms: loop, gc } = run.service_stalls;
      console.log(
        `the service's event-loop delay p99 ${loop.p99} / max ${loop.max} ms; GC ${gc.pauses} pauses, ${gc.total_ms} ms in all, longest ${gc.max_ms} ms; pauses of 20 ms or more (s into the run, ms): ${gc.long.map((p) => `${p.at_s}: ${p.ms} ${p.kind}`).join(', ') || 'none'}`,
      );
    }
    console.log('slowest requests (s into the run, ms, path, body):');
    for (const s of run.slowest) console.log(`  ${s.at_s.toFixed(2)}  ${s.ms}  ${s.path}  #${s.body} ${s.description}`);
  }
  console.log('Similar-ticket search by path (each text searched after a warm-up, alternated with the floor: the OR of its lexemes, ranked, top 10)');
  console.table(
    Object.fromEntries(
      paths.map((p) => [
        p.path,
        {
          texts: p.texts,
          service_p50: p.service_ms.p50,
          service_p99: p.service_ms.p99,
          service_max: p.service_ms.max,
          floor_p50: p.floor_ms.p50,
          floor_p99: p.floor_ms.p99,
          ratio: p.ratio,
        },
      ]),
    ),
  );
  console.log('Table state:', JSON.stringify(state));
  fs.mkdirSync('bench-results', { recursive: true });
  fs.writeFileSync(`bench-results/history-${ROWS}.json`, JSON.stringify(report, null, 2));

  await service?.stop();
  await app.close();
  await stopEmbedded();
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
