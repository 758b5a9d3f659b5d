import type { Gray } from './gray-image';

// Hand-written: sharp offers only a global threshold, and Tesseract's own Sauvola works on the
// image it is given, with a window that knows nothing of the print's size. An integral image
// makes every window mean cost four reads, so the pass stays linear in the pixels.

/**
 * Bradley-Roth adaptive threshold: a pixel is ink (0) when it is darker than the mean of the
 * square window of `radius` around it by more than `offset` (a fraction of that mean), else
 * paper (255). Under glare or on brushed and stamped metal the plate's brightness drifts across
 * the photo, so one global threshold loses the faint side; a local mean follows the drift.
 * Isolated ink pixels (grain) with fewer than two ink neighbours are dropped: Tesseract spends
 * time on every speck and sometimes reads one as a letter.
 */
export function adaptiveThreshold(gray: Gray, radius: number, offset = 0.1): Gray {
  const { data, width, height } = gray;
  const stride = width + 1;
  const integral = new Uint32Array(stride * (height + 1));
  for (let y = 0; y < height; y++) {
    let row = 0;
    for (let x = 0, i = y * width; x < width; x++, i++) {
      row += data[i];
      integral[(y + 1) * stride + x + 1] = integral[y * stride + x + 1] + row;
    }
  }
  const ink = new Uint8Array(width * height);
  const keep = 1 - offset;
  for (let y = 0; y < height; y++) {
    const y0 = y - radius < 0 ? 0 : y - radius;
    const y1 = y + radius >= height ? height - 1 : y + radius;
    for (let x = 0, i = y * width; x < width; x++, i++) {
      const x0 = x - radius < 0 ? 0 : x - radius;
      const x1 = x + radius >= width ? width - 1 : x + radius;
      const sum = integral[(y1 + 1) * stride + x1 + 1] - integral[y0 * stride + x1 + 1] - integral[(y1 + 1) * stride + x0] + integral[y0 * stride + x0];
      const count = (x1 - x0 + 1) * (y1 - y0 + 1);
      if (data[i] * count < sum * keep) ink[i] = 1;
    }
  }
  const out = Buffer.alloc(width * height, 255);
  for (let y = 1; y < height - 1; y++) {
    for (let x = 1, i = y * width + 1; x < width - 1; x++, i++) {
      if (!ink[i]) continue;
      const neighbours =
        ink[i - width - 1] + ink[i - width] + ink[i - width + 1] + ink[i - 1] + ink[i + 1] + ink[i + width - 1] + ink[i + width] + ink[i + width + 1];
      if (neighbours >= 2) out[i] = 0;
    }
  }
  return { data: out, width, height };
}
