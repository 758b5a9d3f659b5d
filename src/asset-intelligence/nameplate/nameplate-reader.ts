import { type ImageHeader, ImagePreprocessor, type ImagePreprocessorOptions, type OcrImage, type PreprocessedPhoto } from './image/image-preprocessor';
import type { ImageFormat } from './image/image-type';
import type { NameplateFieldName, NameplateFields, NameplateParserOptions, ParsedNameplate } from './parsing/nameplate-fields';
import { rereadLabels, type IdentifierField, type RereadField } from './label-reread';
import { parseNameplateText } from './parsing/nameplate-text.parser';
import { layoutText } from './parsing/ocr-layout';
import { OcrError, type OcrLine, type OcrPool, type OcrResult } from './ocr/ocr-pool';

/** What the reader needs from OCR: the pool, or a fake of it in tests. */
export type NameplateOcr = Pick<OcrPool, 'recognize'>;

/** Time spent on each step of a reading, in ms. */
export interface NameplateTimings {
  /** Header check, decoding, resizing and contrast work. */
  preprocess_ms: number;
  /** OCR, all passes, including time queued for a worker. */
  ocr_ms: number;
  /** Text parsing, all passes. */
  parse_ms: number;
  /** The whole reading. */
  total_ms: number;
}

/** What was read from a nameplate photo. */
export interface NameplateReading {
  /** Format of the upload. */
  image_format: ImageFormat;
  /** Fields found, each with its confidence (parser confidence weighted by OCR confidence). */
  fields: NameplateFields;
  /** The recognized text, rows and columns as on the plate. */
  raw_text: string;
  /** Mean confidence of the words read in the kept pass, 0 to 1, leaving out specks read in grain. */
  ocr_confidence: number;
  /** Which image the kept fields mostly come from. */
  pass: OcrImage['variant'];
  /** Whole-image OCR passes run: 1, or 2 when the first reading was still weak after the label re-reads. */
  passes: number;
  /** OCR jobs spent re-reading crops around model and serial labels as single lines (0 when the readings were sure of both). */
  rereads: number;
  /** Where the time went. */
  timings: NameplateTimings;
}

interface Pass {
  image: OcrImage;
  lines: OcrLine[];
  parsed: ParsedNameplate;
  confidence: number;
  score: number;
}

/** Fields that identify the equipment; a reading without them is weak. */
const KEY_FIELDS: NameplateFieldName[] = ['brand', 'model_number', 'serial_number'];

/** The key fields a label re-read can fill. */
const IDENTIFIERS: IdentifierField[] = ['model_number', 'serial_number'];

/** Parser confidence a field read from Tesseract's plain text needs to fill a gap (same-line label or unit). */
const PLAIN_TEXT_MIN_CONFIDENCE = 0.8;

/** Below this OCR confidence the first pass is retried on the alternate image. */
const WEAK_OCR_CONFIDENCE = 0.6;

/** A model or serial read with less confidence than this has its label's crop re-read. */
const REREAD_BELOW = 0.8;

/** Confidence taken off an identifier when the whole-plate reading and the label re-read disagree. */
const DISAGREEMENT = 0.1;

/**
 * Reads a nameplate photo: preprocess, OCR, parse; then, only when the first reading is unsure of
 * the model or serial, a re-read of the crops around their labels, and when it still lacks a key
 * field, a second whole-plate pass on another image. Easy plates cost one OCR pass.
 */
export class NameplateReader {
  private readonly preprocessor: ImagePreprocessor;

  constructor(
    private readonly ocr: NameplateOcr,
    preprocessorOptions: ImagePreprocessorOptions = {},
    private readonly parserOptions: NameplateParserOptions,
  ) {
    this.preprocessor = new ImagePreprocessor(preprocessorOptions);
  }

  /** Reads the image header only; throws ImageRejectedError for bombs, tiny or unreadable images. */
  inspect(buffer: Buffer): Promise<ImageHeader> {
    return this.preprocessor.inspect(buffer);
  }

  /**
   * Reads the fields of the plate in `buffer`. Throws ImageRejectedError for images refused before
   * or during decoding, and OcrError (busy, timeout, stopped) when the first OCR pass cannot run;
   * a second pass that cannot run leaves the first reading standing.
   */
  async read(buffer: Buffer, format: ImageFormat, header?: ImageHeader): Promise<NameplateReading> {
    const started = performance.now();
    const timings: NameplateTimings = { preprocess_ms: 0, ocr_ms: 0, parse_ms: 0, total_ms: 0 };
    const photo = await this.preprocessor.preprocess(buffer, header);
    timings.preprocess_ms = performance.now() - started;

    const first = await this.pass(photo.primary, timings);
    const checked = await this.reread(first, photo, timings);
    let kept = checked.pass;
    let passes = 1;
    if (isWeak(kept)) {
      const prepared = performance.now();
      const alternate = photo.adaptive(textHeight(first.lines));
      timings.preprocess_ms += performance.now() - prepared;
      const second = await this.pass(alternate, timings).catch((error: unknown) => {
        // The first reading stands when OCR has no capacity or time for a second one.
        if (error instanceof OcrError) return undefined;
        throw error;
      });
      if (second) {
        passes = 2;
        kept = mergePasses(second.score > kept.score ? second : kept, second.score > kept.score ? kept : second);
      }
    }
    timings.total_ms = performance.now() - started;
    return {
      image_format: format,
      fields: kept.parsed.fields,
      raw_text: kept.parsed.raw_text,
      ocr_confidence: round(kept.confidence),
      pass: kept.image.variant,
      passes,
      rereads: checked.jobs,
      timings: {
        preprocess_ms: round(timings.preprocess_ms, 1),
        ocr_ms: round(timings.ocr_ms, 1),
        parse_ms: round(timings.parse_ms, 1),
        total_ms: round(timings.total_ms, 1),
      },
    };
  }

  /** The pass with its unsure model and serial re-read around their labels, and the number of OCR jobs that took. */
  private async reread(pass: Pass, photo: PreprocessedPhoto, timings: NameplateTimings): Promise<{ pass: Pass; jobs: number }> {
    const unsure = IDENTIFIERS.filter((name) => (pass.parsed.fields[name]?.confidence ?? 0) < REREAD_BELOW);
    if (unsure.length === 0) return { pass, jobs: 0 };
    const started = performance.now();
    const brand = pass.parsed.fields.brand?.value ?? null;
    const source = { gray: photo.gray, inverted: photo.primary.inverted };
    const crops = await rereadLabels(this.ocr, source, pass.lines, unsure, brand, this.parserOptions).catch((error: unknown) => {
      // The reading stands when OCR has no capacity or time for re-reads.
      if (error instanceof OcrError) return { fields: {}, jobs: 0 };
      throw error;
    });
    timings.ocr_ms += performance.now() - started;
    return { pass: withRereads(pass, crops.fields, (name, value) => this.validates(name, value, brand)), jobs: crops.jobs };
  }

  /** Whether the brand's model grammar or serial decoder accepts the value (false when there is no such check). */
  private validates(name: IdentifierField, value: string, brand: string | null): boolean {
    try {
      if (name === 'model_number') return this.parserOptions.fitsModelGrammar?.(brand, value) === true;
      return this.parserOptions.isPlausibleSerial?.(brand, value) === true;
    } catch {
      return false;
    }
  }

  private async pass(image: OcrImage, timings: NameplateTimings): Promise<Pass> {
    const ocrStarted = performance.now();
    const result = await this.ocr.recognize(image.data, { words: true, thresholding: image.thresholding });
    const parseStarted = performance.now();
    timings.ocr_ms += parseStarted - ocrStarted;
    // Rows rebuilt from word boxes keep labels beside and above their values. Tesseract's own text
    // fills gaps, but only with values read right after their label or unit: its rows and columns
    // are scrambled, so anything it pairs across lines is a guess.
    const rows = layoutText(result.lines ?? []);
    const parsed = parseNameplateText(rows || result.text, this.parserOptions);
    const plain = parseNameplateText(result.text, this.parserOptions);
    for (const [name, field] of Object.entries(plain.fields) as Array<[NameplateFieldName, NonNullable<NameplateFields[NameplateFieldName]>]>) {
      if (!parsed.fields[name] && field.confidence >= PLAIN_TEXT_MIN_CONFIDENCE) parsed.fields[name] = field;
    }
    // A field is only as trustworthy as the OCR it was read from.
    const confidence = textConfidence(result);
    const weight = 0.7 + 0.3 * confidence;
    for (const field of Object.values(parsed.fields)) if (field) field.confidence = round(field.confidence * weight);
    timings.parse_ms += performance.now() - parseStarted;
    return { image, lines: result.lines ?? [], parsed, confidence, score: score(parsed.fields, confidence) };
  }
}

/**
 * Mean confidence of the words that look like text (two or more letters or digits). Tesseract's
 * page confidence also averages the specks it read in grain and screws, which say nothing about
 * how well the plate itself was read.
 */
function textConfidence(result: OcrResult): number {
  const words = (result.words ?? []).filter((w) => (w.text.match(/[A-Za-z0-9]/g)?.length ?? 0) >= 2 && w.confidence >= 0.3);
  if (words.length === 0) return result.confidence;
  return words.reduce((sum, w) => sum + w.confidence, 0) / words.length;
}

/** Median height of the words read, in pixels (undefined when none): the size of the plate's print. */
function textHeight(lines: readonly OcrLine[]): number | undefined {
  const heights = lines
    .flatMap((l) => l.words)
    .filter((w) => w.confidence >= 0.5 && /[A-Za-z0-9]{2}/.test(w.text))
    .map((w) => w.bbox.y1 - w.bbox.y0)
    .sort((a, b) => a - b);
  return heights.length ? heights[Math.floor(heights.length / 2)] : undefined;
}

/** Key fields count triple; every field counts by its confidence. */
function score(fields: NameplateFields, ocrConfidence: number): number {
  let total = ocrConfidence;
  for (const [name, field] of Object.entries(fields)) total += (KEY_FIELDS.includes(name as NameplateFieldName) ? 3 : 1) * (field?.confidence ?? 0);
  return total;
}

function isWeak(pass: Pass): boolean {
  return pass.confidence < WEAK_OCR_CONFIDENCE || KEY_FIELDS.some((name) => !pass.parsed.fields[name]);
}

/**
 * The pass with its model and serial checked against the label re-reads: a field only the re-read
 * found is taken; where both read it, agreement raises confidence and a disagreement keeps the
 * more confident reading, less sure, with the other as an alternative.
 */
function withRereads(pass: Pass, crops: Partial<Record<IdentifierField, RereadField>>, validates: (name: IdentifierField, value: string) => boolean): Pass {
  const fields: NameplateFields = { ...pass.parsed.fields };
  for (const name of IDENTIFIERS) {
    const crop = crops[name];
    if (!crop) continue;
    const { side: _side, ...reread } = crop;
    const read = fields[name];
    if (!read) {
      fields[name] = reread;
    } else if (read.value === reread.value) {
      fields[name] = { ...read, confidence: round(Math.min(0.99, Math.max(read.confidence, reread.confidence) + 0.05)) };
    } else {
      // The whole-plate reading saw the value in its context; the re-read wins only when the
      // brand's grammar or serial decoder accepts it and not the first reading.
      const rereadWins = validates(name, reread.value) && !validates(name, read.value);
      const [better, other] = rereadWins ? [reread, read] : [read, reread];
      const alternatives = [...new Set([other.value, ...(better.alternatives ?? [])])].filter((v) => v !== better.value).slice(0, 4);
      fields[name] = { ...better, confidence: round(Math.max(0, better.confidence - DISAGREEMENT)), alternatives };
    }
  }
  return { ...pass, parsed: { ...pass.parsed, fields }, score: score(fields, pass.confidence) };
}

/** The better pass, completed with fields only the other pass found. */
function mergePasses(better: Pass, other: Pass): Pass {
  const fields: NameplateFields = { ...other.parsed.fields, ...better.parsed.fields };
  return { ...better, parsed: { ...better.parsed, fields } };
}

function round(value: number, digits = 2): number {
  const factor = 10 ** digits;
  return Math.round(value * factor) / factor;
}
