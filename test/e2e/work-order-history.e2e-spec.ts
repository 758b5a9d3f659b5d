import request from 'supertest';
import { DataSource } from 'typeorm';
import { createTestApp, TestApp } from '../support/test-app';
import { openTestDataSource } from '../support/test-database';
import { toiletHistory } from '../support/history-fixture';

describe("enrich from the caller's history", () => {
  let t: TestApp;
  let ds: DataSource;
  let a: { token: string; client: string };
  let b: { token: string; client: string };

  const importAs = (token: string, rows: unknown[]) => request(t.http).post('/work-order/import').set('Authorization', `Bearer ${token}`).send(rows);
  const enrichAs = (token: string, body: object) => request(t.http).post('/work-order/enrich').set('Authorization', `Bearer ${token}`).send(body);

  beforeAll(async () => {
    t = await createTestApp();
    ds = await openTestDataSource();
    a = await t.newClientToken('history-a');
    b = await t.newClientToken('history-b');
    expect((await importAs(a.token, toiletHistory())).body).toMatchObject({ received: 7, inserted: 7, rejected: 0 });
    // Client B holds near-identical tickets under the same ids, with its own vendors and fixes.
    const bRows = toiletHistory('WO', ' (B)').map((r) => ({
      ...r,
      resolution: r.resolution && `${r.resolution} B-secret`,
      closing_description: r.closing_description && `${r.closing_description} B-secret`,
    }));
    expect((await importAs(b.token, bRows)).body).toMatchObject({ received: 7, inserted: 7, rejected: 0 });
  });
  afterAll(async () => {
    await ds.destroy();
    await t.close();
  });

  it('returns previous fixes, named by the knowledge base, whose figures can be recomputed from the stored rows', async () => {
    const res = await enrichAs(a.token, { issue_description: 'Toilet keeps running' });
    expect(res.status).toBe(200);
    const fixes = res.body.top_5_previous_fixes;
    expect(fixes).toEqual([
      {
        fix: 'Replace toilet flapper',
        average_cost: 106.67,
        frequency: 3,
        percent_fix: 66.7,
        tickets_effected: expect.arrayContaining(['WO-1', 'WO-2', 'WO-4']),
        vendor: 'Rapid Rooter',
      },
      {
        fix: 'Replace toilet fill valve',
        average_cost: 155,
        frequency: 2,
        percent_fix: 100,
        tickets_effected: expect.arrayContaining(['WO-3', 'WO-5']),
        vendor: 'Acme Plumbing',
      },
    ]);
    expect(fixes[0].tickets_effected).toHaveLength(3);

    // Recompute the flapper figures straight from the database.
    const rows = await ds.query(
      `SELECT w.work_order_id, coalesce(w.actual_cost, w.estimated_cost)::float AS cost, w.unit_key, w.closed_at
       FROM work_orders w JOIN clients c ON c.id = w.client_id
       WHERE c.name = $1 AND w.work_order_id = ANY($2)`,
      [a.client, fixes[0].tickets_effected],
    );
    const mean = rows.reduce((s: number, r: { cost: number }) => s + r.cost, 0) / rows.length;
    expect(fixes[0].average_cost).toBeCloseTo(mean, 2);
    const callbacks = await ds.query(
      `SELECT t.work_order_id FROM work_orders t JOIN clients c ON c.id = t.client_id
       WHERE c.name = $1 AND t.work_order_id = ANY($2) AND EXISTS (
         SELECT 1 FROM work_orders l WHERE l.client_id = t.client_id AND l.unit_key = t.unit_key AND l.id <> t.id
           AND l.opened_at > t.closed_at AND l.opened_at <= t.closed_at + interval '30 days')`,
      [a.client, fixes[0].tickets_effected],
    );
    expect(callbacks.map((r: { work_order_id: string }) => r.work_order_id)).toEqual(['WO-1']);
    expect(fixes[0].percent_fix).toBeCloseTo((100 * (rows.length - callbacks.length)) / rows.length, 1);
  });

  it('reads vendor, fix and finished state from assigned_vendors, closing_description and work_order_status', async () => {
    const c = await t.newClientToken('history-spec-fields');
    const rows = [
      {
        work_order_id: 'S-1',
        issue_description: 'Garbage disposal jammed, hums',
        work_order_status: 'Work Completed',
        closing_description: 'Freed the jammed disposal with a hex key',
        assigned_vendors: "Joe's Handyman; Rapid Rooter",
        actual_cost: 90,
      },
      {
        work_order_id: 'S-2',
        issue_description: 'Disposal jammed and humming',
        work_order_status: 'Closed - Resolved',
        vendor_comments: 'Freed the jammed disposal',
        assigned_vendors: "Joe's Handyman",
        invoices: 'INV-77 $110.00',
      },
      {
        work_order_id: 'S-3',
        issue_description: 'Disposal jammed',
        work_order_status: 'Canceled',
        resolution: 'Replaced the disposal',
        assigned_vendors: 'Never Came LLC',
        actual_cost: 400,
      },
      {
        work_order_id: 'S-4',
        issue_description: 'Garbage disposal jammed again',
        work_order_status: 'On Hold',
        resolution: 'Replaced the disposal',
        assigned_vendors: 'Waiting Co',
      },
    ];
    expect((await importAs(c.token, rows)).body).toMatchObject({ received: 4, inserted: 4, rejected: 0 });
    const res = await enrichAs(c.token, { issue_description: 'Garbage disposal is jammed and just hums' });
    expect(res.status).toBe(200);
    const fixes = res.body.top_5_previous_fixes;
    // The cancelled and the on-hold tickets are never previous fixes, whatever their fix text says.
    expect(fixes).toHaveLength(1);
    expect(fixes[0]).toMatchObject({ frequency: 2, vendor: "Joe's Handyman", average_cost: 100, tickets_effected: expect.arrayContaining(['S-1', 'S-2']) });
    expect(fixes[0].fix).toMatch(/disposal/i);
    const states = Object.fromEntries(
      res.body.context.relevant_work_orders.map((w: { work_order_id: string; work_order_status: string }) => [w.work_order_id, w.work_order_status]),
    );
    expect(states).toEqual({ 'S-1': 'completed', 'S-2': 'closed', 'S-3': 'cancelled', 'S-4': 'on_hold' });
  });

  it('summarizes the similar tickets in context', async () => {
    const { context } = (await enrichAs(a.token, { issue_description: 'Toilet keeps running' })).body;
    const ids = context.relevant_work_orders.map((w: { work_order_id: string }) => w.work_order_id);
    expect(ids.sort()).toEqual(['WO-1', 'WO-2', 'WO-3', 'WO-4', 'WO-5', 'WO-6']);
    // Closed similar tickets took 1, 1, 1, 2 and 1 days; costs 95, 105, 160, 120 (estimated), 150.
    expect(context.average_close_time).toBe(1.2);
    expect(context.average_cost).toBe(126);
    const first = context.relevant_work_orders.find((w: { work_order_id: string }) => w.work_order_id === 'WO-1');
    expect(first).toMatchObject({
      title: null,
      issue_description: 'Toilet keeps running',
      resolution: 'Replaced flapper',
      unit_id: 101,
      property_id: 7,
      work_order_status: 'closed',
      cost: 95,
      assigned_vendors: 'Rapid Rooter',
    });
    expect(new Date(first.opened_at).toISOString()).toBe(first.opened_at);
    for (const w of context.relevant_work_orders) expect(w.similarity).toBeGreaterThan(0);
    for (const w of context.relevant_work_orders) expect(w.similarity).toBeLessThanOrEqual(1);
  });

  it("ranks the given unit's history first", async () => {
    const plain = (await enrichAs(a.token, { issue_description: 'Toilet keeps running' })).body.context.relevant_work_orders;
    expect(plain[0].work_order_id).toBe('WO-6');
    const forUnit = (await enrichAs(a.token, { issue_description: 'Toilet keeps running', unit_id: 104, property_id: 8 })).body.context.relevant_work_orders;
    expect(forUnit[0].work_order_id).toBe('WO-5');
    const forUnit101 = (await enrichAs(a.token, { issue_description: 'Toilet keeps running', unit_id: 101, property_id: 7 })).body.context.relevant_work_orders;
    expect(
      forUnit101
        .slice(0, 2)
        .map((w: { work_order_id: string }) => w.work_order_id)
        .sort(),
    ).toEqual(['WO-1', 'WO-3']);
  });

  it("never shows one client another client's tickets", async () => {
    const forA = (await enrichAs(a.token, { issue_description: 'Toilet keeps running', unit_id: 101 })).body;
    const forB = (await enrichAs(b.token, { issue_description: 'Toilet keeps running', unit_id: 101 })).body;
    expect(JSON.stringify(forA)).not.toMatch(/B-secret|\(B\)/);
    expect(forB.top_5_previous_fixes.length).toBeGreaterThan(0);
    for (const fix of forB.top_5_previous_fixes) expect(fix.vendor).toMatch(/\(B\)$/);
    for (const w of forB.context.relevant_work_orders) {
      if (w.assigned_vendors) expect(w.assigned_vendors).toMatch(/\(B\)$/);
      if (w.resolution) expect(w.resolution).toContain('B-secret');
    }
  });

  it('answers empty lists and leaves out the averages, never null or 0, without history', async () => {
    const fresh = await t.newClientToken('history-empty');
    const body = (await enrichAs(fresh.token, { issue_description: 'Garage door stuck' })).body;
    expect(body.top_5_previous_fixes).toEqual([]);
    expect(body.context).toEqual({ relevant_work_orders: [] });
  });

  it('records each enriched work order once, and updates it by work_order_id', async () => {
    const c = await t.newClientToken('history-record');
    const count = async () =>
      (await ds.query(`SELECT count(*)::int AS n FROM work_orders w JOIN clients c ON c.id = w.client_id WHERE c.name = $1`, [c.client]))[0].n;
    const body = { issue_description: 'Dishwasher not draining', unit_id: 5, ticket_open_date: 1767225600 };
    await enrichAs(c.token, body);
    await enrichAs(c.token, body);
    expect(await count()).toBe(1);
    await enrichAs(c.token, { ...body, work_order_id: 'EXT-9' });
    await enrichAs(c.token, { ...body, work_order_id: 'EXT-9', work_order_status: 'Closed', resolution: 'Cleared drain hose', ticket_close_date: 1767312000 });
    expect(await count()).toBe(2);
    const [row] = await ds.query(
      `SELECT status_norm, resolution FROM work_orders w JOIN clients c ON c.id = w.client_id WHERE c.name = $1 AND work_order_id = 'EXT-9'`,
      [c.client],
    );
    expect(row).toEqual({ status_norm: 'closed', resolution: 'Cleared drain hose' });
  });
});
