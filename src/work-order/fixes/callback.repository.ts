import { Inject, Injectable } from '@nestjs/common';
import { WOI_DATA_SOURCE } from '../../common/persistence';
import { DataSource } from 'typeorm';
import { readFromReplica } from '../../database/replica-reads';
import { minimumMatchedTerms } from '../retrieval/query-terms';

/**
 * A fixed ticket was called back when another ticket of the same client, on the same unit or
 * the same asset, was opened within the window after its close, and that later ticket is the
 * same kind of problem: it used the same fix, or it matches the incoming work order's key terms
 * as closely as a similar ticket must.
 *
 * The unit and the asset are two branches, so each reads its btree index (client_id, unit_key or
 * asset_key, opened_at) over the window alone; one OR of the two made PostgreSQL read each unit's
 * whole history (35 ms for 50 tickets at 1M rows, BENCHMARKS.md). The fixed tickets' own keys
 * and close times come from retrieval as arrays, so their rows are not read again.
 */
const LATER_TICKET = (key: 'unit_key' | 'asset_key') => `
      SELECT 1 FROM work_orders c
      WHERE c.client_id = $1 AND c.${key} = t.${key} AND c.id <> t.id
        AND c.opened_at > t.closed_at AND c.opened_at <= t.closed_at + make_interval(days => $4)
        AND (c.fix_key = t.fix_key OR (SELECT count(*) FROM unnest(q.parts) AS part WHERE c.search @@ part) >= $5)`;

const CALLBACK_SQL = `
  WITH q AS (
    SELECT array_agg(DISTINCT p) FILTER (WHERE numnode(p) > 0) AS parts
    FROM unnest($3::text[]) AS t(term), LATERAL to_tsquery('english', t.term) AS p
  )
  SELECT t.id
  FROM unnest($2::uuid[], $6::text[], $7::text[], $8::timestamptz[], $9::text[]) AS t(id, unit_key, asset_key, closed_at, fix_key), q
  WHERE EXISTS (${LATER_TICKET('unit_key')}
      UNION ALL${LATER_TICKET('asset_key')}
    )`;

/** A fixed ticket as retrieval found it: what the callback check needs of it. */
export interface FixedTicket {
  id: string;
  unitKey: string | null;
  assetKey: string | null;
  closedAt: Date | null;
  fixKey: string | null;
}

@Injectable()
export class CallbackRepository {
  constructor(@Inject(WOI_DATA_SOURCE) private readonly dataSource: DataSource) {}

  /** Ids of the given fixed tickets that were called back within `windowDays` of their close (read on a replica when there is one). */
  async calledBack(clientId: string, tickets: FixedTicket[], terms: string[], windowDays: number): Promise<Set<string>> {
    const closed = tickets.filter((t) => t.closedAt !== null && (t.unitKey !== null || t.assetKey !== null));
    if (closed.length === 0) return new Set();
    const params = [
      clientId,
      closed.map((t) => t.id),
      terms,
      windowDays,
      minimumMatchedTerms(terms.length),
      closed.map((t) => t.unitKey),
      closed.map((t) => t.assetKey),
      closed.map((t) => t.closedAt),
      closed.map((t) => t.fixKey),
    ];
    const rows: { id: string }[] = await readFromReplica(this.dataSource, (runner) => runner.query(CALLBACK_SQL, params));
    return new Set(rows.map((r) => r.id));
  }
}
