import { ApiProperty } from '@nestjs/swagger';

export enum Severity {
  Low = 'low',
  Medium = 'medium',
  High = 'high',
  Emergency = 'emergency',
}

export enum CostScore {
  Low = '$',
  Moderate = '$$',
  High = '$$$',
  VeryHigh = '$$$$',
}

export class PreviousFixDto {
  @ApiProperty({ description: 'Readable description of the fix that was applied.', example: 'Replaced toilet flapper' })
  fix: string;

  @ApiProperty({
    required: false,
    description:
      'Mean cost in US dollars of its tickets with a known cost: actual_cost, else the sum of the invoices, else estimated_cost. Absent when none of its tickets has a cost (a cost that is not known is never counted as 0).',
    example: 142.5,
  })
  average_cost?: number;

  @ApiProperty({ description: 'How many of the similar tickets used this fix.', example: 7 })
  frequency: number;

  @ApiProperty({
    minimum: 0,
    maximum: 100,
    description:
      'Share (0-100) of those tickets that stayed fixed: no similar ticket on the same unit or asset opened within the callback window after the close.',
    example: 85.7,
  })
  percent_fix: number;

  @ApiProperty({ description: 'work_order_id of every ticket that used this fix.', type: [String], example: ['WO-1001', 'WO-1377'] })
  tickets_effected: string[];

  @ApiProperty({
    description:
      'The vendor who applied this fix most often, from assigned_vendors of its tickets (a ticket with several vendors counts for each); empty when unknown.',
    example: 'Rapid Rooter Plumbing',
  })
  vendor: string;
}

export class DiagnosisPartDto {
  @ApiProperty({ description: 'Part name.', example: 'Toilet flapper, 2-inch universal' })
  name: string;

  @ApiProperty({ description: 'Expected price of the part, as a currency string.', example: '$12.00' })
  price: string;
}

export class DiagnosisPricingDto {
  @ApiProperty({ description: 'Labor rate of the trade in this region, currency string per hour.', example: '$95.00' })
  labor_cost_per_hour: string;

  @ApiProperty({ description: 'Expected labor time, e.g. "1.5 hours".', example: '1.5 hours' })
  time: string;

  @ApiProperty({ description: 'Sum of the part prices, currency string.', example: '$27.00' })
  total_parts: string;

  @ApiProperty({ description: 'labor_cost_per_hour × time, currency string.', example: '$142.50' })
  total_labor: string;

  @ApiProperty({ description: 'total_parts + total_labor, currency string.', example: '$169.50' })
  total: string;
}

export class DiagnosisDto {
  @ApiProperty({ description: 'Name of the likely problem.', example: 'Worn toilet flapper' })
  diagnosis: string;

  @ApiProperty({
    description: 'What is probably happening and why, for the coordinator.',
    example: 'A worn or warped flapper lets water seep from the tank into the bowl, so the fill valve keeps cycling.',
  })
  assessment: string;

  @ApiProperty({ description: 'Likelihood from 0 to 1; diagnoses are sorted by it, highest first.', minimum: 0, maximum: 1, example: 0.62 })
  likelihood: number;

  @ApiProperty({
    description:
      'Recommended vendor type: who to send, as a property manager names them ("Plumber", "HVAC technician", "Electrician", "Appliance technician", "Locksmith", ...).',
    example: 'Plumber',
  })
  vendor: string;

  @ApiProperty({
    description:
      "Extension (not in the specification): the knowledge base's trade id behind the vendor type, stable for integrations (plumbing, drains-sewer, hvac-heating, ...).",
    example: 'plumbing',
  })
  trade: string;

  @ApiProperty({ description: 'How urgent it is.', enum: Severity, example: Severity.Medium })
  severity: Severity;

  @ApiProperty({
    description: 'Steps a technician follows to resolve it.',
    type: [String],
    example: ['Shut off the supply valve', 'Replace the flapper', 'Adjust the chain'],
  })
  resolution_steps: string[];

  @ApiProperty({ description: 'Relative cost: $ under $150, $$ $150-500, $$$ $500-1,500, $$$$ above.', enum: CostScore, example: CostScore.Low })
  cost_score: CostScore;

  @ApiProperty({
    description: 'Parts likely needed, each with its expected price: "Toilet flapper, universal 2-inch ($12.00)".',
    type: [String],
    example: ['Toilet flapper, universal 2-inch ($12.00)'],
  })
  parts: string[];

  @ApiProperty({
    description: 'Extension (not in the specification): the same parts as name and price, for systems that want them apart.',
    type: [DiagnosisPartDto],
  })
  parts_detail: DiagnosisPartDto[];

  @ApiProperty({ description: 'Asset specifications that matter for this fix.', type: [String], example: ['Flush valve size (2" or 3")'] })
  asset_specs: string[];

  @ApiProperty({ description: 'Price broken into labor and parts; the numbers add up.', type: DiagnosisPricingDto })
  pricing: DiagnosisPricingDto;
}

/** A past work order of the caller similar to the incoming one (the specification leaves these fields to us). */
export class RelevantWorkOrderDto {
  @ApiProperty({
    description: 'Your identifier of the work order (work_order_id; a generated "gen-..." id when it was recorded without one).',
    example: 'WO-1001',
  })
  work_order_id: string;

  @ApiProperty({ description: 'Title.', nullable: true, type: String, example: 'Toilet running' })
  title: string | null;

  @ApiProperty({ description: 'Issue description.', example: 'Toilet in hall bath runs constantly' })
  issue_description: string;

  @ApiProperty({
    description: 'Its fix text: resolution, closing_description and vendor_comments joined; null when it has none.',
    nullable: true,
    type: String,
    example: 'Replaced flapper',
  })
  resolution: string | null;

  @ApiProperty({
    description: 'Normalized work_order_status.',
    enum: ['open', 'in_progress', 'on_hold', 'completed', 'closed', 'cancelled'],
    example: 'closed',
  })
  work_order_status: string;

  @ApiProperty({
    description: 'Normalized urgency; null when it had none or in words not recognized.',
    nullable: true,
    enum: ['emergency', 'high', 'normal', 'low'],
    type: String,
    example: 'normal',
  })
  urgency: string | null;

  @ApiProperty({ description: 'Your customer (client_id) it was for.', nullable: true, type: String, example: 'OWN-4471' })
  client_id: string | null;

  @ApiProperty({ description: 'Property id.', nullable: true, type: Number, example: 1042 })
  property_id: number | null;

  @ApiProperty({ description: 'Unit id.', nullable: true, type: Number, example: 18 })
  unit_id: number | null;

  @ApiProperty({ description: 'Location.', nullable: true, type: String, example: 'Hall bath' })
  location: string | null;

  @ApiProperty({ description: 'Asset.', nullable: true, type: String, example: 'Toilet' })
  asset: string | null;

  @ApiProperty({ description: 'The vendors assigned to it, as you sent them.', nullable: true, type: String, example: 'Rapid Rooter Plumbing' })
  assigned_vendors: string | null;

  @ApiProperty({ description: 'When it was opened (ticket_open_date), ISO 8601.', nullable: true, type: String, example: '2025-06-01T14:00:00.000Z' })
  opened_at: string | null;

  @ApiProperty({
    description: 'When it was closed (ticket_close_date, else work_complete_date), ISO 8601.',
    nullable: true,
    type: String,
    example: '2025-06-02T10:00:00.000Z',
  })
  closed_at: string | null;

  @ApiProperty({
    description: 'Its cost in US dollars: actual_cost, else the sum of its invoices, else estimated_cost; null when none is known.',
    nullable: true,
    type: Number,
    example: 135,
  })
  cost: number | null;

  @ApiProperty({ description: 'Similarity to the incoming work order, 0 to 1.', minimum: 0, maximum: 1, example: 0.83 })
  similarity: number;
}

export class EnrichmentContextDto {
  @ApiProperty({ description: 'The most similar past work orders of the caller (at most 10), most similar first.', type: [RelevantWorkOrderDto] })
  relevant_work_orders: RelevantWorkOrderDto[];

  @ApiProperty({
    required: false,
    description: 'Mean days from open to close over the similar closed work orders with both dates; absent when there are none.',
    example: 2.4,
  })
  average_close_time?: number;

  @ApiProperty({
    required: false,
    description: 'Mean cost in US dollars over the similar work orders with a known cost; absent when none has one (never counted as 0).',
    example: 168.2,
  })
  average_cost?: number;
}

/** The answer of POST /work-order/enrich. */
export class WorkOrderEnrichmentDto {
  @ApiProperty({ description: "Up to five fixes from the caller's own history, most useful first.", type: [PreviousFixDto] })
  top_5_previous_fixes: PreviousFixDto[];

  @ApiProperty({ description: 'Up to three diagnoses, most likely first.', type: [DiagnosisDto] })
  top_3_diagnosis: DiagnosisDto[];

  @ApiProperty({
    description: 'Observations a property manager can act on.',
    type: [String],
    example: ['Third leak on this unit in 90 days: consider replacing the supply lines.'],
  })
  manual_insights: string[];

  @ApiProperty({ description: 'Similar past work orders and their averages.', type: EnrichmentContextDto })
  context: EnrichmentContextDto;
}
