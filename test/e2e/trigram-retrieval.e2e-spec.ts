import request from 'supertest';
import { ApiTokenService } from '../../src/auth/api-token.service';
import { SimilarWorkOrdersService } from '../../src/work-order/retrieval/similar-work-orders.service';
import { createTestApp, TestApp } from '../support/test-app';
import { daysAgo } from '../support/history-fixture';

/**
 * The trigram path of similar-ticket search: a short, misspelled text that full-text search
 * cannot match still finds the caller's own ticket, through the client-scoped trigram index and
 * the raised pg_trgm threshold, and never another client's.
 */
describe('similar-ticket search for short misspelled texts (trigram path)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  async function clientWith(prefix: string, rows: object[]): Promise<string> {
    const { token, client } = await t.newClientToken(prefix);
    const res = await request(t.http).post('/work-order/import').set('Authorization', `Bearer ${token}`).send(rows);
    expect(res.status).toBe(200);
    return (await t.app.get(ApiTokenService).clientByName(client)).id;
  }

  const ticket = (id: string, issue: string) => ({
    work_order_id: id,
    issue_description: issue,
    work_order_status: 'Closed',
    ticket_open_date: daysAgo(30),
    ticket_close_date: daysAgo(29),
    resolution: 'Adjusted and tested',
  });

  it("finds the caller's ticket by trigram similarity, and only the caller's", async () => {
    const caller = await clientWith('trgm-a', [ticket('A-1', 'Garage door opener broken'), ticket('A-2', 'Window blinds cord snapped')]);
    await clientWith('trgm-b', [ticket('B-1', 'Garage door opener broken')]);
    const found = await t.app.get(SimilarWorkOrdersService).find({
      clientId: caller,
      text: 'garage dor openr brokn',
      unitKey: null,
      assetKey: null,
      propertyKey: null,
      locationKey: null,
      customerKey: null,
      problemIds: [],
      excludeWorkOrderId: null,
      now: new Date(),
    });
    expect(found.map((f) => f.workOrderId)).toEqual(['A-1']);
  });
});
