import { estimateSlope, layoutText } from './ocr-layout';
import type { OcrWord } from '../ocr/ocr-pool';
import { ocrLine as line } from '../../../../test/support/ocr-lines';

/** A word `text` whose box starts at x, sits on a line at y that falls by `slope` per pixel. */
function word(text: string, x: number, y: number, slope = 0, confidence = 0.9): OcrWord {
  const width = text.length * 20;
  const drop = slope * (x + width / 2);
  return { text, confidence, bbox: { x0: x, y0: y + drop, x1: x + width, y1: y + drop + 30 } };
}

describe('layoutText', () => {
  it('puts sparse blocks on the same row back on one line, with a column gap between them', () => {
    const text = layoutText([
      line(word('MODEL', 100, 100), word('NO.', 230, 100)),
      line(word('SERIAL', 800, 102), word('NO.', 950, 102)),
      line(word('24ACC636A003', 100, 160)),
      line(word('1014E12345', 800, 158)),
    ]);
    const rows = text.split('\n');
    expect(rows).toHaveLength(2);
    expect(rows[0].trim()).toMatch(/^MODEL NO\. {2,}SERIAL NO\.$/);
    expect(rows[1].trim()).toMatch(/^24ACC636A003 {2,}1014E12345$/);
    // Values start in the same column as their labels.
    expect(rows[1].indexOf('1014E12345')).toBe(rows[0].indexOf('SERIAL'));
  });

  it('keeps rows apart on a tilted photo', () => {
    const slope = Math.tan((4 * Math.PI) / 180);
    const lines = [
      line(word('VOLTS', 100, 100, slope), word('208/230', 230, 100, slope), word('PH', 800, 100, slope), word('1', 870, 100, slope)),
      line(word('MCA', 100, 150, slope), word('19.0', 180, 150, slope), word('MOCP', 800, 150, slope), word('30', 920, 150, slope)),
    ];
    expect(estimateSlope(lines)).toBeCloseTo(slope, 2);
    expect(
      layoutText(lines)
        .split('\n')
        .map((r) => r.trim().replace(/ {2,}/g, ' | ')),
    ).toEqual(['VOLTS 208/230 | PH 1', 'MCA 19.0 | MOCP 30']);
  });

  it('leaves out words Tesseract itself barely believes, and copes with nothing', () => {
    expect(layoutText([line(word('RHEEM', 100, 100), word('~%', 400, 100, 0, 0.05))]).trim()).toBe('RHEEM');
    expect(layoutText([])).toBe('');
  });
});
