import { TextClusterFixNormalizer } from '../fixes/fix-normalizer';
import { generatedWorkOrderId, normalizeStatus, toHistoryRow, unitKeyOf } from './history-row';

describe('history rows', () => {
  it.each([
    ['Closed', false, 'closed'],
    ['Work Completed', false, 'closed'],
    ['cancelled - duplicate', false, 'cancelled'],
    ['In Progress', false, 'in_progress'],
    ['Scheduled', false, 'in_progress'],
    ['Open', true, 'open'],
    ['Awaiting parts', true, 'closed'],
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

  it('keys units by id, or by property and unit number', () => {
    expect(unitKeyOf({ unit_id: 18 })).toBe('id:18');
    expect(unitKeyOf({ property_name: 'Maple Court', unit_number: '4B' })).toBe('name:maple court#4b');
  });

  it('reads epoch seconds and milliseconds alike and keeps the fix', () => {
    const row = toHistoryRow(
      { issue_description: ' Toilet running ', ticket_open_date: 1767225600, ticket_close_date: 1767312000000, resolution: 'Replaced flapper', actual_cost: 95 },
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
