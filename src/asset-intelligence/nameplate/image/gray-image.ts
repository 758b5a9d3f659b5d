// Hot loops avoid Math.* calls: under jest's sandboxed globals they run two orders of magnitude
// slower than in plain Node, and the comparisons below cost nothing anywhere.

/** An 8-bit grayscale image, one byte per pixel, rows top to bottom. */
export interface Gray {
  /** Pixels, `width × height` bytes. */
  data: Buffer;
  /** Width in pixels. */
  width: number;
  /** Height in pixels. */
  height: number;
}

/** Luminance of interleaved pixels (RGB, RGBA, or gray with alpha). */
export function toLuminance(pixels: Buffer, channels: number): Buffer {
  if (channels === 1) return pixels;
  const out = Buffer.allocUnsafe(pixels.length / channels);
  if (channels < 3) {
    for (let i = 0; i < out.length; i++) out[i] = pixels[i * channels];
    return out;
  }
  for (let i = 0, j = 0; i < out.length; i++, j += channels) out[i] = (pixels[j] * 77 + pixels[j + 1] * 150 + pixels[j + 2] * 29) >> 8;
  return out;
}

/** Maps the 1st-99th percentile of gray levels onto the full range, in place. */
export function stretchContrast({ data }: Gray): void {
  const histogram = new Uint32Array(256);
  for (const v of data) histogram[v]++;
  const clip = data.length * 0.01;
  let lo = 0;
  for (let seen = histogram[0]; seen < clip && lo < 255; seen += histogram[++lo]);
  let hi = 255;
  for (let seen = histogram[255]; seen < clip && hi > 0; seen += histogram[--hi]);
  if (hi - lo < 8) return;
  const lut = new Uint8Array(256);
  for (let v = 0; v < 256; v++) lut[v] = Math.max(0, Math.min(255, Math.round(((v - lo) * 255) / (hi - lo))));
  for (let i = 0; i < data.length; i++) data[i] = lut[data[i]];
}

/** Mean gray of the middle quarter of the image, where a photographed plate usually is. */
export function centerMean({ data, width, height }: Gray): number {
  let sum = 0;
  let count = 0;
  for (let y = Math.floor(height / 4); y < (height * 3) / 4; y++) {
    for (let x = Math.floor(width / 4), i = y * width + x; x < (width * 3) / 4; x++, i++, count++) sum += data[i];
  }
  return count ? sum / count : 255;
}

/** Median absolute 4-neighbour Laplacian over a sample of pixels: flat areas dominate, so this measures grain. */
export function noiseLevel({ data, width, height }: Gray): number {
  const histogram = new Uint32Array(1021);
  let count = 0;
  for (let y = 1; y < height - 1; y += 3) {
    for (let x = 1, i = y * width + 1; x < width - 1; x += 3, i += 3, count++) {
      const laplacian = 4 * data[i] - data[i - 1] - data[i + 1] - data[i - width] - data[i + width];
      histogram[laplacian < 0 ? -laplacian : laplacian]++;
    }
  }
  let seen = 0;
  for (let v = 0; v < histogram.length; v++) if ((seen += histogram[v]) * 2 >= count) return v;
  return 0;
}

/** 3×3 binomial blur, in place: [1 2 1] across, then down. */
export function smooth({ data, width, height }: Gray): void {
  const tmp = Buffer.from(data);
  for (let y = 0; y < height; y++) {
    for (let x = 1, i = y * width + 1; x < width - 1; x++, i++) tmp[i] = (data[i - 1] + 2 * data[i] + data[i + 1] + 2) >> 2;
  }
  for (let y = 1; y < height - 1; y++) {
    for (let x = 0, i = y * width; x < width; x++, i++) data[i] = (tmp[i - width] + 2 * tmp[i] + tmp[i + width] + 2) >> 2;
  }
}

/**
 * Skew of the text in degrees (positive: lines fall to the right), from the angle at which the
 * dark pixels of a thumbnail project onto the sharpest row profile. Searches ±`maxDegrees`.
 */
export function estimateSkewDegrees(gray: Gray, maxDegrees = 8): number {
  const step = Math.max(1, Math.round(gray.width / 500));
  const points: number[] = [];
  let sum = 0;
  let n = 0;
  for (let y = 0; y < gray.height; y += step) for (let x = 0; x < gray.width; x += step, n++) sum += gray.data[y * gray.width + x];
  const mean = sum / Math.max(1, n);
  // Ink is whichever side of the mean is the minority; a light-on-dark plate has light ink.
  let darkCount = 0;
  for (let y = 0; y < gray.height; y += step) for (let x = 0; x < gray.width; x += step) if (gray.data[y * gray.width + x] < mean * 0.75) darkCount++;
  const inkIsDark = darkCount * 2 < n;
  for (let y = 0; y < gray.height; y += step) {
    for (let x = 0; x < gray.width; x += step) {
      const v = gray.data[y * gray.width + x];
      if (inkIsDark ? v < mean * 0.75 : v > mean * 1.25) points.push(x / step, y / step);
    }
  }
  if (points.length < 40) return 0;
  const rows = Math.ceil(gray.height / step) + Math.ceil(gray.width / step) + 2;
  const sharpness = (degrees: number): number => {
    const slope = Math.tan((degrees * Math.PI) / 180);
    const profile = new Float64Array(rows);
    const offset = slope > 0 ? slope * (gray.width / step) : 0;
    for (let i = 0; i < points.length; i += 2) profile[(points[i + 1] - slope * points[i] + offset + 0.5) | 0]++;
    let total = 0;
    for (const count of profile) total += count * count;
    return total;
  };
  let best = 0;
  let bestScore = sharpness(0);
  for (const coarse of [1, 0.2]) {
    const center = best;
    const span = coarse === 1 ? maxDegrees : 1;
    for (let degrees = center - span; degrees <= center + span + 1e-9; degrees += coarse) {
      const score = sharpness(degrees);
      if (score > bestScore * 1.0001) [best, bestScore] = [degrees, score];
    }
  }
  return Math.round(best * 10) / 10;
}

/** Rotates by `degrees` (positive: counter-clockwise on screen) about the center, bilinear, same size; corners get `background`. */
export function rotate(gray: Gray, degrees: number, background: number): Gray {
  const { data, width, height } = gray;
  const out = Buffer.allocUnsafe(width * height);
  const cos = Math.cos((degrees * Math.PI) / 180);
  const sin = Math.sin((degrees * Math.PI) / 180);
  const cx = (width - 1) / 2;
  const cy = (height - 1) / 2;
  for (let y = 0, o = 0; y < height; y++) {
    const dy = y - cy;
    for (let x = 0; x < width; x++, o++) {
      const dx = x - cx;
      const sx = cx + dx * cos - dy * sin;
      const sy = cy + dx * sin + dy * cos;
      if (sx < 0 || sy < 0 || sx >= width - 1 || sy >= height - 1) {
        out[o] = background;
        continue;
      }
      const x0 = sx | 0;
      const y0 = sy | 0;
      const fx = sx - x0;
      const fy = sy - y0;
      const i = y0 * width + x0;
      const top = data[i] + (data[i + 1] - data[i]) * fx;
      const bottom = data[i + width] + (data[i + width + 1] - data[i + width]) * fx;
      out[o] = top + (bottom - top) * fy + 0.5;
    }
  }
  return { data: out, width, height };
}
