import { AppError, ErrorCode } from '../../../common/app-error';

/** Why an OCR job did not produce text. */
export enum OcrErrorReason {
  /** The queue is full; a retry after `retryAfterSeconds` may find a place. */
  Busy = 'busy',
  /** The job ran longer than the per-job timeout; its worker was replaced. */
  Timeout = 'timeout',
  /** The pool is stopping or stopped. */
  Stopped = 'stopped',
  /** `start()` has not been called. */
  NotStarted = 'not_started',
  /** Tesseract could not read the image. */
  Failed = 'failed',
}

/** The error code of each reason. */
const CODE_BY_REASON = {
  [OcrErrorReason.Busy]: ErrorCode.OcrBusy,
  [OcrErrorReason.Timeout]: ErrorCode.OcrTimeout,
  [OcrErrorReason.Stopped]: ErrorCode.OcrStopped,
  [OcrErrorReason.NotStarted]: ErrorCode.OcrNotStarted,
  [OcrErrorReason.Failed]: ErrorCode.OcrFailed,
} as const satisfies Record<OcrErrorReason, ErrorCode>;

/** An OCR failure; the error filter answers it by its code. Never an HttpException. */
export class OcrError extends AppError {
  declare readonly code: (typeof CODE_BY_REASON)[OcrErrorReason];

  constructor(
    /** What went wrong. */
    readonly reason: OcrErrorReason,
    message: string,
    /** Seconds after which a retry may succeed, when known. */
    retryAfterSeconds?: number,
  ) {
    super(CODE_BY_REASON[reason], message, [], { retryAfterSeconds });
    this.name = 'OcrError';
  }
}

/** The queue is full; `retryAfterSeconds` estimates when a slot frees up. */
export class OcrBusyError extends OcrError {
  declare readonly retryAfterSeconds: number;

  constructor(
    /** Suggested Retry-After, in whole seconds (at least 1). */
    retryAfterSeconds: number,
  ) {
    super(OcrErrorReason.Busy, `OCR is busy; retry in ${retryAfterSeconds} s`, retryAfterSeconds);
    this.name = 'OcrBusyError';
  }
}

/** Tesseract page segmentation modes that suit nameplates ('7': one line, for a crop around one value). */
export type OcrPageSegMode = '3' | '4' | '6' | '7' | '11' | '12';

/** Options of the pool, all optional. */
export interface OcrPoolOptions {
  /** Number of warm Tesseract workers (default `os.availableParallelism()`). */
  size?: number;
  /** Jobs allowed to wait for a worker; one more is refused with OcrBusyError (default 4 × size). */
  maxQueue?: number;
  /** Longest a job may run once a worker picked it up, in ms (default 20,000). */
  timeoutMs?: number;
  /** Folder holding `eng.traineddata.gz` (default: the 4.0.0 data of the `@tesseract.js-data/eng` package). */
  langPath?: string;
  /**
   * Page segmentation mode used when a job does not ask for one (default '11', sparse text: on
   * plates it finds logos and table cells that '3' and '6' drop; rows are rebuilt from word boxes).
   */
  pageSegMode?: OcrPageSegMode;
  /** Longest `start()` waits for one worker to load, in ms (default 60,000). */
  startTimeoutMs?: number;
  /** Run one photo-sized job on each worker at start, so the first real job does not pay for growing its memory (default true). */
  warmUp?: boolean;
}

/** Options of one recognition. */
export interface OcrRecognizeOptions {
  /** Page segmentation mode for this job (default: the pool's). */
  pageSegMode?: OcrPageSegMode;
  /** Binarization: global Otsu (default) or Sauvola's local threshold, better under glare and shadow. */
  thresholding?: 'otsu' | 'sauvola';
  /** Also return lines and words with their confidence and boxes (costs a little time). */
  words?: boolean;
  /** The only characters Tesseract may output (e.g. those an identifier allows); default: any. */
  charWhitelist?: string;
  /** Longest this job may run once a worker picked it up, in ms (default: the pool's `timeoutMs`). */
  timeoutMs?: number;
}

/** A rectangle in image pixels: left, top, right, bottom. */
export interface OcrBox {
  /** Left edge. */
  x0: number;
  /** Top edge. */
  y0: number;
  /** Right edge. */
  x1: number;
  /** Bottom edge. */
  y1: number;
}

/** One recognized word. */
export interface OcrWord {
  /** The word's text. */
  text: string;
  /** Tesseract's confidence, 0 to 1. */
  confidence: number;
  /** Where the word is. */
  bbox: OcrBox;
}

/** One line as Tesseract segmented it. */
export interface OcrLine {
  /** The line's text. */
  text: string;
  /** Tesseract's confidence, 0 to 1. */
  confidence: number;
  /** Where the line is. */
  bbox: OcrBox;
  /** The baseline from its left end to its right end; its slope is the skew of the photo. */
  baseline: OcrBox;
  /** Its words, left to right. */
  words: OcrWord[];
}

/** The result of one recognition. */
export interface OcrResult {
  /** Recognized text, lines separated by newlines. */
  text: string;
  /** Mean word confidence, 0 to 1. */
  confidence: number;
  /** The words, when asked for. */
  words?: OcrWord[];
  /** The lines, when words were asked for. */
  lines?: OcrLine[];
  /** Time the worker spent on the job, in ms. */
  durationMs: number;
}
