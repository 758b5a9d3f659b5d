import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { DataSource } from 'typeorm';
import { ClientEntity } from '../../src/auth/client.entity';
import { loadKnowledgeBase } from '../../src/knowledge/knowledge-base';
import { createFixNormalizer } from '../../src/work-order/fixes/fix-normalizer.factory';
import { HistoryRow, toHistoryRow, WorkOrderInput } from '../../src/work-order/history/history-row';
import { COLUMN_KEYS } from '../../src/work-order/history/history-upsert-sql';
import { HistoryRepository } from '../../src/work-order/history/history.repository';
import { nastyText } from '../support/arbitraries';
import { openTestDataSource } from '../support/test-database';

const EMBEDDED = process.env.TEST_DATABASE_KIND === 'embedded PGlite';

/** Text as PostgreSQL stores it: UTF-8 cannot hold a lone surrogate, which node-postgres sends as U+FFFD. */
const stored = (text: string) => Buffer.from(text).toString();

describe(`history bulk writes (${EMBEDDED ? 'unnest upsert on embedded PGlite' : 'COPY and staging upsert on PostgreSQL'})`, () => {
  let ds: DataSource;
  let repository: HistoryRepository;
  const fixes = createFixNormalizer(loadKnowledgeBase());
  beforeAll(async () => {
    ds = await openTestDataSource();
    repository = new HistoryRepository(ds);
  });
  afterAll(() => ds.destroy());

  const newClient = async () => (await ds.getRepository(ClientEntity).save({ name: `bulk-write-${randomUUID().slice(0, 8)}` })).id;
  const row = (input: Partial<WorkOrderInput> & { work_order_id: string }): HistoryRow => toHistoryRow({ issue_description: 'Leak', ...input }, fixes);
  const storedRows = (clientId: string) =>
    ds.query(`SELECT ${COLUMN_KEYS.join(', ')} FROM work_orders WHERE client_id = $1 ORDER BY work_order_id`, [clientId]);
  const count = async (clientId: string) => (await ds.query('SELECT count(*)::int AS n FROM work_orders WHERE client_id = $1', [clientId]))[0].n;

  it('writes batches with COPY on a PostgreSQL server and with the unnest upsert on embedded PGlite', async () => {
    expect(await repository.bulkWriteMode()).toBe(EMBEDDED ? 'unnest' : 'copy');
  });

  it('stores hostile text exactly as the single-statement unnest upsert does', async () => {
    const text = nastyText({ maxLength: 60 });
    const input = fc.record({
      issue_description: nastyText({ maxLength: 60, nonBlank: true }),
      title: text,
      resolution: text,
      vendor_comments: text,
      asset: text,
      invoices: fc.constantFrom('INV-1 $10.50', 'a\\tb', '\\.', '\\N', 'x\ty\nz\r\n'),
      property_id: fc.option(fc.integer({ min: 0, max: 2 ** 40 })),
      actual_cost: fc.option(fc.double({ min: 0, max: 10_000_000, noNaN: true })),
      ticket_open_date: fc.option(fc.integer({ min: 0, max: 4102444800 })),
      work_start_date: fc.option(fc.constantFrom('2026-03-14', '2026-03-14T09:30:00-05:00', '2026-03-14 09:30:00.123Z')),
    });
    await fc.assert(
      fc.asyncProperty(fc.array(input, { minLength: 1, maxLength: 20 }), async (inputs) => {
        const rows = inputs.map((w, i) => row({ ...w, work_order_id: `N-${String(i).padStart(2, '0')}` }));
        const [byUnnest, byBatch] = [await newClient(), await newClient()];
        await repository.upsertBatch(byUnnest, rows);
        expect(await repository.upsertRounds(byBatch, [rows])).toEqual([{ inserted: rows.length, updated: 0, unchanged: 0 }]);
        const [a, b] = [await storedRows(byUnnest), await storedRows(byBatch)];
        expect(b).toEqual(a);
        expect(b.map((r: HistoryRow) => [r.issue_description, r.title, r.content_hash])).toEqual(
          rows.map((r) => [stored(r.issue_description), r.title === null ? null : stored(r.title), r.content_hash]),
        );
      }),
      { numRuns: 15 },
    );
  });

  it('counts inserted, updated and unchanged rows, and a second write of the same rows changes nothing', async () => {
    const clientId = await newClient();
    const first = [row({ work_order_id: 'A' }), row({ work_order_id: 'B' })];
    expect(await repository.upsertRounds(clientId, [first])).toEqual([{ inserted: 2, updated: 0, unchanged: 0 }]);
    const stamps = () => ds.query('SELECT work_order_id, updated_at FROM work_orders WHERE client_id = $1 ORDER BY work_order_id', [clientId]);
    const before = await stamps();
    expect(await repository.upsertRounds(clientId, [first])).toEqual([{ inserted: 0, updated: 2, unchanged: 2 }]);
    expect(await stamps()).toEqual(before);
    const changed = [row({ work_order_id: 'A', title: 'now with a title' }), row({ work_order_id: 'B' }), row({ work_order_id: 'C' })];
    expect(await repository.upsertRounds(clientId, [changed])).toEqual([{ inserted: 1, updated: 2, unchanged: 1 }]);
  });

  it('writes rounds of a repeated id in order, in one transaction: the last one wins', async () => {
    const clientId = await newClient();
    const rounds = [[row({ work_order_id: 'R', title: 'first' }), row({ work_order_id: 'S' })], [row({ work_order_id: 'R', title: 'second' })]];
    expect(await repository.upsertRounds(clientId, rounds)).toEqual([
      { inserted: 2, updated: 0, unchanged: 0 },
      { inserted: 0, updated: 1, unchanged: 0 },
    ]);
    expect((await storedRows(clientId)).map((r: HistoryRow) => [r.work_order_id, r.title])).toEqual([
      ['R', 'second'],
      ['S', null],
    ]);
  });

  it('leaves nothing of a batch that fails in a later round, and the next batch is written', async () => {
    const clientId = await newClient();
    // Validation never lets such a title through; written directly, it fails in the database. Its hash is that of another content, as a changed row's is.
    const tooLong = { ...row({ work_order_id: 'F', title: 'changed' }), title: 'x'.repeat(201) };
    await expect(repository.upsertRounds(clientId, [[row({ work_order_id: 'F' }), row({ work_order_id: 'G' })], [tooLong]])).rejects.toThrow(/too long/);
    expect(await count(clientId)).toBe(0);
    expect(await repository.upsertRounds(clientId, [[row({ work_order_id: 'G' })]])).toEqual([{ inserted: 1, updated: 0, unchanged: 0 }]);
    expect(await count(clientId)).toBe(1);
  });

  // Single-user PGlite has no checkpointer: without a checkpoint an import's WAL stays on disk.
  const checkpointLsn = async () => (await ds.query('SELECT checkpoint_lsn::text AS lsn FROM pg_control_checkpoint()'))[0].lsn as string;
  const lsnAfter = async (a: string, b: string) => (await ds.query('SELECT pg_wal_lsn_diff($1::pg_lsn, $2::pg_lsn) >= 0 AS after', [a, b]))[0].after as boolean;

  (EMBEDDED ? it : it.skip)('ends an import on embedded PGlite with a checkpoint past everything the import wrote', async () => {
    const clientId = await newClient();
    await repository.upsertRounds(clientId, [Array.from({ length: 50 }, (_, i) => row({ work_order_id: `CP${i}`, issue_description: `Radiator ${i} bangs` }))]);
    const written = (await ds.query('SELECT pg_current_wal_insert_lsn()::text AS lsn'))[0].lsn as string;
    await repository.finishImport();
    expect(await lsnAfter(await checkpointLsn(), written)).toBe(true);
  });

  (EMBEDDED ? it : it.skip)('checkpoints embedded PGlite after every so many single-row writes, as an instance that only enriches makes', async () => {
    const clientId = await newClient();
    const everyRows = 5;
    const writer = new HistoryRepository(ds);
    writer.checkpointEveryRows = everyRows;
    const writeOne = async (i: number) => {
      await writer.upsertBatch(clientId, [row({ work_order_id: `EN${i}`, issue_description: `Kitchen faucet ${i} drips` })]);
      return (await ds.query('SELECT pg_current_wal_insert_lsn()::text AS lsn'))[0].lsn as string;
    };
    let beforeLast = '';
    for (let i = 0; i < everyRows - 1; i++) beforeLast = await writeOne(i);
    await writeOne(everyRows - 1);
    // The last write of the round checkpointed past every earlier one: their WAL can be recycled.
    expect(await lsnAfter(await checkpointLsn(), beforeLast)).toBe(true);
    await writeOne(everyRows);
    expect(await count(clientId)).toBe(everyRows + 1);
  });
});
