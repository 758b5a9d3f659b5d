import { Inject, Injectable, Logger } from '@nestjs/common';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { PoolClient } from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import { DataSource, QueryRunner } from 'typeorm';
import { WOI_DATA_SOURCE } from '../../common/persistence';
import { acceptsCopyFromStdin } from '../../database/copy-support';
import { copyText } from './copy-text';
import type { HistoryRow } from './history-row';
import { COLUMN_KEYS, COLUMNS, COPY_TO_STAGING_SQL, CREATE_STAGING_SQL, STAGING_TABLE, UNNEST_UPSERT_SQL, UPSERT_FROM_STAGING_SQL } from './history-upsert-sql';

/** What happened to each row of an upserted batch. */
export interface UpsertOutcome {
  inserted: number;
  /** Rows whose work_order_id already existed (changed or not). */
  updated: number;
  /** Of `updated`, rows whose content was identical and were left as they were. */
  unchanged: number;
}

/**
 * How import batches reach the table: COPY into a staging table then one set-based upsert, or
 * the multi-row unnest upsert where the server has no COPY FROM STDIN (embedded PGlite).
 */
export type BulkWriteMode = 'copy' | 'unnest';

function outcomeOf(rows: number, written: number, inserted: number): UpsertOutcome {
  const unchanged = rows - written;
  return { inserted, updated: written - inserted + unchanged, unchanged };
}

/**
 * Rows written on the embedded database between checkpoints. PGlite runs PostgreSQL in
 * single-user mode, where no checkpointer runs and max_wal_size triggers nothing: WAL piles up
 * until a CHECKPOINT (209 MB of pg_wal for 98 MB of table and indexes after 30k rows;
 * BENCHMARKS.md, issue 23). Imports and enrich (one row a request) both count.
 */
export const EMBEDDED_CHECKPOINT_ROWS = 20_000;

@Injectable()
export class HistoryRepository {
  private readonly logger = new Logger(HistoryRepository.name);
  private mode?: Promise<BulkWriteMode>;
  private rowsSinceCheckpoint = 0;
  /** Rows between checkpoints on the embedded database (a test lowers it). */
  checkpointEveryRows = EMBEDDED_CHECKPOINT_ROWS;

  constructor(@Inject(WOI_DATA_SOURCE) private readonly dataSource: DataSource) {}

  /** Asked of the server once; a failed check (database down) is asked again on the next batch. */
  bulkWriteMode(): Promise<BulkWriteMode> {
    if (!this.mode) {
      const asked = acceptsCopyFromStdin((sql) => this.dataSource.query(sql)).then((copy): BulkWriteMode => (copy ? 'copy' : 'unnest'));
      asked.catch(() => (this.mode = undefined));
      this.mode = asked;
    }
    return this.mode;
  }

  /**
   * Upserts rows for one client in a single statement (and so a single transaction: a batch
   * lands whole or not at all). Rows must have distinct work_order_ids. Given a runner, the
   * caller's transaction counts the rows once it commits.
   */
  async upsertBatch(clientId: string, rows: HistoryRow[], runner?: QueryRunner): Promise<UpsertOutcome> {
    if (rows.length === 0) return { inserted: 0, updated: 0, unchanged: 0 };
    const params = [clientId, ...COLUMNS.map(([name]) => rows.map((row) => row[name]))];
    const written: { inserted: boolean }[] = await (runner ?? this.dataSource).query(UNNEST_UPSERT_SQL, params);
    if (!runner) await this.wrote(rows.length);
    return outcomeOf(rows.length, written.length, written.filter((w) => w.inserted).length);
  }

  /**
   * Upserts one import batch given as rounds of rows with distinct work_order_ids (an upsert
   * cannot touch a row twice), all rounds in one transaction: the batch lands whole or not at all.
   */
  async upsertRounds(clientId: string, rounds: HistoryRow[][]): Promise<UpsertOutcome[]> {
    const filled = rounds.filter((rows) => rows.length > 0);
    if (filled.length === 0) return [];
    const mode = await this.bulkWriteMode();
    if (mode === 'unnest') {
      if (filled.length === 1) return [await this.upsertBatch(clientId, filled[0])];
      const outcomes = await this.inTransaction((runner) => this.unnestRounds(runner, clientId, filled));
      await this.wrote(filled.reduce((n, rows) => n + rows.length, 0));
      return outcomes;
    }
    return this.inTransaction(async (runner) => {
      const outcomes: UpsertOutcome[] = [];
      await runner.query(CREATE_STAGING_SQL);
      for (const [round, rows] of filled.entries()) outcomes.push(await this.copyUpsert(runner, clientId, rows, round > 0));
      return outcomes;
    });
  }

  private async unnestRounds(runner: QueryRunner, clientId: string, rounds: HistoryRow[][]): Promise<UpsertOutcome[]> {
    const outcomes: UpsertOutcome[] = [];
    for (const rows of rounds) outcomes.push(await this.upsertBatch(clientId, rows, runner));
    return outcomes;
  }

  /**
   * Ends an import: on the embedded database, a checkpoint, so the WAL the import wrote is
   * recycled and the data directory stays close to the data's own size. A real server's
   * checkpointer does this by itself.
   */
  async finishImport(): Promise<void> {
    if ((await this.bulkWriteMode()) === 'unnest' && this.rowsSinceCheckpoint > 0) await this.checkpoint();
  }

  /** Counts rows written on the embedded database and checkpoints every `checkpointEveryRows`. */
  private async wrote(rows: number): Promise<void> {
    // Asked after a write that succeeded, so the database answers; if it does not, the count waits.
    if ((await this.bulkWriteMode().catch(() => undefined)) !== 'unnest') return;
    this.rowsSinceCheckpoint += rows;
    if (this.rowsSinceCheckpoint >= this.checkpointEveryRows) await this.checkpoint();
  }

  /** A failed checkpoint loses nothing (the rows are committed); the next one is tried after as many rows again. */
  private async checkpoint(): Promise<void> {
    this.rowsSinceCheckpoint = 0;
    await this.dataSource.query('CHECKPOINT').catch((e: Error) => this.logger.warn(`CHECKPOINT failed: ${e.message}`));
  }

  /** COPYs rows into the session's staging table, then upserts them with one INSERT … SELECT. */
  private async copyUpsert(runner: QueryRunner, clientId: string, rows: HistoryRow[], emptyFirst: boolean): Promise<UpsertOutcome> {
    if (emptyFirst) await runner.query(`TRUNCATE ${STAGING_TABLE}`);
    const client = (await runner.connect()) as PoolClient;
    await pipeline(Readable.from([Buffer.from(copyText(rows, COLUMN_KEYS))]), client.query(copyFrom(COPY_TO_STAGING_SQL)));
    const [counts]: { written: number; inserted: number }[] = await runner.query(UPSERT_FROM_STAGING_SQL, [clientId]);
    return outcomeOf(rows.length, counts.written, counts.inserted);
  }

  /** Runs `work` on one connection in one transaction: all of its statements land, or none. */
  private async inTransaction<T>(work: (runner: QueryRunner) => Promise<T>): Promise<T> {
    const runner = this.dataSource.createQueryRunner('master');
    try {
      await runner.connect();
      await runner.startTransaction();
      const result = await work(runner);
      await runner.commitTransaction();
      return result;
    } catch (e) {
      if (runner.isTransactionActive) await runner.rollbackTransaction().catch(() => undefined);
      throw e;
    } finally {
      await runner.release();
    }
  }
}
