/** Unix seconds `days` ago, at a fixed hour so close times are whole days. */
export function daysAgo(days: number, now = Date.now()): number {
  const midnight = Math.floor(now / 86_400_000) * 86_400;
  return midnight - days * 86_400 + 10 * 3600;
}

/**
 * A small history where every figure of the previous fixes can be worked out by hand:
 * - flapper fix: WO-1 (unit 101, $95, Rapid Rooter), WO-2 (unit 102, $105, Rapid Rooter),
 *   WO-4 (unit 103, no actual cost, estimated $120, Acme). WO-1 was called back: WO-3 on the
 *   same unit opened 9 days after its close. So frequency 3, percent_fix 66.7, average 106.67.
 * - fill valve fix: WO-3 (unit 101, $160, Acme), WO-5 (unit 104, $150, Acme): frequency 2,
 *   percent_fix 100, average 155.
 * - WO-6 is similar but still open (not a fix); WO-7 is a different problem.
 */
export function toiletHistory(prefix = 'WO', vendorSuffix = '') {
  const v = (name: string) => `${name}${vendorSuffix}`;
  return [
    {
      work_order_id: `${prefix}-1`,
      issue_description: 'Toilet keeps running',
      unit_id: 101,
      property_id: 7,
      work_order_status: 'Closed',
      ticket_open_date: daysAgo(200),
      ticket_close_date: daysAgo(199),
      resolution: 'Replaced flapper',
      actual_cost: 95,
      assigned_vendors: v('Rapid Rooter'),
    },
    {
      work_order_id: `${prefix}-2`,
      issue_description: 'toilet running constantly in hall bath',
      unit_id: 102,
      property_id: 7,
      work_order_status: 'Completed',
      ticket_open_date: daysAgo(150),
      ticket_close_date: daysAgo(149),
      resolution: 'new flapper installed',
      actual_cost: 105,
      assigned_vendors: v('Rapid Rooter'),
    },
    {
      work_order_id: `${prefix}-3`,
      issue_description: 'Toilet running again',
      unit_id: 101,
      property_id: 7,
      work_order_status: 'Closed',
      ticket_open_date: daysAgo(190),
      ticket_close_date: daysAgo(189),
      resolution: 'Replaced fill valve',
      actual_cost: 160,
      assigned_vendors: v('Acme Plumbing'),
    },
    {
      work_order_id: `${prefix}-4`,
      issue_description: 'Toilet tank keeps running after flush',
      unit_id: 103,
      property_id: 8,
      work_order_status: 'closed',
      ticket_open_date: daysAgo(100),
      ticket_close_date: daysAgo(98),
      closing_description: 'flapper replaced in toilet tank',
      estimated_cost: 120,
      assigned_vendors: v('Acme Plumbing'),
    },
    {
      work_order_id: `${prefix}-5`,
      issue_description: 'toilet runs all night',
      unit_id: 104,
      property_id: 8,
      work_order_status: 'Closed',
      ticket_open_date: daysAgo(50),
      ticket_close_date: daysAgo(49),
      resolution: 'Replaced fill valve',
      actual_cost: 150,
      assigned_vendors: v('Acme Plumbing'),
    },
    {
      work_order_id: `${prefix}-6`,
      issue_description: 'Toilet running nonstop',
      unit_id: 105,
      property_id: 8,
      work_order_status: 'Open',
      ticket_open_date: daysAgo(10),
    },
    {
      work_order_id: `${prefix}-7`,
      issue_description: 'Kitchen light flickering',
      unit_id: 106,
      property_id: 8,
      work_order_status: 'Closed',
      ticket_open_date: daysAgo(30),
      ticket_close_date: daysAgo(29),
      resolution: 'Replaced bulb',
      actual_cost: 20,
      assigned_vendors: v('Bright Electric'),
    },
  ];
}
