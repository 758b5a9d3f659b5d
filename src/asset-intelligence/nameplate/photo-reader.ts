import { type ImageHeader, ImagePreprocessor, type ImagePreprocessorOptions } from './image/image-preprocessor';
import type { ImageFormat } from './image/image-type';
import type { NameplateReading, NameplateTimings } from './nameplate-reader';
import type { NameplateFieldName, NameplateFields, NameplateParserOptions } from './parsing/nameplate-fields';
import { parseNameplateText } from './parsing/nameplate-text.parser';
import { splitGluedLabels } from './parsing/glued-labels';
import { logoLineBrand } from './parsing/logo-line';
import { layoutText } from './parsing/ocr-layout';
import { OcrError } from './ocr/ocr-pool.types';
import type { PpOcrResult } from './ocr/pp-ocr/pp-ocr-engine';
import type { PpOcrPool } from './ocr/pp-ocr/pp-ocr-pool';

/** What the reader needs from OCR: the PP-OCR pool, or a fake of it in tests. */
export type PhotoOcr = Pick<PpOcrPool, 'read'>;

export interface PhotoReaderOptions extends ImagePreprocessorOptions {
  /** Long side lines are read at (default 2000 px: a 12 MP photo shrinks to a third of its pixels on load). */
  readLongSide?: number;
  /** Long side text is looked for at (default 1280 px). */
  detectLongSide?: number;
}

/** Confidence of a brand taken from the logo line alone: under the unsure threshold, so it comes with a warning. */
const LOGO_LINE_CONFIDENCE = 0.5;

/** Fields that identify the equipment. */
const KEY_FIELDS: NameplateFieldName[] = ['brand', 'model_number', 'serial_number'];

/** Parser confidence a field read from the OCR's line-by-line text needs to fill a gap in the row layout's reading. */
const PLAIN_TEXT_MIN_CONFIDENCE = 0.8;

/**
 * Reads a nameplate photo with PP-OCR: one decode (EXIF orientation applied), text found and read
 * line by line whichever way the photo was turned, rows and columns rebuilt from the line boxes,
 * then the plate parser. When the reading lacks the brand, model or serial and the text found fills
 * only a small part of the frame (a plate in a wider shot), that part is read again closer, and the
 * better reading is kept.
 */
export class PhotoReader {
  private readonly preprocessor: ImagePreprocessor;
  private readonly sizes: { readLongSide: number; detectLongSide: number };

  constructor(
    private readonly ocr: PhotoOcr,
    options: PhotoReaderOptions = {},
    private readonly parserOptions: NameplateParserOptions,
  ) {
    const { readLongSide = 2000, detectLongSide = 1280, ...preprocessorOptions } = options;
    this.preprocessor = new ImagePreprocessor(preprocessorOptions);
    this.sizes = { readLongSide, detectLongSide };
  }

  /** Reads the image header only; throws ImageRejectedError for bombs, tiny or unreadable images. */
  inspect(buffer: Buffer): Promise<ImageHeader> {
    return this.preprocessor.inspect(buffer);
  }

  async read(buffer: Buffer, format: ImageFormat, header?: ImageHeader): Promise<NameplateReading> {
    const started = performance.now();
    const timings: NameplateTimings = { preprocess_ms: 0, ocr_ms: 0, parse_ms: 0, total_ms: 0 };
    const first = await this.pass(buffer, header, timings);
    let kept = first;
    let passes = 1;
    const region = KEY_FIELDS.some((name) => !first.fields[name]) ? zoomRegion(first.bounds) : undefined;
    if (region) {
      // An identifier is missing and the text fills a small part of the frame: read that part again, closer.
      const closer = await this.pass(buffer, header, timings, region).catch((error: unknown) => {
        // The first reading stands when OCR has no capacity or time for a second one.
        if (error instanceof OcrError) return undefined;
        throw error;
      });
      if (closer) {
        passes = 2;
        if (closer.score > first.score) kept = closer;
      }
    }
    timings.total_ms = performance.now() - started;
    return {
      image_format: format,
      fields: kept.fields,
      raw_text: kept.rawText,
      ocr_confidence: round(kept.confidence),
      pass: 'primary',
      passes,
      rereads: 0,
      timings: {
        preprocess_ms: round(timings.preprocess_ms, 1),
        ocr_ms: round(timings.ocr_ms, 1),
        parse_ms: round(timings.parse_ms, 1),
        total_ms: round(timings.total_ms, 1),
      },
    };
  }

  /** One reading of the photo, or of a region of it. */
  private async pass(buffer: Buffer, header: ImageHeader | undefined, timings: NameplateTimings, region?: Region): Promise<Pass> {
    const started = performance.now();
    const photo = await this.preprocessor.preprocessColour(buffer, header, this.sizes, region);
    const decoded = performance.now();
    timings.preprocess_ms += decoded - started;
    const result = await this.ocr.read({ read: photo.read, detect: photo.detect });
    const recognized = performance.now();
    timings.ocr_ms += recognized - decoded;
    const lines = splitGluedLabels(result.lines ?? [], this.parserOptions.knownBrands);
    const rows = layoutText(lines, 0.5);
    const parsed = parseNameplateText(rows, this.parserOptions);
    const plain = parseNameplateText(lines.map((l) => l.text).join('\n'), this.parserOptions);
    for (const [name, field] of Object.entries(plain.fields) as Array<[NameplateFieldName, NonNullable<NameplateFields[NameplateFieldName]>]>) {
      if (!parsed.fields[name] && field.confidence >= PLAIN_TEXT_MIN_CONFIDENCE) parsed.fields[name] = field;
    }
    if (!parsed.fields.brand) {
      // A maker the brand list does not know: its logo line, reported as unsure.
      const logo = logoLineBrand(lines);
      if (logo) parsed.fields.brand = { value: logo, confidence: LOGO_LINE_CONFIDENCE, raw: logo };
    }
    // A field is only as trustworthy as the OCR it was read from.
    const weight = 0.7 + 0.3 * result.confidence;
    for (const field of Object.values(parsed.fields)) if (field) field.confidence = round(field.confidence * weight);
    timings.parse_ms += performance.now() - recognized;
    return { fields: parsed.fields, rawText: parsed.raw_text, confidence: result.confidence, bounds: result.textBounds, score: score(parsed.fields) };
  }
}

type Region = NonNullable<PpOcrResult['textBounds']>;

interface Pass {
  fields: NameplateFields;
  rawText: string;
  confidence: number;
  bounds?: Region;
  score: number;
}

/** The text's box is at most this share of the frame for a closer look to be worth a second reading. */
const ZOOM_MAX_AREA = 0.2;
/** Margin added around the text's box, as a share of its size. */
const ZOOM_MARGIN = 0.15;

/** The part of the frame to read again closer, when the text found fills only a small part of it. */
function zoomRegion(bounds: Region | undefined): Region | undefined {
  if (!bounds || bounds.width * bounds.height > ZOOM_MAX_AREA) return undefined;
  const left = Math.max(0, bounds.left - ZOOM_MARGIN * bounds.width);
  const top = Math.max(0, bounds.top - ZOOM_MARGIN * bounds.height);
  const right = Math.min(1, bounds.left + (1 + ZOOM_MARGIN) * bounds.width);
  const bottom = Math.min(1, bounds.top + (1 + ZOOM_MARGIN) * bounds.height);
  return { left, top, width: right - left, height: bottom - top };
}

/** Brand, model and serial count triple; every field counts by its confidence. */
function score(fields: NameplateFields): number {
  let total = 0;
  for (const [name, field] of Object.entries(fields)) total += (KEY_FIELDS.includes(name as NameplateFieldName) ? 3 : 1) * (field?.confidence ?? 0);
  return total;
}

function round(value: number, digits = 2): number {
  const factor = 10 ** digits;
  return Math.round(value * factor) / factor;
}
