/**
 * Field accuracy of offline nameplate reading on the labelled corpus: `npm run eval:nameplates
 * [-- --half tune|holdout] [--layout bilingual] [--engine ppocr|tesseract] [--verbose]`.
 *
 * Then scores the real photos of ../shared/data/nameplate-photos the same way (eval-nameplate-photos.ts).
 *
 * Renders every plate of test/fixtures/nameplates/corpus-specs.json, reads it with the reader and
 * parser options the API uses (one warm OCR worker, plates one after another), and reports brand,
 * model and serial accuracy (exact after normalisation) per layout and per half, the share of
 * plates answered "unreadable", reading time p50/p95, CPU time p50/p95 (all threads: steadier
 * than wall time on a shared machine) and OCR jobs per plate. Writes bench-results/eval-nameplates.json.
 */
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { normalizeBrand } from '../src/asset-intelligence/decoders/brand-normalizer';
import { loadAssetKnowledge } from '../src/asset-intelligence/knowledge/knowledge.loader';
import { nameplateParserOptions } from '../src/asset-intelligence/nameplate/nameplate-parser-options';
import { NameplateReader } from '../src/asset-intelligence/nameplate/nameplate-reader';
import { OcrPool } from '../src/asset-intelligence/nameplate/ocr/ocr-pool';
import { PpOcrPool } from '../src/asset-intelligence/nameplate/ocr/pp-ocr/pp-ocr-pool';
import { PhotoReader } from '../src/asset-intelligence/nameplate/photo-reader';
import { evaluatePhotos } from './eval-nameplate-photos';
import { CORPUS, corpusHalf, renderCorpusPlate, type CorpusPlate } from '../test/fixtures/nameplates/corpus';

const FIELDS = ['brand', 'model', 'serial'] as const;
type Field = (typeof FIELDS)[number];

function option(name: string): string | undefined {
  const index = process.argv.indexOf(`--${name}`);
  return index >= 0 ? process.argv[index + 1] : undefined;
}

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))] ?? 0;
}

/** Identifiers compare without spaces, dashes and case: plates print them with and without. */
const ident = (v: string | null | undefined): string => (v ?? '').toUpperCase().replace(/[^A-Z0-9]/g, '');

interface Outcome {
  plate: CorpusPlate;
  half: 'tune' | 'holdout';
  right: Record<Field, boolean>;
  read: Record<Field, string | null>;
  unreadable: boolean;
  ms: number;
  /** CPU time of the process (all threads, OCR workers included): less sensitive than wall time to other load on the machine. */
  cpuMs: number;
  /** OCR jobs run: whole-plate passes plus label re-reads. */
  ocrJobs: number;
}

type Tally = Record<Field, number> & { plates: number; unreadable: number };

function tally(outcomes: Outcome[]): Tally {
  const t: Tally = { plates: outcomes.length, unreadable: 0, brand: 0, model: 0, serial: 0 };
  for (const o of outcomes) {
    if (o.unreadable) t.unreadable++;
    for (const f of FIELDS) if (o.right[f]) t[f]++;
  }
  return t;
}

const pct = (n: number, of: number): string => (of === 0 ? '-' : `${Math.round((100 * n) / of)}%`);

function row(name: string, t: Tally): string {
  const all = t.brand + t.model + t.serial;
  return `${name.padEnd(14)} ${String(t.plates).padStart(3)}  ${FIELDS.map((f) => pct(t[f], t.plates).padStart(6)).join(' ')}  ${pct(all, 3 * t.plates).padStart(6)}  ${pct(t.unreadable, t.plates).padStart(6)}`;
}

async function main(): Promise<void> {
  const knowledge = loadAssetKnowledge();
  const brandId = (v: string | null | undefined) => (v ? (normalizeBrand(knowledge, v).brand?.id ?? `?${v}`) : null);
  const half = option('half');
  const layout = option('layout');
  const plates = CORPUS.filter((p) => (!half || corpusHalf(p) === half) && (!layout || p.layout === layout));
  // --engine tesseract: the reader before PP-OCR, for measuring both in one sitting.
  const engine = option('engine') ?? 'ppocr';
  const pool = engine === 'tesseract' ? new OcrPool({ size: 1 }) : new PpOcrPool({ size: 1, modelThreads: os.availableParallelism(), timeoutMs: 120_000 });
  await pool.start();
  const reader =
    pool instanceof OcrPool
      ? new NameplateReader(pool, {}, nameplateParserOptions(knowledge))
      : new PhotoReader(pool, option('detect') ? { detectLongSide: Number(option('detect')) } : {}, nameplateParserOptions(knowledge));
  // Warm-up: the first reading loads the language model into the worker.
  await reader.read(await renderCorpusPlate(CORPUS[0]), 'jpeg');
  const outcomes: Outcome[] = [];
  for (const plate of plates) {
    const image = await renderCorpusPlate(plate);
    const started = performance.now();
    const cpuStarted = process.cpuUsage();
    const reading = await reader.read(image, 'jpeg');
    const ms = performance.now() - started;
    const cpu = process.cpuUsage(cpuStarted);
    const cpuMs = (cpu.user + cpu.system) / 1000;
    const ocrJobs = reading.passes + reading.rereads;
    const read = {
      brand: reading.fields.brand?.value ?? null,
      model: reading.fields.model_number?.value ?? null,
      serial: reading.fields.serial_number?.value ?? null,
    };
    const right = {
      brand: brandId(read.brand) === brandId(plate.brand),
      model: ident(read.model) === ident(plate.model),
      serial: ident(read.serial) === ident(plate.serial),
    };
    const outcome = { plate, half: corpusHalf(plate), read, right, unreadable: !read.brand && !read.model && !read.serial, ms, cpuMs, ocrJobs };
    outcomes.push(outcome);
    if (process.argv.includes('--verbose')) {
      const wrong = FIELDS.filter((f) => !right[f]).map((f) => `${f}: ${read[f]} ≠ ${f === 'brand' ? plate.brand : plate[f]}`);
      console.log(`${plate.id.padEnd(16)} ${Math.round(ms)} ms (cpu ${Math.round(cpuMs)}, ${ocrJobs} OCR)  ${wrong.join('; ') || 'ok'}`);
      if (process.argv.includes('--text') && wrong.length) console.log(reading.raw_text);
    }
  }
  await pool.stop();

  const header = `${'group'.padEnd(14)} ${'n'.padStart(3)}  ${FIELDS.map((f) => f.padStart(6)).join(' ')}  ${'all'.padStart(6)}  ${'unread'.padStart(6)}`;
  const byLayout = [...new Set(outcomes.map((o) => o.plate.layout))].map((l) => [l, tally(outcomes.filter((o) => o.plate.layout === l))] as const);
  const byHalf = (['tune', 'holdout'] as const).map((h) => [h, tally(outcomes.filter((o) => o.half === h))] as const);
  const times = outcomes.map((o) => o.ms);
  const cpuTimes = outcomes.map((o) => o.cpuMs);
  const jobs = outcomes.map((o) => o.ocrJobs);
  console.log(`engine ${engine}`);
  console.log(header);
  for (const [name, t] of byLayout) console.log(row(name, t));
  console.log('-'.repeat(header.length));
  for (const [name, t] of byHalf) if (t.plates > 0) console.log(row(name, t));
  console.log(row('all', tally(outcomes)));
  console.log(`reading time (warm, 1 worker): p50 ${Math.round(percentile(times, 50))} ms, p95 ${Math.round(percentile(times, 95))} ms`);
  console.log(`CPU time per plate (all threads): p50 ${Math.round(percentile(cpuTimes, 50))} ms, p95 ${Math.round(percentile(cpuTimes, 95))} ms`);
  console.log(
    `OCR jobs per plate: mean ${(jobs.reduce((a, b) => a + b, 0) / Math.max(1, jobs.length)).toFixed(2)}, max ${Math.max(0, ...jobs)}; load average ${os
      .loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')}`,
  );

  // Then the real photos, with the same reader settings.
  await evaluatePhotos({
    engine: engine === 'tesseract' ? 'tesseract' : 'ppocr',
    detectLongSide: option('detect') ? Number(option('detect')) : undefined,
    verbose: process.argv.includes('--verbose'),
  });

  const out = path.join('bench-results', 'eval-nameplates.json');
  fs.mkdirSync(path.dirname(out), { recursive: true });
  fs.writeFileSync(
    out,
    JSON.stringify(
      {
        date: new Date().toISOString(),
        machine: { cpus: os.cpus().length, loadavg: os.loadavg() },
        layouts: Object.fromEntries(byLayout),
        halves: Object.fromEntries(byHalf),
        p50_ms: Math.round(percentile(times, 50)),
        p95_ms: Math.round(percentile(times, 95)),
        cpu_p50_ms: Math.round(percentile(cpuTimes, 50)),
        cpu_p95_ms: Math.round(percentile(cpuTimes, 95)),
        plates: outcomes.map((o) => ({
          id: o.plate.id,
          half: o.half,
          read: o.read,
          right: o.right,
          ms: Math.round(o.ms),
          cpu_ms: Math.round(o.cpuMs),
          ocr_jobs: o.ocrJobs,
        })),
      },
      null,
      2,
    ),
  );
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
