import { DataSource } from 'typeorm';
import { LexemeFrequencies } from '../../src/work-order/retrieval/lexeme-frequencies';
import { openTestDataSource } from '../support/test-database';

/**
 * The statistics the full-text search reads (pg_stats of work_orders.search), on the test
 * database: a schema of its own holds a work_orders table whose word shares are known, so other
 * tests' rows cannot move them.
 */
describe('LexemeFrequencies on PostgreSQL statistics', () => {
  let ds: DataSource;
  const schema = `lexstats_${process.pid}`;
  beforeAll(async () => {
    ds = await openTestDataSource();
    await ds.query(`CREATE SCHEMA ${schema}`);
    await ds.query(`CREATE TABLE ${schema}.work_orders (id serial PRIMARY KEY, search tsvector)`);
    // 1,000 tickets: "radiator" in every one, "clank" in one in five, "valve" in one in a hundred.
    await ds.query(`
      INSERT INTO ${schema}.work_orders (search)
      SELECT to_tsvector('english', 'radiator ' || CASE WHEN i % 5 = 0 THEN 'clank ' ELSE '' END || CASE WHEN i % 100 = 0 THEN 'valve' ELSE 'room' || i END)
      FROM generate_series(1, 1000) AS i`);
    await ds.query(`ANALYZE ${schema}.work_orders`);
  });
  afterAll(async () => {
    await ds.query(`DROP SCHEMA ${schema} CASCADE`);
    await ds.destroy();
  });

  it('searches by the uncommon lexemes, rarest first, as ANALYZE counted them', async () => {
    // The embedded server runs every connection on one PostgreSQL session, so a plain SET
    // search_path would reach the other test workers' queries; SET LOCAL ends with the transaction.
    const runner = ds.createQueryRunner();
    await runner.connect();
    await runner.startTransaction();
    try {
      await runner.query(`SET LOCAL search_path TO ${schema}`);
      const frequencies = new LexemeFrequencies();
      expect(await frequencies.searchLexemes(['radiat', 'clank', 'valv', 'bang'], runner)).toEqual(['bang', 'valv']);
    } finally {
      await runner.rollbackTransaction();
      await runner.release();
    }
  });
});
