import { TextClusterFixNormalizer } from '../fixes/fix-normalizer';
import { assetKeyOf, generatedWorkOrderId, normalizeStatus, propertyKeyOf, toHistoryRow, unitKeyOf } from './history-row';
import { UPSERT_COLUMNS } from './work-order-columns';

describe('history rows', () => {
  it.each([
    ['Closed', false, 'closed'],
    ['Closed - Resolved', false, 'closed'],
    ['Work Completed', false, 'completed'],
    ['Complete', false, 'completed'],
    ['Canceled', true, 'cancelled'],
    ['Closed - Cancelled', true, 'cancelled'],
    ['cancelled - duplicate', false, 'cancelled'],
    ['In Progress', false, 'in_progress'],
    ['Scheduled', false, 'in_progress'],
    ['On Hold', false, 'on_hold'],
    ['Awaiting parts', true, 'on_hold'],
    ['Open', true, 'open'],
    ['New', false, 'open'],
    ['Triage', true, 'closed'],
    ['Triage', false, 'open'],
    [undefined, true, 'closed'],
    [undefined, false, 'open'],
  ])('normalizes status %p (close date: %p) to %s', (status, hasClose, expected) => {
    expect(normalizeStatus(status, hasClose)).toBe(expected);
  });

  it('generates the same id for the same description, property, unit and day', () => {
    const a = generatedWorkOrderId({ issue_description: 'Leak  under sink', property_id: 1, unit_id: 2, ticket_open_date: 1767225600 });
    const b = generatedWorkOrderId({ issue_description: 'leak under sink', property_id: 1, unit_id: 2, ticket_open_date: 1767225600000 + 3600_000 });
    const c = generatedWorkOrderId({ issue_description: 'leak under sink', property_id: 1, unit_id: 3, ticket_open_date: 1767225600 });
    expect(a).toBe(b);
    expect(a).not.toBe(c);
  });

  it('keys units by id only, properties by id or their detail text, assets by a labelled serial', () => {
    expect(unitKeyOf({ unit_id: 18 })).toBe('id:18');
    expect(unitKeyOf({})).toBeNull();
    expect(propertyKeyOf({ property_id: 7, property_detail: 'Maple Court' })).toBe('id:7');
    expect(propertyKeyOf({ property_detail: ' Maple  Court ' })).toBe('detail:maple court');
    expect(assetKeyOf({ asset: 'Carrier 24ACC636A003 s/n 1014E12345', unit_id: 3 })).toBe('sn:1014E12345');
    expect(assetKeyOf({ asset: 'Kitchen faucet', unit_id: 3 })).toBe('id:3|kitchen faucet');
  });

  it('builds a value for exactly the work_orders columns the upsert writes (no column silently written as NULL)', () => {
    const row = toHistoryRow({ issue_description: 'Leak' }, new TextClusterFixNormalizer());
    expect(Object.keys(row).sort()).toEqual(UPSERT_COLUMNS.map((c) => c.name).sort());
  });

  it('stores every specification field, with the close date falling back on work_complete_date', () => {
    const row = toHistoryRow(
      {
        issue_description: 'Leak',
        client_id: 'OWN-1',
        client_number: 'C-2',
        work_order_status: 'Work Completed',
        urgency: 'ASAP',
        invoices: 'INV-1 $100.50; INV-2 $20',
        closing_description: 'Replaced the supply line',
        work_complete_date: '2026-01-02T16:30:00Z',
        ticket_open_date: 1767225600,
      },
      new TextClusterFixNormalizer(),
    );
    expect(row).toMatchObject({
      customer_client_id: 'OWN-1',
      customer_client_number: 'C-2',
      customer_key: 'id:own-1',
      status_norm: 'completed',
      urgency_norm: 'high',
      invoice_total: 120.5,
      fix_key: 'text:supply',
    });
    expect(row.closed_at?.toISOString()).toBe('2026-01-02T16:30:00.000Z');
  });

  it('reads epoch seconds and milliseconds alike and keeps the fix', () => {
    const row = toHistoryRow(
      {
        issue_description: ' Toilet running ',
        ticket_open_date: 1767225600,
        ticket_close_date: 1767312000000,
        resolution: 'Replaced flapper',
        actual_cost: 95,
      },
      new TextClusterFixNormalizer(),
    );
    expect(row.opened_at?.toISOString()).toBe('2026-01-01T00:00:00.000Z');
    expect(row.closed_at?.toISOString()).toBe('2026-01-02T00:00:00.000Z');
    expect(row.status_norm).toBe('closed');
    expect(row.issue_description).toBe('Toilet running');
    expect(row.fix_key).toBe('text:flapper');
    expect(row.content_hash).toMatch(/^[0-9a-f]{32}$/);
  });
});
