import * as os from 'node:os';
import { OcrBusyError, OcrError, OcrErrorReason } from './ocr-pool.types';

/** A job waiting for, or held by, one of a pool's workers. */
export interface PoolJob<R> {
  resolve: (result: R) => void;
  reject: (error: Error) => void;
}

/** What the pool needs to know of a worker: whether it holds a job now. */
export interface PoolSlot {
  job?: unknown;
}

export interface BoundedPoolOptions {
  /** Workers (default `os.availableParallelism()`). */
  size?: number;
  /** Jobs allowed to wait for a worker; one more is refused with OcrBusyError (default 4 × size). */
  maxQueue?: number;
}

/**
 * Starts `size` workers of an OCR pool, all or nothing: when one fails to load, the ones that did
 * are ended and the first failure is thrown, since a pool that started short would quietly run
 * with less capacity than configured.
 */
export async function startAll<T>(size: number, spawn: () => Promise<T>, end: (worker: T) => Promise<unknown>): Promise<T[]> {
  const settled = await Promise.allSettled(Array.from({ length: size }, spawn));
  const started = settled.flatMap((s) => (s.status === 'fulfilled' ? [s.value] : []));
  const failure = settled.find((s): s is PromiseRejectedResult => s.status === 'rejected');
  if (failure) {
    await Promise.all(started.map((worker) => end(worker).catch(() => undefined)));
    throw failure.reason;
  }
  return started;
}

/**
 * What the Tesseract and PP-OCR pools share: a fixed set of warm workers started all or nothing,
 * a bounded queue that refuses at once when full (503 with an estimated Retry-After), and a stop
 * that refuses queued jobs and lets running ones finish. How a worker is loaded, given a job,
 * timed out and replaced differs per engine and stays in the subclasses.
 */
export abstract class BoundedPool<S extends PoolSlot, J extends PoolJob<R>, R> {
  readonly size: number;
  private readonly maxQueue: number;
  protected slots: S[] = [];
  protected readonly queue: J[] = [];
  protected state: 'idle' | 'starting' | 'running' | 'stopping' = 'idle';
  private starting?: Promise<void>;
  /** Running average of a job's duration, for Retry-After. */
  private averageMs = 1500;

  /** `worker` names a worker in messages ("worker", "thread"). */
  protected constructor(
    options: BoundedPoolOptions,
    private readonly worker: string,
  ) {
    this.size = Math.max(1, options.size ?? os.availableParallelism());
    this.maxQueue = Math.max(0, options.maxQueue ?? 4 * this.size);
  }

  /** Loads one worker. */
  protected abstract spawn(): Promise<S>;
  /** Ends a worker. */
  protected abstract end(slot: S): Promise<unknown>;
  /** Resolves once no worker holds a job. */
  protected abstract running(): Promise<void>;
  /** Gives the next queued job to an idle worker. */
  protected abstract dispatch(slot: S): void;
  /** Why the pool cannot start at all (a missing model), checked before any worker is loaded. */
  protected cannotStart(): Error | undefined {
    return undefined;
  }

  /** Loads the workers; resolves when all are warm. Safe to call more than once. */
  start(): Promise<void> {
    if (this.state === 'running') return Promise.resolve();
    if (this.starting) return this.starting;
    const refusal = this.cannotStart();
    if (refusal) return Promise.reject(refusal);
    this.state = 'starting';
    this.starting = startAll(
      this.size,
      () => this.spawn(),
      (slot) => this.end(slot),
    )
      .then(
        (slots) => {
          this.slots = slots;
          this.state = 'running';
        },
        (error: unknown) => {
          this.state = 'idle';
          throw error;
        },
      )
      .finally(() => (this.starting = undefined));
    return this.starting;
  }

  /** Refuses queued jobs, lets running ones finish (each bounded by the timeout), then ends the workers. */
  async stop(): Promise<void> {
    if (this.starting) await this.starting.catch(() => undefined);
    if (this.state !== 'running') return;
    this.state = 'stopping';
    for (const job of this.queue.splice(0)) job.reject(new OcrError(OcrErrorReason.Stopped, 'The OCR pool is stopping'));
    await this.running();
    await Promise.all(this.slots.map((slot) => this.end(slot)));
    this.slots = [];
    this.state = 'idle';
  }

  /** Jobs waiting for a worker. */
  get queueLength(): number {
    return this.queue.length;
  }

  /** Jobs being read now. */
  get runningCount(): number {
    return this.slots.filter((slot) => slot.job).length;
  }

  /** How long a job submitted now would wait for a worker, in whole seconds (at least 1). */
  estimatedWaitSeconds(): number {
    return Math.max(1, Math.ceil((this.averageMs * (this.queue.length + 1)) / this.size / 1000));
  }

  /** Queues a job, or refuses it at once: stopping, not started, no worker left, or the queue full (OcrBusyError). */
  protected submit(job: (resolve: (result: R) => void, reject: (error: Error) => void) => J): Promise<R> {
    if (this.state === 'stopping') return Promise.reject(new OcrError(OcrErrorReason.Stopped, 'The OCR pool is stopping'));
    if (this.state !== 'running') return Promise.reject(new OcrError(OcrErrorReason.NotStarted, 'The OCR pool is not started'));
    if (this.slots.length === 0) return Promise.reject(new OcrError(OcrErrorReason.Failed, `No OCR ${this.worker} could be loaded`));
    const idle = this.slots.find((slot) => !slot.job);
    if (!idle && this.queue.length >= this.maxQueue) return Promise.reject(new OcrBusyError(this.estimatedWaitSeconds()));
    return new Promise<R>((resolve, reject) => {
      this.queue.push(job(resolve, reject));
      if (idle) this.dispatch(idle);
    });
  }

  /** Records how long a finished job took. */
  protected tookMs(durationMs: number): void {
    this.averageMs = 0.8 * this.averageMs + 0.2 * durationMs;
  }
}
