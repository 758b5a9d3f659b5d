import request from 'supertest';
import { createTestApp, TestApp } from '../support/test-app';
import type { DataSource } from 'typeorm';
import { ENRICH_EXAMPLES } from '../../src/work-order/dto/enrich-work-order.examples';
import { WorkOrderRecordEntity } from '../../src/work-order/history/work-order-record.entity';
import { expectErrorShape } from '../support/error-shape';
import { FULL_WORK_ORDER } from '../support/full-work-order';
import { openTestDataSource } from '../support/test-database';

const ENRICH = '/work-order/enrich';

describe('POST /work-order/enrich contract', () => {
  let t: TestApp;
  let auth: string;
  let db: DataSource;
  let client: { id: string };
  beforeAll(async () => {
    t = await createTestApp({ JSON_BODY_LIMIT_BYTES: '65536' });
    const created = await t.newClientToken();
    auth = `Bearer ${created.token}`;
    db = await openTestDataSource();
    [client] = await db.query('SELECT id FROM clients WHERE name = $1', [created.client]);
  });
  afterAll(async () => {
    await db.destroy();
    await t.close();
  });

  const post = (payload: unknown) =>
    request(t.http)
      .post(ENRICH)
      .set('Authorization', auth)
      .send(payload as object);

  it('answers 200 with the four top-level keys for a minimal work order', async () => {
    const res = await post({ issue_description: 'Kitchen sink leaking under cabinet' });
    expect(res.status).toBe(200);
    expect(Object.keys(res.body).sort()).toEqual(['context', 'manual_insights', 'top_3_diagnosis', 'top_5_previous_fixes']);
    // Without history there is no close time or cost to state: the figures are left out, never 0.
    expect(res.body.context).toEqual({ relevant_work_orders: [] });
  });

  it('accepts all 26 specification fields, stores every one of them, and ignores unknown fields', async () => {
    const res = await post({ ...FULL_WORK_ORDER, work_order_id: 'WO-ALL-26', some_field_we_do_not_know: { nested: true }, another: [1, 2, 3] });
    expect(res.status).toBe(200);

    const rows = await db.getRepository(WorkOrderRecordEntity).find({ where: { clientId: client.id, workOrderId: 'WO-ALL-26' } });
    expect(rows).toHaveLength(1);
    const row = rows[0];
    const stored = {
      issue_description: row.issueDescription,
      client_id: row.customerClientId,
      client_number: row.customerClientNumber,
      ticket_open_date: row.ticketOpenDate,
      ticket_close_date: row.ticketCloseDate,
      location: row.location,
      title: row.title,
      property_id: row.propertyId,
      unit_id: row.unitId,
      vendor_comments: row.vendorComments,
      closing_description: row.closingDescription,
      resolution: row.resolution,
      estimated_cost: row.estimatedCost,
      actual_cost: row.actualCost,
      work_order_status: row.workOrderStatus,
      urgency: row.urgency,
      assigned_vendors: row.assignedVendors,
      tags: row.tags,
      invoices: row.invoices,
      property_detail: row.propertyDetail,
      unit_detail: row.unitDetail,
      work_start_date: row.workStartDate?.toISOString(),
      work_complete_date: row.workCompleteDate?.toISOString(),
      estimated_complete_date: row.estimatedCompleteDate?.toISOString(),
      last_updated: row.lastUpdated?.toISOString(),
      asset: row.asset,
    };
    const isoOf = (v: string) => new Date(v).toISOString();
    expect(stored).toEqual({
      ...FULL_WORK_ORDER,
      work_start_date: isoOf(FULL_WORK_ORDER.work_start_date),
      work_complete_date: isoOf(FULL_WORK_ORDER.work_complete_date),
      estimated_complete_date: isoOf(FULL_WORK_ORDER.estimated_complete_date),
      last_updated: isoOf(FULL_WORK_ORDER.last_updated),
    });
    expect(Object.keys(stored)).toHaveLength(26);
    // The Swagger example of all 26 fields is this same work order.
    expect(ENRICH_EXAMPLES.allFields.value).toEqual(FULL_WORK_ORDER);
    // What the service read from the free-text fields.
    expect(row).toMatchObject({ statusNorm: 'completed', urgencyNorm: 'high', invoiceTotal: 185.5, customerKey: 'id:own-4471' });
    expect(row.closedAt?.toISOString()).toBe(new Date(FULL_WORK_ORDER.ticket_close_date * 1000).toISOString());
  });

  it('answers with the urgency the caller set: "High" makes every diagnosis at least high severity', async () => {
    const res = await post({ issue_description: 'Toilet keeps running after flushing', urgency: 'High' });
    expect(res.status).toBe(200);
    expect(res.body.top_3_diagnosis.length).toBeGreaterThan(0);
    for (const d of res.body.top_3_diagnosis) expect(['high', 'emergency']).toContain(d.severity);
    expect(res.body.manual_insights.join(' ')).toMatch(/Marked "High"/);
  });

  it('says so when the description shows a hazard the caller marked low', async () => {
    const res = await post({ issue_description: 'Strong smell of gas in the kitchen near the stove', urgency: 'Low' });
    expect(res.status).toBe(200);
    expect(res.body.top_3_diagnosis[0].severity).toBe('emergency');
    expect(res.body.manual_insights.join(' ')).toMatch(/points to an emergency .* marked "Low"/);
  });

  it('names issue_description when the body is empty', async () => {
    const err = expectErrorShape(await post({}), 400, 'VALIDATION_FAILED');
    expect(err.details).toEqual([{ field: 'issue_description', message: 'issue_description is required' }]);
  });

  it.each([
    ['whitespace-only', { issue_description: '   \n\t ' }, 'issue_description'],
    ['non-string', { issue_description: 42 }, 'issue_description'],
    ['absurdly long', { issue_description: 'x'.repeat(5001) }, 'issue_description'],
    ['string property_id', { issue_description: 'leak', property_id: '1042' }, 'property_id'],
    ['negative cost', { issue_description: 'leak', actual_cost: -5 }, 'actual_cost'],
    ['NaN-like date', { issue_description: 'leak', ticket_open_date: 'yesterday' }, 'ticket_open_date'],
    ['bad ISO date', { issue_description: 'leak', work_start_date: '31/12/2026' }, 'work_start_date'],
    ['numeric urgency', { issue_description: 'leak', urgency: 1 }, 'urgency'],
    ['over-long tags', { issue_description: 'leak', tags: 't,'.repeat(251) }, 'tags'],
    ['numeric title', { issue_description: 'leak', title: 7 }, 'title'],
  ])('rejects a %s field with 400 naming it', async (_case, payload, field) => {
    const err = expectErrorShape(await post(payload), 400, 'VALIDATION_FAILED');
    expect(err.details.map((d) => d.field)).toEqual([field]);
  });

  it('reads an empty date as absent, as null: the work order is diagnosed and stored without that date', async () => {
    const res = await post({
      issue_description: 'Bathroom exhaust fan is very loud',
      work_order_id: 'WO-BLANK-DATES',
      work_start_date: '',
      work_complete_date: '   ',
      estimated_complete_date: null,
      last_updated: '2026-03-14',
    });
    expect(res.status).toBe(200);
    expect(res.body.top_3_diagnosis.length).toBeGreaterThan(0);
    const [row] = await db.getRepository(WorkOrderRecordEntity).find({ where: { clientId: client.id, workOrderId: 'WO-BLANK-DATES' } });
    expect(row).toMatchObject({ workStartDate: null, workCompleteDate: null, estimatedCompleteDate: null });
    expect(row.lastUpdated?.toISOString()).toBe('2026-03-14T00:00:00.000Z');
  });

  it('says what a number field takes, in plain words', async () => {
    const err = expectErrorShape(
      await post({ issue_description: 'leak', estimated_cost: '$120.50', ticket_open_date: '2026-03-14' }),
      400,
      'VALIDATION_FAILED',
    );
    expect([...err.details].sort((a, b) => String(a.field).localeCompare(String(b.field)))).toEqual([
      { field: 'estimated_cost', message: 'estimated_cost must be a number' },
      { field: 'ticket_open_date', message: 'ticket_open_date must be a number: Unix epoch time in seconds or milliseconds' },
    ]);
  });

  it('reports every offending field at once', async () => {
    const err = expectErrorShape(await post({ unit_id: 'x', estimated_cost: 'y' }), 400, 'VALIDATION_FAILED');
    expect(err.details.map((d) => d.field).sort()).toEqual(['estimated_cost', 'issue_description', 'unit_id']);
  });

  it('rejects a JSON array or scalar body', async () => {
    expectErrorShape(await post([{ issue_description: 'leak' }]), 400, 'VALIDATION_FAILED');
    const res = await request(t.http).post(ENRICH).set('Authorization', auth).set('Content-Type', 'application/json').send('"leak"');
    expectErrorShape(res, 400, 'MALFORMED_BODY');
  });

  it('says a JSON object is expected, not that valid JSON is invalid, for an array or scalar body', async () => {
    const array = expectErrorShape(await post([{ issue_description: 'leak' }]), 400, 'VALIDATION_FAILED');
    expect(array.details).toEqual([{ field: 'body', message: 'body must be a JSON object, not an array' }]);
    for (const [scalar, kind] of [
      ['"leak"', 'a string'],
      [' null ', 'null'],
      ['42', 'a number'],
      ['true', 'a boolean'],
    ]) {
      const res = await request(t.http).post(ENRICH).set('Authorization', auth).set('Content-Type', 'application/json').send(scalar);
      const err = expectErrorShape(res, 400, 'MALFORMED_BODY');
      expect(err.message).toBe(`Request body must be a JSON object, not ${kind}`);
      expect(err.details).toEqual([{ field: 'body', message: `expected a JSON object, got ${kind}` }]);
    }
  });

  it('rejects malformed JSON with 400', async () => {
    const res = await request(t.http).post(ENRICH).set('Authorization', auth).set('Content-Type', 'application/json').send('{"issue_description": ');
    const err = expectErrorShape(res, 400, 'MALFORMED_BODY');
    expect(err.message).toMatch(/not valid JSON/);
  });

  it('rejects a body over the limit with 413', async () => {
    const res = await post({ issue_description: 'leak', padding: 'x'.repeat(70000) });
    expectErrorShape(res, 413, 'PAYLOAD_TOO_LARGE');
  });

  it('rejects a non-JSON content type with 415', async () => {
    const res = await request(t.http).post(ENRICH).set('Authorization', auth).set('Content-Type', 'text/plain').send('issue_description=leak');
    const err = expectErrorShape(res, 415, 'UNSUPPORTED_MEDIA_TYPE');
    expect(err.message).toMatch(/application\/json/);
  });
});
