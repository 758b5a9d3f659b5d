import type { OcrLine, OcrWord } from '../ocr/ocr-pool';

/** Steepest skew corrected, as a slope (about 11 degrees); beyond it lines are not straightened. */
const MAX_SLOPE = 0.2;

interface Placed {
  word: OcrWord;
  /** Vertical center with the photo's skew removed. */
  y: number;
  height: number;
}

/** Median of numbers, 0 for none. */
function median(values: number[]): number {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
}

/** The photo's skew, from the baselines of lines long enough to measure it. */
export function estimateSlope(lines: readonly OcrLine[]): number {
  const slopes = lines
    .filter((l) => l.words.length >= 2 && l.baseline.x1 - l.baseline.x0 > 4 * (l.bbox.y1 - l.bbox.y0))
    .map((l) => (l.baseline.y1 - l.baseline.y0) / (l.baseline.x1 - l.baseline.x0));
  const slope = median(slopes);
  return Math.abs(slope) <= MAX_SLOPE ? slope : 0;
}

/**
 * Rebuilds plate text from OCR words as rows and columns. Sparse-text OCR finds more of a plate
 * but returns each block on its own line; here words on the same (skew-corrected) row are put back
 * on one line, each at a column proportional to its position, and separated by two or more
 * spaces where the plate has a gap. Labels then line up with the values beside and below them.
 * Words below `minWordConfidence` (0 to 1) are left out.
 */
export function layoutText(lines: readonly OcrLine[], minWordConfidence = 0.15): string {
  const slope = estimateSlope(lines);
  const placed: Placed[] = lines
    .flatMap((line) => line.words)
    // Grain and scratches come back as short words Tesseract itself doubts.
    .filter((w) => w.text.trim() !== '' && w.bbox.x1 > w.bbox.x0 && w.confidence >= minWordConfidence)
    .map((word) => {
      const cx = (word.bbox.x0 + word.bbox.x1) / 2;
      return { word, y: (word.bbox.y0 + word.bbox.y1) / 2 - slope * cx, height: word.bbox.y1 - word.bbox.y0 };
    });
  if (placed.length === 0) return '';
  const charWidth = Math.max(1, median(placed.map((p) => (p.word.bbox.x1 - p.word.bbox.x0) / p.word.text.length)));

  // Rows: a word joins the row whose center it is closest to, within half the smaller height.
  const rows: Array<{ y: number; height: number; words: Placed[] }> = [];
  for (const p of [...placed].sort((a, b) => a.y - b.y)) {
    const row = rows.find((r) => Math.abs(r.y - p.y) < 0.5 * Math.min(r.height, p.height));
    if (row) {
      row.words.push(p);
      row.y += (p.y - row.y) / row.words.length;
    } else {
      rows.push({ y: p.y, height: p.height, words: [p] });
    }
  }
  return rows
    .sort((a, b) => a.y - b.y)
    .map((row) => {
      let text = '';
      let rightEdge = -Infinity;
      for (const { word, height } of row.words.sort((a, b) => a.word.bbox.x0 - b.word.bbox.x0)) {
        const gap = word.bbox.x0 - rightEdge;
        if (text === '') text = ' '.repeat(Math.round(word.bbox.x0 / charWidth));
        else if (gap < 1.5 * height) text += ' ';
        else text = text.padEnd(Math.max(text.length + 2, Math.round(word.bbox.x0 / charWidth)));
        text += word.text;
        rightEdge = word.bbox.x1;
      }
      return text.trimEnd();
    })
    .join('\n');
}
