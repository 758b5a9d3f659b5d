import * as fs from 'node:fs';
import type { Command } from 'commander';
import { SingleBar } from 'cli-progress';
import type { DataSource } from 'typeorm';
import { ClientEntity } from '../auth/client.entity';
import type { OpenedDatabase } from '../database/open-database';
import { loadKnowledgeBase } from '../knowledge/knowledge-base';
import type { ImportResultDto, RejectedRowDto } from '../work-order/dto/import-result.dto';
import { createFixNormalizer, createProblemClassifier } from '../work-order/fixes/fix-normalizer.factory';
import { formatOf, HistoryFileFormat, readHistoryFile } from '../work-order/history/file/history-file-reader';
import { HistoryImportService, ImportTally, IncomingRow, UnparsableRow } from '../work-order/history/history-import.service';
import type { HistoryRow } from '../work-order/history/history-row';
import { BulkWriteMode, HistoryRepository } from '../work-order/history/history.repository';
import { WriterLanes } from './writer-lanes';

type WithDatabase = <T>(work: (db: OpenedDatabase) => Promise<T>) => Promise<T>;

/** Rows validated and upserted per statement by the CLI. */
const CLI_BATCH_SIZE = 2000;
/** Rows validated between two turns of the event loop (see importHistoryFile). */
const PREPARE_SLICE = 200;
/** Connections writing at once on a PostgreSQL server (BENCHMARKS.md, issue 23). */
const DEFAULT_WRITERS = 2;

export async function findClientId(dataSource: DataSource, name: string): Promise<string> {
  const client = await dataSource.getRepository(ClientEntity).findOneBy({ name });
  if (!client) throw new Error(`Unknown client "${name}"; create it with: npm run cli -- token create --client "${name}"`);
  return client.id;
}

export function createImporter(dataSource: DataSource): HistoryImportService {
  return new HistoryImportService(new HistoryRepository(dataSource), createFixNormalizer(loadKnowledgeBase()), createProblemClassifier(loadKnowledgeBase()));
}

/** Streams a history file into a client's history in batches; rejected rows go to a side file. */
export async function importHistoryFile(
  dataSource: DataSource,
  options: { file: string; clientId: string; format: HistoryFileFormat; rejectsFile: string; progress: boolean; writers?: number },
): Promise<ImportResultDto & { seconds: number; writeMode: BulkWriteMode; writers: number }> {
  const started = Date.now();
  const rejects = fs.createWriteStream(options.rejectsFile);
  const tally = new ImportTally((row: RejectedRowDto) => rejects.write(`${JSON.stringify(row)}\n`));
  const importer = createImporter(dataSource);
  const total = fs.statSync(options.file).size;
  const bar = options.progress
    ? new SingleBar({ format: 'importing [{bar}] {percentage}% | {rows} rows | {rate} rows/s | {rejected} rejected', stream: process.stderr, hideCursor: true })
    : undefined;
  bar?.start(total, 0, { rows: 0, rate: 0, rejected: 0 });
  let bytes = 0;
  const tick = () => {
    const seconds = (Date.now() - started) / 1000;
    bar?.update(bytes, { rows: tally.result.received, rate: Math.round(tally.result.received / Math.max(seconds, 0.001)), rejected: tally.result.rejected });
  };

  let rows: IncomingRow[] = [];
  let unparsable: UnparsableRow[] = [];
  let valid: HistoryRow[] = [];
  let pending = 0;
  // Batches are written while the next ones are read and validated, over several connections on a
  // PostgreSQL server (each a backend of its own); the embedded database runs one statement at a
  // time, so one writer there.
  const writeMode = await importer.writeMode();
  const writers = writeMode === 'copy' ? (options.writers ?? DEFAULT_WRITERS) : 1;
  const lanes = new WriterLanes(writers, (batch) => importer.writeBatch(options.clientId, batch, tally).then(tick));
  // Rows are validated a slice at a time, and the event loop gets a turn after each slice: the
  // writers' statements (begin, COPY, upsert, commit) each wait for a turn of this thread, and one
  // batch validated in one go kept every writer's next statement waiting for all of it.
  const prepare = async () => {
    valid.push(...importer.prepareBatch(rows, unparsable, tally));
    rows = [];
    unparsable = [];
    await new Promise<void>((resolve) => setImmediate(resolve));
  };
  const flush = async () => {
    await prepare();
    const batch = valid;
    valid = [];
    pending = 0;
    await lanes.submit(batch);
  };
  try {
    for await (const item of readHistoryFile(options.file, options.format, (read) => (bytes = read))) {
      if (item.ok) rows.push(item.row);
      else unparsable.push(item.row);
      pending++;
      if (pending >= CLI_BATCH_SIZE) await flush();
      else if (rows.length + unparsable.length >= PREPARE_SLICE) await prepare();
    }
    await flush();
    await lanes.drain();
    await importer.finishImport();
  } finally {
    bar?.update(bytes);
    bar?.stop();
    await new Promise((resolve) => rejects.end(resolve));
  }
  if (tally.result.rejected === 0) fs.rmSync(options.rejectsFile, { force: true });
  return { ...tally.result, seconds: (Date.now() - started) / 1000, writeMode, writers };
}

/** `import <file> --client <name>`. */
export function registerImportCommand(program: Command, withDatabase: WithDatabase): void {
  program
    .command('import')
    .description('Import past work orders from a CSV (header row of field names), NDJSON or JSON file; streams, batches and is idempotent')
    .argument('<file>', 'file to import (.csv, .ndjson/.jsonl or .json)')
    .requiredOption('--client <name>', 'client (tenant) whose history receives the rows')
    .option('--format <format>', 'csv | ndjson | json (default: from the file extension)')
    .option('--rejects <path>', 'where rejected rows are written (default: <file>.rejected.ndjson)')
    .option('--writers <n>', `connections writing at once on a PostgreSQL server (default ${DEFAULT_WRITERS}; always 1 on the embedded database)`, (v) => {
      const n = Number(v);
      if (!Number.isInteger(n) || n < 1 || n > 8) throw new Error('--writers must be a whole number from 1 to 8');
      return n;
    })
    .action((file: string, opts: { client: string; format?: HistoryFileFormat; rejects?: string; writers?: number }) =>
      withDatabase(async (db) => {
        if (!fs.existsSync(file)) throw new Error(`No such file: ${file}`);
        const clientId = await findClientId(db.dataSource, opts.client);
        const rejectsFile = opts.rejects ?? `${file}.rejected.ndjson`;
        const result = await importHistoryFile(db.dataSource, {
          file,
          clientId,
          format: opts.format ?? formatOf(file),
          rejectsFile,
          progress: process.stderr.isTTY ?? false,
          writers: opts.writers,
        });
        const rate = Math.round(result.received / Math.max(result.seconds, 0.001));
        const how = result.writeMode === 'copy' ? `COPY over ${result.writers} connections` : 'unnest upserts (embedded database)';
        console.log(`Imported ${file} into "${opts.client}" in ${result.seconds.toFixed(1)} s (${rate} rows/s, ${how}).`);
        if (result.rejected > 0) console.log(`Rejected rows with line numbers and reasons: ${rejectsFile}`);
        console.log(
          JSON.stringify({
            received: result.received,
            inserted: result.inserted,
            updated: result.updated,
            unchanged: result.unchanged,
            rejected: result.rejected,
            warnings: result.warnings.length,
          }),
        );
      }),
    );
}
