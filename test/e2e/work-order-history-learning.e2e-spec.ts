import request from 'supertest';
import { createTestApp, TestApp } from '../support/test-app';

type Diagnosis = { diagnosis: string; trade: string; vendor: string; likelihood: number; severity: string };

/**
 * Issue 21: a client's own closed work orders teach the service who it sends for what. Closing a
 * work order (re-sending it with the same work_order_id) or importing closed ones changes the next
 * answer for that client, says so in manual_insights, and never changes another client's answer.
 */
describe('learning from the client history', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const client = async (name: string) => {
    const auth = `Bearer ${(await t.newClientToken(name)).token}`;
    return {
      enrich: (body: object) => request(t.http).post('/work-order/enrich').set('Authorization', auth).send(body),
      import: (rows: object[]) => request(t.http).post('/work-order/import').set('Authorization', auth).send(rows),
    };
  };
  const top = (res: request.Response): Diagnosis => (res.body.top_3_diagnosis as Diagnosis[])[0];
  const insights = (res: request.Response): string => (res.body.manual_insights as string[]).join(' ');

  it('closing a work order with the shop the client sent teaches the next answer, and only for that client', async () => {
    const teacher = await client('learns-by-closing');
    const other = await client('learns-nothing');
    const first = await teacher.enrich({ work_order_id: 'ICE-1', issue_description: 'Ice machine in the staff lounge is not making ice' });
    expect(first.status).toBe(200);
    const before = top(first).trade;
    expect(before).toBe('appliance');
    expect(insights(first)).not.toMatch(/history changed/i);

    // The coordinator closes it: their refrigeration shop (an HVAC trade) did the work.
    const closed = await teacher.enrich({
      work_order_id: 'ICE-1',
      issue_description: 'Ice machine in the staff lounge is not making ice',
      work_order_status: 'Completed',
      assigned_vendors: 'Campus Refrigeration Shop',
      resolution: 'Serviced the ice machine, making ice again',
    });
    expect(closed.status).toBe(200);

    const next = await teacher.enrich({ work_order_id: 'ICE-2', issue_description: 'The ice machine on the second floor is not making ice' });
    expect(top(next).trade).toBe('hvac-cooling');
    expect(top(next).vendor).toBe('HVAC technician');
    expect(insights(next)).toMatch(
      /Your history changed this answer: 1 similar closed work order\(s\) of yours went to HVAC technician \(Campus Refrigeration Shop\)/,
    );

    const elsewhere = await other.enrich({ work_order_id: 'ICE-2', issue_description: 'The ice machine on the second floor is not making ice' });
    expect(top(elsewhere).trade).toBe(before);
    expect(insights(elsewhere)).not.toMatch(/history changed/i);
  });

  it('imported closed work orders shift the diagnosis toward the trade the client sends', async () => {
    const teacher = await client('learns-by-import');
    const other = await client('learns-by-import-not');
    const text = 'Garbage disposal hums but will not turn';
    const before = top(await teacher.enrich({ work_order_id: 'GD-0', issue_description: text })).trade;
    expect(before).toBe('appliance');
    const imported = await teacher.import(
      [1, 2, 3].map((i) => ({
        work_order_id: `GD-H${i}`,
        issue_description: `Garbage disposal hums and will not turn, unit ${i}`,
        work_order_status: 'Closed',
        assigned_vendors: 'In-house Plumbing Crew',
        resolution: 'Freed the disposal',
      })),
    );
    expect(imported.status).toBe(200);
    expect(imported.body.inserted).toBe(3);

    const after = await teacher.enrich({ work_order_id: 'GD-1', issue_description: text });
    expect(top(after).trade).toBe('plumbing');
    expect(insights(after)).toMatch(
      /Your history changed this answer: 3 similar closed work order\(s\) of yours went to Plumber \(In-house Plumbing Crew\), so Plumber leads instead of Appliance technician/,
    );
    expect(top(await other.enrich({ work_order_id: 'GD-1', issue_description: text })).trade).toBe('appliance');
  });

  it('open or cancelled tickets teach nothing', async () => {
    const teacher = await client('learns-nothing-open');
    await teacher.import([
      {
        work_order_id: 'O-1',
        issue_description: 'Ice machine in the gym is not making ice',
        work_order_status: 'Open',
        assigned_vendors: 'Refrigeration Shop',
      },
      {
        work_order_id: 'O-2',
        issue_description: 'Ice machine in the gym is not making ice',
        work_order_status: 'Cancelled',
        assigned_vendors: 'Refrigeration Shop',
      },
    ]);
    const res = await teacher.enrich({ work_order_id: 'O-3', issue_description: 'Ice machine in the gym is not making ice' });
    expect(top(res).trade).toBe('appliance');
    expect(insights(res)).not.toMatch(/history changed/i);
  });
  it('does not let history retrieved for a dripping faucet choose who goes to a sparking outlet in the same request', async () => {
    const teacher = await client('learns-for-one-complaint');
    const imported = await teacher.import(
      [1, 2, 3].map((i) => ({
        work_order_id: `FD-H${i}`,
        issue_description: `Kitchen faucet drips all the time, unit ${i}`,
        work_order_status: 'Closed',
        assigned_vendors: 'In-house Plumbing Crew',
        resolution: 'Replaced the faucet cartridge',
      })),
    );
    expect(imported.status).toBe(200);
    // The plumbing history does speak for the faucet.
    const faucet = await teacher.enrich({ work_order_id: 'FD-1', issue_description: 'The kitchen faucet drips all the time' });
    expect(top(faucet).trade).toBe('plumbing');

    // The sparking outlet, an emergency, leads the dispatch: the electrician goes, and the faucet is named in the insights.
    const both = await teacher.enrich({
      work_order_id: 'FD-2',
      issue_description: 'The kitchen faucet drips all the time. The outlet by the stove is sparking.',
    });
    expect(both.status).toBe(200);
    expect(top(both).trade).toBe('electrical');
    expect(top(both).severity).toBe('emergency');
    expect(insights(both)).not.toMatch(/history changed/i);
  });
});
