/**
 * Tensors for the PP-OCR models, sampled straight from the decoded photo: the detector's input
 * (the whole photo, resized) and each text line's strip, read along the line's own direction so a
 * tilted or sideways line arrives level without rotating the photo.
 */

/** An RGB photo, 3 bytes a pixel, rows top to bottom. */
export interface RgbImage {
  data: Uint8Array;
  width: number;
  height: number;
}

/** A strip of the photo along a direction: top-left corner, unit direction, length and thickness. */
export interface Strip {
  /** Top-left corner when reading along (ux, uy). */
  x0: number;
  y0: number;
  ux: number;
  uy: number;
  length: number;
  thickness: number;
}

/** Height every line is read at (PP-OCRv4 recognition). */
export const LINE_HEIGHT = 48;

/** PaddleOCR's detector normalization (ImageNet), applied to BGR channels in that order. */
const DET_MEAN = [0.485, 0.456, 0.406];
const DET_STD = [0.229, 0.224, 0.225];

/** Bilinear sample of channel `c` at (x, y); outside the photo reads as the nearest edge. */
function sample(image: RgbImage, x: number, y: number, c: number): number {
  const { data, width, height } = image;
  const cx = Math.min(Math.max(x, 0), width - 1);
  const cy = Math.min(Math.max(y, 0), height - 1);
  const x0 = Math.floor(cx);
  const y0 = Math.floor(cy);
  const x1 = Math.min(x0 + 1, width - 1);
  const y1 = Math.min(y0 + 1, height - 1);
  const fx = cx - x0;
  const fy = cy - y0;
  const a = data[(y0 * width + x0) * 3 + c];
  const b = data[(y0 * width + x1) * 3 + c];
  const d = data[(y1 * width + x0) * 3 + c];
  const e = data[(y1 * width + x1) * 3 + c];
  return (a * (1 - fx) + b * fx) * (1 - fy) + (d * (1 - fx) + e * fx) * fy;
}

/** The detector's input: the photo (already resized to multiples of 32 by sharp), as normalized BGR planes. */
export function detectorInput(image: RgbImage): Float32Array {
  const { data, width, height } = image;
  const plane = width * height;
  const out = new Float32Array(3 * plane);
  for (let i = 0; i < plane; i++) {
    // BGR order: plane 0 is blue (RGB channel 2).
    for (let c = 0; c < 3; c++) out[c * plane + i] = (data[i * 3 + 2 - c] / 255 - DET_MEAN[c]) / DET_STD[c];
  }
  return out;
}

/** Width a strip is read at: its aspect at LINE_HEIGHT, at least one character and at most `maxWidth`. */
export function stripWidth(strip: Strip, maxWidth: number): number {
  return Math.max(16, Math.min(maxWidth, Math.round((LINE_HEIGHT * strip.length) / Math.max(1, strip.thickness))));
}

/**
 * Writes the strip, LINE_HEIGHT high and `width` wide, into `out` (BGR planes of a batch tensor
 * `stride` wide, starting at `offset`), normalized to -1..1 as PP-OCR recognition expects.
 */
export function writeStrip(image: RgbImage, strip: Strip, width: number, out: Float32Array, offset: number, stride: number): void {
  const plane = LINE_HEIGHT * stride;
  const vx = -strip.uy;
  const vy = strip.ux;
  const along = strip.length / width;
  const across = strip.thickness / LINE_HEIGHT;
  for (let row = 0; row < LINE_HEIGHT; row++) {
    const t = (row + 0.5) * across;
    for (let col = 0; col < width; col++) {
      const s = (col + 0.5) * along;
      const x = strip.x0 + s * strip.ux + t * vx;
      const y = strip.y0 + s * strip.uy + t * vy;
      for (let c = 0; c < 3; c++) out[offset + c * plane + row * stride + col] = sample(image, x, y, 2 - c) / 127.5 - 1;
    }
  }
}
