import type { MemorySample } from './service';
import type { RequestKind } from './traffic';

/** One request's fate. Latency counts from when it was due, so a stalled sender cannot hide delays. */
export interface Sample {
  kind: RequestKind;
  dueAt: number;
  endedAt: number;
  status: number;
  /** Network failure or timeout, when no HTTP answer came. */
  failure?: string;
  /** When it was actually sent. */
  sentAt: number;
}

export interface LatencyStats {
  count: number;
  p50: number;
  p95: number;
  p99: number;
  max: number;
}

export interface WindowReport {
  window: number;
  fromSecond: number;
  toSecond: number;
  warmUp: boolean;
  requests: number;
  errors: number;
  /** Status (or failure) counts of the errors. */
  errorKinds: Record<string, number>;
  latencyMs: LatencyStats;
  byKind: Partial<Record<RequestKind, LatencyStats>>;
  rssMb: number;
  heapUsedMb: number;
  /** Share of one core the service used in this window (200% = both cores). */
  serviceCpuPercent: number;
  /** Share of one core the load generator (this script) used. */
  loadCpuPercent: number;
  /** The service's event-loop delay in this window. */
  loopDelayMs: { p99: number; max: number };
  /** Share of the window the service's main thread was busy: the headroom of a single-threaded server. */
  loopUtilizationPercent: number;
  /** Latest a request was sent after it was due (the load generator's own lag). */
  sendLagMaxMs: number;
}

export interface SoakSettings {
  rate: number;
  minutes: number;
  windowSeconds: number;
  warmUpSeconds: number;
  memoryGrowthLimit: number;
  p99Tolerance: number;
  p99SlackMs: number;
}

export interface Check {
  name: string;
  pass: boolean | null;
  detail: string;
}

export const mb = (bytes: number) => Math.round((bytes / 2 ** 20) * 10) / 10;

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))];
}

export function latencyStats(samples: Sample[]): LatencyStats {
  const sorted = samples.map((s) => s.endedAt - s.dueAt).sort((a, b) => a - b);
  return { count: sorted.length, p50: percentile(sorted, 50), p95: percentile(sorted, 95), p99: percentile(sorted, 99), max: sorted[sorted.length - 1] ?? 0 };
}

export function isError(sample: Sample): boolean {
  return sample.failure !== undefined || sample.status !== 200;
}

export function errorKinds(samples: Sample[]): Record<string, number> {
  const kinds: Record<string, number> = {};
  for (const s of samples.filter(isError)) {
    const key = s.failure ? `${s.kind}: ${s.failure}` : `${s.kind}: HTTP ${s.status}`;
    kinds[key] = (kinds[key] ?? 0) + 1;
  }
  return kinds;
}

/** Zero errors, memory after warm-up within the limit, and no upward p99 drift of the frequent kinds. */
export function verdict(
  settings: SoakSettings,
  windows: WindowReport[],
  samples: Sample[],
  baseline: MemorySample,
  end: MemorySample,
  windowOf: (s: Sample) => number,
): Check[] {
  const checks: Check[] = [];
  const errors = samples.filter(isError).length;
  checks.push({
    name: 'zero errors',
    pass: errors === 0,
    detail: `${errors} of ${samples.length} requests failed${errors ? `: ${JSON.stringify(errorKinds(samples))}` : ''}`,
  });

  for (const [name, key] of [
    ['RSS', 'rss'],
    ['heap used', 'heapUsed'],
  ] as const) {
    const growth = (end[key] - baseline[key]) / baseline[key];
    checks.push({
      name: `${name} growth after warm-up < ${settings.memoryGrowthLimit * 100}%`,
      pass: growth < settings.memoryGrowthLimit,
      detail: `${mb(baseline[key])} MB → ${mb(end[key])} MB (${growth >= 0 ? '+' : ''}${(growth * 100).toFixed(1)}%, both after a full GC)`,
    });
  }

  // p99 of the first and the last quarter of the measured windows (at least one each), pooled.
  const measured = windows.filter((w) => !w.warmUp).map((w) => w.window);
  const span = Math.max(1, Math.floor(measured.length / 4));
  const first = new Set(measured.slice(0, span));
  const last = new Set(measured.slice(-span));
  for (const kind of ['enrich', 'analyze'] as const) {
    const early = latencyStats(samples.filter((s) => s.kind === kind && first.has(windowOf(s))));
    const late = latencyStats(samples.filter((s) => s.kind === kind && last.has(windowOf(s))));
    const limit = early.p99 * (1 + settings.p99Tolerance) + settings.p99SlackMs;
    const name = `${kind} p99 does not drift up (last ≤ first × ${1 + settings.p99Tolerance} + ${settings.p99SlackMs} ms)`;
    if (measured.length < 2 || early.count < 20 || late.count < 20) {
      checks.push({ name, pass: null, detail: `not judged: too few samples (${early.count} early, ${late.count} late) or windows (${measured.length})` });
    } else {
      checks.push({
        name,
        pass: late.p99 <= limit,
        detail: `first ${span} window(s) p99 ${early.p99} ms (n=${early.count}), last ${span} p99 ${late.p99} ms (n=${late.count}), limit ${Math.round(limit)} ms`,
      });
    }
  }
  return checks;
}

export function markdown(meta: Record<string, unknown>, windows: WindowReport[], checks: Check[], passed: boolean): string {
  const lines = [
    `# Soak: ${meta.rate} req/s for ${meta.minutes} min (${meta.database})`,
    '',
    `${meta.date}; ${meta.machine}. Mix: ${meta.mix}. ${meta.history}`,
    '',
    `| window | seconds | requests | errors | p50 ms | p95 ms | p99 ms | enrich p99 | analyze p99 | import p50 | nameplate p50 | RSS MB | heap MB | service CPU | main thread busy | loop delay p99/max | send lag max |`,
    '|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|',
    ...windows.map((w) =>
      [
        `${w.window}${w.warmUp ? ' (warm-up)' : ''}`,
        `${w.fromSecond}-${w.toSecond}`,
        w.requests,
        w.errors,
        w.latencyMs.p50,
        w.latencyMs.p95,
        w.latencyMs.p99,
        w.byKind.enrich?.p99 ?? '—',
        w.byKind.analyze?.p99 ?? '—',
        w.byKind.import?.p50 ?? '—',
        w.byKind.nameplate?.p50 ?? '—',
        w.rssMb,
        w.heapUsedMb,
        `${w.serviceCpuPercent}%`,
        `${w.loopUtilizationPercent}%`,
        `${w.loopDelayMs.p99}/${w.loopDelayMs.max} ms`,
        `${w.sendLagMaxMs} ms`,
      ]
        .join(' | ')
        .replace(/^/, '| ')
        .replace(/$/, ' |'),
    ),
    '',
    `**Verdict: ${passed ? 'PASS' : 'FAIL'}**`,
    '',
    ...checks.map((c) => `- ${c.pass === null ? '➖ (not judged)' : c.pass ? '✅' : '❌'} ${c.name}: ${c.detail}`),
    '',
  ];
  return lines.join('\n');
}
