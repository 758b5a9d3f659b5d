import request from 'supertest';
import { DataSource } from 'typeorm';
import { ApiTokenService } from '../../src/auth/api-token.service';
import { classifyStoredTickets } from '../../src/work-order/history/problem-backfill';
import { ProblemClassifier } from '../../src/work-order/history/problem-classifier';
import { CONTEXT_LIMIT, SIMILAR_LIMIT, SimilarityQuery, SimilarWorkOrdersService } from '../../src/work-order/retrieval/similar-work-orders.service';
import { unitKeyOf } from '../../src/work-order/history/history-row';
import { createTestApp, TestApp } from '../support/test-app';
import { daysAgo } from '../support/history-fixture';

/**
 * Similar-ticket search reads a client's tickets of the incoming problem, and of the same unit,
 * through bounded btree paths, and falls back to full-text search only when those find too little.
 * These tests pin what a caller sees of that: many same-problem tickets give the newest ones,
 * whatever words they used; a unit's own older ticket of the problem is not crowded out; and
 * tickets never tied to a problem are still found by their words, and tied to theirs by the
 * backfill `cli classify` runs.
 */
describe('similar-ticket search: problem and context paths before full text', () => {
  let t: TestApp;
  let classifier: ProblemClassifier;
  let similar: SimilarWorkOrdersService;
  beforeAll(async () => {
    t = await createTestApp();
    classifier = t.app.get(ProblemClassifier);
    similar = t.app.get(SimilarWorkOrdersService);
  });
  afterAll(() => t.close());

  async function clientWith(prefix: string, rows: object[]): Promise<string> {
    const { token, client } = await t.newClientToken(prefix);
    const res = await request(t.http).post('/work-order/import').set('Authorization', `Bearer ${token}`).send(rows);
    expect(res.status).toBe(200);
    expect(res.body.inserted).toBe(rows.length);
    return (await t.app.get(ApiTokenService).clientByName(client)).id;
  }

  const query = (clientId: string, text: string, extra: Partial<SimilarityQuery> = {}): SimilarityQuery => ({
    clientId,
    text,
    unitKey: null,
    assetKey: null,
    propertyKey: null,
    locationKey: null,
    customerKey: null,
    problemIds: classifier.candidates(text).map((p) => p.problemId),
    excludeWorkOrderId: null,
    now: new Date(),
    ...extra,
  });

  const PHRASINGS = ['Toilet keeps running', 'toilet runs all the time', 'toilet constantly running after flush', 'running toilet in hall bath'];
  const INCOMING = 'toilet is running nonstop';

  it('returns the newest tickets of the problem whatever their words, and keeps a unit’s older one', async () => {
    const [problem] = classifier.candidates(INCOMING);
    expect(problem).toBeDefined();
    for (const p of PHRASINGS) expect(classifier.classify(p, null)?.problemId).toBe(problem.problemId);
    // 150 tickets of the problem, one a day, on units 1-150; the oldest (150 days ago) is unit 7001's.
    const rows = Array.from({ length: 150 }, (_, i) => ({
      work_order_id: `RUN-${i}`,
      issue_description: PHRASINGS[i % PHRASINGS.length],
      unit_id: i === 149 ? 7001 : i + 1,
      work_order_status: 'Closed',
      ticket_open_date: daysAgo(i + 1),
      ticket_close_date: daysAgo(i),
      resolution: 'Replaced flapper',
      actual_cost: 90,
    }));
    const clientId = await clientWith('pfr-many', rows);

    const found = await similar.find(query(clientId, INCOMING));
    // The problem path's newest 100: enough that the client-wide full-text search does not run.
    expect(found).toHaveLength(100);
    expect(found.length).toBeLessThanOrEqual(SIMILAR_LIMIT);
    expect(found.every((f) => f.problemId === problem.problemId)).toBe(true);
    // Same problem and no other context: the newest come first, and no old ticket displaces them
    // from the part that averages and relevant work orders are drawn from.
    expect(Math.max(...found.map((f) => Number(f.workOrderId.slice('RUN-'.length))))).toBeLessThan(100);
    const ages = found.slice(0, CONTEXT_LIMIT).map((f) => Number(f.workOrderId.slice('RUN-'.length)));
    expect(ages).toEqual(Array.from({ length: CONTEXT_LIMIT }, (_, i) => i));

    const withUnit = await similar.find(query(clientId, INCOMING, { unitKey: unitKeyOf({ unit_id: 7001 }) }));
    expect(withUnit[0].workOrderId).toBe('RUN-149');
  });

  it('finds tickets that were never tied to a problem by their words', async () => {
    const clientId = await clientWith('pfr-legacy', [
      { work_order_id: 'OLD-1', issue_description: 'Toilet keeps running', work_order_status: 'Closed', ticket_open_date: daysAgo(40) },
      { work_order_id: 'OLD-2', issue_description: 'Garage door opener broken', work_order_status: 'Closed', ticket_open_date: daysAgo(30) },
    ]);
    // As rows written before tickets were classified.
    await t.app.get(DataSource).query('UPDATE work_orders SET problem_id = NULL, problem_trade = NULL WHERE client_id = $1', [clientId]);

    const found = await similar.find(query(clientId, 'toilet keeps running in unit 4'));
    expect(found.map((f) => f.workOrderId)).toEqual(['OLD-1']);
  });

  it('matches words by their stems the same whether the search has met them before or not', async () => {
    const clientId = await clientWith('pfr-stems', [
      { work_order_id: 'S-1', issue_description: 'Balcony railings wobbling badly', work_order_status: 'Closed', ticket_open_date: daysAgo(40) },
      { work_order_id: 'S-2', issue_description: 'Mailbox hinges squeaking', work_order_status: 'Closed', ticket_open_date: daysAgo(30) },
    ]);
    // Full text alone (no problem), with words in other forms than the stored ones.
    const words = (text: string) => similar.find(query(clientId, text, { problemIds: [] }));
    const first = await words('railing wobbles');
    expect(first.map((f) => f.workOrderId)).toEqual(['S-1']);
    // Again, then mixed with words not seen yet, then the other ticket's words alone.
    expect((await words('railing wobbles')).map((f) => f.workOrderId)).toEqual(['S-1']);
    expect((await words('railings wobble and hinges squeak')).map((f) => f.workOrderId).sort()).toEqual(['S-1', 'S-2']);
    expect((await words('hinge squeaked')).map((f) => f.workOrderId)).toEqual(['S-2']);
  });

  it('`cli classify` ties tickets stored without a problem to theirs, and leaves the rest alone', async () => {
    const clientId = await clientWith('pfr-backfill', [
      { work_order_id: 'B-1', issue_description: 'Toilet keeps running', work_order_status: 'Closed', ticket_open_date: daysAgo(40) },
      { work_order_id: 'B-2', issue_description: 'toilet runs all the time', work_order_status: 'Closed', ticket_open_date: daysAgo(20) },
      { work_order_id: 'B-3', issue_description: 'please call the owner back about the lease', work_order_status: 'Closed', ticket_open_date: daysAgo(10) },
    ]);
    const ds = t.app.get(DataSource);
    const problems = () =>
      ds.query('SELECT work_order_id, problem_id FROM work_orders WHERE client_id = $1 ORDER BY work_order_id', [clientId]) as Promise<
        { work_order_id: string; problem_id: string | null }[]
      >;
    const stored = await problems();
    await ds.query('UPDATE work_orders SET problem_id = NULL, problem_trade = NULL WHERE client_id = $1', [clientId]);

    const result = await classifyStoredTickets(ds, classifier);
    expect(result.read).toBeGreaterThanOrEqual(3);
    expect(await problems()).toEqual(stored);
    expect(stored.map((r) => r.problem_id !== null)).toEqual([true, true, false]);
    // A second run finds only what reads as no problem, and changes nothing.
    await classifyStoredTickets(ds, classifier);
    expect(await problems()).toEqual(stored);
  });
});
