import { Injectable } from '@nestjs/common';
import type { AuthenticatedClient } from '../auth/api-token.service';
import { EnrichWorkOrderDto } from './dto/enrich-work-order.dto';
import { WorkOrderEnrichmentDto } from './dto/work-order-enrichment.dto';
import { HistoryService } from './history/history.service';

@Injectable()
export class WorkOrderService {
  constructor(private readonly history: HistoryService) {}

  /**
   * Enriches a work order for the calling client from its own history. Diagnoses and insights
   * come from the diagnosis engine, which is not part of this build yet: those lists stay empty.
   */
  async enrich(client: AuthenticatedClient, workOrder: EnrichWorkOrderDto): Promise<WorkOrderEnrichmentDto> {
    const history = await this.history.analyze(client.clientId, workOrder);
    return {
      top_5_previous_fixes: history.previousFixes,
      top_3_diagnosis: [],
      manual_insights: [],
      context: history.context,
    };
  }
}
