import { estimateSkewDegrees, noiseLevel, rotate, smooth, stretchContrast, type Gray } from './gray-image';

/** White page with dark horizontal text-like bars, optionally tilted by `degrees` and sprinkled with grain. */
function page(degrees = 0, grain = 0): Gray {
  const [width, height] = [800, 600];
  const data = Buffer.alloc(width * height, 230);
  const slope = Math.tan((degrees * Math.PI) / 180);
  for (let row = 0; row < 8; row++) {
    for (let x = 100; x < 700; x++) {
      if (x % 40 > 30) continue; // gaps between "words"
      const y0 = Math.round(100 + row * 50 + slope * (x - 400));
      for (let y = y0; y < y0 + 14; y++) data[y * width + x] = 30;
    }
  }
  let seed = 7;
  for (let i = 0; grain && i < data.length; i++) {
    seed = (seed * 1103515245 + 12345) & 0x7fffffff;
    data[i] = Math.max(0, Math.min(255, data[i] + ((seed % (2 * grain + 1)) - grain)));
  }
  return { data, width, height };
}

describe('gray image operations', () => {
  it.each([-6, -2.5, 0, 1.5, 4])('measures a tilt of %p degrees', (degrees) => {
    expect(estimateSkewDegrees(page(degrees))).toBeCloseTo(degrees, 0);
  });

  it('straightens a tilted page by rotating it back', () => {
    const straightened = rotate(page(3), 3, 230);
    expect(Math.abs(estimateSkewDegrees(straightened))).toBeLessThanOrEqual(0.4);
  });

  it('tells grain from a clean page, and smoothing reduces it', () => {
    const grainy = page(0, 40);
    expect(noiseLevel(page())).toBeLessThan(5);
    const before = noiseLevel(grainy);
    expect(before).toBeGreaterThan(12);
    smooth(grainy);
    expect(noiseLevel(grainy)).toBeLessThan(before / 2);
  });

  it('stretches a dull page to full contrast', () => {
    const dull: Gray = { data: Buffer.from(page().data.map((v) => 100 + v / 4)), width: 800, height: 600 };
    stretchContrast(dull);
    expect(Math.min(...new Set(dull.data))).toBe(0);
    expect(Math.max(...new Set(dull.data))).toBe(255);
  });
});
