import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The knowledge-base problem each stored work order is about, classified when it is written, so
 * retrieval can fetch a client's tickets of the same problem through a btree index and previous
 * fixes are grouped and filtered by problem. Rows written before stay unclassified (NULL) until
 * they are written again; retrieval classifies those it reads.
 */
export class TicketProblems1764200000000 implements MigrationInterface {
  name = 'TicketProblems1764200000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE work_orders ADD COLUMN problem_id varchar(100), ADD COLUMN problem_trade varchar(50)`);
    await q.query(`CREATE INDEX idx_work_orders_client_problem ON work_orders (client_id, problem_id, opened_at DESC)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX idx_work_orders_client_problem`);
    await q.query(`ALTER TABLE work_orders DROP COLUMN problem_id, DROP COLUMN problem_trade`);
  }
}
