import * as fs from 'node:fs';
import * as path from 'node:path';
import { createWorker, OEM, type Page, type Worker } from 'tesseract.js';
import { BoundedPool } from './bounded-pool';
import { OcrError, OcrErrorReason, type OcrPageSegMode, type OcrPoolOptions, type OcrRecognizeOptions, type OcrResult } from './ocr-pool.types';
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
export class OcrPool extends BoundedPool<Slot, Job, OcrResult> {
  private readonly timeoutMs: number;
  private readonly langPath: string;
  private readonly pageSegMode: OcrPageSegMode;
  private readonly startTimeoutMs: number;
  private readonly warmUp: boolean;

  constructor(options: OcrPoolOptions = {}) {
    super(options, 'worker');
    this.timeoutMs = options.timeoutMs ?? 20_000;
    this.langPath = options.langPath ?? defaultLangPath();
    this.pageSegMode = options.pageSegMode ?? '11';
    this.startTimeoutMs = options.startTimeoutMs ?? 60_000;
    this.warmUp = options.warmUp ?? true;
  }

  /** Tesseract.js never settles when the model is missing; fail fast with a clear message instead. */
  protected override cannotStart(): Error | undefined {
    const modelFile = path.join(this.langPath, 'eng.traineddata.gz');
    return fs.existsSync(modelFile) ? undefined : new Error(`OCR model not found: ${modelFile}`);
  }

  protected async running(): Promise<void> {
    await Promise.all(this.slots.map((slot) => slot.job));
  }

  protected end(slot: Slot): Promise<unknown> {
    return slot.worker.terminate();
  }

  /** Reads the text of an image (PNG, JPEG, PGM... bytes); rejects at once with OcrBusyError when the queue is full. */
  recognize(image: Buffer, options: OcrRecognizeOptions = {}): Promise<OcrResult> {
    return this.submit((resolve, reject) => ({ image, options, resolve, reject }));
  }

  protected dispatch(slot: Slot): void {
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
      this.tookMs(durationMs);
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

  protected async spawn(): Promise<Slot> {
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
