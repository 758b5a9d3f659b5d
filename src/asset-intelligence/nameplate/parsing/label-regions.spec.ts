import type { OcrWord } from '../ocr/ocr-pool';
import { identifierLabelRegions } from './label-regions';
import { ocrLine as line } from '../../../../test/support/ocr-lines';

function word(text: string, x: number, y: number, height = 30): OcrWord {
  return { text, confidence: 0.9, bbox: { x0: x, y0: y, x1: x + text.length * 20, y1: y + height } };
}

const IMAGE = { width: 1600, height: 1200 };

describe('identifierLabelRegions', () => {
  it('looks right of and under the model and serial labels, past a label remnant, once per field', () => {
    const regions = identifierLabelRegions(
      [line(word('MODEL', 100, 100), word('NO.', 220, 100), word('24ACC636A003', 300, 100)), line(word('SERIAL', 100, 200)), line(word('MODEL', 100, 600))],
      IMAGE,
    );
    expect(regions.map((r) => `${r.field} ${r.side}`)).toEqual(['model_number right', 'model_number below', 'serial_number right', 'serial_number below']);
    const [right, below] = regions;
    // "NO." belongs to the label: the value region starts after it.
    expect(right.label.x1).toBe(280);
    expect(right.box.x0).toBeGreaterThan(280);
    expect(right.box.y0).toBeLessThan(100);
    expect(right.box.y1).toBeGreaterThan(130);
    expect(right.height).toBe(30);
    expect(below.box.y0).toBeGreaterThan(right.box.y0);
    expect(below.box.x0).toBeLessThan(100);
  });

  it('finds French and Spanish labels and misread ones, and stays inside the image', () => {
    const regions = identifierLabelRegions([line(word('No.', 1000, 1120), word('DE', 1060, 1120), word('SERIE:', 1100, 1120))], IMAGE);
    expect(regions.map((r) => r.field)).toContain('serial_number');
    for (const r of regions) {
      expect(r.box.x1).toBeLessThanOrEqual(IMAGE.width);
      expect(r.box.y1).toBeLessThanOrEqual(IMAGE.height);
    }
    expect(identifierLabelRegions([line(word('M0DEL', 100, 100))], IMAGE)[0]?.field).toBe('model_number');
    expect(identifierLabelRegions([line(word('VOLTS', 100, 100), word('208/230', 200, 100))], IMAGE)).toEqual([]);
  });

  it('follows the slope of a tilted row', () => {
    const tilted = line(word('SERIAL', 100, 100), word('NUMBER', 260, 110));
    const [right] = identifierLabelRegions([tilted], IMAGE);
    expect(right.slope).toBeCloseTo(10 / 280, 2);
  });
});
