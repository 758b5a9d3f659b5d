import { Inject, Injectable } from '@nestjs/common';
import { WOI_DATA_SOURCE } from '../../common/persistence';
import { DataSource, EntityManager } from 'typeorm';
import type { HistoryRow } from './history-row';
import { UPSERT_COLUMNS } from './work-order-columns';

/** Column name and PostgreSQL array type of each column the upsert writes, in order: derived from the entity. */
const COLUMNS = UPSERT_COLUMNS.map(({ name, arrayType }) => [name as keyof HistoryRow, arrayType] as const);

const COLUMN_LIST = COLUMNS.map(([name]) => name).join(', ');
const UNNEST = COLUMNS.map(([, type], i) => `$${i + 2}::${type}[]`).join(', ');
const UPDATES = COLUMNS.filter(([name]) => name !== 'work_order_id')
  .map(([name]) => `${name} = EXCLUDED.${name}`)
  .join(', ');

/**
 * One statement per batch: rows arrive as one array per column and are upserted on the
 * client's work_order_id. Unchanged rows (same content hash) are not rewritten.
 */
const UPSERT_SQL = `
  INSERT INTO work_orders (client_id, ${COLUMN_LIST})
  SELECT $1::uuid, * FROM unnest(${UNNEST})
  ON CONFLICT (client_id, work_order_id) DO UPDATE SET ${UPDATES}, updated_at = now()
  WHERE work_orders.content_hash IS DISTINCT FROM EXCLUDED.content_hash
  RETURNING work_order_id, (xmax = 0) AS inserted`;

/** What happened to each row of an upserted batch. */
export interface UpsertOutcome {
  inserted: number;
  /** Rows whose work_order_id already existed (changed or not). */
  updated: number;
  /** Of `updated`, rows whose content was identical and were left as they were. */
  unchanged: number;
}

@Injectable()
export class HistoryRepository {
  constructor(@Inject(WOI_DATA_SOURCE) private readonly dataSource: DataSource) {}

  /** Runs `work` in one transaction: all of its statements land, or none. */
  inTransaction<T>(work: (manager: EntityManager) => Promise<T>): Promise<T> {
    return this.dataSource.transaction(work);
  }

  /**
   * Upserts rows for one client in a single statement (and so a single transaction: a batch
   * lands whole or not at all). Rows must have distinct work_order_ids.
   */
  async upsertBatch(clientId: string, rows: HistoryRow[], manager: EntityManager = this.dataSource.manager): Promise<UpsertOutcome> {
    if (rows.length === 0) return { inserted: 0, updated: 0, unchanged: 0 };
    const params = [clientId, ...COLUMNS.map(([name]) => rows.map((row) => row[name]))];
    const written: { inserted: boolean }[] = await manager.query(UPSERT_SQL, params);
    const inserted = written.filter((w) => w.inserted).length;
    const changed = written.length - inserted;
    const unchanged = rows.length - written.length;
    return { inserted, updated: changed + unchanged, unchanged };
  }
}
