import type { OcrLine } from '../ocr/ocr-pool.types';
import { splitGluedLabels } from './glued-labels';

function line(...words: string[]): OcrLine {
  let x = 0;
  const placed = words.map((text) => {
    const bbox = { x0: x, y0: 0, x1: x + 10 * text.length, y1: 20 };
    x = bbox.x1 + 10;
    return { text, confidence: 0.9, bbox };
  });
  const bbox = { x0: 0, y0: 0, x1: x, y1: 20 };
  return { text: words.join(' '), confidence: 0.9, bbox, baseline: { x0: 0, y0: 20, x1: x, y1: 20 }, words: placed };
}

const texts = (lines: OcrLine[]) => lines.map((l) => l.words.map((w) => w.text));

describe('splitGluedLabels', () => {
  it('splits a label run into its value, the value keeping its share of the box', () => {
    const [out] = splitGluedLabels([line('MODELNUMBERXG50T06EC38U1')]);
    expect(out.words.map((w) => w.text)).toEqual(['MODEL', 'NUMBER', 'XG50T06EC38U1']);
    expect(out.words[2].bbox).toMatchObject({ x0: 110, x1: 240 });
    expect(out.text).toBe('MODEL NUMBER XG50T06EC38U1');
  });

  it('gives a label run into its own words its spaces back, and splits rating labels from their values', () => {
    expect(texts(splitGluedLabels([line('SERIALNUMBER', '1014E12345'), line('REFRIGERANTR-410A')]))).toEqual([
      ['SERIAL', 'NUMBER', '1014E12345'],
      ['REFRIGERANT', 'R-410A'],
    ]);
  });

  it('leaves words that only start like a label: a French label, a short tail, a word without digits', () => {
    expect(texts(splitGluedLabels([line('MODELE', 'MODELS', 'SERIALIZED')]))).toEqual([['MODELE', 'MODELS', 'SERIALIZED']]);
  });

  it("splits a maker's name from company words run into it, only for known makers", () => {
    const lines = [line('WATERITEINC'), line('ACMEWIDGETSINC'), line('A.O.SMITHENTERPRISESLIMITED,')];
    expect(texts(splitGluedLabels(lines, ['Waterite', 'A. O. Smith']))).toEqual([
      ['Waterite', 'INC'],
      ['ACMEWIDGETSINC'],
      ['A.', 'O.', 'Smith', 'ENTERPRISESLIMITED,'],
    ]);
  });
});
