import { Injectable } from '@nestjs/common';
import type { AuthenticatedClient } from '../auth/api-token.service';
import { EnrichWorkOrderDto } from './dto/enrich-work-order.dto';
import { WorkOrderEnrichmentDto } from './dto/work-order-enrichment.dto';

@Injectable()
export class WorkOrderService {
  /**
   * Enriches a work order for the calling client. History retrieval and diagnosis arrive in
   * their own modules; until then the answer is the well-formed, empty shape.
   */
  async enrich(_client: AuthenticatedClient, _workOrder: EnrichWorkOrderDto): Promise<WorkOrderEnrichmentDto> {
    return {
      top_5_previous_fixes: [],
      top_3_diagnosis: [],
      manual_insights: [],
      context: { relevant_work_orders: [], average_close_time: 0, average_cost: 0 },
    };
  }
}
