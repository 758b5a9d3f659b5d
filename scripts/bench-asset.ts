/**
 * Benchmark of offline nameplate reading: `npm run bench:asset [-- --runs 20 --concurrent 4 --no-accuracy --engine ppocr|tesseract --model-threads 1]`.
 *
 * Renders a synthetic 12-megapixel phone-like JPEG of a condenser plate and measures, on this
 * machine: a cold start (pool start + first reading), warm readings (p50/p95 over N runs), and the
 * peak RSS while several uploads are read at once. Then reads a set of synthetic plates under
 * various photo conditions and reports field accuracy. Prints tables; writes bench-results/asset.json.
 */
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { NameplateReader, type NameplateReading } from '../src/asset-intelligence/nameplate/nameplate-reader';
import { OcrPool } from '../src/asset-intelligence/nameplate/ocr/ocr-pool';
import { PpOcrPool } from '../src/asset-intelligence/nameplate/ocr/pp-ocr/pp-ocr-pool';
import { PhotoReader } from '../src/asset-intelligence/nameplate/photo-reader';
import {
  renderNameplate,
  SAMPLE_NAMEPLATES,
  type NameplateLayout,
  type NameplateTruth,
  type RenderOptions,
} from '../test/fixtures/nameplates/render-nameplate';

const BRANDS = ['Carrier', 'Trane', 'Lennox', 'Goodman', 'Rheem', 'Ruud', 'A.O. Smith', 'Bradford White', 'Whirlpool', 'York', 'Bryant', 'Amana', 'GE'];
const PHONE_PHOTO: RenderOptions = { width: 4000, rotateDeg: 3, blur: 1.5, noise: 18, format: 'jpeg', jpegQuality: 85 };

function flag(name: string, fallback: number): number {
  const index = process.argv.indexOf(`--${name}`);
  const value = index >= 0 ? Number(process.argv[index + 1]) : NaN;
  return Number.isFinite(value) && value > 0 ? value : fallback;
}

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))];
}

const mb = (bytes: number): number => Math.round((bytes / 1024 / 1024) * 10) / 10;
const ms = (value: number): number => Math.round(value);

/** Samples RSS every 10 ms while `work` runs; returns the peak. */
async function peakRss<T>(work: () => Promise<T>): Promise<{ result: T; peak: number }> {
  let peak = process.memoryUsage().rss;
  const timer = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 10);
  try {
    const result = await work();
    return { result, peak: Math.max(peak, process.memoryUsage().rss) };
  } finally {
    clearInterval(timer);
  }
}

/** Photo conditions for the accuracy run: from a flat scan to a poor phone shot. */
const CONDITIONS: Array<{ name: string; render: RenderOptions }> = [
  { name: 'flat scan', render: { width: 1600 } },
  { name: '12 MP phone, tilted 3°, blur 1.5, grain, q85', render: PHONE_PHOTO },
  { name: '12 MP phone, tilted -4°, blur 2, heavy grain, q60', render: { width: 4000, rotateDeg: -4, blur: 2, noise: 25, format: 'jpeg', jpegQuality: 60 } },
  { name: 'small 1000 px JPEG, blur 1, grain, q70', render: { width: 1000, blur: 1, noise: 15, format: 'jpeg', jpegQuality: 70 } },
  { name: 'light text on a dark plate, 2400 px', render: { width: 2400, theme: 'dark', noise: 10, rotateDeg: 2, format: 'jpeg', jpegQuality: 85 } },
];

/** Fields each truth value is compared with, and how the truth is normalized. */
const CHECKS: Array<[keyof NameplateTruth, string, (v: string) => string]> = [
  ['brand', 'brand', (v) => v],
  ['model', 'model_number', (v) => v],
  ['serial', 'serial_number', (v) => v],
  ['voltage', 'voltage', (v) => v],
  ['phase', 'phase', (v) => v],
  ['hz', 'frequency_hz', (v) => v],
  ['refrigerant', 'refrigerant', (v) => v.toUpperCase()],
  ['rla', 'rla', (v) => v],
  ['lra', 'lra', (v) => v],
  ['mca', 'mca', (v) => v],
  ['mocp', 'mocp', (v) => v],
  ['gallons', 'tank_gallons', (v) => v],
  ['inputBtuh', 'input_btuh', (v) => v],
  ['outputBtuh', 'output_btuh', (v) => v],
];

async function accuracy(reader: Pick<NameplateReader, 'read'>): Promise<Record<string, { correct: number; wrong: number; total: number }>> {
  const tally: Record<string, { correct: number; wrong: number; total: number }> = {};
  const perCondition: Array<Record<string, string>> = [];
  for (const condition of CONDITIONS) {
    const row: Record<string, string> = { condition: condition.name };
    let keyCorrect = 0;
    let keyTotal = 0;
    for (const layout of Object.keys(SAMPLE_NAMEPLATES) as NameplateLayout[]) {
      const truth = SAMPLE_NAMEPLATES[layout];
      const theme = layout === 'appliance' && condition.render.theme === undefined ? 'sticker' : condition.render.theme;
      const image = await renderNameplate(layout, truth, { ...condition.render, theme });
      const reading = await reader.read(image, condition.render.format ?? 'png');
      for (const [truthKey, field, normalize] of CHECKS) {
        const expected = truth[truthKey];
        if (expected === undefined) continue;
        const value = reading.fields[field as keyof NameplateReading['fields']]?.value;
        const ok = value === normalize(String(expected));
        tally[field] ??= { correct: 0, wrong: 0, total: 0 };
        tally[field].total++;
        if (ok) tally[field].correct++;
        else if (value !== undefined) tally[field].wrong++;
        if (['brand', 'model', 'serial'].includes(truthKey)) {
          keyTotal++;
          if (ok) keyCorrect++;
        }
      }
    }
    row['brand+model+serial'] = `${keyCorrect}/${keyTotal}`;
    perCondition.push(row);
  }
  console.log('\nAccuracy by photo condition (4 layouts each):');
  console.table(perCondition);
  console.log('Accuracy by field (all conditions; "wrong" is a value read but not the printed one, the rest were not found):');
  const byField = Object.entries(tally).map(([k, v]) => [
    k,
    { correct: `${v.correct}/${v.total}`, wrong: v.wrong, rate: Math.round((100 * v.correct) / v.total) + '%' },
  ]);
  console.table(Object.fromEntries(byField));
  return tally;
}

async function main(): Promise<void> {
  const runs = flag('runs', 20);
  const concurrent = flag('concurrent', 4);
  const photo = await renderNameplate('condenser', SAMPLE_NAMEPLATES.condenser, PHONE_PHOTO);
  console.log(`Photo: ${(photo.length / 1024 / 1024).toFixed(1)} MB JPEG, 4000×3000; ${os.availableParallelism()} cores; Node ${process.version}`);
  const baselineRss = process.memoryUsage().rss;

  const coldStarted = performance.now();
  // --engine tesseract: the reader before PP-OCR, for measuring both in one sitting.
  const engineIndex = process.argv.indexOf('--engine');
  const engine = engineIndex >= 0 ? process.argv[engineIndex + 1] : 'ppocr';
  const pool = engine === 'tesseract' ? new OcrPool() : new PpOcrPool({ modelThreads: flag('model-threads', os.availableParallelism()) });
  await pool.start();
  const poolStartMs = performance.now() - coldStarted;
  const reader = pool instanceof OcrPool ? new NameplateReader(pool, {}, { knownBrands: BRANDS }) : new PhotoReader(pool, {}, { knownBrands: BRANDS });
  console.log(`engine ${engine}, ${pool.size} workers`);
  const first = await reader.read(photo, 'jpeg');
  const coldMs = performance.now() - coldStarted;
  const firstCorrect = first.fields.model_number?.value === SAMPLE_NAMEPLATES.condenser.model;

  const warm: NameplateReading[] = [];
  // CPU time of the whole process (main thread, decoding and OCR threads): steadier than wall time on a shared machine.
  const cpuMs: number[] = [];
  for (let i = 0; i < runs; i++) {
    const cpu = process.cpuUsage();
    warm.push(await reader.read(photo, 'jpeg'));
    const used = process.cpuUsage(cpu);
    cpuMs.push((used.user + used.system) / 1000);
  }
  const totals = warm.map((r) => r.timings.total_ms);
  const idleRss = process.memoryUsage().rss;

  const { result: parallel, peak } = await peakRss(async () => {
    const started = performance.now();
    const readings = await Promise.all(Array.from({ length: concurrent }, () => reader.read(photo, 'jpeg')));
    return { readings, wallMs: performance.now() - started };
  });

  const summary = {
    machine: { cores: os.availableParallelism(), node: process.version, pool_size: pool.size },
    photo: { width: 4000, height: 3000, bytes: photo.length, render: PHONE_PHOTO },
    cold: {
      pool_start_ms: ms(poolStartMs),
      first_reading_ms: ms(first.timings.total_ms),
      start_plus_first_ms: ms(coldMs),
      first_reading_correct: firstCorrect,
    },
    warm: {
      runs,
      p50_ms: ms(percentile(totals, 50)),
      p95_ms: ms(percentile(totals, 95)),
      min_ms: ms(Math.min(...totals)),
      max_ms: ms(Math.max(...totals)),
      p50_preprocess_ms: ms(
        percentile(
          warm.map((r) => r.timings.preprocess_ms),
          50,
        ),
      ),
      p50_ocr_ms: ms(
        percentile(
          warm.map((r) => r.timings.ocr_ms),
          50,
        ),
      ),
      p50_cpu_ms: ms(percentile(cpuMs, 50)),
      p50_parse_ms: ms(
        percentile(
          warm.map((r) => r.timings.parse_ms),
          50,
        ),
      ),
      second_passes: warm.filter((r) => r.passes > 1).length,
      all_correct: warm.every((r) => r.fields.serial_number?.value === SAMPLE_NAMEPLATES.condenser.serial),
    },
    concurrent: {
      uploads: concurrent,
      wall_ms: ms(parallel.wallMs),
      slowest_ms: ms(Math.max(...parallel.readings.map((r) => r.timings.total_ms))),
      baseline_rss_mb: mb(baselineRss),
      idle_warm_rss_mb: mb(idleRss),
      peak_rss_mb: mb(peak),
    },
    accuracy: process.argv.includes('--no-accuracy') ? undefined : await accuracy(reader),
  };
  await pool.stop();

  console.log('\nNameplate reading, synthetic 12 MP phone JPEG:');
  console.table({
    'cold: pool start': `${summary.cold.pool_start_ms} ms`,
    'cold: first reading': `${summary.cold.first_reading_ms} ms`,
    [`warm p50 (${runs} runs)`]: `${summary.warm.p50_ms} ms`,
    [`warm p95 (${runs} runs)`]: `${summary.warm.p95_ms} ms`,
    'warm p50 CPU time (all threads)': `${summary.warm.p50_cpu_ms} ms`,
    'load average (1 min) at the end': os.loadavg()[0].toFixed(1),
    'warm p50 preprocess / OCR / parse': `${summary.warm.p50_preprocess_ms} / ${summary.warm.p50_ocr_ms} / ${summary.warm.p50_parse_ms} ms`,
    [`${concurrent} concurrent: wall / slowest`]: `${summary.concurrent.wall_ms} / ${summary.concurrent.slowest_ms} ms`,
    'RSS: baseline / warm idle / peak': `${summary.concurrent.baseline_rss_mb} / ${summary.concurrent.idle_warm_rss_mb} / ${summary.concurrent.peak_rss_mb} MB`,
    'target p50 < 1500 ms warm': summary.warm.p50_ms < 1500 ? 'met' : 'MISSED',
  });
  const out = path.join(process.cwd(), 'bench-results', 'asset.json');
  fs.mkdirSync(path.dirname(out), { recursive: true });
  fs.writeFileSync(out, `${JSON.stringify({ measured_at: new Date().toISOString(), ...summary }, null, 2)}\n`);
  console.log(`Wrote ${path.relative(process.cwd(), out)}`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
