import { Body, HttpCode, Post, Res } from '@nestjs/common';
import type { Response } from 'express';
import { ApiBody, ApiOkResponse, ApiOperation, ApiResponse, ApiTags } from '@nestjs/swagger';
import type { AuthenticatedClient } from '../auth/api-token.service';
import { CurrentClient } from '../auth/current-client.decorator';
import { ProtectedRoute } from '../auth/protected-route.decorator';
import { AcceptsContentTypes, AcceptsJson } from '../common/content-type.guard';
import { ErrorResponseDto } from '../common/error-response.dto';
import { ENRICH_EXAMPLES } from './dto/enrich-work-order.examples';
import { EnrichWorkOrderDto } from './dto/enrich-work-order.dto';
import { ImportResultDto } from './dto/import-result.dto';
import { HistoryImportRequestHandler } from './history/history-import.request';
import { WorkOrderEnrichmentDto } from './dto/work-order-enrichment.dto';
import { WorkOrderService } from './work-order.service';

@ApiTags('Work orders')
@ProtectedRoute()
export class WorkOrderController {
  constructor(
    private readonly workOrders: WorkOrderService,
    private readonly imports: HistoryImportRequestHandler,
  ) {}

  @Post('enrich')
  @HttpCode(200)
  @AcceptsJson()
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
    const { body, source } = await this.workOrders.enrich(client, workOrder);
    res.setHeader('X-Diagnosis-Source', source);
    return body;
  }

  @Post('import')
  @HttpCode(200)
  @AcceptsContentTypes('application/json', 'application/x-ndjson', 'application/ndjson', 'application/jsonl')
  @ApiOperation({
    summary: 'Import past work orders into your history',
    description:
      'A JSON array (application/json) or NDJSON (application/x-ndjson, one work order per line) of work orders in the enrich input shape plus work_order_id. Idempotent: a row whose work_order_id exists updates it; re-importing the same rows changes nothing. Rows without work_order_id get a stable generated one. Bad rows are reported and never stop the good ones: received = inserted + updated + rejected.',
  })
  @ApiBody({
    description: 'JSON array of work orders (or NDJSON text).',
    schema: { type: 'array', items: { $ref: '#/components/schemas/EnrichWorkOrderDto' } },
    examples: {
      two: {
        summary: 'Two closed tickets',
        value: [
          {
            work_order_id: 'WO-1001',
            issue_description: 'Toilet keeps running',
            unit_id: 18,
            work_order_status: 'Closed',
            ticket_open_date: 1748000000,
            ticket_close_date: 1748090000,
            resolution: 'Replaced flapper',
            actual_cost: 95,
            assigned_vendors: 'Rapid Rooter Plumbing',
          },
          {
            work_order_id: 'WO-1002',
            issue_description: 'No hot water',
            unit_id: 22,
            work_order_status: 'Work Completed',
            ticket_open_date: 1748100000,
            ticket_close_date: 1748200000,
            closing_description: 'Replaced thermocouple on water heater',
            invoices: 'INV-5512 $180.00',
            assigned_vendors: "Acme HVAC; Joe's Handyman",
          },
        ],
      },
    },
  })
  @ApiOkResponse({ type: ImportResultDto })
  @ApiResponse({ status: 400, description: 'The body is not valid JSON, not an array or NDJSON, or is empty.', type: ErrorResponseDto })
  @ApiResponse({ status: 413, description: 'Body larger than IMPORT_BODY_LIMIT_BYTES.', type: ErrorResponseDto })
  @ApiResponse({ status: 415, description: 'Body is neither application/json nor application/x-ndjson.', type: ErrorResponseDto })
  import(@CurrentClient() client: AuthenticatedClient, @Body() body: unknown): Promise<ImportResultDto> {
    return this.imports.handle(client.clientId, body);
  }
}
