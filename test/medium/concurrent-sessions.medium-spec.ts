import { Client } from 'pg';

/**
 * Many connections at once, each with parameterized (extended-protocol) queries of different
 * shapes and with transactions. On a real server this is routine; on the embedded database it
 * proves the session server never interleaves one connection's messages with another's.
 */
describe('concurrent connections to the test database', () => {
  const clients: Client[] = [];
  beforeAll(async () => {
    for (let i = 0; i < 6; i++) {
      const client = new Client({ connectionString: process.env.DATABASE_URL });
      await client.connect();
      clients.push(client);
    }
  });
  afterAll(async () => {
    await Promise.all(clients.map((c) => c.end()));
  });

  it('answers every parameterized query correctly under concurrency', async () => {
    const work = clients.map(async (client, c) => {
      for (let i = 0; i < 40; i++) {
        const arity = 1 + ((c + i) % 5);
        const params = Array.from({ length: arity }, (_, k) => c * 1000 + i * 10 + k);
        const sql = `SELECT ${params.map((_, k) => `$${k + 1}::int`).join(' + ')} AS total`;
        const { rows } = await client.query(sql, params);
        expect(rows[0].total).toBe(params.reduce((a, b) => a + b, 0));
      }
    });
    await Promise.all(work);
  });

  it('keeps each transaction to its own connection', async () => {
    const table = `tx_probe_${Date.now()}`;
    await clients[0].query(`CREATE TABLE ${table} (conn int, n int)`);
    try {
      await Promise.all(
        clients.map(async (client, c) => {
          await client.query('BEGIN');
          for (let n = 0; n < 5; n++) await client.query(`INSERT INTO ${table} VALUES ($1, $2)`, [c, n]);
          if (c % 2 === 0) await client.query('COMMIT');
          else await client.query('ROLLBACK');
        }),
      );
      const { rows } = await clients[0].query(`SELECT conn, count(*)::int AS n FROM ${table} GROUP BY conn ORDER BY conn`);
      expect(rows).toEqual([0, 2, 4].map((conn) => ({ conn, n: 5 })));
    } finally {
      await clients[0].query(`DROP TABLE ${table}`);
    }
  });
});
