import cluster, { type Worker } from 'node:cluster';
import { serveClusterMetrics } from './metrics/cluster-metrics';

/** Wait before a process that served is replaced. */
const RESTART_DELAY_MS = 1000;
/** Wait before replacing one that died while starting (the database may be down): no tight fork loop. */
const FAILED_START_DELAY_MS = 5000;
/** Longest a process may take to finish its requests and close after SIGTERM; then it is killed. */
const STOP_GRACE_MS = 60_000;

/**
 * The primary process of `SERVICE_PROCESSES` > 1: it serves nothing itself, it forks the workers
 * that run the service and share its port (node:cluster hands connections out in turn).
 * - The first worker starts alone and the others once it listens, so pending migrations run
 *   once (each instance runs them on start, DEPLOYMENT.md).
 * - If the first worker dies before it listens, the start failed (configuration, database): the
 *   primary exits with 1. Later, a worker that dies is replaced.
 * - SIGTERM or SIGINT is passed to the workers, which finish their requests and close (killed
 *   after a minute if they have not); the primary exits when they have.
 * - GET /metrics on any worker answers for all that serve: the worker asks the primary, which
 *   gathers and sums their registries (`metrics/cluster-metrics.ts`).
 */
export function superviseServiceProcesses(count: number, log: (message: string) => void): void {
  let stopping = false;
  let started = false;
  const listened = new WeakSet<Worker>();
  const serving = () => Object.values(cluster.workers ?? {}).filter((w): w is Worker => w !== undefined && listened.has(w) && w.isConnected());

  const fork = (): Worker => {
    const worker = cluster.fork();
    worker.once('listening', () => listened.add(worker));
    serveClusterMetrics(worker, serving);
    return worker;
  };

  const stop = (code: number) => {
    if (stopping) return;
    stopping = true;
    const workers = Object.values(cluster.workers ?? {}).filter((w): w is Worker => w !== undefined);
    if (workers.length === 0) process.exit(code);
    let left = workers.length;
    for (const w of workers) {
      w.once('exit', () => {
        if (--left === 0) process.exit(code);
      });
      w.process.kill('SIGTERM');
      setTimeout(() => w.process.kill('SIGKILL'), STOP_GRACE_MS).unref();
    }
  };

  cluster.on('exit', (worker, exitCode, signal) => {
    if (stopping) return;
    if (!started) {
      log(`The first service process exited before it listened (code ${exitCode ?? signal}); stopping`);
      stop(1);
      return;
    }
    log(`Service process ${worker.process.pid} exited (code ${exitCode ?? signal}); starting another`);
    setTimeout(
      () => {
        if (!stopping) fork();
      },
      listened.has(worker) ? RESTART_DELAY_MS : FAILED_START_DELAY_MS,
    );
  });

  const first = fork();
  first.once('listening', () => {
    started = true;
    for (let i = 1; i < count; i++) fork();
    log(`Serving with ${count} processes (primary ${process.pid})`);
  });
  for (const signal of ['SIGTERM', 'SIGINT'] as const) process.once(signal, () => stop(0));
}
