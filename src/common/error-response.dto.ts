import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';

export class ErrorDetailDto {
  @ApiPropertyOptional({ description: 'The offending field, query parameter or header (dotted path for nested fields).', example: 'issue_description' })
  field?: string;

  @ApiProperty({ description: 'What is wrong with it.', example: 'issue_description must not be empty' })
  message: string;
}

/** The single JSON shape of every non-200 response. */
export class ErrorResponseDto {
  @ApiProperty({ description: 'HTTP status code, repeated in the body.', example: 400 })
  statusCode: number;

  @ApiProperty({ description: 'Stable machine-readable error code.', example: 'VALIDATION_FAILED' })
  error: string;

  @ApiProperty({ description: 'Human-readable summary of the problem.', example: 'Request validation failed' })
  message: string;

  @ApiProperty({ description: 'One entry per offending field or sub-problem; empty when there is nothing more to say.', type: [ErrorDetailDto] })
  details: ErrorDetailDto[];

  @ApiProperty({
    description: 'Identifier of this request, also sent as the X-Request-Id header and written to the logs.',
    example: '7f9c2b1e-4c1a-4f0e-9a43-3d1c2f0e8b11',
  })
  requestId: string;
}
