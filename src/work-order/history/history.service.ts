import { Inject, Injectable } from '@nestjs/common';
import type { EnrichWorkOrderDto } from '../dto/enrich-work-order.dto';
import type { EnrichmentContextDto, PreviousFixDto } from '../dto/work-order-enrichment.dto';
import { CallbackRepository } from '../fixes/callback.repository';
import { FixNormalizer } from '../fixes/fix-normalizer';
import { isPreviousFix, rankPreviousFixes, summarizeContext } from '../fixes/previous-fixes';
import { keyTerms } from '../retrieval/query-terms';
import { SimilarWorkOrder, SimilarWorkOrdersService } from '../retrieval/similar-work-orders.service';
import { HistoryRow, toHistoryRow } from './history-row';
import { HistoryRepository } from './history.repository';
import { WORK_ORDER_SETTINGS, WorkOrderSettings } from '../work-order.options';

/** What the caller's own history says about an incoming work order. */
export interface HistoryInsight {
  /** The incoming work order as recorded. */
  recorded: HistoryRow;
  similar: SimilarWorkOrder[];
  /** Ids (not work_order_ids) of similar fixed tickets that were called back. */
  calledBack: ReadonlySet<string>;
  previousFixes: PreviousFixDto[];
  context: EnrichmentContextDto;
}

@Injectable()
export class HistoryService {
  constructor(
    @Inject(WORK_ORDER_SETTINGS) private readonly settings: WorkOrderSettings,
    private readonly similarWorkOrders: SimilarWorkOrdersService,
    private readonly callbacks: CallbackRepository,
    private readonly repository: HistoryRepository,
    private readonly fixes: FixNormalizer,
  ) {}

  /**
   * Retrieves similar past tickets, ranks their fixes and summarizes them, then records the
   * incoming work order in the client's history (after retrieval, so it never matches itself).
   */
  async analyze(clientId: string, workOrder: EnrichWorkOrderDto, now = new Date()): Promise<HistoryInsight> {
    const recorded = toHistoryRow(workOrder, this.fixes);
    const text = [workOrder.title, workOrder.issue_description].filter(Boolean).join('. ');
    const similar = await this.similarWorkOrders.find({
      clientId,
      text,
      unitKey: recorded.unit_key,
      assetKey: recorded.asset_key,
      propertyKey: recorded.property_key,
      locationKey: recorded.location_key,
      customerKey: recorded.customer_key,
      excludeWorkOrderId: recorded.work_order_id,
      now,
    });
    const fixTickets = similar.filter(isPreviousFix).map((t) => t.id);
    const calledBack = await this.callbacks.calledBack(clientId, fixTickets, keyTerms(text), this.settings.callbackWindowDays);
    await this.repository.upsertBatch(clientId, [recorded]);
    return { recorded, similar, calledBack, previousFixes: rankPreviousFixes(similar, calledBack), context: summarizeContext(similar) };
  }
}
