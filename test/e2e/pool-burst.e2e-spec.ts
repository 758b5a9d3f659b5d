import request from 'supertest';
import { createTestApp, TestApp } from '../support/test-app';

/**
 * A burst of enrich requests larger than the database pool, on an instance that has not read the
 * search statistics yet (just started, or every 10 minutes when they are read again). Each request
 * holds one pooled connection for its retrieval; nothing it waits for while holding it may need a
 * second one, or the pool deadlocks until the connect timeout and every request is answered 503.
 */
const POOL_SIZE = 2;
const BURST = 12;
const CONNECT_TIMEOUT_MS = 15_000;

describe('an enrich burst larger than the database pool', () => {
  let t: TestApp;

  beforeEach(async () => {
    t = await createTestApp({ DB_POOL_SIZE: String(POOL_SIZE), DB_CONNECT_TIMEOUT_MS: String(CONNECT_TIMEOUT_MS) });
  });
  afterEach(() => t.close());

  it(`answers all ${BURST} requests 200 on a fresh instance with a pool of ${POOL_SIZE}`, async () => {
    const { token } = await t.newClientToken('pool-burst');
    const problems = ['kitchen sink leaking under the cabinet', 'bedroom outlet sparks', 'heater blowing cold air', 'front door lock sticks'];
    const results = await Promise.all(
      Array.from({ length: BURST }, (_, i) =>
        request(t.http)
          .post('/work-order/enrich')
          .set('Authorization', `Bearer ${token}`)
          .send({ issue_description: `${problems[i % problems.length]} (#${i})` }),
      ),
    );
    const statuses = results.map((r) => r.status);
    expect(statuses).toEqual(Array.from({ length: BURST }, () => 200));
    for (const r of results) expect(r.body.top_3_diagnosis.length).toBeGreaterThan(0);
  });
});
