/** The specification's 26 work order input fields, each typed as the specification gives it. */
export interface FullWorkOrder {
  issue_description: string;
  client_id: string;
  client_number: string;
  ticket_open_date: number;
  ticket_close_date: number;
  location: string;
  title: string;
  property_id: number;
  unit_id: number;
  vendor_comments: string;
  closing_description: string;
  resolution: string;
  estimated_cost: number;
  actual_cost: number;
  work_order_status: string;
  urgency: string;
  assigned_vendors: string;
  tags: string;
  invoices: string;
  property_detail: string;
  unit_detail: string;
  work_start_date: string;
  work_complete_date: string;
  estimated_complete_date: string;
  last_updated: string;
  asset: string;
}

/** A realistic work order with all 26 fields, shared by the contract and storage tests. */
export const FULL_WORK_ORDER: FullWorkOrder = {
  issue_description: "Water pooling under the kitchen sink; the cabinet floor is soaked and the disposal hums but won't spin",
  client_id: 'OWN-4471',
  client_number: 'C-10082',
  ticket_open_date: 1767258000,
  ticket_close_date: 1767441600,
  location: 'Kitchen',
  title: 'Kitchen sink leak',
  property_id: 1042,
  unit_id: 18,
  vendor_comments: 'Slip nut on the P-trap was loose; disposal jammed with a bottle cap',
  closing_description: 'Tightened the P-trap slip nuts and cleared the disposal jam; no leak after a 30 minute test',
  resolution: 'Tightened P-trap slip nuts, freed the disposal with a hex key',
  estimated_cost: 250,
  actual_cost: 185.5,
  work_order_status: 'Work Completed',
  urgency: 'High',
  assigned_vendors: "Rapid Rooter Plumbing; Joe's Handyman",
  tags: 'plumbing, kitchen, leak',
  invoices: 'INV-2231 $145.50; INV-2232 $40',
  property_detail: 'Maple Court Apartments, 120 Maple Ct, Columbus, OH 43215; 1965 garden-style, gas boilers',
  unit_detail: '2BR/1BA, electric range, garbage disposal',
  work_start_date: '2026-01-02T14:00:00Z',
  work_complete_date: '2026-01-02T16:30:00Z',
  estimated_complete_date: '2026-01-03',
  last_updated: '2026-01-02T16:45:00Z',
  asset: 'InSinkErator Badger 5 disposal',
};
