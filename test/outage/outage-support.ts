import { spawn } from 'node:child_process';

/** The commands .ci/run hands over to stop and start its PostgreSQL cluster. */
export interface ClusterControl {
  stop: string;
  start: string;
}

/**
 * The outage test stops the whole PostgreSQL server, so it runs only in its own pass
 * (`npm run test:outage`, from .ci/run) against a throwaway server, never inside `npm test`.
 */
export function clusterControl(): ClusterControl | undefined {
  const stop = process.env.WOI_PG_STOP;
  const start = process.env.WOI_PG_START;
  if (!stop || !start || process.env.TEST_DATABASE_KIND !== 'PostgreSQL server') return undefined;
  return { stop, start };
}

/** Runs a shell command line (bash, as .ci/run quotes it) and fails with its output on a non-zero exit. */
export function sh(command: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn('bash', ['-c', command], { stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (d) => (output += d));
    child.stderr.on('data', (d) => (output += d));
    child.on('close', (code) => (code === 0 ? resolve() : reject(new Error(`"${command}" exited with ${code}:\n${output}`))));
  });
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** One answered (or failed) request of the load. */
export interface Outcome {
  kind: string;
  startedAt: number;
  endedAt: number;
  status: number;
  /** The `error` code of a JSON error body. */
  error?: string;
  json: boolean;
  retryAfter?: string;
  /** Set when no HTTP answer arrived (refused, reset, timed out). */
  networkError?: string;
}

export interface LoadRequest {
  kind: string;
  path: string;
  body?: unknown;
}

/** Drives `concurrency` request loops until stopped, recording every outcome. */
export class Load {
  readonly outcomes: Outcome[] = [];
  private running = true;
  private loops: Promise<void>[] = [];

  constructor(
    private readonly baseUrl: string,
    private readonly token: string,
    private readonly requests: LoadRequest[],
    concurrency: number,
    /** A request with no answer after this long counts as hung. */
    private readonly giveUpMs = 30_000,
  ) {
    this.loops = Array.from({ length: concurrency }, (_, i) => this.loop(i));
  }

  private async loop(offset: number): Promise<void> {
    for (let i = offset; this.running; i++) {
      this.outcomes.push(await this.send(this.requests[i % this.requests.length]));
    }
  }

  private async send(request: LoadRequest): Promise<Outcome> {
    const startedAt = Date.now();
    try {
      const res = await fetch(`${this.baseUrl}${request.path}`, {
        method: 'POST',
        headers: { authorization: `Bearer ${this.token}`, ...(request.body ? { 'content-type': 'application/json' } : {}) },
        body: request.body ? JSON.stringify(request.body) : undefined,
        signal: AbortSignal.timeout(this.giveUpMs),
      });
      const text = await res.text();
      let error: string | undefined;
      let json = false;
      try {
        const parsed = JSON.parse(text) as { error?: string };
        json = /application\/json/.test(res.headers.get('content-type') ?? '');
        error = res.status === 200 ? undefined : parsed.error;
      } catch {
        json = false;
      }
      return { kind: request.kind, startedAt, endedAt: Date.now(), status: res.status, error, json, retryAfter: res.headers.get('retry-after') ?? undefined };
    } catch (e) {
      return {
        kind: request.kind,
        startedAt,
        endedAt: Date.now(),
        status: 0,
        json: false,
        networkError: e instanceof Error ? `${e.name}: ${e.message}` : String(e),
      };
    }
  }

  async stop(): Promise<Outcome[]> {
    this.running = false;
    await Promise.all(this.loops);
    return this.outcomes;
  }
}

export function between(outcomes: Outcome[], from: number, to: number): Outcome[] {
  return outcomes.filter((o) => o.startedAt >= from && o.startedAt < to);
}

export function percentile(values: number[], p: number): number {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

/** Status (and error code) counts, e.g. { "200": 40, "503 SERVICE_UNAVAILABLE": 12 }. */
export function tally(outcomes: Outcome[]): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const o of outcomes) {
    const key = o.networkError ? `network ${o.networkError}` : o.status === 200 ? '200' : `${o.status} ${o.error ?? '(not JSON)'}`;
    counts[key] = (counts[key] ?? 0) + 1;
  }
  return counts;
}
