import { OptionalEpoch, OptionalInteger, OptionalIsoDate, OptionalNumber, OptionalText, RequiredText } from '../../common/field.decorators';

const TEXT = 200;
const LONG_TEXT = 5000;
/** Longest technician note (closing_description, resolution, vendor_comments) stored; an import truncates longer ones. */
export const NOTE_MAX_CHARACTERS = LONG_TEXT;
const MAX_ID = Number.MAX_SAFE_INTEGER;
const MAX_COST = 10_000_000;

/**
 * A work order to diagnose: the specification's 26 fields, of which only `issue_description` is
 * required, plus the extension `work_order_id`. Fields the service does not know are ignored.
 * Property order follows the specification's table.
 */
export class EnrichWorkOrderDto {
  @RequiredText(LONG_TEXT, {
    description: 'What the tenant or technician reported, in their words.',
    example: "Water pooling under the kitchen sink; the cabinet floor is soaked and the disposal hums but won't spin",
  })
  issue_description: string;

  @OptionalText(100, {
    description:
      "Your customer this work order is for (the owner or portfolio your company manages for), in your own ids. A scope inside your own data: similar work orders of the same customer count as closer context. It never reaches another token's data.",
    example: 'OWN-4471',
  })
  client_id?: string;

  @OptionalText(100, { description: 'Your number for that customer; identifies the customer when client_id is absent.', example: 'C-10082' })
  client_number?: string;

  @OptionalEpoch({ description: 'When the ticket was opened.', example: 1767258000 })
  ticket_open_date?: number;

  @OptionalEpoch({
    description: 'When the ticket was closed. Close time (context.average_close_time) falls back on work_complete_date when this is absent.',
    example: 1767441600,
  })
  ticket_close_date?: number;

  @OptionalText(TEXT, { description: 'Where in the unit or building the problem is.', example: 'Kitchen' })
  location?: string;

  @OptionalText(TEXT, { description: 'Short title of the work order.', example: 'Kitchen sink leak' })
  title?: string;

  @OptionalInteger(0, MAX_ID, { description: 'Numeric id of the property in your system (a whole number).', example: 1042 })
  property_id?: number;

  @OptionalInteger(0, MAX_ID, {
    description: 'Numeric id of the unit in your system (a whole number). Work orders with the same unit_id are the strongest context.',
    example: 18,
  })
  unit_id?: number;

  @OptionalText(LONG_TEXT, {
    description: 'Comments from the vendors. Part of the fix text (with resolution and closing_description) from which a previous fix is read.',
    example: 'Slip nut on the P-trap was loose; disposal jammed with a bottle cap',
  })
  vendor_comments?: string;

  @OptionalText(LONG_TEXT, {
    description: 'What was written when the work order was closed. Part of the fix text.',
    example: 'Tightened the P-trap slip nuts and cleared the disposal jam; no leak after a 30 minute test',
  })
  closing_description?: string;

  @OptionalText(LONG_TEXT, {
    description: 'What was done to fix it. Part of the fix text.',
    example: 'Tightened P-trap slip nuts, freed the disposal with a hex key',
  })
  resolution?: string;

  @OptionalNumber(0, MAX_COST, { description: 'Estimated cost in US dollars.', example: 250 })
  estimated_cost?: number;

  @OptionalNumber(0, MAX_COST, {
    description: 'Actual cost in US dollars. When absent, the sum of the amounts in invoices is the cost, then estimated_cost.',
    example: 185.5,
  })
  actual_cost?: number;

  @OptionalText(100, {
    description:
      'Status in your system\'s words, normalized to open, in_progress, on_hold, completed, closed or cancelled ("Work Completed" → completed, "Closed - Resolved" → closed, "Canceled" → cancelled, "On Hold"/"Awaiting parts" → on_hold, "Scheduled"/"Dispatched" → in_progress, "New" → open). Unknown words count as closed when the work order has a close or completion date, otherwise open. A completed or closed work order with fix text is a previous fix; a cancelled one never is.',
    example: 'Work Completed',
  })
  work_order_status?: string;

  @OptionalText(50, {
    description:
      "Urgency in your system's words, normalized to emergency (emergency, critical, life safety, immediate, P1), high (high, urgent, ASAP, same day, P2), normal (normal, medium, routine, standard, P3) or low (low, minor, non-urgent, cosmetic, P4). Your emergency or high raises every diagnosis's severity to at least that level; when the description shows a hazard you did not flag, manual_insights says so.",
    example: 'High',
  })
  urgency?: string;

  @OptionalText(500, {
    description:
      'The vendors assigned, one or several separated by semicolons, new lines or bars (commas stay inside a company name). Previous fixes name the vendor who applied the fix most often.',
    example: "Rapid Rooter Plumbing; Joe's Handyman",
  })
  assigned_vendors?: string;

  @OptionalText(500, { description: 'Tags separated by commas or semicolons; stored and searched with the description.', example: 'plumbing, kitchen, leak' })
  tags?: string;

  @OptionalText(2000, {
    description:
      'Invoices as free text. Amounts marked with $ or USD ("INV-2231 $245.10; INV-2232 $80") are summed, and the sum is the work order\'s cost when actual_cost is absent; without a currency mark only amounts with cents count ("INV-2231 245.10"), because whole numbers are usually invoice numbers.',
    example: 'INV-2231 $145.50; INV-2232 $40',
  })
  invoices?: string;

  @OptionalText(1000, {
    description:
      'The property in your words: name, address, age, construction, heating fuel. Stored and searched; a US state or ZIP code in it sets the regional labor rates, and it is given to the diagnosis (gas or electric matters). Without property_id, the same text identifies the same property.',
    example: 'Maple Court Apartments, 120 Maple Ct, Columbus, OH 43215; 1965 garden-style, gas boilers',
  })
  property_detail?: string;

  @OptionalText(500, {
    description: 'The unit in your words: layout, appliances, fuel. Stored, searched and given to the diagnosis.',
    example: '2BR/1BA, electric range, garbage disposal',
  })
  unit_detail?: string;

  @OptionalIsoDate({ description: 'When work started.', example: '2026-01-02T14:00:00Z' })
  work_start_date?: string;

  @OptionalIsoDate({ description: 'When work was completed; the close time when ticket_close_date is absent.', example: '2026-01-02T16:30:00Z' })
  work_complete_date?: string;

  @OptionalIsoDate({ description: 'When the work is expected to be complete.', example: '2026-01-03' })
  estimated_complete_date?: string;

  @OptionalIsoDate({ description: 'When the work order was last updated in your system.', example: '2026-01-02T16:45:00Z' })
  last_updated?: string;

  @OptionalText(500, {
    description:
      'The equipment or fixture concerned: an identifier or free text ("Carrier 24ACC636A003 s/n 1014E12345"). A serial after s/n, SN or serial identifies the asset across work orders; model and serial numbers in it are matched to your assets analyzed with /asset-intelligence.',
    example: 'InSinkErator Badger 5 disposal',
  })
  asset?: string;

  @OptionalText(100, {
    description:
      'Extension (not in the specification): your own identifier of the work order. Enrich records every work order in your history: with this id it updates the stored one (and import is idempotent); without it, the same description, property, unit, open date and customer are recorded once under a generated id.',
    example: 'WO-10482',
  })
  work_order_id?: string;
}
