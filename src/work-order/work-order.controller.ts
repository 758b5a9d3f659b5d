import { Body, Controller, HttpCode, Post } from '@nestjs/common';
import { ApiBody, ApiOkResponse, ApiOperation, ApiResponse, ApiTags } from '@nestjs/swagger';
import type { AuthenticatedClient } from '../auth/api-token.service';
import { CurrentClient } from '../auth/current-client.decorator';
import { ProtectedRoute } from '../auth/protected-route.decorator';
import { AcceptsJson } from '../common/content-type.guard';
import { ErrorResponseDto } from '../common/error-response.dto';
import { EnrichWorkOrderDto } from './dto/enrich-work-order.dto';
import { WorkOrderEnrichmentDto } from './dto/work-order-enrichment.dto';
import { WorkOrderService } from './work-order.service';

@ApiTags('Work orders')
@ProtectedRoute()
@Controller('work-order')
export class WorkOrderController {
  constructor(private readonly workOrders: WorkOrderService) {}

  @Post('enrich')
  @HttpCode(200)
  @AcceptsJson()
  @ApiOperation({
    summary: 'Diagnose a work order',
    description:
      'Returns the top previous fixes from your own history, the three most likely diagnoses with pricing, insights and context. Only issue_description is required; unknown fields are ignored.',
  })
  @ApiBody({
    type: EnrichWorkOrderDto,
    examples: {
      leak: { summary: 'Plumbing leak', value: { issue_description: 'Kitchen sink leaking under cabinet' } },
      noHeat: {
        summary: 'No heat, with property and unit',
        value: { issue_description: 'No heat in the apartment since last night, thermostat set to 72', property_id: 1042, unit_id: 18, unit_number: '4B', location: 'Living room', asset: 'Gas furnace', ticket_open_date: 1767225600 },
      },
    },
  })
  @ApiOkResponse({ type: WorkOrderEnrichmentDto })
  @ApiResponse({ status: 400, description: 'Validation failed; one detail per offending field.', type: ErrorResponseDto })
  @ApiResponse({ status: 413, description: 'Body larger than the configured limit.', type: ErrorResponseDto })
  @ApiResponse({ status: 415, description: 'Body is not application/json.', type: ErrorResponseDto })
  enrich(@CurrentClient() client: AuthenticatedClient, @Body() workOrder: EnrichWorkOrderDto): Promise<WorkOrderEnrichmentDto> {
    return this.workOrders.enrich(client, workOrder);
  }
}
