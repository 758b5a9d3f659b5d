/**
 * Soak test (a script, not a test): runs the real service as its own process, seeds a client
 * with a token and a realistic history, then sends a steady, realistic mix of requests over
 * loopback (mostly enrich, some analyze, a few imports, rare nameplate photos) and reports per
 * window (a minute by default): requests, errors, latency p50/p95/p99, the service's RSS, heap
 * and CPU. Verdict: zero errors, RSS and heap (after a full GC) grow under 10% from the end of
 * the warm-up to the end, and enrich/analyze p99 do not drift upward. Writes
 * bench-results/soak-<minutes>min-<rate>rps-<embedded|postgres>.{json,md}; exits 1 on FAIL.
 *
 *   npm run soak                                  # 10 req/s for 10 minutes on a fresh embedded database
 *   SOAK_RATE=20 SOAK_MINUTES=30 npm run soak
 *   DATABASE_URL=postgresql://… npm run soak      # a throwaway server: each run adds a client and its rows
 *
 * Settings (environment): SOAK_RATE (requests/s, default 10), SOAK_MINUTES (default 10),
 * SOAK_WINDOW_SECONDS (report window; 60, or 15 for runs under 5 minutes), SOAK_WARMUP_SECONDS
 * (default one window), SOAK_HISTORY (seeded work orders, default 10000), SOAK_P99_TOLERANCE
 * (allowed relative p99 rise, default 0.25), SOAK_P99_SLACK_MS (allowed absolute rise, default 5).
 */
import 'reflect-metadata';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { ApiTokenEntity } from '../src/auth/api-token.entity';
import { ApiTokenService } from '../src/auth/api-token.service';
import { ClientEntity } from '../src/auth/client.entity';
import { createImporter } from '../src/cli/import.command';
import { loadAppConfig } from '../src/config/app-config';
import { openDatabase } from '../src/database/open-database';
import { ENTITIES } from '../src/schema';
import { seedDemoHistory } from '../src/work-order/demo/demo-seeder';
import { Check, errorKinds, isError, latencyStats, markdown, mb, Sample, SoakSettings, verdict, WindowReport } from './soak/report';
import { MemorySample, startSoakService } from './soak/service';
import { buildTraffic, MIX, PORTFOLIO_PROPERTIES, PreparedRequest, RequestKind } from './soak/traffic';

function setting(name: string, fallback: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw.trim() === '') return fallback;
  const value = Number(raw);
  if (!Number.isFinite(value) || value < 0) throw new Error(`${name} must be a non-negative number, got "${raw}"`);
  return value;
}

const MINUTES = setting('SOAK_MINUTES', 10);
const WINDOW_SECONDS = setting('SOAK_WINDOW_SECONDS', MINUTES >= 5 ? 60 : 15);
const SETTINGS: SoakSettings = {
  rate: setting('SOAK_RATE', 10),
  minutes: MINUTES,
  windowSeconds: WINDOW_SECONDS,
  warmUpSeconds: setting('SOAK_WARMUP_SECONDS', WINDOW_SECONDS),
  memoryGrowthLimit: 0.1,
  p99Tolerance: setting('SOAK_P99_TOLERANCE', 0.25),
  p99SlackMs: setting('SOAK_P99_SLACK_MS', 5),
};
const HISTORY = setting('SOAK_HISTORY', 10_000);
const REQUEST_TIMEOUT_MS = 30_000;

const sleepUntil = (at: number) => new Promise((resolve) => setTimeout(resolve, Math.max(0, at - Date.now())));

async function send(baseUrl: string, token: string, request: PreparedRequest, dueAt: number): Promise<Sample> {
  const sentAt = Date.now();
  try {
    const res = await fetch(`${baseUrl}${request.path}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, ...request.headers },
      body: request.body,
      signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
    });
    await res.arrayBuffer();
    return { kind: request.kind, dueAt, sentAt, endedAt: Date.now(), status: res.status };
  } catch (e) {
    return { kind: request.kind, dueAt, sentAt, endedAt: Date.now(), status: 0, failure: e instanceof Error ? `${e.name}: ${e.message}` : String(e) };
  }
}

async function main(): Promise<void> {
  const { rate, minutes, windowSeconds, warmUpSeconds } = SETTINGS;
  const windows = Math.max(1, Math.round((minutes * 60) / windowSeconds));
  // The warm-up covers whole windows; the memory baseline is taken at its end.
  const warmUpWindows = Math.max(1, Math.ceil(warmUpSeconds / windowSeconds));
  if (warmUpWindows >= windows) throw new Error('SOAK_WARMUP_SECONDS must leave at least one window after the warm-up');
  console.log(`Soak: ${rate} req/s for ${minutes} min, ${windows} windows of ${windowSeconds} s, warm-up ${warmUpSeconds} s`);
  const traffic = await buildTraffic();

  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'woi-soak-'));
  const logFile = path.join(dir, 'service.log');
  const databaseEnv: Record<string, string> = process.env.DATABASE_URL ? { DATABASE_URL: process.env.DATABASE_URL } : { DATA_DIR: path.join(dir, 'data') };
  // Production settings (JSON logs, OCR warmed at boot, no demo client) without the rate limit,
  // which would turn a steady soak into 429s.
  const service = await startSoakService({ ...databaseEnv, NODE_ENV: 'production', RATE_LIMIT_MAX: '0', LOG_LEVEL: 'info' }, logFile);
  const db = await openDatabase(loadAppConfig({ ...databaseEnv, LOG_LEVEL: 'silent' }), ENTITIES);
  try {
    const tokens = new ApiTokenService(db.dataSource.getRepository(ApiTokenEntity), db.dataSource.getRepository(ClientEntity));
    const { token, summary } = await tokens.createToken(`soak-${Date.now()}`, 'soak test');
    const clientId = (await tokens.clientByName(summary.client)).id;
    const seeded = await seedDemoHistory(createImporter(db.dataSource), clientId, {
      count: HISTORY,
      seed: 99,
      properties: PORTFOLIO_PROPERTIES,
      idPrefix: 'SOAK-H',
    });
    const countRows = async () => Number((await db.dataSource.query('SELECT count(*)::int AS n FROM work_orders WHERE client_id = $1', [clientId]))[0].n);
    console.log(`Service pid ${service.pid} on ${db.description}; seeded ${seeded.inserted} work orders for client ${summary.client}`);

    const startedAt = Date.now() + 500;
    const endAt = startedAt + windows * windowSeconds * 1000;
    const windowOf = (s: Sample) => Math.min(windows, Math.floor((s.dueAt - startedAt) / (windowSeconds * 1000)) + 1);
    const samples: Sample[] = [];
    const inFlight = new Set<Promise<void>>();

    // Memory and CPU at each window's end, while the load goes on; a full GC at the end of the warm-up and at the end.
    const perWindow: { memory: MemorySample; cpuSeconds: number; loadCpuSeconds: number }[] = [];
    let baseline: MemorySample | undefined;
    let end: MemorySample | undefined;
    let cpuBefore = service.cpuSeconds();
    let loadCpuBefore = process.cpuUsage();
    const sampler = (async () => {
      for (let w = 1; w <= windows; w++) {
        await sleepUntil(startedAt + w * windowSeconds * 1000);
        const cpu = service.cpuSeconds();
        const loadCpu = process.cpuUsage(loadCpuBefore);
        loadCpuBefore = process.cpuUsage();
        perWindow.push({ memory: await service.memory(false), cpuSeconds: cpu - cpuBefore, loadCpuSeconds: (loadCpu.user + loadCpu.system) / 1e6 });
        cpuBefore = cpu;
        if (w === warmUpWindows) baseline = await service.memory(true);
        if (w === windows) end = await service.memory(true);
        const last = samples.filter((s) => windowOf(s) === w);
        console.log(`window ${w}/${windows}: ${last.length} answered so far, ${last.filter(isError).length} errors, RSS ${mb(perWindow[w - 1].memory.rss)} MB`);
      }
    })();
    const rowsBefore = await countRows();

    for (let i = 0; ; i++) {
      const dueAt = startedAt + (i * 1000) / rate;
      if (dueAt >= endAt) break;
      await sleepUntil(dueAt);
      const request = traffic.next();
      const sent: Promise<void> = send(service.baseUrl, token, request, dueAt).then((sample) => {
        samples.push(sample);
        inFlight.delete(sent);
      });
      inFlight.add(sent);
    }
    await sampler;
    await Promise.all(inFlight);
    const rowsAfter = await countRows();

    const reports: WindowReport[] = perWindow.map(({ memory, cpuSeconds, loadCpuSeconds }, i) => {
      const inWindow = samples.filter((s) => windowOf(s) === i + 1);
      const byKind: WindowReport['byKind'] = {};
      for (const [kind] of MIX) {
        const ofKind = inWindow.filter((s) => s.kind === kind);
        if (ofKind.length > 0) byKind[kind as RequestKind] = latencyStats(ofKind);
      }
      return {
        window: i + 1,
        fromSecond: i * windowSeconds,
        toSecond: (i + 1) * windowSeconds,
        warmUp: i + 1 <= warmUpWindows,
        requests: inWindow.length,
        errors: inWindow.filter(isError).length,
        errorKinds: errorKinds(inWindow),
        latencyMs: latencyStats(inWindow),
        byKind,
        rssMb: mb(memory.rss),
        heapUsedMb: mb(memory.heapUsed),
        serviceCpuPercent: Math.round((cpuSeconds / windowSeconds) * 100),
        loadCpuPercent: Math.round((loadCpuSeconds / windowSeconds) * 100),
        loopDelayMs: { p99: memory.loopDelayP99Ms, max: memory.loopDelayMaxMs },
        loopUtilizationPercent: Math.round(memory.loopUtilization * 100),
        sendLagMaxMs: Math.max(0, ...inWindow.map((s) => s.sentAt - s.dueAt)),
      };
    });
    const checks: Check[] = verdict(SETTINGS, reports, samples, baseline!, end!, windowOf);
    const passed = service.alive() && checks.every((c) => c.pass !== false);
    const meta = {
      date: new Date().toISOString(),
      machine: `${os.cpus().length} cores (${os.cpus()[0]?.model.trim()}), ${Math.round(os.totalmem() / 2 ** 30)} GiB, Node ${process.version}`,
      database: db.description,
      rate,
      minutes,
      windowSeconds,
      warmUpSeconds,
      mix: MIX.map(([kind, share]) => `${kind} ${share * 100}%`).join(', '),
      history: `History: ${seeded.inserted} seeded work orders; the client held ${rowsBefore} rows when the load started and ${rowsAfter} at the end.`,
      memory: { baseline, end },
      serviceAlive: service.alive(),
    };
    const name = `soak-${minutes}min-${rate}rps-${process.env.DATABASE_URL ? 'postgres' : 'embedded'}`;
    fs.mkdirSync('bench-results', { recursive: true });
    fs.writeFileSync(`bench-results/${name}.json`, JSON.stringify({ ...meta, settings: SETTINGS, passed, checks, windows: reports }, null, 2));
    const text = markdown(meta, reports, checks, passed);
    fs.writeFileSync(`bench-results/${name}.md`, text);
    console.log(`\n${text}\nWritten: bench-results/${name}.json and .md`);
    if (samples.some(isError)) {
      fs.copyFileSync(logFile, `bench-results/${name}.service.log`);
      console.log(`Errors occurred: the service log is in bench-results/${name}.service.log`);
    }
    process.exitCode = passed ? 0 : 1;
  } finally {
    await db.close();
    await service.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
