import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { ErrorDetailDto } from '../../common/error-response.dto';

export class RejectedRowDto {
  @ApiProperty({ description: 'Zero-based position of the row in the request (array element or NDJSON line).', example: 3 })
  index: number;

  @ApiPropertyOptional({ description: 'One-based line number in the source file (CLI and NDJSON).', example: 5 })
  line?: number;

  @ApiProperty({ description: 'Why the row was rejected, one entry per offending field.', type: [ErrorDetailDto] })
  errors: ErrorDetailDto[];
}

export class ImportWarningDto {
  @ApiProperty({ description: 'Zero-based position of the row in the request (array element or NDJSON line).', example: 12 })
  index: number;

  @ApiPropertyOptional({ description: 'One-based line number in the source file (CLI and NDJSON).', example: 14 })
  line?: number;

  @ApiProperty({ description: 'The field the warning is about.', example: 'closing_description' })
  field: string;

  @ApiProperty({
    description: 'What was changed. The row was stored.',
    example: 'closing_description was 7214 characters; stored truncated to the first 5000',
  })
  message: string;
}

/** Counts of an import; received = inserted + updated + rejected. */
export class ImportResultDto {
  @ApiProperty({ description: 'Rows received.', example: 1000 })
  received: number;

  @ApiProperty({ description: 'Rows stored under a work_order_id new to this client.', example: 990 })
  inserted: number;

  @ApiProperty({ description: 'Rows whose work_order_id already existed; the stored work order now holds this row.', example: 8 })
  updated: number;

  @ApiProperty({ description: 'Of `updated`, rows identical to what was stored (nothing changed).', example: 6 })
  unchanged: number;

  @ApiProperty({ description: 'Rows not stored.', example: 2 })
  rejected: number;

  @ApiProperty({ description: 'Each rejected row and why (at most the first 1,000).', type: [RejectedRowDto] })
  rejected_rows: RejectedRowDto[];

  @ApiProperty({
    description:
      'Rows stored with a change, one entry per change (at most the first 1,000). A technician note (closing_description, resolution or vendor_comments) longer than 5,000 characters is stored truncated to its first 5,000 characters, and the fix is read from what is kept, instead of refusing the row.',
    type: [ImportWarningDto],
  })
  warnings: ImportWarningDto[];
}
