import type { Gray } from './image/gray-image';
import { cropAndScale, toPgm } from './image/ocr-crop';
import { identifierLabelRegions } from './parsing/label-regions';
import type { NameplateField, NameplateParserOptions } from './parsing/nameplate-fields';
import { readIdentifier } from './parsing/nameplate-text.parser';
import { identifierText } from './parsing/nameplate-values';
import type { OcrLine, OcrPool, OcrResult, OcrWord } from './ocr/ocr-pool';

/** The identifier fields a label re-read can fill. */
export type IdentifierField = 'model_number' | 'serial_number';

/**
 * Characters model and serial numbers are printed with, and the dot, colon and # that end a
 * label ("NO.", "#:"), so a label remnant in the crop is read apart from the value instead of
 * glued to it; Tesseract may output nothing else on a re-read.
 */
export const IDENTIFIER_CHARACTERS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-/.:#';

/** Farthest a value may start right of its label, in label heights (about four characters). */
const MAX_GAP = 4;

/** Confidence taken off a value that was shortened to be accepted. */
const TRIM_DOUBT = 0.1;

/** Least word confidence for a re-read to fill a field the whole-plate reading did not find. */
const MIN_FILL_CONFIDENCE = 0.5;

/** Height the label's capitals are scaled to: Tesseract reads best with an x-height of about 20-30 px. */
const TARGET_CAP_HEIGHT = 36;

/** Trust of a value read alone on its line right of (or under) its label, before OCR confidence. */
const CROP_TRUST = 0.85;

/** What a re-read needs: the straightened gray photo and whether text is light on dark. */
export interface RereadSource {
  /** Upright gray, not inverted. */
  gray: Gray;
  /** Whether the OCR images of this photo are inverted (light text on a dark plate). */
  inverted: boolean;
}

/** One re-read of one field. */
export interface RereadField extends NameplateField {
  /** Where the value was found, relative to its label. */
  side: 'right' | 'below';
}

/**
 * Re-reads the values of the model and serial labels the first pass found: each region beside
 * (then under) its label is cropped, scaled so the label's capitals are about 36 px high, and read
 * as one line with only the characters identifiers use. A whole-plate reading at the photo's scale
 * drops or garbles small, stamped or dotted values that a single line at Tesseract's preferred size
 * reads; the whitelist stops a 0 becoming "()" or an S a "$".
 */
export async function rereadLabels(
  ocr: Pick<OcrPool, 'recognize'>,
  source: RereadSource,
  lines: readonly OcrLine[],
  fields: readonly IdentifierField[],
  brand: string | null,
  options: NameplateParserOptions,
): Promise<{ fields: Partial<Record<IdentifierField, RereadField>>; jobs: number }> {
  let jobs = 0;
  const found: Partial<Record<IdentifierField, RereadField & { refused: boolean }>> = {};
  const regions = identifierLabelRegions(lines, source.gray).filter((r) => fields.includes(r.field));
  for (const region of regions) {
    // Right of the label, then under it: under it is read only when right gave nothing or a value
    // the brand's checks refuse, and counts only when they accept it.
    const known = found[region.field];
    if (known && !known.refused) continue;
    const scale = Math.min(4, Math.max(0.5, TARGET_CAP_HEIGHT / region.height));
    const image = toPgm(cropAndScale(source.gray, region.box, scale, region.slope), source.inverted);
    const result = await ocr.recognize(image, { pageSegMode: '7', charWhitelist: IDENTIFIER_CHARACTERS, words: true });
    jobs++;
    const text = valueText(result);
    if (!text) continue;
    // A value right of its label starts within a few characters of it; one further right is the next column's.
    const start = firstWord(result, text);
    if (region.side === 'right' && start && start.bbox.x0 / scale > MAX_GAP * region.height) continue;
    const ocrConfidence = start ? wordConfidence(result, text) : result.confidence;
    if (ocrConfidence < MIN_FILL_CONFIDENCE) continue;
    const picked = pickReading(region.field, text, brand, options);
    if (!picked) continue;
    const { raw, reading, trimmed, validated, refused } = picked;
    if (known && !validated) continue;
    const confidence = reading.confidence(CROP_TRUST) * (0.7 + 0.3 * ocrConfidence) - (trimmed ? TRIM_DOUBT : 0);
    found[region.field] = {
      value: reading.best.value,
      confidence: Math.round(Math.max(0, Math.min(1, confidence)) * 100) / 100,
      raw: `(re-read ${region.side} of label) ${raw}`,
      alternatives: reading.others.map((c) => c.value).slice(0, 4),
      side: region.side,
      refused,
    };
  }
  return { fields: Object.fromEntries(Object.entries(found).map(([name, { refused: _refused, ...field }]) => [name, field])), jobs };
}

/**
 * The reading of a re-read value; when the brand's checks refuse it, the same value shortened by
 * up to four trailing characters, if a check accepts that (a crop often catches a mark or the
 * start of the next column after the value).
 */
function pickReading(field: IdentifierField, text: string, brand: string | null, options: NameplateParserOptions) {
  const check = field === 'model_number' ? options.fitsModelGrammar : options.isPlausibleSerial;
  const accepted = (value: string) => {
    try {
      return check?.(brand, value) === true;
    } catch {
      return false;
    }
  };
  const whole = readIdentifier(field, text, brand, options);
  if (!whole) return undefined;
  if (accepted(whole.best.value)) return { raw: text, reading: whole, trimmed: false, validated: true, refused: false };
  for (let cut = 1; cut <= 4 && text.length - cut >= 6; cut++) {
    const raw = text.slice(0, -cut);
    const reading = readIdentifier(field, raw, brand, options);
    if (reading && accepted(reading.best.value)) return { raw, reading, trimmed: true, validated: true, refused: false };
  }
  // Refused: a check exists and says no (a model grammar may also have nothing to say).
  const refused = (() => {
    try {
      return check?.(brand, whole.best.value) === false;
    } catch {
      return false;
    }
  })();
  return { raw: text, reading: whole, trimmed: false, validated: false, refused };
}

/** The word the value starts with. */
function firstWord(result: OcrResult, text: string): OcrWord | undefined {
  const head = text.replace(/[^A-Z0-9]/g, '').slice(0, 3);
  return (result.words ?? []).find((w) => head.length > 0 && w.text.replace(/[^A-Z0-9]/g, '').includes(head));
}

/** A label remnant read before the value: "NO.", "N0:", "#", "DE SERIE". */
const REMNANT = /^(?:N[O0]?[.:#]*|NUMBER|NUM\.?|DE|DU|SERIE|MODELE|MODELO|[-/.:#]+)$/;

/**
 * The identifier on a re-read line: the first cell (runs of words apart by three or more spaces
 * are different cells: the next column's value), after any label remnant ("NO.").
 */
export function valueText(result: Pick<OcrResult, 'text'>): string | undefined {
  const cells = result.text.trim().split(/\s{3,}|\n/);
  for (const cell of cells) {
    const words = cell.split(/\s+/).filter(Boolean);
    while (words.length > 0 && REMNANT.test(words[0])) words.shift();
    if (words.length === 0) continue;
    // A remnant glued to the value by a missing space: "NO.W281613845".
    words[0] = words[0].replace(/^[.:#/-]*(?:N[O0][.:#]+)?/, '');
    return identifierText(words.join(' ').replace(/[.:#]+/g, ''));
  }
  return undefined;
}

/** Mean confidence of the words the value was read from (Tesseract's line confidence is often 0 on a whitelisted line). */
function wordConfidence(result: OcrResult, raw: string): number {
  const compact = raw.replace(/[^A-Z0-9]/g, '');
  const words = (result.words ?? []).filter((w) => {
    const text = w.text.replace(/[^A-Z0-9]/g, '');
    return text.length > 0 && (compact.includes(text) || text.includes(compact));
  });
  if (words.length === 0) return result.confidence;
  return words.reduce((sum, w) => sum + w.confidence, 0) / words.length;
}
