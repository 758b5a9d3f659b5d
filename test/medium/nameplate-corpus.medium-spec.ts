import { normalizeBrand } from '../../src/asset-intelligence/decoders/brand-normalizer';
import { loadAssetKnowledge } from '../../src/asset-intelligence/knowledge/knowledge.loader';
import { nameplateParserOptions } from '../../src/asset-intelligence/nameplate/nameplate-parser-options';
import { PpOcrPool } from '../../src/asset-intelligence/nameplate/ocr/pp-ocr/pp-ocr-pool';
import { PhotoReader } from '../../src/asset-intelligence/nameplate/photo-reader';
import { CORPUS, corpusHalf, renderCorpusPlate, type CorpusPlate } from '../fixtures/nameplates/corpus';

// A small subset of the rendered corpus (one or two tune plates per layout; OCR is slow), read
// with the API's reader (PP-OCR) and parser options. Floors sit a little under the figures measured by
// `npm run eval:nameplates`; the full corpus and both halves are in BENCHMARKS.md.
const SUBSET = [
  'bilingual-3',
  'bilingual-6',
  'motor-table-3',
  'boiler-3',
  'stamped-2',
  'dot-matrix-6',
  'barcode-1',
  'barcode-2',
  'parent-lines-1',
  'spanish-3',
  'rooftop-grid-2',
  'water-heater-6',
];
// Measured on this subset: brand 12, model 10, serial 12 of 12.
const FLOORS = { brand: 11, model: 9, serial: 11 };

const ident = (v: string | null | undefined): string => (v ?? '').toUpperCase().replace(/[^A-Z0-9]/g, '');

describe('nameplate reading on the rendered corpus (subset)', () => {
  const knowledge = loadAssetKnowledge();
  const brandId = (v: string | null | undefined) => (v ? normalizeBrand(knowledge, v).brand?.id : undefined);
  const pool = new PpOcrPool({ size: 1, modelThreads: 2 });
  const reader = new PhotoReader(pool, {}, nameplateParserOptions(knowledge));
  const plates = SUBSET.map((id) => CORPUS.find((p) => p.id === id)!);
  const results = new Map<string, { brand?: string; model?: string; serial?: string }>();

  beforeAll(async () => {
    await pool.start();
    for (const plate of plates) {
      const { fields } = await reader.read(await renderCorpusPlate(plate), 'jpeg');
      results.set(plate.id, { brand: fields.brand?.value, model: fields.model_number?.value, serial: fields.serial_number?.value });
    }
  }, 120_000);
  afterAll(() => pool.stop());

  const right = (plate: CorpusPlate) => {
    const read = results.get(plate.id)!;
    return {
      brand: brandId(read.brand) === brandId(plate.brand),
      model: ident(read.model) === ident(plate.model),
      serial: ident(read.serial) === ident(plate.serial),
    };
  };

  it('only uses tune plates', () => {
    expect(plates.every((p) => corpusHalf(p) === 'tune')).toBe(true);
  });

  it('reads brand, model and serial at or above the floors', () => {
    const counts = { brand: 0, model: 0, serial: 0 };
    for (const plate of plates) for (const [field, ok] of Object.entries(right(plate))) if (ok) counts[field as keyof typeof counts]++;
    expect(counts.brand).toBeGreaterThanOrEqual(FLOORS.brand);
    expect(counts.model).toBeGreaterThanOrEqual(FLOORS.model);
    expect(counts.serial).toBeGreaterThanOrEqual(FLOORS.serial);
  });

  it('reads the serial under the bilingual SERIAL / NUMÉRO DE SÉRIE label', () => {
    expect(right(plates[0])).toEqual({ brand: true, model: true, serial: true });
  });

  it('never takes LG from "Lg" noise, and takes the logo over the parent company', () => {
    for (const plate of plates.filter((p) => p.distortions.speckLetters && p.brand !== 'LG')) expect(brandId(results.get(plate.id)!.brand)).not.toBe('lg');
    expect(results.get('parent-lines-1')!.brand).toBe('Bryant');
  });
});
