import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { createWorker, OEM, type Page, type Worker } from 'tesseract.js';
import { OcrBusyError, OcrError, OcrErrorReason, type OcrPageSegMode, type OcrPoolOptions, type OcrRecognizeOptions, type OcrResult } from './ocr-pool.types';
import { startAll } from './start-all';
import { warmUpImage } from './ocr-warm-up';

export * from './ocr-pool.types';

interface Job {
  image: Buffer;
  options: OcrRecognizeOptions;
  resolve: (result: OcrResult) => void;
  reject: (error: Error) => void;
}

interface Slot {
  worker: Worker;
  /** Parameters currently set on the worker, so a job only pays for a change. */
  params: { pageSegMode: OcrPageSegMode; thresholding: 'otsu' | 'sauvola'; charWhitelist: string };
  job?: Promise<void>;
}

const THRESHOLDING_METHOD = { otsu: '0', sauvola: '2' } as const;

/** The folder of the English model shipped by `@tesseract.js-data/eng`: nothing is downloaded. */
export function defaultLangPath(): string {
  return path.join(path.dirname(require.resolve('@tesseract.js-data/eng/package.json')), '4.0.0');
}

/**
 * A fixed set of warm Tesseract workers with a bounded queue and per-job timeouts.
 *
 * Hand-written rather than tesseract.js's createScheduler (v7), which cannot do three things the
 * nameplate reader needs: set page segmentation and thresholding per job (passes differ), replace
 * a worker whose job timed out (a stuck worker would keep its slot), and bound its queue (a burst
 * of photos would queue without limit instead of getting 503).
 */
export class OcrPool {
  /** Number of workers. */
  readonly size: number;
  private readonly maxQueue: number;
  private readonly timeoutMs: number;
  private readonly langPath: string;
  private readonly pageSegMode: OcrPageSegMode;
  private readonly startTimeoutMs: number;
  private readonly warmUp: boolean;
  private slots: Slot[] = [];
  private readonly queue: Job[] = [];
  private state: 'idle' | 'starting' | 'running' | 'stopping' = 'idle';
  private starting?: Promise<void>;
  private averageMs = 1500;

  constructor(options: OcrPoolOptions = {}) {
    this.size = Math.max(1, options.size ?? os.availableParallelism());
    this.maxQueue = Math.max(0, options.maxQueue ?? 4 * this.size);
    this.timeoutMs = options.timeoutMs ?? 20_000;
    this.langPath = options.langPath ?? defaultLangPath();
    this.pageSegMode = options.pageSegMode ?? '11';
    this.startTimeoutMs = options.startTimeoutMs ?? 60_000;
    this.warmUp = options.warmUp ?? true;
  }

  /** Loads the workers; resolves when all are warm. Safe to call more than once. */
  start(): Promise<void> {
    if (this.state === 'running') return Promise.resolve();
    if (this.starting) return this.starting;
    const modelFile = path.join(this.langPath, 'eng.traineddata.gz');
    // Tesseract.js never settles when the model is missing; fail fast with a clear message instead.
    if (!fs.existsSync(modelFile)) return Promise.reject(new Error(`OCR model not found: ${modelFile}`));
    this.state = 'starting';
    this.starting = startAll(
      this.size,
      () => this.spawn(),
      (slot) => slot.worker.terminate(),
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
    await Promise.all(this.slots.map((slot) => slot.job));
    await Promise.all(this.slots.map((slot) => slot.worker.terminate()));
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

  /** Reads the text of an image (PNG, JPEG, PGM... bytes); rejects at once with OcrBusyError when the queue is full. */
  recognize(image: Buffer, options: OcrRecognizeOptions = {}): Promise<OcrResult> {
    if (this.state === 'stopping') return Promise.reject(new OcrError(OcrErrorReason.Stopped, 'The OCR pool is stopping'));
    if (this.state !== 'running') return Promise.reject(new OcrError(OcrErrorReason.NotStarted, 'The OCR pool is not started'));
    if (this.slots.length === 0) return Promise.reject(new OcrError(OcrErrorReason.Failed, 'No OCR worker could be loaded'));
    const idle = this.slots.find((slot) => !slot.job);
    if (!idle && this.queue.length >= this.maxQueue) {
      return Promise.reject(new OcrBusyError(this.estimatedWaitSeconds()));
    }
    return new Promise<OcrResult>((resolve, reject) => {
      this.queue.push({ image, options, resolve, reject });
      if (idle) this.dispatch(idle);
    });
  }

  private dispatch(slot: Slot): void {
    if (this.state !== 'running' || !this.slots.includes(slot)) return;
    const job = this.queue.shift();
    if (!job) return;
    slot.job = this.run(slot, job).finally(() => {
      slot.job = undefined;
      this.dispatch(slot);
    });
  }

  private async run(slot: Slot, job: Job): Promise<void> {
    const started = Date.now();
    const limit = job.options.timeoutMs ?? this.timeoutMs;
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new OcrError(OcrErrorReason.Timeout, `OCR took longer than ${limit} ms`)), limit);
    });
    try {
      const page = await Promise.race([this.recognizeOn(slot, job), timeout]);
      const durationMs = Date.now() - started;
      this.averageMs = 0.8 * this.averageMs + 0.2 * durationMs;
      job.resolve(toResult(page, durationMs, job.options.words === true));
    } catch (error) {
      if (error instanceof OcrError && error.reason === OcrErrorReason.Timeout) {
        job.reject(error);
        // A Tesseract job cannot be cancelled: end its thread and load a fresh worker in its place.
        await slot.worker.terminate().catch(() => undefined);
        const fresh = await this.spawn().catch(() => undefined);
        if (fresh) Object.assign(slot, fresh);
        else this.slots = this.slots.filter((s) => s !== slot);
        return;
      }
      job.reject(new OcrError(OcrErrorReason.Failed, `OCR failed: ${error instanceof Error ? error.message : String(error)}`));
    } finally {
      clearTimeout(timer);
    }
  }

  private async recognizeOn(slot: Slot, job: Job): Promise<Page> {
    const wanted = {
      pageSegMode: job.options.pageSegMode ?? this.pageSegMode,
      thresholding: job.options.thresholding ?? 'otsu',
      charWhitelist: job.options.charWhitelist ?? '',
    };
    const { params } = slot;
    if (wanted.pageSegMode !== params.pageSegMode || wanted.thresholding !== params.thresholding || wanted.charWhitelist !== params.charWhitelist) {
      await slot.worker.setParameters({
        tessedit_pageseg_mode: wanted.pageSegMode as never,
        thresholding_method: THRESHOLDING_METHOD[wanted.thresholding],
        tessedit_char_whitelist: wanted.charWhitelist,
      });
      slot.params = wanted;
    }
    const { data } = await slot.worker.recognize(job.image, {}, { text: true, blocks: job.options.words === true });
    return data;
  }

  private async spawn(): Promise<Slot> {
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`An OCR worker did not load within ${this.startTimeoutMs} ms`)), this.startTimeoutMs);
    });
    const created = createWorker('eng', OEM.LSTM_ONLY, {
      langPath: this.langPath,
      cacheMethod: 'none',
      gzip: true,
      logger: () => undefined,
      // Without a handler Tesseract.js rethrows job errors on its message loop, killing the process.
      errorHandler: () => undefined,
    });
    try {
      const worker = await Promise.race([created, timeout]);
      await worker.setParameters({
        tessedit_pageseg_mode: this.pageSegMode as never,
        preserve_interword_spaces: '1',
        // Phone photos carry no usable DPI; without one Tesseract guesses and warns on every job.
        user_defined_dpi: '300',
        // Tesseract's diagnostics ("Image too small to scale!!") would otherwise land on stdout.
        debug_file: '/dev/null',
      });
      if (this.warmUp) await worker.recognize(warmUpImage(), {}, { text: true, blocks: true });
      return { worker, params: { pageSegMode: this.pageSegMode, thresholding: 'otsu', charWhitelist: '' } };
    } catch (error) {
      void created.then((worker) => worker.terminate()).catch(() => undefined);
      throw error;
    } finally {
      clearTimeout(timer);
    }
  }
}

function toResult(page: Page, durationMs: number, withWords: boolean): OcrResult {
  const result: OcrResult = { text: page.text ?? '', confidence: Math.max(0, Math.min(1, (page.confidence ?? 0) / 100)), durationMs };
  if (withWords) {
    result.lines = (page.blocks ?? []).flatMap((block) =>
      block.paragraphs.flatMap((paragraph) =>
        paragraph.lines.map((line) => ({
          text: line.text.trim(),
          confidence: line.confidence / 100,
          bbox: { ...line.bbox },
          baseline: { x0: line.baseline.x0, y0: line.baseline.y0, x1: line.baseline.x1, y1: line.baseline.y1 },
          words: line.words.map((word) => ({ text: word.text, confidence: word.confidence / 100, bbox: { ...word.bbox } })),
        })),
      ),
    );
    result.words = result.lines.flatMap((line) => line.words);
  }
  return result;
}
