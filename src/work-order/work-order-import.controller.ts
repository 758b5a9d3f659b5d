import { Body, Controller, HttpCode, Post, UseInterceptors } from '@nestjs/common';
import { ApiBody, ApiOkResponse, ApiOperation, ApiResponse, ApiTags } from '@nestjs/swagger';
import type { AuthenticatedClient } from '../auth/api-token.service';
import { CurrentClient } from '../auth/current-client.decorator';
import { ProtectedRoute } from '../auth/protected-route.decorator';
import { AcceptsContentTypes } from '../common/content-type.guard';
import { ErrorResponseDto } from '../common/error-response.dto';
import { ImportBodyInterceptor } from './work-order-body.interceptors';
import { ImportResultDto } from './dto/import-result.dto';
import { HistoryImportRequestHandler } from './history/history-import.request';

/**
 * POST /work-order/import. Its own controller because its body parsing (limit, NDJSON) differs
 * from enrich's, and middleware is bound by controller so it holds under any host prefix.
 */
@ApiTags('Work orders')
@Controller('work-order')
@ProtectedRoute()
export class WorkOrderImportController {
  constructor(private readonly imports: HistoryImportRequestHandler) {}

  @Post('import')
  @HttpCode(200)
  @AcceptsContentTypes('application/json', 'application/x-ndjson', 'application/ndjson', 'application/jsonl')
  @UseInterceptors(ImportBodyInterceptor)
  @ApiOperation({
    // The id it had when enrich and import shared one controller, so generated clients keep their method names.
    operationId: 'WorkOrderController_import',
    summary: 'Import past work orders into your history',
    description:
      'A JSON array (application/json) or NDJSON (application/x-ndjson, one work order per line) of work orders in the enrich input shape plus work_order_id. Idempotent: a row whose work_order_id exists updates it; re-importing the same rows changes nothing. Rows without work_order_id get a stable generated one. Bad rows are reported and never stop the good ones: received = inserted + updated + rejected. A technician note (closing_description, resolution, vendor_comments) longer than 5,000 characters does not refuse its row: the row is stored with the note truncated to its first 5,000 characters and listed in warnings. One request holds at most 250,000 work orders (413 PAYLOAD_TOO_LARGE beyond, nothing stored); send larger histories in several requests or through the command-line import.',
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
  @ApiResponse({
    status: 413,
    description: 'Body larger than IMPORT_BODY_LIMIT_BYTES, or more than 250,000 work orders in one request.',
    type: ErrorResponseDto,
  })
  @ApiResponse({ status: 415, description: 'Body is neither application/json nor application/x-ndjson.', type: ErrorResponseDto })
  import(@CurrentClient() client: AuthenticatedClient, @Body() body: unknown): Promise<ImportResultDto> {
    return this.imports.handle(client.clientId, body);
  }
}
