import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A property's tickets by problem, newest first: (client_id, property_key, problem_id, opened_at
 * DESC) replaces (client_id, property_key). Retrieval reads a property's newest tickets of each
 * plausible problem in index order and stops at its limit, where the old index handed over the
 * property's whole history to filter and sort (about 2,500 tickets for a property of a 100k-ticket
 * client: 20 ms). Lookups by property alone still use the index's prefix.
 */
export class PropertyProblemIndex1764400000000 implements MigrationInterface {
  name = 'PropertyProblemIndex1764400000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE INDEX idx_work_orders_client_property_problem ON work_orders (client_id, property_key, problem_id, opened_at DESC)`);
    await q.query(`DROP INDEX idx_work_orders_client_property`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`CREATE INDEX idx_work_orders_client_property ON work_orders (client_id, property_key)`);
    await q.query(`DROP INDEX idx_work_orders_client_property_problem`);
  }
}
