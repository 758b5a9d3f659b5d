import { validateDataFile } from '../../../knowledge/data-validation';
import type { OcrLine } from '../ocr/ocr-pool.types';
import raw from './plate-heading-words.json';

const HEADING_WORDS = new Set(
  validateDataFile<{ source_note: string; words: string[] }>('plate-heading-words.json', raw, {
    type: 'object',
    required: ['source_note', 'words'],
    additionalProperties: false,
    properties: { source_note: { type: 'string' }, words: { type: 'array', minItems: 1, items: { type: 'string', pattern: '^[A-Z]+$' } } },
  }).words,
);

/** A logo line's print is at least this many times the plate's usual line height. */
const LOGO_SIZE = 1.25;
/** The logo stands in this top share of the plate's text (by line position). */
const LOGO_BAND = 0.4;

/**
 * The maker's name from the plate's logo line, for makers the brand list does not know: the
 * largest print in the top of the plate that reads as a name (letters, one to three words, none
 * of them a heading, warning or equipment word). Undefined when no line qualifies; the caller
 * reports it as unsure, since a name nobody listed cannot be checked.
 */
export function logoLineBrand(lines: readonly OcrLine[]): string | undefined {
  const readable = lines.filter((l) => l.confidence >= 0.8 && /[A-Za-z]{2}/.test(l.text));
  if (readable.length < 3) return undefined;
  const heights = readable.map((l) => l.bbox.y1 - l.bbox.y0).sort((a, b) => a - b);
  const usual = heights[Math.floor(heights.length / 2)];
  const top = Math.min(...readable.map((l) => l.bbox.y0));
  const bottom = Math.max(...readable.map((l) => l.bbox.y1));
  const candidates = readable.filter((l) => {
    const name = l.text.trim();
    const words = name
      .toUpperCase()
      .split(/[\s&.-]+/)
      .filter(Boolean);
    return (
      l.bbox.y1 - l.bbox.y0 >= LOGO_SIZE * usual &&
      l.bbox.y0 <= top + LOGO_BAND * (bottom - top) &&
      /^[A-Za-z][A-Za-z0-9 &.'-]{1,23}$/.test(name) &&
      (name.match(/[A-Za-z]/g)?.length ?? 0) >= 3 &&
      words.length <= 3 &&
      !words.some((w) => HEADING_WORDS.has(w.replace(/[^A-Z]/g, '')))
    );
  });
  candidates.sort((a, b) => b.bbox.y1 - b.bbox.y0 - (a.bbox.y1 - a.bbox.y0) || a.bbox.y0 - b.bbox.y0);
  return candidates[0]?.text.trim();
}
