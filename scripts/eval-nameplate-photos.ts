/**
 * Field accuracy on real nameplate photos: `npm run eval:photos [-- --engine ppocr|tesseract] [--detect 1280] [--verbose]`.
 *
 * Reads the labelled photos of ../shared/data/nameplate-photos (measuring material that may not
 * ship: nothing of it is copied here) with the reader the API uses, and reports brand, model and
 * serial accuracy per half, counting only fields the labels call legible (not empty, ILLEGIBLE or
 * UNCERTAIN). Photos of one plate share a half: the half is fixed by a hash of the plate's first
 * file name, and the kept-apart half is only ever scored (--verbose prints the tune half only).
 * Exits 0 with a message when the folder is absent.
 *
 * Scoring: model and serial exact after dropping spaces, dashes and case; brand right when the
 * name read and the label's name contain one another after the same folding ("A. O. Smith" for
 * "A. O. SMITH ENTERPRISES LIMITED"); a fully illegible plate is right when nothing is read.
 */
import { createHash } from 'node:crypto';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { parse } from 'csv-parse/sync';
import { loadAssetKnowledge } from '../src/asset-intelligence/knowledge/knowledge.loader';
import { NameplateReader, type NameplateReading } from '../src/asset-intelligence/nameplate/nameplate-reader';
import { nameplateParserOptions } from '../src/asset-intelligence/nameplate/nameplate-parser-options';
import { OcrPool } from '../src/asset-intelligence/nameplate/ocr/ocr-pool';
import { PpOcrPool } from '../src/asset-intelligence/nameplate/ocr/pp-ocr/pp-ocr-pool';
import { PhotoReader } from '../src/asset-intelligence/nameplate/photo-reader';

const DIR = path.resolve(__dirname, '../../shared/data/nameplate-photos');
const FIELDS = ['brand', 'model', 'serial'] as const;
type Field = (typeof FIELDS)[number];
const READ_FIELD: Record<Field, 'brand' | 'model_number' | 'serial_number'> = { brand: 'brand', model: 'model_number', serial: 'serial_number' };

/** Photos of the same plate (the labels' notes name them); the group's first file decides the half. */
const SAME_PLATE: Record<string, string> = { 'housesteady-img_0005.jpg': 'housesteady-img_0004.jpg', 'housesteady-img_0030.jpg': 'housesteady-img_0029.jpg' };

interface Label {
  file: string;
  equipment_type: string;
  brand: string;
  model: string;
  serial: string;
  legibility: string;
}

const fold = (v: string | null | undefined): string => (v ?? '').toUpperCase().replace(/[^A-Z0-9]/g, '');
const legible = (v: string): boolean => v.trim() !== '' && !/^(ILLEGIBLE|UNCERTAIN)/.test(v);

export function photoHalf(file: string): 'tune' | 'kept-apart' {
  const group = SAME_PLATE[file] ?? file;
  return parseInt(createHash('sha256').update(group).digest('hex').slice(0, 8), 16) % 3 === 1 ? 'kept-apart' : 'tune';
}

function right(field: Field, label: string, read: string | null | undefined): boolean {
  const [a, b] = [fold(label), fold(read)];
  if (!b) return false;
  if (field !== 'brand') return a === b;
  return b.length >= 3 && (a.includes(b) || b.includes(a));
}

/** A coarse kind of equipment, from the label's description. */
function kind(equipmentType: string): string {
  if (/heat pump/i.test(equipmentType)) return 'heat pump';
  if (/water heater/i.test(equipmentType)) return 'water heater';
  if (/pump|circulator/i.test(equipmentType)) return 'pump';
  if (/motor/i.test(equipmentType)) return 'motor';
  if (/tank|feeder|valve|treatment/i.test(equipmentType)) return 'water system';
  return 'other';
}

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((x, y) => x - y);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))] ?? 0;
}

export interface PhotoEvaluationOptions {
  engine: 'ppocr' | 'tesseract';
  /** Long side text is looked for at, for PP-OCR (default: the reader's). */
  detectLongSide?: number;
  /** Print each tune photo's outcome. */
  verbose: boolean;
}

export async function evaluatePhotos({ engine, detectLongSide, verbose }: PhotoEvaluationOptions): Promise<void> {
  if (!fs.existsSync(path.join(DIR, 'labels.csv'))) {
    console.log(`No real photos at ${DIR}: nothing to measure.`);
    return;
  }
  const labels = parse(fs.readFileSync(path.join(DIR, 'labels.csv')), { columns: true, skip_empty_lines: true }) as Label[];
  const options = nameplateParserOptions(loadAssetKnowledge());
  let read: (buffer: Buffer) => Promise<NameplateReading>;
  let stop: () => Promise<void>;
  if (engine === 'tesseract') {
    const pool = new OcrPool({ size: 1 });
    await pool.start();
    const reader = new NameplateReader(pool, {}, options);
    read = (b) => reader.read(b, 'jpeg');
    stop = () => pool.stop();
  } else {
    const pool = new PpOcrPool({ size: 1, modelThreads: os.availableParallelism(), timeoutMs: 120_000 });
    await pool.start();
    const reader = new PhotoReader(pool, detectLongSide ? { detectLongSide } : {}, options);
    read = (b) => reader.read(b, 'jpeg');
    stop = () => pool.stop();
  }
  // Warm-up: the first reading pays for memory the later ones reuse.
  await read(fs.readFileSync(path.join(DIR, labels[0].file)));
  const tally: Record<string, Record<Field, { right: number; of: number }> & { refused: { right: number; of: number }; ms: number[] }> = {};
  for (const label of labels) {
    const half = photoHalf(label.file);
    const groups = [half, `${half}: ${kind(label.equipment_type)}`];
    const started = performance.now();
    const reading = await read(fs.readFileSync(path.join(DIR, label.file)));
    const elapsed = performance.now() - started;
    for (const group of groups) score(group, label, reading, elapsed, verbose && half === 'tune' && group === half);
  }
  await stop();
  report(engine, labels.length);

  function score(group: string, label: Label, reading: NameplateReading, elapsed: number, print: boolean): void {
    const t = (tally[group] ??= { brand: { right: 0, of: 0 }, model: { right: 0, of: 0 }, serial: { right: 0, of: 0 }, refused: { right: 0, of: 0 }, ms: [] });
    t.ms.push(elapsed);
    const values = Object.fromEntries(FIELDS.map((f) => [f, reading.fields[READ_FIELD[f]]?.value ?? null])) as Record<Field, string | null>;
    const marks: string[] = [];
    for (const f of FIELDS) {
      if (!legible(label[f])) continue;
      t[f].of++;
      const ok = right(f, label[f], values[f]);
      if (ok) t[f].right++;
      marks.push(`${f} ${ok ? 'ok' : `MISS (${JSON.stringify(values[f])} for ${JSON.stringify(label[f])})`}`);
    }
    if (label.legibility === 'very low') {
      t.refused.of++;
      const nothing = FIELDS.every((f) => !values[f]);
      if (nothing) t.refused.right++;
      marks.push(nothing ? 'refused ok' : `NOT REFUSED (${JSON.stringify(values)})`);
    }
    if (print) console.log(`${label.file} [${label.equipment_type}] ${Math.round(elapsed)} ms: ${marks.join('; ')}`);
  }

  function report(engineName: string, photos: number): void {
    console.log(`\nReal photos: engine ${engineName}, ${photos} photos, one at a time`);
    console.log('half (kind)                 brand        model        serial       all legible   unreadable refused   p50 ms');
    for (const [half, t] of Object.entries(tally).sort(([a], [b]) => a.localeCompare(b))) {
      const all = FIELDS.reduce((s, f) => ({ right: s.right + t[f].right, of: s.of + t[f].of }), { right: 0, of: 0 });
      const cell = (c: { right: number; of: number }) => `${c.right}/${c.of} ${c.of ? Math.round((100 * c.right) / c.of) : '-'}%`.padEnd(13);
      console.log(
        `${half.padEnd(27)} ${cell(t.brand)}${cell(t.model)}${cell(t.serial)}${cell(all)} ${cell(t.refused)}       ${Math.round(percentile(t.ms, 50))}`,
      );
    }
  }
}

if (require.main === module) {
  const at = (name: string) => (process.argv.includes(`--${name}`) ? process.argv[process.argv.indexOf(`--${name}`) + 1] : undefined);
  evaluatePhotos({
    engine: at('engine') === 'tesseract' ? 'tesseract' : 'ppocr',
    detectLongSide: at('detect') ? Number(at('detect')) : undefined,
    verbose: process.argv.includes('--verbose'),
  }).catch((error) => {
    console.error(error);
    process.exit(1);
  });
}
