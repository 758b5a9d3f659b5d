import * as zlib from 'node:zlib';
import request from 'supertest';
import { DataSource } from 'typeorm';
import { expectErrorShape } from '../support/error-shape';
import { FuzzHttpClient } from '../support/fuzz-http';
import { createTestApp, TestApp } from '../support/test-app';

/**
 * Inputs the fuzzer (test/hardening/fuzz.e2e-spec.ts) found answering 500, kept as plain
 * examples so each stays fixed whatever the seed.
 */
describe('inputs that used to answer 500', () => {
  let t: TestApp;
  let ds: DataSource;
  let token: string;
  let client: string;
  let raw: FuzzHttpClient;
  beforeAll(async () => {
    t = await createTestApp();
    ds = t.app.get(DataSource);
    ({ token, client } = await t.newClientToken('fuzz-regression'));
    raw = await FuzzHttpClient.listen(t);
  });
  afterAll(async () => {
    raw.close();
    await t.close();
  });

  /** Sends body bytes exactly as given (supertest re-serializes a Buffer declared as JSON). */
  const rawEnrich = async (body: Buffer | string, headers: Record<string, string> = {}) => {
    const res = await raw.send({
      method: 'POST',
      path: '/work-order/enrich',
      headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json', ...headers },
      body: Buffer.from(body),
    });
    return { status: res.status, body: JSON.parse(res.body.toString('utf8')), headers: res.headers } as unknown as request.Response;
  };

  const enrich = (body: object) => request(t.http).post('/work-order/enrich').set('Authorization', `Bearer ${token}`).send(body);
  const importRows = (rows: unknown[]) => request(t.http).post('/work-order/import').set('Authorization', `Bearer ${token}`).send(rows);
  const storedRow = async (workOrderId: string) =>
    (await ds.query(`SELECT w.* FROM work_orders w JOIN clients c ON c.id = w.client_id WHERE c.name = $1 AND w.work_order_id = $2`, [client, workOrderId]))[0];

  it('refuses a fractional property_id or unit_id (a bigint column) as a validation error, in enrich and per row in import', async () => {
    const err = expectErrorShape(await enrich({ issue_description: 'sink leak', property_id: 1.5, unit_id: 2.25 }), 400, 'VALIDATION_FAILED');
    expect(err.details).toEqual([
      { field: 'property_id', message: 'property_id must be an integer number' },
      { field: 'unit_id', message: 'unit_id must be an integer number' },
    ]);
    const res = await importRows([
      { work_order_id: 'float-1', issue_description: 'sink leak', unit_id: 7.5 },
      { work_order_id: 'float-2', issue_description: 'sink leak', unit_id: 7 },
    ]);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ received: 2, inserted: 1, rejected: 1, rejected_rows: [{ index: 0, errors: [{ field: 'unit_id' }] }] });
  });

  it('refuses text holding NUL (PostgreSQL text cannot) in the body, the query, and per row in import', async () => {
    const err = expectErrorShape(await enrich({ issue_description: 'sink\u0000leak', title: 'a\u0000' }), 400, 'VALIDATION_FAILED');
    expect(err.details).toEqual([
      { field: 'issue_description', message: 'issue_description must not contain the NUL character (\\u0000)' },
      { field: 'title', message: 'title must not contain the NUL character (\\u0000)' },
    ]);
    const analyze = await request(t.http)
      .post('/asset-intelligence/analyze?brand_name=Carrier%00&model_number=24ACC636A003')
      .set('Authorization', `Bearer ${token}`);
    expect(expectErrorShape(analyze, 400, 'VALIDATION_FAILED').details).toEqual([{ field: 'brand_name', message: expect.stringContaining('NUL') }]);
    const res = await importRows([
      { work_order_id: 'nul-1', issue_description: 'leak', resolution: 'fixed\u0000' },
      { work_order_id: 'nul-2', issue_description: 'leak' },
    ]);
    expect(res.body).toMatchObject({ received: 2, inserted: 1, rejected: 1, rejected_rows: [{ index: 0, errors: [{ field: 'resolution' }] }] });
  });

  it('counts characters as PostgreSQL does: 200 × "a" + variation selector is 400 characters, too long for a title', async () => {
    expectErrorShape(await enrich({ issue_description: 'sink leak', title: 'a\ufe0f'.repeat(200) }), 400, 'VALIDATION_FAILED');
    const res = await enrich({ issue_description: 'sink leak', title: 'a\ufe0f'.repeat(100), work_order_id: 'vs16' });
    expect(res.status).toBe(200);
    expect((await storedRow('vs16')).title).toBe('a\ufe0f'.repeat(100));
  });

  it('keeps keys derived from long fields within their columns, and still matches the same unit and asset by them', async () => {
    // "İ" lower-cases to two characters; property detail and asset together exceed asset_key's 310.
    const long = { property_detail: 'İ'.repeat(1000), asset: 'Ä'.repeat(500), location: 'İ'.repeat(200), tags: 'İ'.repeat(500), client_id: 'İ'.repeat(100) };
    const short = { property_detail: 'Maple Court', asset: 'Toilet', location: 'Bath', tags: 'Plumbing', client_id: 'OWN-1' };
    const similarityOfPair = async (name: string, context: object) => {
      const first = await enrich({ work_order_id: `${name}-1`, issue_description: 'Toilet keeps running after flush', ...context });
      expect(first.status).toBe(200);
      const second = await enrich({ work_order_id: `${name}-2`, issue_description: 'Toilet keeps running after flush', ...context });
      return second.body.context.relevant_work_orders.find((r: { work_order_id: string }) => r.work_order_id === `${name}-1`).similarity;
    };
    const longSimilarity = await similarityOfPair('long-keys', long);
    const row = await storedRow('long-keys-1');
    expect(row.property_detail).toBe(long.property_detail);
    expect([...row.property_key].length).toBeLessThanOrEqual(210);
    expect([...row.customer_key].length).toBeLessThanOrEqual(210);
    expect([...row.asset_key].length).toBeLessThanOrEqual(310);
    expect([...row.location_key].length).toBeLessThanOrEqual(200);
    // The same unit is recognized through the shortened keys as it is through short ones.
    expect(longSimilarity).toBe(await similarityOfPair('short-keys', short));
  });

  it('keeps the fix key of a resolution with a very long word within its column', async () => {
    const res = await importRows([
      {
        work_order_id: 'long-fix',
        issue_description: 'Door sticks',
        work_order_status: 'Closed',
        resolution: `Replaced ${'x'.repeat(300)} and ${'y'.repeat(300)}`,
      },
    ]);
    expect(res.body).toMatchObject({ inserted: 1, rejected: 0 });
    expect([...(await storedRow('long-fix')).fix_key].length).toBeLessThanOrEqual(200);
  });

  it('profiles an asset whose identifiers upper-case to twice their length ("ß" is "SS"), once per key', async () => {
    const query = { brand_name: 'ß'.repeat(100), model_number: 'ß'.repeat(100), serial_number: 'ß'.repeat(100) };
    for (let i = 0; i < 2; i++) {
      const res = await request(t.http).post('/asset-intelligence/analyze').query(query).set('Authorization', `Bearer ${token}`);
      expect(res.status).toBe(200);
      expect(res.body.model_number).toBe(query.model_number);
    }
    const [{ n }] = await ds.query(`SELECT count(*)::int AS n FROM assets a JOIN clients c ON c.id = a.client_id WHERE c.name = $1 AND a.model_number = $2`, [
      client,
      query.model_number,
    ]);
    expect(n).toBe(1);
  });

  it.each(['gzip', 'GZIP', 'deflate'])('answers 400 MALFORMED_BODY for a body that is not %s-encoded as declared', async (encoding) => {
    expectErrorShape(await rawEnrich('{"issue_description":"sink leak"}', { 'Content-Encoding': encoding }), 400, 'MALFORMED_BODY');
  });

  it('still reads a body that is gzip-encoded as declared', async () => {
    expect((await rawEnrich(zlib.gzipSync('{"issue_description":"Toilet keeps running"}'), { 'Content-Encoding': 'gzip' })).status).toBe(200);
  });

  it('refuses a body nested thousands of levels deep (class-transformer overflowed its stack) but ignores shallow unknown fields', async () => {
    const deep = (depth: number) => '{"a":'.repeat(depth) + '1' + '}'.repeat(depth);
    const err = expectErrorShape(await rawEnrich(`{"issue_description":"sink leak","attachments":${deep(5000)}}`), 400, 'VALIDATION_FAILED');
    expect(err.details).toEqual([{ field: 'body', message: 'body is nested more than 32 levels deep' }]);
    expectErrorShape(await rawEnrich(`{"issue_description":"sink leak","title":${'['.repeat(3000)}${']'.repeat(3000)}}`), 400, 'VALIDATION_FAILED');
    expect((await rawEnrich(`{"issue_description":"sink leak","attachments":${deep(20)}}`)).status).toBe(200);
    const res = await request(t.http)
      .post('/work-order/import')
      .set('Authorization', `Bearer ${token}`)
      .set('Content-Type', 'application/json')
      .send(
        `[{"work_order_id":"deep-1","issue_description":"leak","extra":${deep(3000)}},{"work_order_id":"deep-2","issue_description":"leak","extra":${deep(20)}}]`,
      );
    expect(res.body).toMatchObject({
      received: 2,
      inserted: 1,
      rejected: 1,
      rejected_rows: [{ index: 0, errors: [{ message: 'row is nested more than 32 levels deep' }] }],
    });
  });

  it('imports rows holding "constructor" keys (class-transformer threw on them) like any unknown field', async () => {
    const rows = JSON.parse(
      '[{"work_order_id":"ctor-1","issue_description":"leak","extra":{"constructor":{}}},{"work_order_id":"ctor-2","issue_description":"leak","property_detail":{"constructor":{}}},{"work_order_id":"ctor-3","issue_description":"leak","__proto__":{"issue_description":5},"constructor":{"prototype":{}}}]',
    );
    const res = await importRows(rows);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      received: 3,
      inserted: 2,
      rejected: 1,
      rejected_rows: [{ index: 1, errors: [{ field: 'property_detail', message: 'property_detail must be a string' }] }],
    });
    expect((await storedRow('ctor-3')).issue_description).toBe('leak');
  });
});
