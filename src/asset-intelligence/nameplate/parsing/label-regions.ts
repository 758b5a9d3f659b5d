import type { OcrBox, OcrLine } from '../ocr/ocr-pool';
import { findLabels } from './plate-text';

/** Where the value of an identifier label may be printed, in image pixels. */
export interface LabelRegion {
  /** Which identifier the label announces. */
  field: 'model_number' | 'serial_number';
  /** The label's own box. */
  label: OcrBox;
  /** Where its value is looked for: to the right on the same row, or under it. */
  side: 'right' | 'below';
  /** The area to re-read. */
  box: OcrBox;
  /** Height of the label's words, in pixels: the size of the plate's print there. */
  height: number;
  /** Vertical drift of the text per pixel to the right (the photo's remaining tilt), to follow the row. */
  slope: number;
}

/** Words that end a label rather than start a value: "NO.", "N°", "#", ":". */
const LABEL_REMNANT = /^(?:N[O0o°º]?\.?|No\.?|#|:|\.)$/;

/** Widest value looked for, in label heights: about 25 characters of the label's size. */
const VALUE_WIDTH = 24;

/**
 * Regions worth re-reading around the model and serial labels OCR found: the rest of the label's
 * row to its right, and the row under it (plates print values beside or below their label). A
 * label is found in an OCR line's words with the parser's own spellings, so "MODÈLE", "No. DE
 * SERIE" or a label with a misread letter count. At most one label per field, the first found
 * on the plate (top to bottom): repeated labels carry the same value.
 */
export function identifierLabelRegions(lines: readonly OcrLine[], image: { width: number; height: number }): LabelRegion[] {
  const regions: LabelRegion[] = [];
  const seen = new Set<string>();
  const ordered = [...lines].sort((a, b) => a.bbox.y0 - b.bbox.y0);
  for (const line of ordered) {
    const words = line.words.filter((w) => w.text.trim() !== '');
    if (words.length === 0) continue;
    // The line's text with each word's place in it, so a label hit maps back to word boxes.
    let text = '';
    const spans = words.map((word) => {
      if (text) text += ' ';
      const start = text.length;
      text += word.text;
      return { word, start, end: text.length };
    });
    const upper = text.toUpperCase();
    for (const hit of findLabels({ text, upper, line: 0, start: 0, end: text.length })) {
      if (hit.kind !== 'model' && hit.kind !== 'serial') continue;
      const field = hit.kind === 'model' ? 'model_number' : 'serial_number';
      if (seen.has(field)) continue;
      const covered = spans.filter((s) => s.start < hit.end && hit.start < s.end).map((s) => s.word.bbox);
      // The rest of a label OCR split off or misread ("NO.", "#", ":") is not part of the value.
      for (const span of spans.filter((s) => s.start >= hit.end)) {
        if (!LABEL_REMNANT.test(span.word.text)) break;
        covered.push(span.word.bbox);
      }
      if (covered.length === 0) continue;
      seen.add(field);
      const label = union(covered);
      // Word heights, not the union's: on a tilted row the union of two words is taller than either.
      const h = Math.max(8, median(covered.map((b) => b.y1 - b.y0)));
      const slope = lineSlope(line);
      // The row's vertical middle at the label's right end, and the row followed from there by `slope`.
      const mid = (label.y0 + label.y1) / 2 + slope * (label.x1 - (label.x0 + label.x1) / 2);
      const clamp = (box: OcrBox): OcrBox => ({
        x0: Math.max(0, Math.round(box.x0)),
        y0: Math.max(0, Math.round(box.y0)),
        x1: Math.min(image.width, Math.round(box.x1)),
        y1: Math.min(image.height, Math.round(box.y1)),
      });
      const right = clamp({ x0: label.x1 + 0.2 * h, y0: mid - 0.95 * h, x1: label.x1 + VALUE_WIDTH * h, y1: mid + 0.95 * h });
      const belowMid = (label.y0 + label.y1) / 2 + 1.7 * h;
      const below = clamp({ x0: label.x0 - 1.5 * h, y0: belowMid - 0.95 * h, x1: label.x0 + VALUE_WIDTH * h, y1: belowMid + 0.95 * h });
      for (const [side, box] of [
        ['right', right],
        ['below', below],
      ] as const) {
        if (box.x1 - box.x0 >= 2 * h && box.y1 - box.y0 >= h) regions.push({ field, label, side, box, height: h, slope });
      }
    }
  }
  return regions;
}

/** The slope of the line's baseline, when the line is long enough to measure one; 0 otherwise. */
function lineSlope(line: OcrLine): number {
  const { x0, y0, x1, y1 } = line.baseline;
  const slope = x1 - x0 > 40 ? (y1 - y0) / (x1 - x0) : 0;
  return Math.abs(slope) <= 0.2 ? slope : 0;
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
}

function union(boxes: OcrBox[]): OcrBox {
  return {
    x0: Math.min(...boxes.map((b) => b.x0)),
    y0: Math.min(...boxes.map((b) => b.y0)),
    x1: Math.max(...boxes.map((b) => b.x1)),
    y1: Math.max(...boxes.map((b) => b.y1)),
  };
}
