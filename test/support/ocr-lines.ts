import type { OcrLine, OcrWord } from '../../src/asset-intelligence/nameplate/ocr/ocr-pool';

/** A Tesseract line made of words, as the OCR pool returns it: its box spans the words and its baseline follows them. */
export function ocrLine(...words: OcrWord[]): OcrLine {
  const first = words[0].bbox;
  const last = words[words.length - 1].bbox;
  return {
    text: words.map((w) => w.text).join(' '),
    confidence: 0.9,
    bbox: { x0: first.x0, y0: Math.min(first.y0, last.y0), x1: last.x1, y1: Math.max(first.y1, last.y1) },
    baseline: { x0: first.x0, y0: first.y1, x1: last.x1, y1: last.y1 },
    words,
  };
}
