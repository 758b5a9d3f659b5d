import request from 'supertest';
import type { DataSource } from 'typeorm';
import { ApiTokenService } from '../../src/auth/api-token.service';
import { renderNameplate, SAMPLE_NAMEPLATES } from '../fixtures/nameplates/render-nameplate';
import { expectErrorShape } from '../support/error-shape';
import { createTestApp, TestApp } from '../support/test-app';
import { openTestDataSource } from '../support/test-database';
import { fingerprints, tenantHistory, TenantHistory } from './tenant-data';
import { seededRandom } from '../../src/common/seeded-random';

/**
 * Every product route × every way of presenting (or not presenting) a token. The requests are
 * "client A's" requests (A's work order ids, A's asset); sent with client B's token they must be
 * answered from, and stored in, B's data only.
 */
const seed = Number(process.env.HARDENING_SEED ?? Date.now() % 1_000_000);

let t: TestApp;
let ds: DataSource;
let photo: Buffer;
const tok = { a: '', b: '', revoked: '' };
const clients = { a: '', b: '', revoked: '' };
let historyA: TenantHistory;
let historyB: TenantHistory;

const CARRIER = { brand_name: 'Carrier', model_number: '24ACC636A003', serial_number: '1014E12345' };

beforeAll(async () => {
  const random = seededRandom(seed);
  t = await createTestApp({ OCR_WORKERS: '1' });
  ds = await openTestDataSource();
  let revokedId = '';
  for (const who of ['a', 'b', 'revoked'] as const) {
    const created = await t.newClientToken(`authm-${who}`);
    tok[who] = created.token;
    clients[who] = created.client;
    if (who === 'revoked') revokedId = created.tokenId;
  }
  historyA = tenantHistory(1, random);
  historyB = tenantHistory(2, random);
  for (const [token, h] of [
    [tok.a, historyA],
    [tok.b, historyB],
  ] as const) {
    const res = await request(t.http).post('/work-order/import').set('Authorization', `Bearer ${token}`).send(h.rows);
    expect(res.body).toMatchObject({ received: h.rows.length, rejected: 0 });
  }
  // A owns the asset the requests below name; the revoked client's token is revoked before any request.
  expect((await request(t.http).post('/asset-intelligence/analyze').query(CARRIER).set('Authorization', `Bearer ${tok.a}`)).status).toBe(200);
  await t.app.get(ApiTokenService).revoke(revokedId);
  photo = await renderNameplate('condenser', SAMPLE_NAMEPLATES.condenser, { format: 'png' });
}, 120_000);

afterAll(async () => {
  await ds?.destroy();
  await t?.close();
});

const rowsOf = async (client: string, table: 'work_orders' | 'assets') =>
  Number((await ds.query(`SELECT count(*) AS n FROM ${table} x JOIN clients c ON c.id = x.client_id WHERE c.name = $1`, [client]))[0].n);

/** One product route: how to send A's request, and what a successful answer for the caller must show. */
interface Route {
  name: string;
  send(authorization: string | undefined): request.Test;
  /** Checks a 200 answer was computed from, and stored in, B's data only. */
  expectAnsweredFor(res: request.Response): Promise<void>;
}

const withAuth = (req: request.Test, authorization: string | undefined) => (authorization === undefined ? req : req.set('Authorization', authorization));

const hijackRow = () => ({
  work_order_id: `${historyA.idPrefix}-1`,
  issue_description: 'Toilet keeps running (hijacked)',
  work_order_status: 'Closed',
  resolution: 'Replaced flapper hijacked',
  actual_cost: 1,
});

const routes: Route[] = [
  {
    name: 'POST /work-order/enrich',
    send: (auth) => withAuth(request(t.http).post('/work-order/enrich'), auth).send({ issue_description: 'Toilet keeps running', unit_id: 101 }),
    async expectAnsweredFor(res) {
      const text = JSON.stringify(res.body);
      for (const f of fingerprints(historyA)) expect(text).not.toContain(f);
      const ids: string[] = res.body.context.relevant_work_orders.map((w: { work_order_id: string }) => w.work_order_id);
      expect(ids.some((id) => id.startsWith(historyB.idPrefix))).toBe(true);
      for (const id of ids) expect(id.startsWith(historyB.idPrefix) || id.startsWith('gen-')).toBe(true);
      for (const fix of res.body.top_5_previous_fixes) expect(historyB.vendors).toContain(fix.vendor);
    },
  },
  {
    name: 'POST /work-order/import',
    send: (auth) => withAuth(request(t.http).post('/work-order/import'), auth).send([hijackRow()]),
    async expectAnsweredFor(res) {
      expect(res.body).toMatchObject({ received: 1, rejected: 0 });
      // A's work_order_id names a new row of B's; A's own row is untouched.
      const [own] = await ds.query(`SELECT w.resolution FROM work_orders w JOIN clients c ON c.id = w.client_id WHERE c.name = $1 AND w.work_order_id = $2`, [
        clients.a,
        `${historyA.idPrefix}-1`,
      ]);
      expect(own.resolution).toBe(historyA.rows[0].resolution);
      const [theirs] = await ds.query(
        `SELECT w.resolution FROM work_orders w JOIN clients c ON c.id = w.client_id WHERE c.name = $1 AND w.work_order_id = $2`,
        [clients.b, `${historyA.idPrefix}-1`],
      );
      expect(theirs.resolution).toBe('Replaced flapper hijacked');
    },
  },
  {
    name: 'POST /asset-intelligence/analyze',
    send: (auth) => withAuth(request(t.http).post('/asset-intelligence/analyze').query(CARRIER), auth),
    async expectAnsweredFor(res) {
      expect(res.body).toMatchObject({ brand: 'Carrier', model_number: CARRIER.model_number });
      expect(await rowsOf(clients.a, 'assets')).toBe(1);
      const stored = await ds.query(`SELECT a.model_number FROM assets a JOIN clients c ON c.id = a.client_id WHERE c.name = $1`, [clients.b]);
      expect(stored.map((r: { model_number: string }) => r.model_number)).toContain(CARRIER.model_number);
    },
  },
  {
    name: 'POST /asset-intelligence/analyze-nameplate',
    send: (auth) => withAuth(request(t.http).post('/asset-intelligence/analyze-nameplate'), auth).attach('photo', photo, 'plate.png'),
    async expectAnsweredFor(res) {
      expect(res.body).toMatchObject({ brand: 'Carrier', model_number: SAMPLE_NAMEPLATES.condenser.model });
      expect(await rowsOf(clients.a, 'assets')).toBe(1);
      const stored = await ds.query(`SELECT a.serial_number FROM assets a JOIN clients c ON c.id = a.client_id WHERE c.name = $1`, [clients.b]);
      expect(stored.map((r: { serial_number: string }) => r.serial_number)).toContain(SAMPLE_NAMEPLATES.condenser.serial);
    },
  },
];

/** Presented credentials that must all be refused with 401; functions because tokens exist only after beforeAll. */
const refused: [string, () => string | undefined][] = [
  ['no Authorization header', () => undefined],
  ['Basic scheme', () => 'Basic dXNlcjpwYXNz'],
  ['Basic scheme carrying a valid token', () => `Basic ${Buffer.from(`${tok.b}:`).toString('base64')}`],
  ['"Token" scheme with a valid token', () => `Token ${tok.b}`],
  ['a valid token without a scheme', () => tok.b],
  ['"Bearer" with an empty token', () => 'Bearer '],
  ['"Bearer" alone', () => 'Bearer'],
  ['"Bearer" followed by spaces only', () => 'Bearer    '],
  ['malformed token', () => 'Bearer not-a-token'],
  ['token with the wrong marker', () => `Bearer abc_${tok.b.slice(4)}`],
  ['truncated valid token', () => `Bearer ${tok.b.slice(0, -1)}`],
  ['valid token with a character appended', () => `Bearer ${tok.b}A`],
  ['valid token with a changed last character', () => `Bearer ${tok.b.slice(0, -1)}${tok.b.endsWith('A') ? 'B' : 'A'}`],
  ['well-formed unknown token', () => `Bearer woi_${'x'.repeat(43)}`],
  ['known prefix with the wrong secret', () => `Bearer ${tok.b.slice(0, 12)}${'Q'.repeat(35)}`],
  ['revoked token', () => `Bearer ${tok.revoked}`],
  ['two tokens', () => `Bearer ${tok.a} ${tok.b}`],
  ['two tokens, comma-separated', () => `Bearer ${tok.a}, Bearer ${tok.b}`],
];

/** Presented credentials that authenticate as B: the scheme name is case-insensitive (RFC 7235). */
const accepted: [string, () => string][] = [
  ['"Bearer" with another client\'s valid token', () => `Bearer ${tok.b}`],
  ['lowercase "bearer"', () => `bearer ${tok.b}`],
  ['uppercase "BEARER"', () => `BEARER ${tok.b}`],
];

describe.each(routes.map((r) => [r.name, seed, r] as const))('%s (seed %d)', (_name, _seed, route) => {
  it.each(refused)('refuses %s with 401, the error shape and WWW-Authenticate', async (_case, header) => {
    const presented = header();
    const res = await route.send(presented);
    const err = expectErrorShape(res, 401, 'UNAUTHENTICATED');
    expect(res.headers['www-authenticate']).toMatch(/^Bearer realm="api"/);
    // The answer never echoes the credentials back.
    for (const secret of [tok.a, tok.b, tok.revoked]) expect(JSON.stringify(res.body)).not.toContain(secret.slice(4));
    if (presented === `Bearer ${tok.revoked}`) expect(err.message).toMatch(/revoked/);
  });

  it.each(accepted)("answers %s from that client's own data", async (_case, header) => {
    const res = await route.send(header());
    expect(res.status).toBe(200);
    await route.expectAnsweredFor(res);
  });
});

describe('refused requests have no effect', () => {
  it('stored nothing for the revoked client and changed nothing of A', async () => {
    expect(await rowsOf(clients.revoked, 'work_orders')).toBe(0);
    expect(await rowsOf(clients.revoked, 'assets')).toBe(0);
    expect(await rowsOf(clients.a, 'work_orders')).toBe(historyA.rows.length);
    expect(await rowsOf(clients.a, 'assets')).toBe(1);
  });
});

/**
 * The token belongs in the Authorization header only, never in an `access_token` query parameter
 * or body field, where URLs and request logs carry it.
 */
describe('tokens outside the Authorization header', () => {
  it.each(routes.map((r) => [r.name, r] as const))('%s refuses a token in an access_token query parameter', async (_name, route) => {
    expectErrorShape(await route.send(undefined).query({ access_token: tok.b }), 401, 'UNAUTHENTICATED');
  });

  it('POST /work-order/enrich refuses a token in an access_token body field', async () => {
    const res = await request(t.http).post('/work-order/enrich').send({ issue_description: 'Toilet keeps running', access_token: tok.b });
    expectErrorShape(res, 401, 'UNAUTHENTICATED');
  });

  it('refuses a header token together with a query token (ambiguous credentials)', async () => {
    const res = await request(t.http)
      .post('/work-order/enrich')
      .query({ access_token: tok.a })
      .set('Authorization', `Bearer ${tok.b}`)
      .send({ issue_description: 'Toilet keeps running' });
    expectErrorShape(res, 401, 'UNAUTHENTICATED');
  });
});
