import request from 'supertest';
import { createTestApp, TestApp } from '../support/test-app';
import { expectErrorShape } from '../support/error-shape';

const ENRICH = '/work-order/enrich';
const body = { issue_description: 'Kitchen sink leaking under cabinet' };

describe('bearer authentication', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const unauthorized = (res: request.Response) => {
    const err = expectErrorShape(res, 401, 'UNAUTHENTICATED');
    expect(res.headers['www-authenticate']).toMatch(/^Bearer/);
    return err;
  };

  it('rejects a request without a token on each product route', async () => {
    unauthorized(await request(t.http).post(ENRICH).send(body));
    unauthorized(await request(t.http).post('/asset-intelligence/analyze?brand_name=Carrier&model_number=X'));
    unauthorized(await request(t.http).post('/asset-intelligence/analyze-nameplate').attach('photo', Buffer.from('x'), 'p.png'));
  });

  it.each([
    ['wrong scheme', 'Basic dXNlcjpwYXNz'],
    ['empty bearer', 'Bearer '],
    ['malformed token', 'Bearer not-a-token'],
    ['unknown well-formed token', `Bearer woi_${'A'.repeat(43)}`],
  ])('rejects %s', async (_case, header) => {
    unauthorized(await request(t.http).post(ENRICH).set('Authorization', header).send(body));
  });

  it.each([
    ['no token', undefined],
    ['an unknown token', `Bearer woi_${'B'.repeat(43)}`],
  ])('answers a caller with %s 401 without reading the body: broken JSON, an oversized body, a broken import', async (_case, header) => {
    const send = (path: string, type: string, payload: string | Buffer) => {
      const req = request(t.http).post(path).set('Content-Type', type);
      return (header ? req.set('Authorization', header) : req).send(payload);
    };
    unauthorized(await send(ENRICH, 'application/json', '{"issue_description": '));
    unauthorized(await send(ENRICH, 'application/json', Buffer.alloc(2 * 1024 * 1024, 0x20)));
    unauthorized(await send('/work-order/import', 'application/json', '[{"issue_description": "x"},'));
    unauthorized(await send('/work-order/import', 'application/json', 'null'));
    // A valid token with the same bodies is told what is wrong with them.
    const { token } = await t.newClientToken();
    const broken = await request(t.http)
      .post(ENRICH)
      .set('Authorization', `Bearer ${token}`)
      .set('Content-Type', 'application/json')
      .send('{"issue_description": ');
    expect(expectErrorShape(broken, 400, 'MALFORMED_BODY').message).toMatch(/not valid JSON/);
    const large = await request(t.http)
      .post(ENRICH)
      .set('Authorization', `Bearer ${token}`)
      .set('Content-Type', 'application/json')
      .send(Buffer.alloc(2 * 1024 * 1024, 0x20));
    expectErrorShape(large, 413, 'PAYLOAD_TOO_LARGE');
  });

  it('accepts a valid token, then rejects it once revoked', async () => {
    const { token, tokenId } = await t.newClientToken();
    expect((await request(t.http).post(ENRICH).set('Authorization', `Bearer ${token}`).send(body)).status).toBe(200);
    await t.app.get((await import('../../src/auth/api-token.service')).ApiTokenService).revoke(tokenId);
    const err = unauthorized(await request(t.http).post(ENRICH).set('Authorization', `Bearer ${token}`).send(body));
    expect(err.message).toMatch(/revoked/);
  });

  it.each([
    ['two spaces', (token: string) => `Bearer  ${token}`],
    ['a tab', (token: string) => `Bearer\t${token}`],
    ['a lower-case scheme and trailing space', (token: string) => `bearer ${token} `],
  ])('accepts a valid token after %s (RFC 6750: 1*SP)', async (_case, header) => {
    const { token } = await t.newClientToken();
    expect((await request(t.http).post(ENRICH).set('Authorization', header(token)).send(body)).status).toBe(200);
  });

  it('leaves /health and /docs open', async () => {
    expect((await request(t.http).get('/health')).status).toBe(200);
    expect((await request(t.http).get('/docs-json')).status).toBe(200);
  });
});

describe('per-token rate limiting', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ RATE_LIMIT_MAX: '2', RATE_LIMIT_WINDOW_SECONDS: '60' });
  });
  afterAll(() => t.close());

  it('answers 429 with Retry-After past the limit, counting each token separately', async () => {
    const a = await t.newClientToken();
    const b = await t.newClientToken();
    const call = (token: string) => request(t.http).post(ENRICH).set('Authorization', `Bearer ${token}`).send(body);
    expect((await call(a.token)).status).toBe(200);
    expect((await call(a.token)).status).toBe(200);
    const limited = await call(a.token);
    expectErrorShape(limited, 429, 'RATE_LIMITED');
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect((await call(b.token)).status).toBe(200);
  });

  it('throttles token guessing: past the limit of refused tokens an address gets 429 without a lookup', async () => {
    const guess = () =>
      request(t.http)
        .post(ENRICH)
        .set('Authorization', `Bearer woi_${'A'.repeat(43)}`)
        .send(body);
    expectErrorShape(await guess(), 401, 'UNAUTHENTICATED');
    expectErrorShape(await guess(), 401, 'UNAUTHENTICATED');
    const limited = await guess();
    expectErrorShape(limited, 429, 'RATE_LIMITED');
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
  });
});
