/**
 * Text regions from a PP-OCR detection map (DB, "differentiable binarization"): the model gives
 * each pixel a probability of being text; regions are the connected parts above a threshold,
 * each fitted with a rotated rectangle and grown back to the text's full extent ("unclip").
 *
 * Hand-written rather than opencv-js's findContours/minAreaRect: labelling a binary map and
 * fitting a rectangle by the pixels' second moments is a few dozen lines, while opencv-js is a
 * 10 MB WebAssembly build loaded asynchronously into every OCR thread.
 */

/** A probability map as the detector returns it: `height` rows of `width` values, 0 to 1. */
export interface ProbabilityMap {
  data: Float32Array;
  width: number;
  height: number;
}

/** A rotated rectangle around one run of text, in the map's pixels. */
export interface TextRegion {
  /** Center. */
  cx: number;
  cy: number;
  /** Direction of the text's long side, a unit vector (ux, uy) with ux ≥ 0, or uy > 0 when vertical. */
  ux: number;
  uy: number;
  /** Length along (ux, uy) and thickness across it, after unclipping. */
  length: number;
  thickness: number;
  /** Mean probability inside the region, 0 to 1. */
  score: number;
}

export interface RegionOptions {
  /** Pixels above this probability are text (PaddleOCR's default 0.3). */
  threshold?: number;
  /** Regions whose mean probability is lower are dropped (PaddleOCR's default 0.6). */
  minScore?: number;
  /** How far a region is grown back: its area × ratio / perimeter (PaddleOCR's default 1.5). */
  unclipRatio?: number;
  /** Regions thinner than this many pixels, before unclipping, are specks (default 3). */
  minThickness?: number;
}

const DEFAULTS: Required<RegionOptions> = { threshold: 0.3, minScore: 0.6, unclipRatio: 1.5, minThickness: 3 };

/** Every text region of the map, largest first. */
export function findTextRegions(map: ProbabilityMap, options: RegionOptions = {}): TextRegion[] {
  const { threshold, minScore, unclipRatio, minThickness } = { ...DEFAULTS, ...options };
  const { data, width, height } = map;
  const label = new Int32Array(width * height);
  const stack = new Int32Array(width * height);
  const regions: Array<TextRegion & { pixels: number }> = [];
  let next = 0;
  for (let start = 0; start < data.length; start++) {
    if (label[start] !== 0 || data[start] <= threshold) continue;
    next++;
    // Flood fill (4-connected), accumulating the moments of the region's pixels.
    let top = 0;
    stack[top++] = start;
    label[start] = next;
    let n = 0;
    let sx = 0;
    let sy = 0;
    let sxx = 0;
    let syy = 0;
    let sxy = 0;
    let sp = 0;
    const members: number[] = [];
    while (top > 0) {
      const at = stack[--top];
      const x = at % width;
      const y = (at - x) / width;
      members.push(at);
      n++;
      sx += x;
      sy += y;
      sxx += x * x;
      syy += y * y;
      sxy += x * y;
      sp += data[at];
      const neighbours = [x > 0 ? at - 1 : -1, x < width - 1 ? at + 1 : -1, y > 0 ? at - width : -1, y < height - 1 ? at + width : -1];
      for (const near of neighbours) {
        if (near < 0 || label[near] !== 0 || data[near] <= threshold) continue;
        label[near] = next;
        stack[top++] = near;
      }
    }
    if (n < minThickness * minThickness) continue;
    const score = sp / n;
    if (score < minScore) continue;
    const cx = sx / n;
    const cy = sy / n;
    const mxx = sxx / n - cx * cx;
    const myy = syy / n - cy * cy;
    const mxy = sxy / n - cx * cy;
    // The axis of largest spread is the direction the text runs.
    const angle = 0.5 * Math.atan2(2 * mxy, mxx - myy);
    let ux = Math.cos(angle);
    let uy = Math.sin(angle);
    if (ux < -1e-9 || (Math.abs(ux) <= 1e-9 && uy < 0)) {
      ux = -ux;
      uy = -uy;
    }
    // Extent of the pixels along and across that axis.
    let minU = Infinity;
    let maxU = -Infinity;
    let minV = Infinity;
    let maxV = -Infinity;
    for (const at of members) {
      const x = (at % width) - cx;
      const y = Math.floor(at / width) - cy;
      const u = x * ux + y * uy;
      const v = -x * uy + y * ux;
      if (u < minU) minU = u;
      if (u > maxU) maxU = u;
      if (v < minV) minV = v;
      if (v > maxV) maxV = v;
    }
    const length = maxU - minU + 1;
    const thickness = maxV - minV + 1;
    if (thickness < minThickness) continue;
    // The detector marks a shrunk core of each text line; grow it back by the DB offset.
    const grow = (length * thickness * unclipRatio) / (2 * (length + thickness));
    const midU = (minU + maxU) / 2;
    const midV = (minV + maxV) / 2;
    regions.push({
      cx: cx + midU * ux - midV * uy,
      cy: cy + midU * uy + midV * ux,
      ux,
      uy,
      length: length + 2 * grow,
      thickness: thickness + 2 * grow,
      score,
      pixels: n,
    });
  }
  return regions.sort((a, b) => b.pixels - a.pixels).map(({ pixels: _pixels, ...region }) => region);
}
