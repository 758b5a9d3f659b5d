import cluster, { type Worker } from 'node:cluster';
import { AggregatorRegistry, type MetricObjectWithValues, type MetricValue, type Registry } from 'prom-client';

/**
 * GET /metrics with several service processes on one port (`SERVICE_PROCESSES`): the process that
 * takes the scrape asks the primary, the primary asks every process that is serving for its
 * registry, sums them with prom-client's `AggregatorRegistry.aggregate` and answers. Processes
 * still starting are not asked (prom-client's own `clusterMetrics` asks every connected worker,
 * and one still booting made the scrape wait 5 s and fail).
 */
const SCRAPE = 'woi:metrics-scrape';
const SCRAPED = 'woi:metrics-scraped';
const GATHER = 'woi:metrics-gather';
const GATHERED = 'woi:metrics-gathered';

type Metrics = MetricObjectWithValues<MetricValue<string>>[];
type Message =
  | { type: typeof SCRAPE; id: number }
  | { type: typeof SCRAPED; id: number; body?: string; error?: string }
  | { type: typeof GATHER; id: number }
  | { type: typeof GATHERED; id: number; metrics: Metrics };

/** How long a scrape waits for the other processes. */
const ANSWER_TIMEOUT_MS = 5000;

/** Whether this process is one of several service processes sharing a port. */
export function isServiceWorker(): boolean {
  return cluster.isWorker && typeof process.send === 'function';
}

/** Waits for the first message matching `accept` on an emitter of IPC messages, or rejects after the timeout. */
function answer<T>(emitter: NodeJS.EventEmitter, accept: (m: Message) => T | undefined, what: string): Promise<T> {
  return new Promise((resolve, reject) => {
    const onMessage = (m: Message) => {
      const value = accept(m);
      if (value === undefined) return;
      clearTimeout(timer);
      emitter.off('message', onMessage);
      resolve(value);
    };
    const timer = setTimeout(() => {
      emitter.off('message', onMessage);
      reject(new Error(`Metrics of the service processes: ${what} did not answer within ${ANSWER_TIMEOUT_MS} ms`));
    }, ANSWER_TIMEOUT_MS);
    emitter.on('message', onMessage);
  });
}

let nextId = 0;

/** In a worker: hands this process's registry to the primary when it gathers. */
export function answerClusterMetrics(registry: Registry): void {
  process.on('message', (m: Message) => {
    if (m?.type !== GATHER) return;
    void registry.getMetricsAsJSON().then((metrics) => process.send!({ type: GATHERED, id: m.id, metrics } satisfies Message));
  });
}

/** In a worker: the metrics of every serving process, summed, as Prometheus text. */
export async function clusterMetrics(): Promise<string> {
  const id = nextId++;
  const reply = answer(process, (m) => (m?.type === SCRAPED && m.id === id ? m : undefined), 'the primary');
  process.send!({ type: SCRAPE, id } satisfies Message);
  const { body, error } = await reply;
  if (error !== undefined) throw new Error(`Metrics of the service processes: ${error}`);
  return body ?? '';
}

/** In the primary: answers a worker's scrapes with the summed metrics of the `serving` processes. */
export function serveClusterMetrics(worker: Worker, serving: () => Worker[]): void {
  worker.on('message', (m: Message) => {
    if (m?.type !== SCRAPE) return;
    const id = nextId++;
    const parts = serving().map((w) => {
      const part = answer(w, (r) => (r?.type === GATHERED && r.id === id ? r.metrics : undefined), `process ${w.process.pid}`);
      w.send({ type: GATHER, id } satisfies Message);
      return part;
    });
    Promise.all(parts)
      .then((all) => AggregatorRegistry.aggregate(all).metrics())
      .then(
        (body) => worker.send({ type: SCRAPED, id: m.id, body } satisfies Message),
        (e: unknown) => worker.send({ type: SCRAPED, id: m.id, error: e instanceof Error ? e.message : String(e) } satisfies Message),
      );
  });
}
