import { foldConfusions } from './ocr-confusions';

/** A brand found in OCR text. */
export interface BrandMatch {
  /** The brand as spelled in the known list. */
  brand: string;
  /** The words it was read from. */
  raw: string;
  /** 0 to 1: 0.95 for an exact reading, less per edit. */
  confidence: number;
}

/** Edits tolerated for a brand of this many letters: none for short names, where one edit makes another word. */
function tolerance(length: number): number {
  if (length <= 4) return 0;
  return length <= 7 ? 1 : 2;
}

/** Levenshtein distance, giving up (returning max + 1) once it exceeds `max`. */
export function editDistance(a: string, b: string, max: number): number {
  if (Math.abs(a.length - b.length) > max) return max + 1;
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    let rowMin = i;
    for (let j = 1; j <= b.length; j++) {
      current[j] = Math.min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] === b[j - 1] ? 0 : 1));
      rowMin = Math.min(rowMin, current[j]);
    }
    if (rowMin > max) return max + 1;
    previous = current;
  }
  return previous[b.length];
}

/**
 * Finds the best-matching known brand in OCR text: runs of one to three words are compared with
 * each brand after folding confusable characters, within a few edits for longer names. Ties go to
 * the match nearer the top of the plate, where the logo is.
 */
export function matchBrand(text: string, knownBrands: readonly string[]): BrandMatch | undefined {
  const brands = knownBrands.map((brand) => ({ brand, folded: foldConfusions(brand) })).filter((b) => b.folded.length >= 2);
  if (brands.length === 0) return undefined;
  let best: (BrandMatch & { distance: number; order: number }) | undefined;
  let order = 0;
  for (const line of text.split('\n')) {
    const words = line.split(/\s+/).filter((w) => /[A-Za-z0-9]/.test(w));
    for (let start = 0; start < words.length; start++) {
      for (let count = 1; count <= 3 && start + count <= words.length; count++) {
        const raw = words.slice(start, start + count).join(' ');
        const folded = foldConfusions(raw);
        order++;
        for (const { brand, folded: target } of brands) {
          const max = tolerance(target.length);
          const distance = folded === target ? 0 : editDistance(folded, target, max);
          if (distance > max) continue;
          const confidence = Math.max(0.5, 0.95 - (0.2 * distance) / Math.max(1, max));
          const better = !best || confidence > best.confidence || (confidence === best.confidence && order < best.order);
          if (better) best = { brand, raw, confidence, distance, order };
        }
      }
    }
  }
  return best && { brand: best.brand, raw: best.raw, confidence: best.confidence };
}
