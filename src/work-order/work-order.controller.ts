import { Body, Controller, HttpCode, Post, UseInterceptors, Res } from '@nestjs/common';
import type { Response } from 'express';
import { ApiBody, ApiOkResponse, ApiOperation, ApiResponse, ApiTags } from '@nestjs/swagger';
import type { AuthenticatedClient } from '../auth/api-token.service';
import { CurrentClient } from '../auth/current-client.decorator';
import { ProtectedRoute } from '../auth/protected-route.decorator';
import { AcceptsJson } from '../common/content-type.guard';
import { ErrorResponseDto } from '../common/error-response.dto';
import { EnrichBodyInterceptor } from './work-order-body.interceptors';
import { ENRICH_EXAMPLES } from './dto/enrich-work-order.examples';
import { EnrichWorkOrderDto } from './dto/enrich-work-order.dto';
import { WorkOrderEnrichmentDto } from './dto/work-order-enrichment.dto';
import { WorkOrderService } from './work-order.service';

@ApiTags('Work orders')
@Controller('work-order')
@ProtectedRoute()
export class WorkOrderController {
  constructor(private readonly workOrders: WorkOrderService) {}

  @Post('enrich')
  @HttpCode(200)
  @AcceptsJson()
  @UseInterceptors(EnrichBodyInterceptor)
  @ApiOperation({
    summary: 'Diagnose a work order',
    description:
      "Returns the top previous fixes from your own history, the three most likely diagnoses with pricing, insights and context. Takes the specification's 26 work order fields (plus the extension work_order_id); only issue_description is required, and unknown fields are ignored. Every enriched work order is recorded in your history.",
  })
  @ApiBody({
    type: EnrichWorkOrderDto,
    examples: ENRICH_EXAMPLES,
  })
  @ApiOkResponse({
    type: WorkOrderEnrichmentDto,
    headers: {
      'X-Diagnosis-Source': {
        description: 'Where the diagnoses came from: knowledge-base (offline engine), gemini or openai.',
        schema: { type: 'string', example: 'knowledge-base' },
      },
      'X-Retrieval-Path': {
        description:
          'How your history was searched: the statements run, joined by +: problem (tickets of the plausible problems), unit_or_asset, property, full_text (client-wide text search), trigram (short or misspelled text); none when nothing could be searched.',
        schema: { type: 'string', example: 'problem+full_text' },
      },
      'X-Diagnosis-Cache': {
        description:
          'Only when a language model is configured: hit when the answer came from the enrich cache (shared by all instances with REDIS_URL), miss when the model was asked.',
        schema: { type: 'string', enum: ['hit', 'miss'] },
      },
    },
  })
  @ApiResponse({
    status: 400,
    description: 'Validation failed (one detail per offending field), or the body is not valid JSON (MALFORMED_BODY).',
    type: ErrorResponseDto,
  })
  @ApiResponse({ status: 502, description: 'The language model failed and LLM_FAILURE_MODE=error.', type: ErrorResponseDto })
  @ApiResponse({
    status: 503,
    description: 'The database is unavailable, or the language model is (timeout, rate limit, circuit open) and LLM_FAILURE_MODE=error; see Retry-After.',
    type: ErrorResponseDto,
  })
  @ApiResponse({ status: 413, description: 'Body larger than the configured limit.', type: ErrorResponseDto })
  @ApiResponse({ status: 415, description: 'Body is not application/json.', type: ErrorResponseDto })
  async enrich(
    @CurrentClient() client: AuthenticatedClient,
    @Body() workOrder: EnrichWorkOrderDto,
    @Res({ passthrough: true }) res: Response,
  ): Promise<WorkOrderEnrichmentDto> {
    const { body, source, cache, retrievalPath } = await this.workOrders.enrich(client, workOrder);
    res.setHeader('X-Diagnosis-Source', source);
    res.setHeader('X-Retrieval-Path', retrievalPath);
    if (cache) res.setHeader('X-Diagnosis-Cache', cache);
    return body;
  }
}
