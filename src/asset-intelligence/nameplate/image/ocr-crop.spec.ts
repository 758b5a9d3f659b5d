import { cropAndScale, toPgm } from './ocr-crop';
import type { Gray } from './gray-image';

/** A white image with a black square at (20..29, 10..19). */
function square(): Gray {
  const width = 60;
  const height = 40;
  const data = Buffer.alloc(width * height, 255);
  for (let y = 10; y < 20; y++) for (let x = 20; x < 30; x++) data[y * width + x] = 0;
  return { data, width, height };
}

describe('cropAndScale and toPgm', () => {
  it('crops, scales and pads with the background gray', () => {
    const out = cropAndScale(square(), { x0: 15, y0: 5, x1: 35, y1: 25 }, 2, 0, 4);
    expect(out.width).toBe(20 * 2 + 8);
    expect(out.height).toBe(20 * 2 + 8);
    const at = (x: number, y: number) => out.data[y * out.width + x];
    expect(at(0, 0)).toBe(255);
    // The square's middle (25, 15) lands at (4 + 20, 4 + 20).
    expect(at(24, 24)).toBe(0);
    expect(at(4 + 4, 4 + 4)).toBe(255);
  });

  it('follows a sheared row and clamps at the image edge', () => {
    const out = cropAndScale(square(), { x0: 0, y0: 0, x1: 60, y1: 10 }, 1, 0.5, 0);
    // With slope 0.5, the row sampled at x = 25 is y + 12.5: the square (rows 10-19) shows in the top rows.
    expect(out.data[0 * out.width + 25]).toBe(0);
    expect(out.data[0 * out.width + 5]).toBe(255);
  });

  it('writes binary PGM, inverted on request', () => {
    const pgm = toPgm({ data: Buffer.from([0, 255]), width: 2, height: 1 }, true);
    expect(pgm.subarray(0, 11).toString('ascii')).toBe('P5\n2 1\n255\n');
    expect([...pgm.subarray(11)]).toEqual([255, 0]);
  });
});
