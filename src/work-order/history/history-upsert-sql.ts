import type { HistoryRow } from './history-row';
import { UPSERT_COLUMNS } from './work-order-columns';

/** Column name and PostgreSQL element type of each column the upsert writes, in order: derived from the entity. */
export const COLUMNS = UPSERT_COLUMNS.map(({ name, arrayType }) => [name as keyof HistoryRow, arrayType] as const);

/** The row keys, in column order, that COPY sends. */
export const COLUMN_KEYS: readonly (keyof HistoryRow)[] = COLUMNS.map(([name]) => name);

const COLUMN_LIST = COLUMN_KEYS.join(', ');
const UNNEST = COLUMNS.map(([, type], i) => `$${i + 2}::${type}[]`).join(', ');
const UPDATES = COLUMNS.filter(([name]) => name !== 'work_order_id')
  .map(([name]) => `${name} = EXCLUDED.${name}`)
  .join(', ');

/** Rows already stored with the same content hash are left as they were (not rewritten, not counted as written). */
const ON_CONFLICT = `ON CONFLICT (client_id, work_order_id) DO UPDATE SET ${UPDATES}, updated_at = now()
  WHERE work_orders.content_hash IS DISTINCT FROM EXCLUDED.content_hash`;

/**
 * One statement per batch: rows arrive as one array per column and are upserted on the
 * client's work_order_id. Used for single rows (enrich) and where COPY is not available.
 */
export const UNNEST_UPSERT_SQL = `
  INSERT INTO work_orders (client_id, ${COLUMN_LIST})
  SELECT $1::uuid, * FROM unnest(${UNNEST})
  ${ON_CONFLICT}
  RETURNING work_order_id, (xmax = 0) AS inserted`;

/**
 * The session's staging table of the COPY path. Temporary, so each connection has its own and
 * no other client sees it; ON COMMIT DELETE ROWS empties it with every batch's transaction.
 * Typed with the unnest element types, so values are cast to the columns exactly as on the
 * unnest path (a too-long varchar fails the same way).
 */
export const STAGING_TABLE = 'work_orders_import';
export const CREATE_STAGING_SQL = `CREATE TEMP TABLE IF NOT EXISTS ${STAGING_TABLE} (${COLUMNS.map(([name, type]) => `${name} ${type}`).join(', ')}) ON COMMIT DELETE ROWS`;
export const COPY_TO_STAGING_SQL = `COPY ${STAGING_TABLE} (${COLUMN_LIST}) FROM STDIN`;

/**
 * One set-based upsert of the staged rows; answers how many were written and how many of those
 * were new. Rows already stored with the same content hash are left out before the INSERT: on
 * the ON CONFLICT path each of them would still have its generated full-text vector computed and
 * its stored row locked, about 140 µs a row on the benchmark machine against about 15 µs for the
 * index probe (2026-11-25). A row changed by another session after this statement's snapshot is
 * then left to that session, as if this statement had run just before it.
 */
export const UPSERT_FROM_STAGING_SQL = `
  WITH written AS (
    INSERT INTO work_orders (client_id, ${COLUMN_LIST})
    SELECT $1::uuid, ${COLUMN_LIST} FROM ${STAGING_TABLE} staged
    WHERE NOT EXISTS (
      SELECT 1 FROM work_orders stored
      WHERE stored.client_id = $1::uuid AND stored.work_order_id = staged.work_order_id AND stored.content_hash = staged.content_hash
    )
    ${ON_CONFLICT}
    RETURNING (xmax = 0) AS inserted
  )
  SELECT count(*)::int AS written, (count(*) FILTER (WHERE inserted))::int AS inserted FROM written`;
