import request from 'supertest';
import { createTestApp, TestApp } from '../support/test-app';
import { expectErrorShape } from '../support/error-shape';

const ENRICH = '/work-order/enrich';

describe('POST /work-order/enrich contract', () => {
  let t: TestApp;
  let auth: string;
  beforeAll(async () => {
    t = await createTestApp({ JSON_BODY_LIMIT_BYTES: '65536' });
    auth = `Bearer ${(await t.newClientToken()).token}`;
  });
  afterAll(() => t.close());

  const post = (payload: unknown) => request(t.http).post(ENRICH).set('Authorization', auth).send(payload as object);

  it('answers 200 with the four top-level keys for a minimal work order', async () => {
    const res = await post({ issue_description: 'Kitchen sink leaking under cabinet' });
    expect(res.status).toBe(200);
    expect(Object.keys(res.body).sort()).toEqual(['context', 'manual_insights', 'top_3_diagnosis', 'top_5_previous_fixes']);
    expect(res.body.context).toEqual({ relevant_work_orders: [], average_close_time: 0, average_cost: 0 });
  });

  it('accepts all documented fields and ignores unknown ones', async () => {
    const res = await post({
      issue_description: 'No heat since last night',
      title: 'No heat',
      category: 'HVAC',
      priority: 'High',
      status: 'Open',
      property_id: 1042,
      property_name: 'Maple Court',
      property_address: '120 Maple Ct',
      region: 'OH',
      unit_id: 18,
      unit_number: '4B',
      location: 'Living room',
      asset: 'Gas furnace',
      asset_model: '58STA090',
      asset_serial: '2609A12345',
      ticket_open_date: 1767225600,
      ticket_close_date: 1767398400000,
      scheduled_date: '2026-01-02',
      completed_date: '2026-01-02T16:30:00Z',
      estimated_cost: 250,
      actual_cost: 185.5,
      vendor: 'Acme HVAC',
      trade: 'HVAC',
      resolution: 'Replaced igniter',
      closing_notes: 'Heat restored',
      requested_by: 'Resident',
      some_field_we_do_not_know: { nested: true },
      another: [1, 2, 3],
    });
    expect(res.status).toBe(200);
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
    ['bad ISO date', { issue_description: 'leak', scheduled_date: '31/12/2026' }, 'scheduled_date'],
    ['numeric title', { issue_description: 'leak', title: 7 }, 'title'],
  ])('rejects a %s field with 400 naming it', async (_case, payload, field) => {
    const err = expectErrorShape(await post(payload), 400, 'VALIDATION_FAILED');
    expect(err.details.map((d) => d.field)).toEqual([field]);
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
