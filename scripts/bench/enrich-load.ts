/**
 * Load generator of the enrich benchmark, run as its own process (so its CPU is not the
 * service's): keeps `connections` keep-alive connections busy for `duration` seconds, cycling the
 * request bodies in order, and prints one JSON summary on stdout: latency percentiles overall and
 * by the X-Retrieval-Path each answer reports, statuses and throughput.
 *   ts-node scripts/bench/enrich-load.ts <spec.json>
 * spec: { url, token, connections, duration, bodies: object[] }
 */
import * as fs from 'node:fs';
import * as http from 'node:http';
import { monitorEventLoopDelay } from 'node:perf_hooks';

interface Spec {
  url: string;
  token: string;
  connections: number;
  duration: number;
  bodies: object[];
}

interface Sample {
  ms: number;
  status: number;
  path: string;
  /** Index of the body sent, and when the request was sent (seconds from the start of the run). */
  body: number;
  at_s: number;
}

function post(agent: http.Agent, url: URL, token: string, body: string): Promise<Omit<Sample, 'body' | 'at_s'>> {
  const start = process.hrtime.bigint();
  return new Promise((resolve) => {
    const req = http.request(
      url,
      { method: 'POST', agent, headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) } },
      (res) => {
        res.resume();
        res.on('end', () =>
          resolve({ ms: Number(process.hrtime.bigint() - start) / 1e6, status: res.statusCode ?? 0, path: String(res.headers['x-retrieval-path'] ?? 'none') }),
        );
      },
    );
    req.on('error', () => resolve({ ms: Number(process.hrtime.bigint() - start) / 1e6, status: 0, path: 'error' }));
    req.end(body);
  });
}

export function percentiles(values: number[]): { n: number; p50: number; p90: number; p99: number; max: number } {
  const sorted = [...values].sort((a, b) => a - b);
  const at = (p: number) => sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))] ?? 0;
  const round = (v: number) => Math.round(v * 10) / 10;
  return { n: sorted.length, p50: round(at(0.5)), p90: round(at(0.9)), p99: round(at(0.99)), max: round(sorted[sorted.length - 1] ?? 0) };
}

export interface LoadSummary {
  requests: number;
  distinct_bodies_sent: number;
  seconds: number;
  requests_per_second: number;
  latency_ms: ReturnType<typeof percentiles>;
  by_path: Record<string, ReturnType<typeof percentiles>>;
  statuses: Record<string, number>;
  /**
   * This load process's own event-loop delay: a request's latency is read when its answer is
   * handled, so a stall here (the two cores busy with the service) adds to the measured latency.
   */
  load_process_loop_delay_ms: { p99: number; max: number };
  /** When the run started (epoch ms), which `at_s` counts from. */
  started_at: number;
  /** The ten slowest requests, to replay alone or to line up with the service's own stalls. */
  slowest: Sample[];
}

async function main(): Promise<void> {
  const spec: Spec = JSON.parse(fs.readFileSync(process.argv[2], 'utf8'));
  const url = new URL('/work-order/enrich', spec.url);
  const agent = new http.Agent({ keepAlive: true, maxSockets: spec.connections });
  const bodies = spec.bodies.map((b) => JSON.stringify(b));
  const samples: Sample[] = [];
  const loopDelay = monitorEventLoopDelay({ resolution: 10 });
  loopDelay.enable();
  let next = 0;
  const started = Date.now();
  const end = started + spec.duration * 1000;
  await Promise.all(
    Array.from({ length: spec.connections }, async () => {
      while (Date.now() < end) {
        const body = next++ % bodies.length;
        const at_s = (Date.now() - started) / 1000;
        samples.push({ ...(await post(agent, url, spec.token, bodies[body])), body, at_s });
      }
    }),
  );
  const seconds = (Date.now() - started) / 1000;
  loopDelay.disable();
  agent.destroy();
  const byPath: Record<string, ReturnType<typeof percentiles>> = {};
  for (const path of new Set(samples.map((s) => s.path))) byPath[path] = percentiles(samples.filter((s) => s.path === path).map((s) => s.ms));
  const statuses: Record<string, number> = {};
  for (const s of samples) statuses[s.status] = (statuses[s.status] ?? 0) + 1;
  const summary: LoadSummary = {
    requests: samples.length,
    distinct_bodies_sent: Math.min(next, bodies.length),
    seconds,
    requests_per_second: Math.round((samples.length / seconds) * 10) / 10,
    latency_ms: percentiles(samples.map((s) => s.ms)),
    by_path: byPath,
    statuses,
    load_process_loop_delay_ms: { p99: Math.round(loopDelay.percentile(99) / 1e5) / 10, max: Math.round(loopDelay.max / 1e5) / 10 },
    started_at: started,
    slowest: [...samples]
      .sort((a, b) => b.ms - a.ms)
      .slice(0, 10)
      .map((s) => ({ ...s, ms: Math.round(s.ms * 10) / 10 })),
  };
  process.stdout.write(JSON.stringify(summary));
}

if (require.main === module)
  main().catch((e) => {
    console.error(e);
    process.exit(1);
  });
