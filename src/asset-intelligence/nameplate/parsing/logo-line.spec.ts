import type { OcrLine } from '../ocr/ocr-pool.types';
import { logoLineBrand } from './logo-line';

/** A line of text `height` px tall whose top is at `y`. */
function line(text: string, y: number, height = 20, confidence = 0.95): OcrLine {
  const bbox = { x0: 10, y0: y, x1: 10 + 12 * text.length, y1: y + height };
  return { text, confidence, bbox, baseline: { x0: bbox.x0, y0: bbox.y1, x1: bbox.x1, y1: bbox.y1 }, words: [] };
}

const body = [line('MODEL NO. ZX-2040-A', 120), line('SERIAL NO. 7731F00912', 150), line('115 V 60 HZ 1 PH', 180), line('2.1 A 180 W', 210)];

describe('logoLineBrand', () => {
  it("takes the largest print at the top of the plate as the maker's name", () => {
    expect(logoLineBrand([line('Zephyra Labs', 40, 44), ...body])).toBe('Zephyra Labs');
  });

  it('never takes a warning, a heading or a description for a name', () => {
    expect(logoLineBrand([line('WARNING', 40, 44), line('HEAT RECOVERY VENTILATOR', 90, 36), ...body])).toBeUndefined();
  });

  it('leaves out large print low on the plate, print of the usual size, and unsure readings', () => {
    expect(logoLineBrand([...body, line('Zephyra', 260, 44)])).toBeUndefined();
    expect(logoLineBrand([line('Zephyra', 40, 21), ...body])).toBeUndefined();
    expect(logoLineBrand([line('Zephyra', 40, 44, 0.6), ...body])).toBeUndefined();
  });
});
