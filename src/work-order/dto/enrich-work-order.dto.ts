import { OptionalEpoch, OptionalInteger, OptionalIsoDate, OptionalNumber, OptionalText, RequiredText } from '../../common/field.decorators';

const TEXT = 200;
const LONG_TEXT = 5000;
const MAX_ID = Number.MAX_SAFE_INTEGER;
const MAX_COST = 10_000_000;

/**
 * A work order to diagnose. Only `issue_description` is required; every other field adds
 * context. Fields the service does not know are ignored, not rejected.
 */
export class EnrichWorkOrderDto {
  @OptionalText(100, {
    description: 'Your own identifier of the work order. Enrich records every work order in your history: with this id it updates the stored one; without it, the same description, property, unit and open date are recorded once under a generated id.',
    example: 'WO-10482',
  })
  work_order_id?: string;

  @RequiredText(LONG_TEXT, { description: 'What the tenant or technician reported, in their words.', example: 'Water under the kitchen sink, cabinet floor is soaked' })
  issue_description: string;

  @OptionalText(TEXT, { description: 'Short title of the work order.', example: 'Kitchen sink leak' })
  title?: string;

  @OptionalText(TEXT, { description: 'Category used by the property-management system.', example: 'Plumbing' })
  category?: string;

  @OptionalText(50, { description: 'Priority as the caller names it.', example: 'High' })
  priority?: string;

  @OptionalText(50, { description: 'Status as the caller names it (open, in progress, completed, closed, cancelled...).', example: 'Open' })
  status?: string;

  @OptionalInteger(0, MAX_ID, { description: 'Numeric id of the property in the caller\'s system.', example: 1042 })
  property_id?: number;

  @OptionalText(TEXT, { description: 'Name of the property.', example: 'Maple Court Apartments' })
  property_name?: string;

  @OptionalText(300, { description: 'Street address of the property.', example: '120 Maple Ct, Columbus, OH 43215' })
  property_address?: string;

  @OptionalText(50, { description: 'Region used for labor rates: US state code or ZIP code.', example: 'OH' })
  region?: string;

  @OptionalInteger(0, MAX_ID, { description: 'Numeric id of the unit in the caller\'s system.', example: 18 })
  unit_id?: number;

  @OptionalText(50, { description: 'Unit number or name as residents know it.', example: '4B' })
  unit_number?: string;

  @OptionalText(TEXT, { description: 'Where in the unit or building the problem is.', example: 'Kitchen' })
  location?: string;

  @OptionalText(TEXT, { description: 'The equipment or fixture concerned.', example: 'Kitchen sink' })
  asset?: string;

  @OptionalText(100, { description: 'Model number of the asset, when known.', example: '24ACC636A003' })
  asset_model?: string;

  @OptionalText(100, { description: 'Serial number of the asset, when known.', example: '1014E12345' })
  asset_serial?: string;

  @OptionalEpoch({ description: 'When the ticket was opened.', example: 1767225600 })
  ticket_open_date?: number;

  @OptionalEpoch({ description: 'When the ticket was closed.', example: 1767398400 })
  ticket_close_date?: number;

  @OptionalIsoDate({ description: 'When the visit is scheduled.', example: '2026-01-02T14:00:00Z' })
  scheduled_date?: string;

  @OptionalIsoDate({ description: 'When the work was completed.', example: '2026-01-02T16:30:00Z' })
  completed_date?: string;

  @OptionalNumber(0, MAX_COST, { description: 'Estimated cost in US dollars.', example: 250 })
  estimated_cost?: number;

  @OptionalNumber(0, MAX_COST, { description: 'Actual cost in US dollars.', example: 185.5 })
  actual_cost?: number;

  @OptionalText(TEXT, { description: 'Vendor (company or technician) assigned to the work.', example: 'Rapid Rooter Plumbing' })
  vendor?: string;

  @OptionalText(100, { description: 'Trade the caller assigned (plumbing, electrical, HVAC...).', example: 'Plumbing' })
  trade?: string;

  @OptionalText(LONG_TEXT, { description: 'What was done to fix it.', example: 'Replaced worn P-trap washer and tightened slip nuts' })
  resolution?: string;

  @OptionalText(LONG_TEXT, { description: 'Closing notes written when the ticket was closed.', example: 'No further leak after 30 minute test' })
  closing_notes?: string;

  @OptionalText(TEXT, { description: 'Who reported the problem.', example: 'Resident, unit 4B' })
  requested_by?: string;
}
