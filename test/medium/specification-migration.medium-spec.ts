import { randomUUID } from 'node:crypto';
import type { DataSource, QueryRunner } from 'typeorm';
import { Foundation1763800000000 } from '../../src/database/migrations/1763800000000-foundation';
import { WorkOrderHistory1763900000000 } from '../../src/database/migrations/1763900000000-work-order-history';
import { Assets1764000000000 } from '../../src/database/migrations/1764000000000-assets';
import { SpecificationFields1764100000000 } from '../../src/database/migrations/1764100000000-specification-fields';
import { openTestDataSource } from '../support/test-database';

/**
 * The specification migration on a history written under the first schema: every stored value
 * is carried into a specification column or kept in `legacy`, and search still finds the row.
 * Runs in a schema of its own inside one transaction that is rolled back, so the shared test
 * database is untouched: the embedded server runs every connection on one PostgreSQL session, so a
 * plain SET search_path would reach the other test workers; SET LOCAL ends with the transaction.
 */
describe('SpecificationFields migration on stored history', () => {
  let ds: DataSource;
  let q: QueryRunner;
  const schema = `mig_${randomUUID().slice(0, 8)}`;

  beforeAll(async () => {
    ds = await openTestDataSource();
    q = ds.createQueryRunner();
    await q.connect();
    await q.startTransaction();
    await q.query(`CREATE SCHEMA ${schema}`);
    // Extensions stay in public; the migrations' tables land in the new schema.
    await q.query(`SET LOCAL search_path TO ${schema}, public`);
    for (const migration of [new Foundation1763800000000(), new WorkOrderHistory1763900000000(), new Assets1764000000000()]) await migration.up(q);
  });
  afterAll(async () => {
    await q.rollbackTransaction();
    await q.release();
    await ds.destroy();
  });

  it('carries every old column into the specification fields and keeps the originals in legacy', async () => {
    const [{ id: clientId }] = await q.query(`INSERT INTO clients (name) VALUES ('legacy-client') RETURNING id`);
    await q.query(
      `INSERT INTO work_orders (client_id, work_order_id, issue_description, title, category, priority, status, property_id, property_name,
         property_address, region, unit_id, unit_number, location, asset, asset_model, asset_serial, ticket_open_date, scheduled_date,
         completed_date, actual_cost, vendor, trade, resolution, closing_notes, requested_by, status_norm, unit_key, asset_key, content_hash)
       VALUES ($1, 'OLD-1', 'Furnace short cycling', 'No heat', 'HVAC', 'Urgent', 'Closed', 7, 'Maple Court', '120 Maple Ct, Columbus', 'OH', 18,
         '4B', 'Hall closet', 'Gas furnace', '58STA090', '2609A12345', 1767225600, '2026-01-02T14:00:00Z', '2026-01-02T16:30:00Z', 185.5,
         'Acme HVAC', 'Heating', 'Replaced flame sensor', 'Heat restored', 'Resident', 'closed', 'id:18', 'sn:2609A12345', repeat('0', 32)),
              ($1, 'OLD-2', 'Sink drips', NULL, NULL, NULL, 'Open', NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL,
         NULL, NULL, NULL, NULL, NULL, NULL, NULL, 'open', NULL, NULL, repeat('1', 32))`,
      [clientId],
    );

    await new SpecificationFields1764100000000().up(q);

    const rows = await q.query(
      `SELECT work_order_id, work_order_status, urgency, urgency_norm, assigned_vendors, closing_description, tags, property_detail, unit_detail,
         asset, work_start_date, work_complete_date, resolution, actual_cost::float AS actual_cost, unit_key, asset_key, legacy
       FROM work_orders WHERE client_id = $1 ORDER BY work_order_id`,
      [clientId],
    );
    expect(rows[0]).toEqual({
      work_order_id: 'OLD-1',
      work_order_status: 'Closed',
      urgency: 'Urgent',
      urgency_norm: 'high',
      assigned_vendors: 'Acme HVAC',
      closing_description: 'Heat restored',
      tags: 'HVAC, Heating',
      property_detail: 'Maple Court, 120 Maple Ct, Columbus, OH',
      unit_detail: 'Unit 4B',
      asset: 'Gas furnace 58STA090 s/n 2609A12345',
      work_start_date: new Date('2026-01-02T14:00:00Z'),
      work_complete_date: new Date('2026-01-02T16:30:00Z'),
      resolution: 'Replaced flame sensor',
      actual_cost: 185.5,
      unit_key: 'id:18',
      asset_key: 'sn:2609A12345',
      legacy: {
        category: 'HVAC',
        trade: 'Heating',
        property_name: 'Maple Court',
        property_address: '120 Maple Ct, Columbus',
        region: 'OH',
        unit_number: '4B',
        asset: 'Gas furnace',
        asset_model: '58STA090',
        asset_serial: '2609A12345',
        requested_by: 'Resident',
        scheduled_date: '2026-01-02T14:00:00+00:00',
      },
    });
    expect(rows[1]).toMatchObject({
      work_order_id: 'OLD-2',
      work_order_status: 'Open',
      tags: null,
      property_detail: null,
      unit_detail: null,
      asset: null,
      legacy: null,
    });

    // The rebuilt search vector covers the carried-over fields.
    const found = await q.query(`SELECT work_order_id FROM work_orders WHERE client_id = $1 AND search @@ to_tsquery('english', 'maple & heating')`, [
      clientId,
    ]);
    expect(found).toEqual([{ work_order_id: 'OLD-1' }]);
    const columns = (await q.query(`SELECT column_name FROM information_schema.columns WHERE table_schema = $1 AND table_name = 'work_orders'`, [schema])).map(
      (c: { column_name: string }) => c.column_name,
    );
    for (const retired of [
      'category',
      'priority',
      'status',
      'property_name',
      'property_address',
      'region',
      'unit_number',
      'asset_model',
      'asset_serial',
      'scheduled_date',
      'completed_date',
      'vendor',
      'trade',
      'closing_notes',
      'requested_by',
    ]) {
      expect(columns).not.toContain(retired);
    }
  });

  it('goes back down to the first schema with the original values', async () => {
    await new SpecificationFields1764100000000().down(q);
    const [row] = await q.query(
      `SELECT category, priority, status, property_name, property_address, region, unit_number, asset, asset_model, asset_serial, vendor, trade, closing_notes, requested_by
       FROM work_orders WHERE work_order_id = 'OLD-1'`,
    );
    expect(row).toEqual({
      category: 'HVAC',
      priority: 'Urgent',
      status: 'Closed',
      property_name: 'Maple Court',
      property_address: '120 Maple Ct, Columbus',
      region: 'OH',
      unit_number: '4B',
      asset: 'Gas furnace',
      asset_model: '58STA090',
      asset_serial: '2609A12345',
      vendor: 'Acme HVAC',
      trade: 'Heating',
      closing_notes: 'Heat restored',
      requested_by: 'Resident',
    });
  });
});
