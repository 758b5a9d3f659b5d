import { Inject, Injectable } from '@nestjs/common';
import type { EnrichWorkOrderDto } from '../dto/enrich-work-order.dto';
import type { EnrichmentContextDto, PreviousFixDto } from '../dto/work-order-enrichment.dto';
import { CallbackRepository } from '../fixes/callback.repository';
import { FixNormalizer } from '../fixes/fix-normalizer';
import { FixRelevance } from '../fixes/fix-relevance';
import { isPreviousFix, rankPreviousFixes, summarizeContext } from '../fixes/previous-fixes';
import { keyTerms } from '../retrieval/query-terms';
import { CONTEXT_LIMIT, SimilarWorkOrder, SimilarWorkOrdersService } from '../retrieval/similar-work-orders.service';
import { HistoryRow, toHistoryRow } from './history-row';
import { HistoryRepository } from './history.repository';
import { ProblemClassifier, TicketProblem } from './problem-classifier';
import { WORK_ORDER_SETTINGS, WorkOrderSettings } from '../work-order.options';

/** What the caller's own history says about an incoming work order. */
export interface HistoryInsight {
  /** The incoming work order as recorded. */
  recorded: HistoryRow;
  /** Plausible knowledge-base problems of the incoming work order. */
  problems: TicketProblem[];
  /** Similar past tickets about those problems or their trades. */
  similar: SimilarWorkOrder[];
  /** Ids (not work_order_ids) of retrieved fixed tickets that were called back. */
  calledBack: ReadonlySet<string>;
  previousFixes: PreviousFixDto[];
  context: EnrichmentContextDto;
  /** The statements the similar-ticket search ran (SimilarSearch.path). */
  retrievalPath: string;
}

@Injectable()
export class HistoryService {
  constructor(
    @Inject(WORK_ORDER_SETTINGS) private readonly settings: WorkOrderSettings,
    private readonly similarWorkOrders: SimilarWorkOrdersService,
    private readonly callbacks: CallbackRepository,
    private readonly repository: HistoryRepository,
    private readonly fixes: FixNormalizer,
    private readonly classifier: ProblemClassifier,
    private readonly relevance: FixRelevance,
  ) {}

  /**
   * Retrieves similar past tickets, ranks their fixes and summarizes them, then records the
   * incoming work order in the client's history (after retrieval, so it never matches itself).
   */
  async analyze(clientId: string, workOrder: EnrichWorkOrderDto, now = new Date()): Promise<HistoryInsight> {
    const recorded = toHistoryRow(workOrder, this.fixes, this.classifier);
    const text = [workOrder.title, workOrder.issue_description].filter(Boolean).join('. ');
    const problems = this.classifier.candidates(text);
    const { tickets: found, path: retrievalPath } = await this.similarWorkOrders.search({
      clientId,
      text,
      unitKey: recorded.unit_key,
      assetKey: recorded.asset_key,
      propertyKey: recorded.property_key,
      locationKey: recorded.location_key,
      customerKey: recorded.customer_key,
      problemIds: problems.map((p) => p.problemId),
      excludeWorkOrderId: recorded.work_order_id,
      now,
    });
    const similar = this.aboutTheSameProblem(found.slice(0, CONTEXT_LIMIT), problems);
    // Fixes are judged on everything retrieved: a fix on a part the request names counts even when
    // its ticket was filed under another problem or trade (FixRelevance leaves out the rest).
    const fixTickets = found.filter(isPreviousFix);
    const calledBack = await this.callbacks.calledBack(clientId, fixTickets, keyTerms(text), this.settings.callbackWindowDays);
    await this.repository.upsertBatch(clientId, [recorded]);
    const query = this.relevance.query(text, problems, found);
    const previousFixes = rankPreviousFixes(
      found,
      calledBack,
      (t) => this.relevance.match(t, query),
      (t) => this.relevance.closeness(t, query),
    );
    return { recorded, problems, similar, calledBack, previousFixes, context: summarizeContext(similar), retrievalPath };
  }

  /**
   * Keeps the similar tickets about the incoming work order's plausible problems or their trades,
   * so fixes, averages and insights never come from tickets that merely share words. Tickets
   * stored before classification are classified here. When the incoming text reads as no known
   * problem, text similarity alone decides.
   */
  private aboutTheSameProblem(found: SimilarWorkOrder[], problems: TicketProblem[]): SimilarWorkOrder[] {
    if (problems.length === 0) return found;
    const ids = new Set(problems.map((p) => p.problemId));
    const trades = new Set(problems.map((p) => p.trade));
    return found.filter((t) => {
      const problem = t.problemId
        ? { problemId: t.problemId, trade: t.problemTrade ?? '' }
        : this.classifier.classify([t.title, t.issueDescription].filter(Boolean).join('. '), t.fixKey);
      return problem !== null && (ids.has(problem.problemId) || trades.has(problem.trade));
    });
  }
}
