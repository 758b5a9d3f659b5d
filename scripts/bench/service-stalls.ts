/**
 * The service's own stalls over a measured run, when the app is hosted in the bench process: its
 * event-loop delay, and V8's garbage-collection pauses (count, total, longest, and the pauses of
 * 20 ms or more with the second of the run they began in, to line up with the load process's
 * slowest requests).
 */
import { monitorEventLoopDelay, PerformanceObserver, type PerformanceEntry } from 'node:perf_hooks';

export interface ServiceStalls {
  loop_delay_ms: { p99: number; max: number };
  gc: { pauses: number; total_ms: number; max_ms: number; long: { at_s: number; ms: number; kind: string }[] };
}

/** V8's kinds of collection, as perf_hooks numbers them. */
const GC_KINDS: Record<number, string> = { 1: 'minor', 2: 'major', 4: 'incremental', 8: 'weak callbacks' };
const LONG_PAUSE_MS = 20;
const round = (ms: number) => Math.round(ms * 10) / 10;

/** Starts watching; the returned function stops and reports, with times counted from `runStartedAt` (epoch ms, the load process's start). */
export function watchServiceStalls(): (runStartedAt: number) => ServiceStalls {
  const long: { at: number; ms: number; kind: string }[] = [];
  const loopDelay = monitorEventLoopDelay({ resolution: 10 });
  const gc = { pauses: 0, total_ms: 0, max_ms: 0 };
  const observer = new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      gc.pauses++;
      gc.total_ms += entry.duration;
      gc.max_ms = Math.max(gc.max_ms, entry.duration);
      const kind = (entry as PerformanceEntry & { detail?: { kind?: number } }).detail?.kind ?? 0;
      if (entry.duration >= LONG_PAUSE_MS)
        long.push({ at: performance.timeOrigin + entry.startTime, ms: round(entry.duration), kind: GC_KINDS[kind] ?? String(kind) });
    }
  });
  observer.observe({ entryTypes: ['gc'] });
  loopDelay.enable();
  return (runStartedAt) => {
    loopDelay.disable();
    observer.disconnect();
    return {
      loop_delay_ms: { p99: round(loopDelay.percentile(99) / 1e6), max: round(loopDelay.max / 1e6) },
      gc: {
        pauses: gc.pauses,
        total_ms: round(gc.total_ms),
        max_ms: round(gc.max_ms),
        long: long.map(({ at, ms, kind }) => ({ at_s: round((at - runStartedAt) / 1000), ms, kind })),
      },
    };
  };
}
