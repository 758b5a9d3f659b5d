import { ApiExtraModels, ApiProperty, ApiPropertyOptional, ApiPropertyOptions, getSchemaPath } from '@nestjs/swagger';

/**
 * The schema of an object property that may be null: OpenAPI 3.0 ignores `nullable` beside a bare
 * $ref, so it is allOf the one model (buildOpenApiDocument adds the `type: object` Nest drops).
 */
function nullableObject(model: new () => unknown): ApiPropertyOptions {
  return { nullable: true, allOf: [{ $ref: getSchemaPath(model) }] };
}

export enum SpecSource {
  Nameplate = 'nameplate',
  Decoded = 'decoded',
  KnowledgeBase = 'knowledge-base',
  Llm = 'llm',
}

export enum LifecycleStage {
  New = 'new',
  Mid = 'mid-life',
  Late = 'late-life',
  PastExpected = 'past-expected-life',
  Unknown = 'unknown',
}

export class ManufactureDateCandidateDto {
  @ApiProperty({ description: 'Candidate year.', example: 2014 })
  year: number;

  @ApiPropertyOptional({ description: 'Candidate month (1-12).', nullable: true, type: Number, example: 3 })
  month: number | null;

  @ApiProperty({ description: 'Why this candidate was or was not chosen.', example: 'Chosen: the model family was sold 2010-2019' })
  reason: string;
}

export class ManufactureDateDto {
  @ApiPropertyOptional({ description: 'Year of manufacture.', nullable: true, type: Number, example: 2014 })
  year: number | null;

  @ApiPropertyOptional({ description: 'Month of manufacture (1-12), when the format encodes it.', nullable: true, type: Number, example: 3 })
  month: number | null;

  @ApiPropertyOptional({ description: 'ISO week of manufacture (1-53), when the format encodes it.', nullable: true, type: Number, example: 10 })
  week: number | null;

  @ApiProperty({ description: 'Confidence in the date, 0 to 1.', example: 0.9 })
  confidence: number;

  @ApiPropertyOptional({
    description: 'The decoding rule used (manufacturer format and era).',
    nullable: true,
    type: String,
    example: 'Carrier 2000+: digits 1-2 week, digits 3-4 year',
  })
  rule: string | null;

  @ApiProperty({ description: 'Other readings of an ambiguous format, and how the choice was made.', type: [ManufactureDateCandidateDto] })
  candidates: ManufactureDateCandidateDto[];
}

export class LifespanDto {
  @ApiProperty({ description: 'Short end of the expected lifespan, years.', example: 10 })
  low_years: number;

  @ApiProperty({ description: 'Typical lifespan, years.', example: 15 })
  typical_years: number;

  @ApiProperty({ description: 'Long end of the expected lifespan, years.', example: 20 })
  high_years: number;

  @ApiProperty({ description: 'Where the figure comes from.', example: 'NAHB/Bank of America Home Equity, Study of Life Expectancy of Home Components (2007)' })
  source: string;
}

export class AssetSpecDto {
  @ApiProperty({
    description:
      'Specification name (capacity_btuh, capacity_tons, tank_gallons, voltage, phase, hertz, rla, lra, mca, mocp, refrigerant, fuel, efficiency...).',
    example: 'capacity_tons',
  })
  name: string;

  @ApiProperty({ description: 'Value as text, with unit where it has one.', example: '3' })
  value: string;

  @ApiPropertyOptional({ description: 'Unit of the value.', nullable: true, type: String, example: 'tons' })
  unit: string | null;

  @ApiProperty({ description: 'Where the value came from.', enum: SpecSource, example: SpecSource.Decoded })
  source: SpecSource;
}

export class MaintenanceTaskDto {
  @ApiProperty({ description: 'What to do.', example: 'Replace or clean the air filter' })
  task: string;

  @ApiProperty({ description: 'How often.', example: 'every 1-3 months' })
  interval: string;
}

export class WarrantyDto {
  @ApiPropertyOptional({ description: 'Typical parts warranty of this kind of equipment, years.', nullable: true, type: Number, example: 10 })
  typical_parts_years: number | null;

  @ApiPropertyOptional({
    description: 'Typical warranty of the main component (compressor, heat exchanger, tank), years.',
    nullable: true,
    type: Number,
    example: 10,
  })
  typical_major_component_years: number | null;

  @ApiPropertyOptional({
    description: 'Whether the unit is likely still under the typical warranty; null when its age is unknown.',
    nullable: true,
    type: Boolean,
    example: false,
  })
  likely_covered: boolean | null;

  @ApiProperty({
    description: 'Conditions to keep in mind (registration, installer, transfer).',
    example: 'Parts warranty usually requires registration within 60 days of installation.',
  })
  notes: string;
}

/** The answer of both asset-intelligence endpoints. */
@ApiExtraModels(LifespanDto, WarrantyDto)
export class AssetProfileDto {
  @ApiPropertyOptional({ description: 'Normalized brand display name.', nullable: true, type: String, example: 'Carrier' })
  brand: string | null;

  @ApiPropertyOptional({ description: 'Parent company that makes the brand.', nullable: true, type: String, example: 'Carrier Global' })
  manufacturer: string | null;

  @ApiPropertyOptional({ description: 'Model number.', nullable: true, type: String, example: '24ACC636A003' })
  model_number: string | null;

  @ApiPropertyOptional({ description: 'Serial number.', nullable: true, type: String, example: '1014E12345' })
  serial_number: string | null;

  @ApiPropertyOptional({ description: 'Kind of equipment.', nullable: true, type: String, example: 'split-system AC condenser' })
  equipment_type: string | null;

  @ApiPropertyOptional({ description: 'Category: HVAC, water heating, appliance, life safety, plumbing', nullable: true, type: String, example: 'HVAC' })
  category: string | null;

  @ApiProperty({ description: 'Manufacture date decoded from the serial or read from the plate.', type: ManufactureDateDto })
  manufacture_date: ManufactureDateDto;

  @ApiPropertyOptional({ description: 'Age in years (one decimal) from the manufacture date to today.', nullable: true, type: Number, example: 12.7 })
  age_years: number | null;

  @ApiProperty({ description: 'Expected lifespan of this kind of equipment; null when the kind of equipment is unknown.', ...nullableObject(LifespanDto) })
  expected_lifespan: LifespanDto | null;

  @ApiProperty({
    description:
      'Typical lifespan minus age, years, never negative: 0 once the unit has reached its typical life (lifecycle_stage then says late-life or past-expected-life). Null when the age or the lifespan is unknown.',
    nullable: true,
    type: Number,
    minimum: 0,
    example: 2.3,
  })
  remaining_life_years: number | null;

  @ApiProperty({ description: 'Where the unit is in its life.', enum: LifecycleStage, example: LifecycleStage.Late })
  lifecycle_stage: LifecycleStage;

  @ApiPropertyOptional({
    description: 'Repair-or-replace guidance a property manager can act on.',
    nullable: true,
    type: String,
    example: 'Late in life: repair only if the repair costs under 30% of replacement.',
  })
  repair_vs_replace: string | null;

  @ApiProperty({ description: 'Specifications, each with its source.', type: [AssetSpecDto] })
  specs: AssetSpecDto[];

  @ApiProperty({ description: 'Problems this kind of equipment commonly has.', type: [String] })
  common_issues: string[];

  @ApiProperty({ description: 'Recommended maintenance.', type: [MaintenanceTaskDto] })
  maintenance_schedule: MaintenanceTaskDto[];

  @ApiProperty({ description: 'Typical warranty terms and likely coverage; null when the kind of equipment is unknown.', ...nullableObject(WarrantyDto) })
  warranty: WarrantyDto | null;

  @ApiProperty({ description: 'Conflicts and doubts: unknown brand, unreadable serial, serial date disagreeing with the plate...', type: [String] })
  warnings: string[];

  @ApiProperty({ description: 'Overall confidence in the profile, 0 to 1.', example: 0.85 })
  confidence: number;
}
