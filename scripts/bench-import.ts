/**
 * CLI import benchmark (a script, not a test): writes an NDJSON history file of N rows, imports it
 * with the same code as `npm run cli -- import`, and reports rows/s and peak memory (RSS sampled
 * every 100 ms), showing the file is streamed, not loaded. Writes bench-results/import-<rows>.json.
 *   npm run bench:import -- [--rows 500000] [--reimport] [--unique] [--real] [--writers 2]
 * --reimport imports the same file a second time into the same client (every row unchanged) and
 * reports that pass too. --unique appends the work order id to every description, so caches of
 * repeated texts (the demo generator repeats phrasings) stop helping. Each pass also reports CPU
 * microseconds per row of this process and, for a server on this machine, of PostgreSQL.
 */
import 'reflect-metadata';
import { execFileSync } from 'node:child_process';
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
import { benchTexts, realImportRows } from './bench/real-text';
import { serverCpuSeconds } from './bench/server-cpu';

const i = process.argv.indexOf('--rows');
const ROWS = i >= 0 ? Number(process.argv[i + 1]) : 500_000;
const REIMPORT = process.argv.includes('--reimport');
const UNIQUE = process.argv.includes('--unique');
/** Distinct real descriptions (and technicians' notes as closing text) instead of the demo generator's. */
const REAL = process.argv.includes('--real');
/** Connections writing at once on a PostgreSQL server (the CLI's --writers; its default when absent). */
const w = process.argv.indexOf('--writers');
const WRITERS = w >= 0 ? Number(process.argv[w + 1]) : undefined;

async function writeFile(file: string): Promise<void> {
  const out = fs.createWriteStream(file);
  if (REAL) {
    let chunk: string[] = [];
    for (const row of realImportRows(ROWS)) {
      chunk.push(JSON.stringify(row));
      if (chunk.length === 10_000) {
        if (!out.write(chunk.join('\n') + '\n')) await new Promise<void>((resolve) => out.once('drain', () => resolve()));
        chunk = [];
      }
    }
    if (chunk.length > 0) out.write(chunk.join('\n') + '\n');
    await new Promise<void>((resolve) => out.end(() => resolve()));
    return;
  }
  for (let done = 0; done < ROWS; done += 50_000) {
    const rows = generateDemoHistory({ count: Math.min(50_000, ROWS - done), seed: done + 1, idPrefix: `IMP${done}` });
    if (UNIQUE) for (const row of rows) row.issue_description = `${row.issue_description} (ref ${row.work_order_id})`;
    if (!out.write(rows.map((r) => JSON.stringify(r)).join('\n') + '\n')) await new Promise<void>((resolve) => out.once('drain', () => resolve()));
  }
  await new Promise<void>((resolve) => out.end(() => resolve()));
}

/** Megabytes on disk of the embedded data directory, and of its WAL. */
function dataDirSizes(dataDir: string): { total_mb: number; wal_mb: number } {
  const du = (dir: string) => Number(execFileSync('du', ['-sk', dir]).toString().split('\t')[0]) / 1024;
  const pgdata = path.join(dataDir, 'pgdata');
  return { total_mb: Math.round(du(pgdata)), wal_mb: Math.round(du(path.join(pgdata, 'pg_wal'))) };
}

async function main(): Promise<void> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'woi-import-bench-'));
  const file = path.join(dir, 'history.ndjson');
  await writeFile(file);
  const size = fs.statSync(file).size;
  const config = loadAppConfig();
  const startup = Date.now();
  const db = await openDatabase(config, ENTITIES);
  const startupSeconds = (Date.now() - startup) / 1000;
  const ds: DataSource = db.dataSource;
  const client = await ds.getRepository(ClientEntity).save({ name: `import-bench-${Date.now()}` });
  const passes = [];
  for (const pass of REIMPORT ? ['first', 'reimport'] : ['first']) {
    const [{ count }] = await ds.query('SELECT count(*)::int AS count FROM work_orders');
    global.gc?.();
    const rssBefore = process.memoryUsage().rss;
    let peak = rssBefore;
    const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 100);
    const [nodeCpu, serverCpu] = [process.cpuUsage(), await serverCpuSeconds(ds)];
    const result = await importHistoryFile(ds, {
      file,
      clientId: client.id,
      format: 'ndjson',
      rejectsFile: `${file}.rejected.ndjson`,
      progress: false,
      writers: WRITERS,
    });
    clearInterval(sampler);
    const nodeCpuSeconds = (({ user, system }) => (user + system) / 1e6)(process.cpuUsage(nodeCpu));
    const serverCpuAfter = await serverCpuSeconds(ds);
    const perRow = (seconds: number | undefined) => (seconds === undefined ? undefined : Math.round((seconds * 1e6) / result.received));
    passes.push({
      pass,
      table_rows_before: count,
      load_average_after: os.loadavg().map((l) => Number(l.toFixed(2))),
      write_mode: result.writeMode,
      writers: result.writers,
      seconds: result.seconds,
      rows_per_second: Math.round(result.received / result.seconds),
      cpu_us_per_row: {
        node: perRow(nodeCpuSeconds),
        postgres: perRow(serverCpu === undefined || serverCpuAfter === undefined ? undefined : serverCpuAfter - serverCpu),
      },
      rss_before_mb: Math.round(rssBefore / 2 ** 20),
      rss_peak_mb: Math.round(peak / 2 ** 20),
      counts: { received: result.received, inserted: result.inserted, updated: result.updated, unchanged: result.unchanged, rejected: result.rejected },
    });
  }
  const report = {
    date: new Date().toISOString(),
    database: db.description,
    load_average: os.loadavg().map((l) => Number(l.toFixed(2))),
    rows: ROWS,
    texts: REAL ? benchTexts().source : 'demo generator',
    unique_descriptions: UNIQUE || REAL,
    startup_seconds: startupSeconds,
    embedded_data_dir: config.database.url ? null : dataDirSizes(config.database.dataDir),
    file_mb: Math.round(size / 2 ** 20),
    passes,
  };
  console.dir(report, { depth: null });
  fs.mkdirSync('bench-results', { recursive: true });
  fs.writeFileSync(`bench-results/import-${ROWS}${UNIQUE ? '-unique' : ''}.json`, JSON.stringify(report, null, 2));
  await db.close();
  if (!config.database.url) console.log('embedded data directory after closing:', dataDirSizes(config.database.dataDir));
  fs.rmSync(dir, { recursive: true, force: true });
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
