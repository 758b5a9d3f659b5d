/**
 * CLI import benchmark (a script, not a test): writes an NDJSON history file of N rows, imports it
 * with the same code as `npm run cli -- import`, and reports rows/s and peak memory (RSS sampled
 * every 100 ms), showing the file is streamed, not loaded. Writes bench-results/import-<rows>.json.
 *   npm run bench:import -- [--rows 500000]
 */
import 'reflect-metadata';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { DataSource } from 'typeorm';
import { ClientEntity } from '../src/auth/client.entity';
import { importHistoryFile } from '../src/cli/import.command';
import { loadAppConfig } from '../src/config/app-config';
import { openDatabase } from '../src/database/open-database';
import { ENTITIES } from '../src/schema';
import { generateDemoHistory } from '../src/work-order/demo/demo-history.generator';

const i = process.argv.indexOf('--rows');
const ROWS = i >= 0 ? Number(process.argv[i + 1]) : 500_000;

async function writeFile(file: string): Promise<void> {
  const out = fs.createWriteStream(file);
  for (let done = 0; done < ROWS; done += 50_000) {
    const rows = generateDemoHistory({ count: Math.min(50_000, ROWS - done), seed: done + 1, idPrefix: `IMP${done}` });
    if (!out.write(rows.map((r) => JSON.stringify(r)).join('\n') + '\n')) await new Promise<void>((resolve) => out.once('drain', () => resolve()));
  }
  await new Promise<void>((resolve) => out.end(() => resolve()));
}

async function main(): Promise<void> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'woi-import-bench-'));
  const file = path.join(dir, 'history.ndjson');
  await writeFile(file);
  const size = fs.statSync(file).size;
  const db = await openDatabase(loadAppConfig(), ENTITIES);
  const ds: DataSource = db.dataSource;
  const client = await ds.getRepository(ClientEntity).save({ name: `import-bench-${Date.now()}` });
  global.gc?.();
  const rssBefore = process.memoryUsage().rss;
  let peak = rssBefore;
  const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 100);
  const result = await importHistoryFile(ds, { file, clientId: client.id, format: 'ndjson', rejectsFile: `${file}.rejected.ndjson`, progress: false });
  clearInterval(sampler);
  const report = {
    date: new Date().toISOString(),
    database: db.description,
    rows: ROWS,
    file_mb: Math.round(size / 2 ** 20),
    seconds: result.seconds,
    rows_per_second: Math.round(result.received / result.seconds),
    rss_before_mb: Math.round(rssBefore / 2 ** 20),
    rss_peak_mb: Math.round(peak / 2 ** 20),
    counts: { received: result.received, inserted: result.inserted, updated: result.updated, rejected: result.rejected },
  };
  console.log(report);
  fs.mkdirSync('bench-results', { recursive: true });
  fs.writeFileSync(`bench-results/import-${ROWS}.json`, JSON.stringify(report, null, 2));
  await db.close();
  fs.rmSync(dir, { recursive: true, force: true });
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
