import sharp from 'sharp';
import { loadAssetKnowledge } from '../../src/asset-intelligence/knowledge/knowledge.loader';
import { nameplateParserOptions } from '../../src/asset-intelligence/nameplate/nameplate-parser-options';
import { PpOcrPool } from '../../src/asset-intelligence/nameplate/ocr/pp-ocr/pp-ocr-pool';
import { PhotoReader } from '../../src/asset-intelligence/nameplate/photo-reader';
import { CORPUS, renderCorpusPlate } from '../fixtures/nameplates/corpus';
import { renderNameplate, renderTextLines, SAMPLE_NAMEPLATES } from '../fixtures/nameplates/render-nameplate';

// The PP-OCR reader on plates rendered for these tests: photos turned by EXIF or in their pixels,
// a table of labels over values, French labels, a brand named inside a warning, and an unreadable plate.
describe('PhotoReader (PP-OCR) on rendered plates', () => {
  const pool = new PpOcrPool({ size: 1, modelThreads: 2 });
  const reader = new PhotoReader(pool, {}, nameplateParserOptions(loadAssetKnowledge()));
  const read = async (photo: Buffer) => {
    const { fields } = await reader.read(photo, 'jpeg');
    return { brand: fields.brand?.value, model: fields.model_number?.value, serial: fields.serial_number?.value };
  };
  const truth = SAMPLE_NAMEPLATES.condenser;
  let condenser: Buffer;

  beforeAll(async () => {
    await pool.start();
    condenser = await renderNameplate('condenser', truth, { format: 'jpeg', jpegQuality: 85 });
  }, 120_000);
  afterAll(() => pool.stop());

  it('reads a plate upright', async () => {
    expect(await read(condenser)).toEqual({ brand: 'Carrier', model: truth.model, serial: truth.serial });
  });

  it('applies the EXIF orientation first: pixels stored sideways with orientation 6 read as upright', async () => {
    // Orientation 6 means "turn 90° clockwise to view": store the plate turned the other way.
    const stored = await sharp(condenser).rotate(-90).withMetadata({ orientation: 6 }).jpeg().toBuffer();
    expect((await sharp(stored).metadata()).orientation).toBe(6);
    expect(await read(stored)).toEqual({ brand: 'Carrier', model: truth.model, serial: truth.serial });
  });

  it.each([90, 180, 270])('reads a plate turned %i° in its pixels, with no EXIF to say so', async (degrees) => {
    const turned = await sharp(condenser).rotate(degrees).jpeg().toBuffer();
    expect(await read(turned)).toEqual({ brand: 'Carrier', model: truth.model, serial: truth.serial });
  });

  it('finds a small plate in a wide photo and reads it again closer', async () => {
    // The plate is 600 px wide in a 4000 × 3000 frame of plain wall: at the first reading's scale its print is a few pixels high.
    const plate = await sharp(condenser).resize({ width: 600 }).toBuffer();
    const wall = sharp({ create: { width: 4000, height: 3000, channels: 3, background: '#8a8f88' } });
    const photo = await wall
      .composite([{ input: plate, left: 2600, top: 400 }])
      .jpeg({ quality: 90 })
      .toBuffer();
    const reading = await reader.read(photo, 'jpeg');
    expect(reading.passes).toBe(2);
    expect({ brand: reading.fields.brand?.value, model: reading.fields.model_number?.value, serial: reading.fields.serial_number?.value }).toEqual({
      brand: 'Carrier',
      model: truth.model,
      serial: truth.serial,
    });
  });

  it('pairs labels and values laid out in a table', async () => {
    const plate = CORPUS.find((p) => p.layout === 'motor-table' || p.layout === 'rooftop-grid')!;
    const { brand: _brand, ...ids } = await read(await renderCorpusPlate(plate));
    expect(ids).toEqual({ model: plate.model, serial: plate.serial });
  });

  it('reads model and serial after French labels', async () => {
    const photo = await renderTextLines(['LENNOX', 'NO DE MODÈLE   XC21-036-230', 'NO DE SÉRIE   5809K12345', 'TENSION 208/230 V  1 PH  60 HZ'], 1100, 44);
    expect(await read(photo)).toEqual({ brand: 'Lennox', model: 'XC21-036-230', serial: '5809K12345' });
  });

  it('takes the brand from the maker, not from a brand named inside a warning', async () => {
    const photo = await renderTextLines(
      [
        'GOODMAN',
        'MODEL NO. GSX140361KB',
        'SERIAL NO. 1806254173',
        'WARNING: DO NOT USE CARRIER OR TRANE PARTS',
        'ON THIS UNIT. CARRIER PARTS VOID THE WARRANTY',
      ],
      1400,
      40,
    );
    expect((await read(photo)).brand).toBe('Goodman');
  });

  it('finds nothing on a plate that cannot be read', async () => {
    // Grain and a few blurred strokes: text-like shapes, nothing legible.
    const strokes = await renderTextLines(['MODEL 24ACC636A003', 'SERIAL 1014E12345'], 900, 40);
    const blurred = await sharp(strokes).blur(14).jpeg({ quality: 60 }).toBuffer();
    expect(await read(blurred)).toEqual({ brand: undefined, model: undefined, serial: undefined });
  });
});
