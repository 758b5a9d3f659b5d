import * as os from 'node:os';
import * as path from 'node:path';
import { Worker } from 'node:worker_threads';
import { BoundedPool, type BoundedPoolOptions } from '../bounded-pool';
import { OcrError, OcrErrorReason } from '../ocr-pool.types';
import type { PpOcrInput, PpOcrResult } from './pp-ocr-engine';
import type { PpOcrJobMessage, PpOcrWorkerMessage } from './pp-ocr.worker';

/** `size` is the number of engine threads, `maxQueue` the photos allowed to wait for one. */
export interface PpOcrPoolOptions extends BoundedPoolOptions {
  /** Longest a photo may take once a thread picked it up, in ms (default 20,000). */
  timeoutMs?: number;
  /** Longest `start()` waits for the models to load, in ms (default 60,000). */
  startTimeoutMs?: number;
  /** Threads each engine's models may use (default `os.availableParallelism()`: one photo alone uses every core; they do not spin, so concurrent photos share them). */
  modelThreads?: number;
}

interface Job {
  input: PpOcrInput;
  resolve: (result: PpOcrResult) => void;
  reject: (error: Error) => void;
}

interface Slot {
  worker: Worker;
  job?: { id: number; job: Job; timer: NodeJS.Timeout; started: number; late?: boolean };
}

/**
 * The worker thread's entry: compiled JavaScript beside this file, or, when the service runs from
 * TypeScript sources (tests, ts-node scripts), the .ts file loaded through ts-node.
 */
function spawnWorker(modelThreads: number): Worker {
  const file = path.join(__dirname, `pp-ocr.worker${path.extname(__filename)}`);
  const workerData = { threads: modelThreads };
  if (file.endsWith('.js')) return new Worker(file, { workerData });
  const bootstrap = `require('ts-node').register({ transpileOnly: true, compilerOptions: { module: 'commonjs' } }); require(${JSON.stringify(file)});`;
  return new Worker(bootstrap, { eval: true, workerData });
}

/**
 * PP-OCR engines on worker threads, one photo each at a time, with a bounded queue and a per-photo
 * timeout. Same admission as the Tesseract pool: a full queue refuses at once (503 with
 * Retry-After). A photo over time fails at once; its thread finishes it, then takes the next
 * (see timedOut). A thread that dies is replaced.
 */
export class PpOcrPool extends BoundedPool<Slot, Job, PpOcrResult> {
  private readonly timeoutMs: number;
  private readonly startTimeoutMs: number;
  private readonly modelThreads: number;
  private nextId = 1;

  constructor(options: PpOcrPoolOptions = {}) {
    super(options, 'thread');
    this.timeoutMs = options.timeoutMs ?? 20_000;
    this.startTimeoutMs = options.startTimeoutMs ?? 60_000;
    this.modelThreads = Math.max(1, options.modelThreads ?? os.availableParallelism());
  }

  /** A late photo's thread is busy until the photo finishes (see timedOut), so this polls. */
  protected async running(): Promise<void> {
    while (this.slots.some((slot) => slot.job)) await new Promise((resolve) => setTimeout(resolve, 20));
  }

  protected end(slot: Slot): Promise<unknown> {
    return slot.worker.terminate();
  }

  /** Reads the photo's text lines; rejects at once with OcrBusyError when the queue is full. */
  read(input: PpOcrInput): Promise<PpOcrResult> {
    return this.submit((resolve, reject) => ({ input, resolve, reject }));
  }

  protected dispatch(slot: Slot): void {
    if (this.state !== 'running' || slot.job || !this.slots.includes(slot)) return;
    const job = this.queue.shift();
    if (!job) return;
    const id = this.nextId++;
    const timer = setTimeout(() => this.timedOut(slot), this.timeoutMs);
    slot.job = { id, job, timer, started: Date.now() };
    const message: PpOcrJobMessage = { id, input: job.input };
    slot.worker.postMessage(message);
  }

  private settle(slot: Slot, message: PpOcrWorkerMessage): void {
    if ((message.type !== 'result' && message.type !== 'error') || slot.job?.id !== message.id) return;
    const { job, timer, started, late } = slot.job;
    clearTimeout(timer);
    slot.job = undefined;
    if (late) {
      // Its caller already had the timeout.
    } else if (message.type === 'result') {
      this.tookMs(Date.now() - started);
      job.resolve(message.result);
    } else {
      job.reject(new OcrError(OcrErrorReason.Failed, `OCR failed: ${message.message}`));
    }
    this.dispatch(slot);
  }

  /**
   * A photo ran over time: its caller gets the timeout at once. The thread cannot be stopped in the
   * middle of a model run (ending a worker thread inside onnxruntime aborts the whole process), so
   * it finishes the late photo, whose result is dropped, and takes the next one after that.
   */
  private timedOut(slot: Slot): void {
    const running = slot.job;
    if (!running || running.late) return;
    running.late = true;
    running.job.reject(new OcrError(OcrErrorReason.Timeout, `OCR took longer than ${this.timeoutMs} ms`));
  }

  /** Ends the slot's thread and loads a fresh one in its place; without one, the pool goes on smaller. */
  private async replace(slot: Slot): Promise<void> {
    slot.worker.removeAllListeners('message').removeAllListeners('error');
    await slot.worker.terminate();
    const fresh = await this.spawn().catch(() => undefined);
    if (fresh && this.state === 'running') {
      slot.worker = fresh.worker;
      this.attach(slot);
      this.dispatch(slot);
    } else {
      this.slots = this.slots.filter((s) => s !== slot);
      if (fresh) await fresh.worker.terminate();
    }
  }

  private attach(slot: Slot): void {
    // Only these two: a Worker keeps listeners of its own, which must stay.
    slot.worker.removeAllListeners('message').removeAllListeners('error');
    slot.worker.on('message', (message: PpOcrWorkerMessage) => this.settle(slot, message));
    // A thread that died (out of memory, a native fault) fails its photo and is replaced.
    slot.worker.on('error', (error: Error) => {
      const running = slot.job;
      slot.job = undefined;
      if (running) {
        clearTimeout(running.timer);
        if (!running.late) running.job.reject(new OcrError(OcrErrorReason.Failed, `OCR thread failed: ${error.message}`));
      }
      void this.replace(slot);
    });
  }

  protected spawn(): Promise<Slot> {
    const worker = spawnWorker(this.modelThreads);
    return new Promise<Slot>((resolve, reject) => {
      const timer = setTimeout(() => {
        void worker.terminate();
        reject(new Error(`The OCR models did not load within ${this.startTimeoutMs} ms`));
      }, this.startTimeoutMs);
      worker.once('error', (error) => {
        clearTimeout(timer);
        reject(error);
      });
      worker.once('message', (message: PpOcrWorkerMessage) => {
        clearTimeout(timer);
        if (message.type !== 'ready') {
          void worker.terminate();
          reject(new Error(`The OCR models could not be loaded: ${message.type === 'failed' ? message.message : message.type}`));
          return;
        }
        const slot: Slot = { worker };
        this.attach(slot);
        resolve(slot);
      });
    });
  }
}
