import { Injectable } from '@nestjs/common';
import type { AuthenticatedClient } from '../auth/api-token.service';
import { serviceMetrics } from '../metrics/service-metrics';
import { DiagnosisService, DiagnosisSource } from './diagnosis/diagnosis.service';
import { EnrichWorkOrderDto } from './dto/enrich-work-order.dto';
import { WorkOrderEnrichmentDto } from './dto/work-order-enrichment.dto';
import { HistoryService } from './history/history.service';

@Injectable()
export class WorkOrderService {
  constructor(
    private readonly history: HistoryService,
    private readonly diagnosis: DiagnosisService,
  ) {}

  /** Enriches a work order from the caller's own history and the diagnosis engines. */
  async enrich(
    client: AuthenticatedClient,
    workOrder: EnrichWorkOrderDto,
  ): Promise<{ body: WorkOrderEnrichmentDto; source: DiagnosisSource; cache?: 'hit' | 'miss'; retrievalPath: string }> {
    const history = await this.history.analyze(client.clientId, workOrder);
    const diagnosis = await this.diagnosis.diagnose(client.clientId, workOrder, history);
    serviceMetrics.diagnoses.inc({ source: diagnosis.source });
    return {
      body: {
        top_5_previous_fixes: history.previousFixes,
        top_3_diagnosis: diagnosis.diagnoses,
        manual_insights: diagnosis.insights,
        context: history.context,
      },
      source: diagnosis.source,
      cache: diagnosis.cache,
      retrievalPath: history.retrievalPath,
    };
  }
}
