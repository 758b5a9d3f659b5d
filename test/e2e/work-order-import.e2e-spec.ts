import request from 'supertest';
import { DataSource } from 'typeorm';
import { createTestApp, TestApp } from '../support/test-app';
import { openTestDataSource } from '../support/test-database';
import { expectErrorShape } from '../support/error-shape';
import { IMPORT_MAX_ROWS } from '../../src/work-order/history/history-import.request';

describe('POST /work-order/import', () => {
  let t: TestApp;
  let ds: DataSource;
  beforeAll(async () => {
    t = await createTestApp();
    ds = await openTestDataSource();
  });
  afterAll(async () => {
    await ds.destroy();
    await t.close();
  });

  const stored = async (client: string) =>
    ds.query(
      `SELECT w.work_order_id, w.title, w.updated_at FROM work_orders w JOIN clients c ON c.id = w.client_id WHERE c.name = $1 ORDER BY w.work_order_id`,
      [client],
    );

  it('stores good rows, reports bad ones by index, and lets a repeated id update the first', async () => {
    const { token, client } = await t.newClientToken('import');
    const res = await request(t.http)
      .post('/work-order/import')
      .set('Authorization', `Bearer ${token}`)
      .send([
        { work_order_id: 'A', issue_description: 'Leaking faucet', title: 'first' },
        { work_order_id: 'B', issue_description: 'Clogged drain' },
        { work_order_id: 'C', title: 'no description' },
        { work_order_id: 'D', issue_description: 'Broken blind', unit_id: 'twelve' },
        'not an object',
        { work_order_id: 'A', issue_description: 'Leaking faucet', title: 'second' },
      ]);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ received: 6, inserted: 2, updated: 1, unchanged: 0, rejected: 3 });
    expect(res.body.received).toBe(res.body.inserted + res.body.updated + res.body.rejected);
    expect(res.body.rejected_rows).toEqual([
      { index: 2, errors: [{ field: 'issue_description', message: 'issue_description is required' }] },
      { index: 3, errors: [{ field: 'unit_id', message: expect.stringContaining('unit_id') }] },
      { index: 4, errors: [{ message: 'row must be a JSON object' }] },
    ]);
    const rows = await stored(client);
    expect(rows.map((r: { work_order_id: string; title: string }) => [r.work_order_id, r.title])).toEqual([
      ['A', 'second'],
      ['B', null],
    ]);
  });

  it('refuses ISO-8601 week, ordinal and basic-format dates as rows, and keeps the rest of the batch', async () => {
    const { token, client } = await t.newClientToken('import-dates');
    const res = await request(t.http)
      .post('/work-order/import')
      .set('Authorization', `Bearer ${token}`)
      .send([
        { work_order_id: 'W1', issue_description: 'Leaking faucet', work_start_date: '2026-W01' },
        { work_order_id: 'W2', issue_description: 'Leaking faucet', work_complete_date: '2026-075' },
        { work_order_id: 'W3', issue_description: 'Leaking faucet', last_updated: '20260314' },
        { work_order_id: 'OK', issue_description: 'Clogged drain', work_start_date: '2026-03-14 09:30', last_updated: '2026-03-14T09:30:00+05:30' },
      ]);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ received: 4, inserted: 1, rejected: 3 });
    expect(res.body.rejected_rows.map((r: { index: number; errors: { field: string }[] }) => [r.index, r.errors[0].field])).toEqual([
      [0, 'work_start_date'],
      [1, 'work_complete_date'],
      [2, 'last_updated'],
    ]);
    expect((await stored(client)).map((r: { work_order_id: string }) => r.work_order_id)).toEqual(['OK']);
  });

  it('imports a row whose dates its system left empty, without those dates', async () => {
    const { token, client } = await t.newClientToken('import-blank-dates');
    const res = await request(t.http)
      .post('/work-order/import')
      .set('Authorization', `Bearer ${token}`)
      .send([
        { work_order_id: 'E1', issue_description: 'Gutter overflowing at the back porch', work_start_date: '', work_complete_date: '', last_updated: ' ' },
        { work_order_id: 'E2', issue_description: 'Porch light out', work_complete_date: '2026-03-14' },
      ]);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ received: 2, inserted: 2, rejected: 0, rejected_rows: [] });
    const rows = await ds.query(
      `SELECT w.work_order_id, w.work_start_date, w.work_complete_date, w.last_updated FROM work_orders w JOIN clients c ON c.id = w.client_id WHERE c.name = $1 ORDER BY w.work_order_id`,
      [client],
    );
    expect(
      rows.map((r: { work_order_id: string; work_complete_date: Date | null }) => [
        r.work_order_id,
        r.work_complete_date && new Date(r.work_complete_date).toISOString(),
      ]),
    ).toEqual([
      ['E1', null],
      ['E2', '2026-03-14T00:00:00.000Z'],
    ]);
    expect(rows[0]).toMatchObject({ work_start_date: null, last_updated: null });
  });

  it('is idempotent: re-importing the same rows changes nothing', async () => {
    const { token, client } = await t.newClientToken('import-idem');
    const rows = [1, 2, 3].map((i) => ({ work_order_id: `R-${i}`, issue_description: `Window ${i} will not close`, actual_cost: 10 * i }));
    const first = await request(t.http).post('/work-order/import').set('Authorization', `Bearer ${token}`).send(rows);
    expect(first.body).toMatchObject({ received: 3, inserted: 3, updated: 0, rejected: 0 });
    const before = await stored(client);
    const again = await request(t.http).post('/work-order/import').set('Authorization', `Bearer ${token}`).send(rows);
    expect(again.body).toMatchObject({ received: 3, inserted: 0, updated: 3, unchanged: 3, rejected: 0 });
    expect(await stored(client)).toEqual(before);
  });

  it('gives rows without an id a stable generated one', async () => {
    const { token, client } = await t.newClientToken('import-gen');
    const row = { issue_description: 'Smoke detector chirping', unit_id: 4, ticket_open_date: 1767225600 };
    await request(t.http).post('/work-order/import').set('Authorization', `Bearer ${token}`).send([row]);
    const again = await request(t.http).post('/work-order/import').set('Authorization', `Bearer ${token}`).send([row]);
    expect(again.body).toMatchObject({ inserted: 0, updated: 1, unchanged: 1 });
    const [only] = await stored(client);
    expect(only.work_order_id).toMatch(/^gen-[0-9a-f]{24}$/);
  });

  it('accepts NDJSON and reports a broken line by its number', async () => {
    const { token, client } = await t.newClientToken('import-ndjson');
    const body = [
      '{"work_order_id":"N-1","issue_description":"Door sticks"}',
      '',
      '{"work_order_id":"N-2", broken',
      '{"work_order_id":"N-3","issue_description":"Mold in shower"}',
    ].join('\n');
    const res = await request(t.http).post('/work-order/import').set('Authorization', `Bearer ${token}`).set('Content-Type', 'application/x-ndjson').send(body);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ received: 3, inserted: 2, rejected: 1 });
    expect(res.body.rejected_rows).toEqual([{ index: 1, line: 3, errors: [{ message: expect.stringMatching(/not valid JSON/) }] }]);
    expect((await stored(client)).map((r: { work_order_id: string }) => r.work_order_id)).toEqual(['N-1', 'N-3']);
  });

  it('refuses a body that is not a list, an empty one and other media types', async () => {
    const { token } = await t.newClientToken('import-bad');
    const post = () => request(t.http).post('/work-order/import').set('Authorization', `Bearer ${token}`);
    expectErrorShape(await post().send({ issue_description: 'x' }), 400, 'VALIDATION_FAILED');
    expectErrorShape(await post().send([]), 400, 'VALIDATION_FAILED');
    expectErrorShape(await post().set('Content-Type', 'text/csv').send('a,b'), 415, 'UNSUPPORTED_MEDIA_TYPE');
    expectErrorShape(await request(t.http).post('/work-order/import').send([]), 401, 'UNAUTHENTICATED');
  });

  it('lets other requests through while it works through a large body of rejected rows', async () => {
    const { token } = await t.newClientToken('import-busy');
    const body = `[${Array(60_000).fill('{}').join(',')}]`;
    let importing = true;
    const imported = request(t.http)
      .post('/work-order/import')
      .set('Authorization', `Bearer ${token}`)
      .set('Content-Type', 'application/json')
      .send(body)
      .then((res) => {
        importing = false;
        return res;
      });
    // Health checks every 50 ms for as long as the import runs: each one answered meanwhile is a
    // turn the import gave the event loop (before, none came back until it was over).
    let answeredMeanwhile = 0;
    while (importing) {
      const health = await request(t.http).get('/health');
      if (importing && health.status === 200) answeredMeanwhile++;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    const res = await imported;
    expect(res.body).toMatchObject({ received: 60_000, inserted: 0, rejected: 60_000 });
    expect(answeredMeanwhile).toBeGreaterThanOrEqual(5);
  }, 120_000);

  it('says a JSON array is expected, not that valid JSON is invalid, for a scalar body', async () => {
    const { token } = await t.newClientToken('import-scalar');
    const res = await request(t.http).post('/work-order/import').set('Authorization', `Bearer ${token}`).set('Content-Type', 'application/json').send('null');
    const err = expectErrorShape(res, 400, 'MALFORMED_BODY');
    expect(err.message).toBe('Request body must be a JSON array of work orders, not null');
    expect(err.details).toEqual([{ field: 'body', message: 'expected a JSON array of work orders, got null' }]);
  });
  it('refuses a body of more work orders than one request may hold, as JSON or NDJSON, and stores none of them', async () => {
    const { token, client } = await t.newClientToken('import-too-many');
    const rows = IMPORT_MAX_ROWS + 1;
    for (const [type, body] of [
      ['application/json', `[${Array(rows).fill('{"issue_description":"x"}').join(',')}]`],
      ['application/x-ndjson', Array(rows).fill('{"issue_description":"x"}').join('\n')],
    ]) {
      const res = await request(t.http).post('/work-order/import').set('Authorization', `Bearer ${token}`).set('Content-Type', type).send(body);
      const err = expectErrorShape(res, 413, 'PAYLOAD_TOO_LARGE');
      expect(err.message).toBe('An import request holds at most 250,000 work orders; split the file into several requests, or use the command-line import');
      expect(err.details).toEqual([{ field: 'body', message: 'more than 250000 work orders' }]);
    }
    expect(await stored(client)).toEqual([]);
  }, 120_000);
});
