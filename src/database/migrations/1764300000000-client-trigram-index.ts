import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The trigram index scoped to the client: (client_id, summary) in one GIN index (btree_gin), so a
 * short or misspelled text is matched among the caller's own tickets only. The index it replaces
 * held every client's summaries, so the fallback's cost grew with the whole table.
 */
export class ClientTrigramIndex1764300000000 implements MigrationInterface {
  name = 'ClientTrigramIndex1764300000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE INDEX idx_work_orders_client_summary_trgm ON work_orders USING gin (client_id, summary gin_trgm_ops)`);
    await q.query(`DROP INDEX idx_work_orders_summary_trgm`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`CREATE INDEX idx_work_orders_summary_trgm ON work_orders USING gin (summary gin_trgm_ops)`);
    await q.query(`DROP INDEX idx_work_orders_client_summary_trgm`);
  }
}
