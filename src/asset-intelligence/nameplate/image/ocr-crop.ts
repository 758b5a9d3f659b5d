import type { Gray } from './gray-image';

/** A rectangle in image pixels: left, top, right (exclusive), bottom (exclusive). */
export interface CropBox {
  /** Left edge. */
  x0: number;
  /** Top edge. */
  y0: number;
  /** Right edge. */
  x1: number;
  /** Bottom edge. */
  y1: number;
}

/** Binary PGM (P5) bytes of a grayscale image, the format the OCR images use. */
export function toPgm({ data, width, height }: Gray, inverted = false): Buffer {
  const header = Buffer.from(`P5\n${width} ${height}\n255\n`, 'ascii');
  const out = Buffer.allocUnsafe(header.length + width * height);
  header.copy(out);
  if (!inverted) data.copy(out, header.length, 0, width * height);
  else for (let i = 0, o = header.length; i < width * height; i++, o++) out[o] = 255 - data[i];
  return out;
}

/**
 * The part of `gray` inside `box`, resampled by `scale` (bilinear), with a margin of `pad`
 * output pixels in the box's mean border gray: Tesseract reads a word that touches the image
 * edge worse than one with some background around it. `slope` shears the box to follow a row of
 * text that still drifts by that much per pixel to the right (a photo tilted after straightening).
 */
export function cropAndScale(gray: Gray, box: CropBox, scale: number, slope = 0, pad = 8): Gray {
  const x0 = Math.max(0, Math.floor(box.x0));
  const y0 = Math.max(0, Math.floor(box.y0));
  const x1 = Math.min(gray.width, Math.ceil(box.x1));
  const y1 = Math.min(gray.height, Math.ceil(box.y1));
  const inner = { width: Math.max(1, Math.round((x1 - x0) * scale)), height: Math.max(1, Math.round((y1 - y0) * scale)) };
  const width = inner.width + 2 * pad;
  const height = inner.height + 2 * pad;
  const out = Buffer.alloc(width * height, borderMean(gray, x0, y0, x1, y1));
  const src = gray.data;
  const maxX = x1 - 1;
  const lastY = gray.height - 1;
  for (let y = 0; y < inner.height; y++) {
    const rowY = y0 + (y + 0.5) / scale - 0.5;
    for (let x = 0, o = (y + pad) * width + pad; x < inner.width; x++, o++) {
      const sx = Math.min(maxX, x0 + (x + 0.5) / scale - 0.5);
      const sheared = rowY + slope * (sx - x0);
      const sy = sheared < 0 ? 0 : sheared > lastY ? lastY : sheared;
      const top = sy | 0;
      const fy = sy - top;
      const bottom = top < lastY ? top + 1 : top;
      const left = sx < x0 ? x0 : sx | 0;
      const fx = sx < x0 ? 0 : sx - left;
      const right = left < maxX ? left + 1 : left;
      const a = src[top * gray.width + left];
      const b = src[top * gray.width + right];
      const c = src[bottom * gray.width + left];
      const d = src[bottom * gray.width + right];
      const upper = a + (b - a) * fx;
      const lower = c + (d - c) * fx;
      out[o] = upper + (lower - upper) * fy + 0.5;
    }
  }
  return { data: out, width, height };
}

/** Mean gray of the box's border pixels: the plate's background around a value, as a rule. */
function borderMean(gray: Gray, x0: number, y0: number, x1: number, y1: number): number {
  let sum = 0;
  let count = 0;
  for (let x = x0; x < x1; x++) {
    sum += gray.data[y0 * gray.width + x] + gray.data[(y1 - 1) * gray.width + x];
    count += 2;
  }
  for (let y = y0; y < y1; y++) {
    sum += gray.data[y * gray.width + x0] + gray.data[y * gray.width + x1 - 1];
    count += 2;
  }
  return count ? Math.round(sum / count) : 255;
}
