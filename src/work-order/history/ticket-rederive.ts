import type { DataSource } from 'typeorm';
import type { FixNormalizer } from '../fixes/fix-normalizer';
import { toHistoryRow, WorkOrderInput } from './history-row';
import type { ProblemClassifier } from './problem-classifier';
import { selectList } from './work-order-columns';

/** Tickets read and written per round. */
const BATCH = 1000;

/** The stored columns a work order's input is rebuilt from, then the derived ones compared. */
const INPUT_COLUMNS = [
  'work_order_id',
  'issue_description',
  'customer_client_id',
  'customer_client_number',
  'ticket_open_date',
  'ticket_close_date',
  'location',
  'title',
  'property_id',
  'unit_id',
  'vendor_comments',
  'closing_description',
  'resolution',
  'estimated_cost',
  'actual_cost',
  'work_order_status',
  'urgency',
  'assigned_vendors',
  'tags',
  'invoices',
  'property_detail',
  'unit_detail',
  'work_start_date',
  'work_complete_date',
  'estimated_complete_date',
  'last_updated',
  'asset',
] as const;
/**
 * The fields derived from a ticket's text by knowledge that a release can improve, and the content
 * hash that covers them: a ticket is rewritten when any of them comes out different. The hash
 * alone differs where an older release (or `classify` without --all) changed a problem without it.
 */
const REDERIVED = ['fix_key', 'fix_label', 'problem_id', 'problem_trade', 'content_hash'] as const;

/** The next batch of tickets in id order after `$1` (keyset paging: stable while rows are updated). */
const PAGE_SQL = `
  SELECT w.id, ${selectList('w', [...INPUT_COLUMNS, ...REDERIVED])} FROM work_orders w
  WHERE ($1::uuid IS NULL OR w.id > $1::uuid)
  ORDER BY w.id LIMIT $2`;

/**
 * Writes the re-derived fields; a row another writer changed since it was read (its content hash
 * moved) is left to that writer, which derived its fields with the same code.
 */
const SET_DERIVED_SQL = `
  WITH changed AS (
    UPDATE work_orders w
    SET fix_key = d.fix_key, fix_label = d.fix_label, problem_id = d.problem_id, problem_trade = d.problem_trade,
        content_hash = d.content_hash, updated_at = now()
    FROM unnest($1::uuid[], $2::text[], $3::text[], $4::text[], $5::text[], $6::text[], $7::text[])
      AS d(id, read_hash, fix_key, fix_label, problem_id, problem_trade, content_hash)
    WHERE w.id = d.id AND w.content_hash = d.read_hash
    RETURNING 1
  )
  SELECT count(*)::int AS n FROM changed`;

type StoredTicket = { id: string } & Record<(typeof INPUT_COLUMNS)[number] | (typeof REDERIVED)[number], unknown>;

const numberOrNull = (v: unknown): number | null => (v === null || v === undefined ? null : Number(v));
const isoOrNull = (v: unknown): string | null => (v === null || v === undefined ? null : new Date(v as string | Date).toISOString());
const textOrNull = (v: unknown): string | null => (v === null || v === undefined ? null : String(v));

/**
 * The work order a stored row was built from, as far as the row keeps it: stored text is already
 * trimmed and dates are instants, so building the row again gives the content hash an import of
 * the same source row computes.
 */
function storedInputOf(r: StoredTicket): WorkOrderInput {
  return {
    work_order_id: textOrNull(r.work_order_id),
    issue_description: String(r.issue_description),
    client_id: textOrNull(r.customer_client_id),
    client_number: textOrNull(r.customer_client_number),
    ticket_open_date: numberOrNull(r.ticket_open_date),
    ticket_close_date: numberOrNull(r.ticket_close_date),
    location: textOrNull(r.location),
    title: textOrNull(r.title),
    property_id: numberOrNull(r.property_id),
    unit_id: numberOrNull(r.unit_id),
    vendor_comments: textOrNull(r.vendor_comments),
    closing_description: textOrNull(r.closing_description),
    resolution: textOrNull(r.resolution),
    estimated_cost: numberOrNull(r.estimated_cost),
    actual_cost: numberOrNull(r.actual_cost),
    work_order_status: textOrNull(r.work_order_status),
    urgency: textOrNull(r.urgency),
    assigned_vendors: textOrNull(r.assigned_vendors),
    tags: textOrNull(r.tags),
    invoices: textOrNull(r.invoices),
    property_detail: textOrNull(r.property_detail),
    unit_detail: textOrNull(r.unit_detail),
    work_start_date: isoOrNull(r.work_start_date),
    work_complete_date: isoOrNull(r.work_complete_date),
    estimated_complete_date: isoOrNull(r.estimated_complete_date),
    last_updated: isoOrNull(r.last_updated),
    asset: textOrNull(r.asset),
  };
}

export interface RederiveResult {
  /** Tickets read. */
  read: number;
  /** Of those, tickets rewritten: their fix key, fix label, problem or content hash came out different. */
  changed: number;
}

/**
 * Derives every stored ticket's fix key, fix label and problem again with the current fix
 * normalizer and knowledge base, as an import of the ticket would, and writes only the tickets
 * whose derived fields changed. Their content hash is rebuilt with them, so a later import of the
 * same source row still finds it unchanged. Safe to run again and while the service runs.
 */
export async function rederiveStoredTickets(dataSource: DataSource, fixes: FixNormalizer, classifier: ProblemClassifier): Promise<RederiveResult> {
  const result: RederiveResult = { read: 0, changed: 0 };
  let after: string | null = null;
  for (;;) {
    const rows: StoredTicket[] = await dataSource.query(PAGE_SQL, [after, BATCH]);
    if (rows.length === 0) return result;
    result.read += rows.length;
    after = rows[rows.length - 1].id;
    const changed = rows
      .map((stored) => ({ stored, fresh: toHistoryRow(storedInputOf(stored), fixes, classifier) }))
      .filter(({ stored, fresh }) => REDERIVED.some((c) => fresh[c] !== stored[c]));
    if (changed.length === 0) continue;
    const [{ n }]: { n: number }[] = await dataSource.query(SET_DERIVED_SQL, [
      changed.map((c) => c.stored.id),
      changed.map((c) => c.stored.content_hash),
      ...REDERIVED.map((col) => changed.map((c) => c.fresh[col])),
    ]);
    result.changed += n;
  }
}
