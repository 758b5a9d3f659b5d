import { DataSource } from 'typeorm';
import { openTestDataSource } from '../support/test-database';

/**
 * The trigram fallback's index is scoped to the client (migration 1764300000000) and holds short
 * summaries only (1764500000000). Whether the
 * planner uses it depends on table size; its effect is measured by `npm run bench` (BENCHMARKS.md).
 */
describe('client-scoped trigram index', () => {
  let ds: DataSource;
  beforeAll(async () => {
    ds = await openTestDataSource();
  });
  afterAll(() => ds.destroy());

  it('indexes (client_id, summary) together for summaries a short text can match, and the earlier trigram indexes are gone', async () => {
    const rows: { indexname: string; indexdef: string }[] = await ds.query(
      `SELECT indexname, indexdef FROM pg_indexes WHERE tablename = 'work_orders' AND indexdef LIKE '%gin_trgm_ops%'`,
    );
    expect(rows.map((r) => r.indexname)).toEqual(['idx_work_orders_client_short_summary_trgm']);
    expect(rows[0].indexdef).toMatch(/USING gin \(client_id, summary gin_trgm_ops\) WHERE \(length\(summary\) <= 104\)/);
  });
});
