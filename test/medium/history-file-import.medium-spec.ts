import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { randomUUID } from 'node:crypto';
import { DataSource } from 'typeorm';
import { ClientEntity } from '../../src/auth/client.entity';
import { importHistoryFile } from '../../src/cli/import.command';
import { openTestDataSource } from '../support/test-database';

describe('CLI history import from files', () => {
  let ds: DataSource;
  let dir: string;
  beforeAll(async () => {
    ds = await openTestDataSource();
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'woi-import-'));
  });
  afterAll(async () => {
    await ds.destroy();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  async function newClient(): Promise<string> {
    const saved = await ds.getRepository(ClientEntity).save({ name: `file-import-${randomUUID().slice(0, 8)}` });
    return saved.id;
  }
  const storedIds = async (clientId: string) =>
    (await ds.query('SELECT work_order_id FROM work_orders WHERE client_id = $1 ORDER BY work_order_id', [clientId])).map(
      (r: { work_order_id: string }) => r.work_order_id,
    );
  const run = (clientId: string, file: string, format: 'csv' | 'ndjson' | 'json') =>
    importHistoryFile(ds, { file, clientId, format, rejectsFile: `${file}.rejected.ndjson`, progress: false });
  const rejects = (file: string) =>
    fs
      .readFileSync(`${file}.rejected.ndjson`, 'utf8')
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l));

  it('imports CSV with a header row, rejecting bad rows with their line numbers', async () => {
    const clientId = await newClient();
    const file = path.join(dir, 'history.csv');
    fs.writeFileSync(
      file,
      [
        'work_order_id,issue_description,unit_id,ticket_open_date,ticket_close_date,actual_cost,resolution,assigned_vendors,work_order_status,closing_description,invoices',
        'C-1,Toilet running,12,1735689600,1735776000,95,Replaced flapper,Rapid Rooter,Closed,,',
        'C-2,"Leak under sink, cabinet wet",12,2025-02-01T10:00:00Z,,,,,,,',
        'C-3,,12,,,,,,,,',
        'C-4,Broken blind,twelve,,,,,,,,',
        'C-1,Toilet running,12,1735689600,1735776000,105,Replaced flapper again,"Rapid Rooter; Joe\'s Handyman",Work Completed,Tested 3 flushes,INV-9 $105.00',
      ].join('\n'),
    );
    const result = await run(clientId, file, 'csv');
    expect(result).toMatchObject({ received: 5, inserted: 2, updated: 1, rejected: 2 });
    expect(await storedIds(clientId)).toEqual(['C-1', 'C-2']);
    expect(rejects(file)).toEqual([
      { index: 2, line: 4, errors: [{ field: 'issue_description', message: 'issue_description is required' }] },
      { index: 3, line: 5, errors: [{ field: 'unit_id', message: expect.stringContaining('unit_id') }] },
    ]);
    const [c2] = await ds.query(`SELECT opened_at FROM work_orders WHERE client_id = $1 AND work_order_id = 'C-2'`, [clientId]);
    expect(new Date(c2.opened_at).toISOString()).toBe('2025-02-01T10:00:00.000Z');
    const [c1] = await ds.query(`SELECT actual_cost::float AS cost FROM work_orders WHERE client_id = $1 AND work_order_id = 'C-1'`, [clientId]);
    expect(c1.cost).toBe(105);
    const [spec] = await ds.query(
      `SELECT assigned_vendors, work_order_status, closing_description, invoices, invoice_total::float AS invoice_total, status_norm FROM work_orders WHERE client_id = $1 AND work_order_id = 'C-1'`,
      [clientId],
    );
    expect(spec).toEqual({
      assigned_vendors: "Rapid Rooter; Joe's Handyman",
      work_order_status: 'Work Completed',
      closing_description: 'Tested 3 flushes',
      invoices: 'INV-9 $105.00',
      invoice_total: 105,
      status_norm: 'completed',
    });
  });

  it('imports NDJSON and a JSON array the same way, and a second run changes nothing', async () => {
    const clientId = await newClient();
    const rows = Array.from({ length: 4500 }, (_, i) => ({
      work_order_id: `J-${i}`,
      issue_description: `Window ${i} stuck, "won't open" \\ {x}`,
      unit_id: i % 50,
    }));
    const ndjson = path.join(dir, 'history.ndjson');
    fs.writeFileSync(ndjson, [...rows.map((r) => JSON.stringify(r)), '{broken'].join('\n'));
    const first = await run(clientId, ndjson, 'ndjson');
    expect(first).toMatchObject({ received: 4501, inserted: 4500, updated: 0, rejected: 1 });
    expect(rejects(ndjson)).toEqual([{ index: 4500, line: 4501, errors: [{ message: expect.stringMatching(/not valid JSON/) }] }]);

    const json = path.join(dir, 'history.json');
    fs.writeFileSync(json, JSON.stringify(rows, null, 2));
    const second = await run(clientId, json, 'json');
    expect(second).toMatchObject({ received: 4500, inserted: 0, updated: 4500, unchanged: 4500, rejected: 0 });
    expect(fs.existsSync(`${json}.rejected.ndjson`)).toBe(false);
    const [{ n }] = await ds.query('SELECT count(*)::int AS n FROM work_orders WHERE client_id = $1', [clientId]);
    expect(n).toBe(4500);
  });
  it('keeps every readable CSV row when some cannot be read: inch marks, an unquoted comma, a row ended by \\n in a \\r\\n file', async () => {
    const clientId = await newClient();
    const file = path.join(dir, 'handmade.csv');
    fs.writeFileSync(
      file,
      [
        'work_order_id,issue_description,resolution\r\n',
        'H-1,Leak under kitchen sink,Replaced 1/2" supply line\r\n',
        'H-2,Closet door off track,Replaced 36" bifold door, adjusted pivot\r\n',
        'H-3,"Toilet running, tank refills",Replaced flapper\r\n',
        // Added by hand in an editor that ends lines with \n only.
        'H-4,Bedroom window will not latch,Replaced sash lock\n',
        "H-5,Hallway light out,Replaced 4' LED tube\r\n",
      ].join(''),
    );
    const result = await run(clientId, file, 'csv');
    expect(result).toMatchObject({ received: 5, inserted: 4, rejected: 1 });
    expect(await storedIds(clientId)).toEqual(['H-1', 'H-3', 'H-4', 'H-5']);
    const [h1] = await ds.query(`SELECT resolution FROM work_orders WHERE client_id = $1 AND work_order_id = 'H-1'`, [clientId]);
    expect(h1.resolution).toBe('Replaced 1/2" supply line');
    const [h4] = await ds.query(`SELECT resolution FROM work_orders WHERE client_id = $1 AND work_order_id = 'H-4'`, [clientId]);
    expect(h4.resolution).toBe('Replaced sash lock');
    expect(rejects(file)).toEqual([{ index: 1, line: 3, errors: [{ message: 'row has 4 fields but the header names 3; quote a field that holds a comma' }] }]);
  });

  it('imports the CSV rows before a quote that is never closed and reports the rest of the file from its line', async () => {
    const clientId = await newClient();
    const file = path.join(dir, 'unclosed.csv');
    fs.writeFileSync(
      file,
      ['work_order_id,issue_description', 'U-1,Smoke alarm chirping', 'U-2,"Garage door opener hums', 'U-3,Dryer not heating', 'U-4,Dishwasher leaks'].join(
        '\n',
      ),
    );
    const result = await run(clientId, file, 'csv');
    expect(result).toMatchObject({ received: 2, inserted: 1, rejected: 1 });
    expect(await storedIds(clientId)).toEqual(['U-1']);
    expect(rejects(file)).toEqual([{ index: 1, line: 3, errors: [{ message: expect.stringContaining('never closed, so the rest of the file (to line 5)') }] }]);
  });
});
