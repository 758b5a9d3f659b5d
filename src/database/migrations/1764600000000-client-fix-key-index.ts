import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A client's fixed tickets by fix key, newest first: a request that names a part ("replace the
 * belt on AHU-2") reads the newest tickets of each wording of that part's fix, whatever problem
 * they were filed under, one bounded index read per wording. Partial: tickets without a fix (a
 * third of a real history) are never looked up this way.
 */
export class ClientFixKeyIndex1764600000000 implements MigrationInterface {
  name = 'ClientFixKeyIndex1764600000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE INDEX idx_work_orders_client_fix_key ON work_orders (client_id, fix_key, opened_at DESC) WHERE fix_key IS NOT NULL`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX idx_work_orders_client_fix_key`);
  }
}
