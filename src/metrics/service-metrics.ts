import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';

/** A reading taken at scrape time from something the service runs (a pool, a queue). */
type Reading = Record<string, number>;

/**
 * Live sources of one gauge, summed at scrape time. Several applications can run in one process
 * (a host importing the modules, tests): each registers its own pool or queue and removes it
 * when it shuts down.
 */
class GaugeSources {
  private readonly sources = new Set<() => Reading>();

  add(source: () => Reading): () => void {
    this.sources.add(source);
    return () => this.sources.delete(source);
  }

  total(): Reading {
    const sum: Reading = {};
    for (const source of this.sources) for (const [key, value] of Object.entries(source())) sum[key] = (sum[key] ?? 0) + value;
    return sum;
  }
}

/** Which statements a similar-ticket search ran (DEPLOYMENT.md, Metrics). */
export type RetrievalStep = 'problem' | 'unit_or_asset' | 'property' | 'full_text' | 'trigram' | 'named_part';

/** What happened to an imported row. */
export type ImportOutcome = 'inserted' | 'updated' | 'unchanged' | 'rejected';

/** Request latency buckets, in seconds: enrich answers in tens of milliseconds, a nameplate in about a second. */
const LATENCY_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30];
const STATEMENT_BUCKETS = [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 1];

/**
 * The service's Prometheus instruments, in a registry of their own (never prom-client's global
 * one, which a host application may use for its own metrics; a host can merge the two with
 * `Registry.merge`). No label carries a client, a token or any request text.
 */
export class ServiceMetrics {
  readonly registry = new Registry();
  private readonly ocrSources = new GaugeSources();
  private readonly poolSources = new GaugeSources();
  private defaultsOn = false;

  readonly httpDuration = new Histogram({
    name: 'woi_http_request_duration_seconds',
    help: 'HTTP request latency by route template, method and status code.',
    labelNames: ['method', 'route', 'status'] as const,
    buckets: LATENCY_BUCKETS,
    registers: [this.registry],
  });

  readonly diagnoses = new Counter({
    name: 'woi_diagnosis_total',
    help: 'Enrich answers by where their diagnoses came from (knowledge-base, gemini, openai).',
    labelNames: ['source'] as const,
    registers: [this.registry],
  });

  readonly retrievalPaths = new Counter({
    name: 'woi_retrieval_path_total',
    help: 'Similar-ticket searches by the path they took (the statements they ran, e.g. problem+full_text).',
    labelNames: ['path'] as const,
    registers: [this.registry],
  });

  readonly retrievalStatements = new Histogram({
    name: 'woi_retrieval_statement_duration_seconds',
    help: 'Time of each similar-ticket statement, by step.',
    labelNames: ['step'] as const,
    buckets: STATEMENT_BUCKETS,
    registers: [this.registry],
  });

  readonly llmCalls = new Counter({
    name: 'woi_llm_calls_total',
    help: 'Language model calls by provider and outcome (ok, failed, circuit_open).',
    labelNames: ['provider', 'outcome'] as const,
    registers: [this.registry],
  });

  readonly llmCircuit = new Gauge({
    name: 'woi_llm_circuit_state',
    help: "State of the model's circuit breaker: 0 closed, 1 half-open, 2 open (calls paused).",
    labelNames: ['provider'] as const,
    registers: [this.registry],
    // Each service process has its own breaker: across several, the most open one is reported.
    aggregator: 'max',
  });

  readonly importRows = new Counter({
    name: 'woi_import_rows_total',
    help: 'Imported history rows by outcome (inserted, updated, unchanged, rejected).',
    labelNames: ['outcome'] as const,
    registers: [this.registry],
  });

  constructor() {
    this.summedGauge('woi_ocr_queue', 'Nameplate photos waiting for an OCR worker (queued) and being read (running).', ['queued', 'running'], this.ocrSources);
    this.summedGauge(
      'woi_db_pool_connections',
      'Database pool connections: total open, idle, and requests waiting for one.',
      ['total', 'idle', 'waiting'],
      this.poolSources,
    );
  }

  /** A gauge labelled by `state`, each state set at scrape time to the sum of the live sources' readings. */
  private summedGauge(name: string, help: string, states: string[], sources: GaugeSources): void {
    new Gauge({
      name,
      help,
      labelNames: ['state'] as const,
      registers: [this.registry],
      collect() {
        const sum = sources.total();
        for (const state of states) this.set({ state }, sum[state] ?? 0);
      },
    });
  }

  /** Registers an OCR pool's queue; returns the function that removes it. */
  watchOcrQueue(read: () => { queued: number; running: number }): () => void {
    return this.ocrSources.add(read);
  }

  /** Registers a database pool; returns the function that removes it. */
  watchDatabasePool(read: () => { total: number; idle: number; waiting: number }): () => void {
    return this.poolSources.add(read);
  }

  /** Node's own process metrics (CPU, memory, event loop lag, GC), once per process: the standalone service turns them on. */
  collectProcessMetrics(): void {
    if (this.defaultsOn) return;
    this.defaultsOn = true;
    collectDefaultMetrics({ register: this.registry, prefix: 'woi_' });
  }
}

/**
 * One set of instruments per process, shared by every module that records into it: Prometheus
 * counts per process, and code outside Nest's container (the LLM adapters' breaker, the OCR
 * pools) records into it too.
 */
export const serviceMetrics = new ServiceMetrics();
