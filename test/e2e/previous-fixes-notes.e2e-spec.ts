import request from 'supertest';
import { DataSource } from 'typeorm';
import { createTestApp, TestApp } from '../support/test-app';
import { openTestDataSource } from '../support/test-database';

/**
 * A history imported the way a CMMS exports it: technicians' logs with dates, crew codes and
 * names, no costs and no dates of their own. The notes are written for this test; the people
 * in them are invented.
 */
const log = (date: string, crew: string, who: string, text: string) => `${date} - ${crew} - ${who}-${text} - ${who}`;
const STAFF = ['Avery Lund', 'Morgan Pike', 'Rowan Tate'];

const HISTORY = [
  {
    id: 'H-1',
    request: 'Office thermostat display is blank, room too warm',
    note: log('2024-02-01', '41010', STAFF[0], 'trblshot. dead t-stat, replaced t-stat'),
  },
  { id: 'H-2', request: 'Thermostat not responding in lab 3', note: log('2024-02-09', '41010', STAFF[1], 'Replace thermostat. Tested ok') },
  { id: 'H-3', request: 'Room too cold, thermostat does nothing', note: log('2024-03-02', '41020', STAFF[2], 'new thermostat installed, calibrated to 72') },
  { id: 'H-4', request: 'Thermostat blank again in office', note: 'Duplicate.' },
  { id: 'H-5', request: 'Thermostat in hallway not working', note: log('2024-03-10', '41010', STAFF[0], 'Customer called in to cancel') },
  {
    id: 'H-6',
    request: 'Water dripping from the ceiling vent in office',
    note: log('2024-03-12', '41030', STAFF[1], 'cleared condensate line, drain pan dry'),
  },
  { id: 'H-7', request: 'Office too warm, air handler noisy', note: log('2024-03-15', '41030', STAFF[2], 'replaced the blower belt and tested ok') },
  {
    id: 'H-8',
    request: 'Thermostat screen flickers in conference room',
    note: `${log('2024-04-01', '41010', STAFF[1], 'replaced the thermostat')}; ${'2024-04-01 - 41010 - checked again later. '.repeat(200)}`,
  },
];

describe('previous fixes read from technicians notes', () => {
  let t: TestApp;
  let ds: DataSource;
  let token: string;
  let client: string;
  let imported: request.Response;

  const enrich = (body: object) => request(t.http).post('/work-order/enrich').set('Authorization', `Bearer ${token}`).send(body);

  beforeAll(async () => {
    t = await createTestApp();
    ds = await openTestDataSource();
    ({ token, client } = await t.newClientToken('notes'));
    const rows = HISTORY.map((h) => ({ work_order_id: h.id, issue_description: h.request, closing_description: h.note, work_order_status: 'Completed' }));
    imported = await request(t.http).post('/work-order/import').set('Authorization', `Bearer ${token}`).send(rows);
  });
  afterAll(async () => {
    await ds.destroy();
    await t.close();
  });

  it('stores an over-long note truncated, with a warning, instead of refusing the row', async () => {
    expect(HISTORY[7].note.length).toBeGreaterThan(5000);
    expect(imported.status).toBe(200);
    expect(imported.body).toMatchObject({ received: 8, inserted: 8, rejected: 0 });
    expect(imported.body.warnings).toEqual([{ index: 7, field: 'closing_description', message: expect.stringMatching(/truncated to the first 5000/) }]);
    const [row] = await ds.query(
      `SELECT char_length(w.closing_description) AS length FROM work_orders w JOIN clients c ON c.id = w.client_id WHERE c.name = $1 AND w.work_order_id = 'H-8'`,
      [client],
    );
    expect(row.length).toBe(5000);
  });

  it('counts three phrasings of one repair as one fix, without log residue, names or non-fixes', async () => {
    const res = await enrich({ issue_description: 'The thermostat in my office is blank' });
    expect(res.status).toBe(200);
    const fixes: { fix: string; frequency: number; tickets_effected: string[]; average_cost?: number }[] = res.body.top_5_previous_fixes;
    expect(fixes[0]).toMatchObject({ fix: 'Replace thermostat', frequency: 4 });
    // The notes carry no costs: the fix states no average cost rather than $0.
    expect(fixes[0]).not.toHaveProperty('average_cost');
    expect(fixes[0].tickets_effected.sort()).toEqual(['H-1', 'H-2', 'H-3', 'H-8']);
    const shown = JSON.stringify(res.body.top_5_previous_fixes) + JSON.stringify(res.body.manual_insights);
    for (const name of STAFF.flatMap((s) => s.split(' '))) expect(shown).not.toContain(name);
    expect(fixes.map((f) => f.fix).join(' ')).not.toMatch(/\d{4}|duplicate|cancel/i);
    expect(fixes.flatMap((f) => f.tickets_effected)).not.toEqual(expect.arrayContaining(['H-4']));
    expect(fixes.flatMap((f) => f.tickets_effected)).not.toEqual(expect.arrayContaining(['H-5']));
  });

  it('leaves out fixes of other parts, and echoes stored notes unchanged as the caller own data', async () => {
    const res = await enrich({ issue_description: 'The thermostat in my office is blank' });
    const names = res.body.top_5_previous_fixes.map((f: { fix: string }) => f.fix);
    expect(names).not.toContain('Clear AC condensate drain line');
    expect(names.join(' ')).not.toMatch(/belt/i);
    const echoed = res.body.context.relevant_work_orders.find((w: { work_order_id: string }) => w.work_order_id === 'H-1');
    expect(echoed?.resolution).toBe(HISTORY[0].note);
  });
});
