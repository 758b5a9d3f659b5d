import sharp from 'sharp';
import {
  renderNameplate,
  renderTextLines,
  SAMPLE_NAMEPLATES,
  type NameplateLayout,
  type NameplateTruth,
  type RenderOptions,
} from '../../../test/fixtures/nameplates/render-nameplate';
import { ImageRejectedError } from './image/image-preprocessor';
import { NameplateReader, type NameplateOcr, type NameplateReading } from './nameplate-reader';
import { nameplateFieldList } from './parsing/nameplate-fields';
import { OcrBusyError, OcrError, OcrErrorReason, OcrPool, type OcrResult } from './ocr/ocr-pool';

const BRANDS = ['Carrier', 'Trane', 'Lennox', 'Goodman', 'Rheem', 'Ruud', 'A.O. Smith', 'Whirlpool', 'York', 'Bryant', 'Amana'];

function fakeOcr(...texts: Array<string | Error>): NameplateOcr & { recognize: jest.Mock } {
  const recognize = jest.fn(async (): Promise<OcrResult> => {
    const next = texts.shift() ?? '';
    if (next instanceof Error) throw next;
    return { text: next, confidence: 0.9, durationMs: 1 };
  });
  return { recognize };
}

describe('NameplateReader', () => {
  let photo: Buffer;
  beforeAll(async () => {
    photo = await renderTextLines(['placeholder'], 600);
  });

  it('keeps a strong first reading, with timings', async () => {
    const ocr = fakeOcr('CARRIER\nMODEL 24ACC636A003\nSERIAL 1014E12345');
    const reading = await new NameplateReader(ocr, {}, { knownBrands: BRANDS }).read(photo, 'png');
    expect(ocr.recognize).toHaveBeenCalledTimes(1);
    expect(ocr.recognize.mock.calls[0][1]).toEqual({ words: true, thresholding: 'otsu' });
    expect(reading).toMatchObject({ image_format: 'png', passes: 1, pass: 'primary', raw_text: expect.stringContaining('24ACC636A003') });
    expect(reading.fields.model_number?.value).toBe('24ACC636A003');
    expect(reading.timings.total_ms).toBeGreaterThanOrEqual(reading.timings.ocr_ms);
  });

  it('reads the locally thresholded image when the first reading misses a key field, keeping the better and the extras', async () => {
    const ocr = fakeOcr('CARRIER\nVOLTS 208/230', 'CARRIER\nMODEL 24ACC636A003\nSERIAL 1014E12345');
    const reading = await new NameplateReader(ocr, {}, { knownBrands: BRANDS }).read(photo, 'png');
    expect(ocr.recognize).toHaveBeenCalledTimes(2);
    expect(ocr.recognize.mock.calls[1][1]).toMatchObject({ thresholding: 'otsu' });
    // Binarized before OCR: the second image holds only black and white.
    const pgm = ocr.recognize.mock.calls[1][0] as Buffer;
    const pixels = pgm.subarray(pgm.length - 600 * 100);
    expect(pixels.every((v) => v === 0 || v === 255)).toBe(true);
    expect(reading).toMatchObject({ passes: 2, pass: 'adaptive' });
    expect(reading.fields).toMatchObject({ model_number: { value: '24ACC636A003' }, voltage: { value: '208/230' } });
  });

  it('keeps the first reading when OCR is too busy for a second', async () => {
    const ocr = fakeOcr('CARRIER\nVOLTS 208/230', new OcrBusyError(3));
    const reading = await new NameplateReader(ocr, {}, { knownBrands: BRANDS }).read(photo, 'png');
    expect(reading).toMatchObject({ passes: 1, fields: { brand: { value: 'Carrier' }, voltage: { value: '208/230' } } });
  });

  it('lets a busy first pass and a refused image through to the caller', async () => {
    await expect(new NameplateReader(fakeOcr(new OcrBusyError(2)), {}, { knownBrands: BRANDS }).read(photo, 'png')).rejects.toBeInstanceOf(OcrBusyError);
    const bomb = await sharp({ create: { width: 3000, height: 3000, channels: 3, background: '#fff' } })
      .png()
      .toBuffer();
    const reader = new NameplateReader(fakeOcr(), { maxInputPixels: 1_000_000 }, { knownBrands: BRANDS });
    await expect(reader.read(bomb, 'png')).rejects.toBeInstanceOf(ImageRejectedError);
  });

  it('keeps the first reading when the second pass times out', async () => {
    const ocr = fakeOcr('CARRIER\nVOLTS 208/230', new OcrError(OcrErrorReason.Timeout, 'too slow'));
    const reading = await new NameplateReader(ocr, {}, { knownBrands: BRANDS }).read(photo, 'png');
    expect(reading).toMatchObject({ passes: 1, fields: { brand: { value: 'Carrier' } } });
    expect(nameplateFieldList(reading.fields).map((f) => f.name)).toEqual(['brand', 'voltage']);
  });

  it('answers empty fields, not an error, when nothing is readable', async () => {
    const reading = await new NameplateReader(fakeOcr('', ''), {}, { knownBrands: BRANDS }).read(photo, 'png');
    expect(reading).toMatchObject({ fields: {}, passes: 2 });
  });
});

/** Synthetic photos of plates, from a flat scan to a tilted, blurred, grainy, compressed 12 MP phone shot. */
const ROUND_TRIPS: Array<{ name: string; layout: NameplateLayout; truth?: Partial<NameplateTruth>; render: RenderOptions; orient?: boolean }> = [
  {
    name: 'condenser, 12 MP phone JPEG, tilted 3°, blurred, grainy',
    layout: 'condenser',
    render: { width: 4000, rotateDeg: 3, blur: 1.5, noise: 20, format: 'jpeg', jpegQuality: 80 },
  },
  {
    name: 'water heater, 12 MP JPEG quality 60, tilted -4°, very grainy',
    layout: 'water-heater',
    render: { width: 4000, rotateDeg: -4, blur: 2, noise: 25, format: 'jpeg', jpegQuality: 60 },
  },
  { name: 'furnace, light text stamped on a dark plate', layout: 'furnace', render: { theme: 'dark', noise: 10 } },
  {
    name: 'appliance sticker, small blurred JPEG',
    layout: 'appliance',
    render: { width: 1000, theme: 'sticker', blur: 1, noise: 15, format: 'jpeg', jpegQuality: 70 },
  },
  {
    name: 'condenser of another brand, JPEG stored sideways with an EXIF orientation',
    layout: 'condenser',
    truth: { brand: 'Trane', model: '4TTR4036L1000A', serial: '20161K1234', voltage: '460', phase: '3', refrigerant: 'R-454B' },
    render: { width: 2400, rotateDeg: -2, noise: 8, format: 'jpeg', jpegQuality: 85 },
    orient: true,
  },
  {
    name: 'furnace of another brand on LP gas, 3000 px JPEG',
    layout: 'furnace',
    truth: { brand: 'Lennox', model: 'ML180UH070XE36B', serial: '5918K12345', gasType: 'LP' },
    render: { width: 3000, rotateDeg: 1.5, blur: 1, noise: 12, format: 'jpeg', jpegQuality: 75 },
  },
];

describe('NameplateReader with real OCR on synthetic plates', () => {
  const pool = new OcrPool({ size: 2 });
  const readings = new Map<string, { truth: NameplateTruth; reading: NameplateReading }>();

  beforeAll(async () => {
    await pool.start();
    const reader = new NameplateReader(pool, {}, { knownBrands: BRANDS });
    await Promise.all(
      ROUND_TRIPS.map(async ({ name, layout, truth: overrides, render, orient }) => {
        const truth = { ...SAMPLE_NAMEPLATES[layout], ...overrides };
        let image = await renderNameplate(layout, truth, render);
        if (orient) image = await sharp(image).rotate(90).withMetadata({ orientation: 8 }).jpeg({ quality: 85 }).toBuffer();
        readings.set(name, { truth, reading: await reader.read(image, render.format ?? 'png') });
      }),
    );
  }, 120_000);
  afterAll(() => pool.stop());

  it.each(ROUND_TRIPS.map((c) => c.name))('reads brand, model and serial: %s', (name) => {
    const { truth, reading } = readings.get(name)!;
    expect({ brand: reading.fields.brand?.value, model: reading.fields.model_number?.value, serial: reading.fields.serial_number?.value }).toEqual({
      brand: truth.brand,
      model: truth.model,
      serial: truth.serial,
    });
    for (const field of Object.values(reading.fields)) expect(field?.confidence).toBeGreaterThan(0.4);
  });

  it.each(ROUND_TRIPS.map((c) => c.name))('reads the voltage, phase and refrigerant printed: %s', (name) => {
    const { truth, reading } = readings.get(name)!;
    const printed = { voltage: truth.voltage, phase: truth.phase, refrigerant: truth.refrigerant?.toUpperCase() };
    const expected = Object.fromEntries(Object.entries(printed).filter(([, v]) => v !== undefined));
    const read = Object.fromEntries(Object.keys(expected).map((k) => [k, reading.fields[k as keyof typeof reading.fields]?.value]));
    expect(read).toEqual(expected);
  });

  it('reads the rest of a condenser plate', () => {
    const { fields } = readings.get(ROUND_TRIPS[0].name)!.reading;
    expect(Object.fromEntries(Object.entries(fields).map(([k, f]) => [k, f?.value]))).toMatchObject({
      rla: '14.1',
      lra: '73.0',
      mca: '19.0',
      mocp: '30',
      refrigerant_charge: '7 lb 10 oz',
      manufacture_date: '2014-03',
    });
  });

  it('reads the rest of water heater and furnace plates', () => {
    const heater = readings.get(ROUND_TRIPS[1].name)!.reading.fields;
    expect([heater.tank_gallons?.value, heater.input_btuh?.value, heater.gas_type?.value, heater.manufacture_date?.value]).toEqual([
      '40',
      '36000',
      'natural',
      '2014-03',
    ]);
    const furnace = readings.get(ROUND_TRIPS[5].name)!.reading.fields;
    expect([furnace.input_btuh?.value, furnace.output_btuh?.value, furnace.gas_type?.value]).toEqual(['80000', '77000', 'lp']);
  });
});
