import type { Gray } from './image/gray-image';
import { IDENTIFIER_CHARACTERS, rereadLabels, valueText } from './label-reread';
import { NameplateReader } from './nameplate-reader';
import type { NameplateParserOptions } from './parsing/nameplate-fields';
import type { OcrRecognizeOptions, OcrResult, OcrWord } from './ocr/ocr-pool';
import { renderTextLines } from '../../../test/fixtures/nameplates/render-nameplate';
import { ocrLine as line } from '../../../test/support/ocr-lines';

const OPTIONS: NameplateParserOptions = { knownBrands: ['Goodman', 'Carrier'], currentYear: 2025 };

function word(text: string, x: number, y: number, confidence = 0.9): OcrWord {
  return { text, confidence, bbox: { x0: x, y0: y, x1: x + text.length * 20, y1: y + 30 } };
}

/** A fake OCR: the whole-plate reading first, then one answer per single-line re-read. */
function fakeOcr(plate: OcrResult, ...crops: string[]) {
  const calls: OcrRecognizeOptions[] = [];
  const recognize = jest.fn(async (_image: Buffer, options: OcrRecognizeOptions = {}): Promise<OcrResult> => {
    calls.push(options);
    if (options.pageSegMode !== '7') return plate;
    const text = crops.shift() ?? '';
    return {
      text,
      confidence: 0,
      durationMs: 1,
      words: text
        .split(/\s+/)
        .filter(Boolean)
        .map((t, i) => word(t, 10 + 200 * i, 8)),
    };
  });
  return { recognize, calls };
}

const GRAY: Gray = { data: Buffer.alloc(800 * 600, 200), width: 800, height: 600 };

describe('valueText', () => {
  it.each([
    ['NO. GSX140361KB', 'GSX140361KB'],
    ['.NO.W281613845', 'W281613845'],
    ['1218G41180      460-3-60', '1218G41180'],
    ['DE SERIE 1806254173', '1806254173'],
    ['NO.', undefined],
  ])('reads %p as %p', (text, expected) => {
    expect(valueText({ text })).toBe(expected);
  });
});

describe('rereadLabels', () => {
  const lines = [line(word('MODEL', 50, 100), word('NO.', 170, 100)), line(word('SERIAL', 50, 200), word('NO.', 190, 200))];

  it('reads the crop right of each label as one line of identifier characters', async () => {
    const ocr = fakeOcr({ text: '', confidence: 0.9, durationMs: 1 }, 'GSX14O361K8', '1806254173');
    const grammar = (brand: string | null, model: string) => (brand === 'Goodman' ? /^GS[A-Z]\d{6}[A-Z]{2}$/.test(model) : undefined);
    const { fields: found, jobs } = await rereadLabels(ocr, { gray: GRAY, inverted: false }, lines, ['model_number', 'serial_number'], 'Goodman', {
      ...OPTIONS,
      fitsModelGrammar: grammar,
    });
    expect(jobs).toBe(2);
    expect(ocr.calls).toEqual([
      { pageSegMode: '7', charWhitelist: IDENTIFIER_CHARACTERS, words: true },
      { pageSegMode: '7', charWhitelist: IDENTIFIER_CHARACTERS, words: true },
    ]);
    expect(found.model_number).toMatchObject({ value: 'GSX140361KB', side: 'right' });
    expect(found.serial_number).toMatchObject({ value: '1806254173', side: 'right' });
    // Chosen by the grammar among look-alikes: less sure than the serial read as printed.
    expect(found.model_number!.confidence).toBeLessThan(found.serial_number!.confidence);
  });

  it('shortens a value a decoder refuses until it accepts it, and skips crops read with little confidence', async () => {
    const serial = (_brand: string | null, value: string) => /^W\d{9}$/.test(value);
    const ocr = fakeOcr({ text: '', confidence: 0.9, durationMs: 1 }, 'W281613845EEN');
    const { fields: found } = await rereadLabels(ocr, { gray: GRAY, inverted: false }, lines, ['serial_number'], null, {
      ...OPTIONS,
      isPlausibleSerial: serial,
    });
    expect(found.serial_number?.value).toBe('W281613845');
    const doubtful = jest.fn(async (): Promise<OcrResult> => ({
      text: 'GSX140361KB',
      confidence: 0.2,
      durationMs: 1,
      words: [word('GSX140361KB', 10, 8, 0.2)],
    }));
    const skipped = await rereadLabels({ recognize: doubtful }, { gray: GRAY, inverted: false }, lines, ['model_number'], null, OPTIONS);
    expect(skipped.fields).toEqual({});
  });
});

describe('NameplateReader with label re-reads', () => {
  it('re-reads only the identifiers the first reading is unsure of, and fills a missing one', async () => {
    const photo = await renderTextLines(['placeholder'], 600);
    const plateLines = [line(word('CARRIER', 50, 20)), line(word('MODEL', 50, 100), word('24ACC636A003', 170, 100)), line(word('SERIAL', 50, 200))];
    const ocr = fakeOcr(
      { text: 'CARRIER\nMODEL 24ACC636A003\nSERIAL', confidence: 0.9, durationMs: 1, lines: plateLines, words: plateLines.flatMap((l) => l.words) },
      '1014E12345',
    );
    const reading = await new NameplateReader(ocr, {}, OPTIONS).read(photo, 'png');
    expect(ocr.calls.filter((c) => c.pageSegMode === '7')).toHaveLength(1);
    expect(reading).toMatchObject({ passes: 1, rereads: 1 });
    expect(reading.fields.model_number?.value).toBe('24ACC636A003');
    expect(reading.fields.serial_number).toMatchObject({ value: '1014E12345', raw: expect.stringContaining('re-read right of label') });
  });
});
