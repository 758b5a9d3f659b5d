import { Inject, Injectable } from '@nestjs/common';
import type { EnrichWorkOrderDto } from '../dto/enrich-work-order.dto';
import type { EnrichmentContextDto, PreviousFixDto } from '../dto/work-order-enrichment.dto';
import { CallbackRepository } from '../fixes/callback.repository';
import { FixFrequencyRepository } from '../fixes/fix-frequency.repository';
import type { PartCounts } from '../fixes/previous-fixes';
import { FixNormalizer } from '../fixes/fix-normalizer';
import { FixQuery, FixRelevance } from '../fixes/fix-relevance';
import { countParts, isPreviousFix, mayBeShown, partLikelihood, rankPreviousFixes, sumPartCounts, summarizeContext } from '../fixes/previous-fixes';
import { keyTerms } from '../retrieval/query-terms';
import { CONTEXT_LIMIT, SimilarityQuery, SimilarWorkOrder, SimilarWorkOrdersService } from '../retrieval/similar-work-orders.service';
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
  /** Ids (not work_order_ids) of the fixed tickets that were called back, among those whose fix may be shown and those in `similar`. */
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
    private readonly fixCounts: FixFrequencyRepository,
  ) {}

  /**
   * Retrieves similar past tickets, ranks their fixes and summarizes them, then records the
   * incoming work order in the client's history (after retrieval, so it never matches itself).
   */
  async analyze(clientId: string, workOrder: EnrichWorkOrderDto, now = new Date()): Promise<HistoryInsight> {
    const recorded = toHistoryRow(workOrder, this.fixes, this.classifier);
    // The history is searched and its fixes judged by the complaint, without what the requester makes
    // do with meanwhile ("tenant using the oven to heat the apartment" is about the heat) nor what
    // they say works ("but the bathroom is fine" is not about the bathroom's faucet).
    const written = [workOrder.title, workOrder.issue_description].filter(Boolean).join('. ');
    const text = this.relevance.withoutWhatWorks(this.relevance.withoutStopgaps(written));
    const problems = this.classifier.candidates(text);
    const similarityQuery: SimilarityQuery = {
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
    };
    const { tickets: found, path: retrievalPath } = await this.similarWorkOrders.search(similarityQuery);
    const query = this.relevance.query(text, problems, found);
    const similar = this.aboutTheSameThing(found.slice(0, CONTEXT_LIMIT), this.classifier.readAs(text), query);
    // A request that names a part ("replace the belt on AHU-2") also gets the client's fixes of that
    // part filed under other problems, which retrieval by problem and words does not reach. The
    // client's counts say which fix keys work on the part.
    const namedParts = this.relevance.namedParts(query);
    const partCounts = found.some(isPreviousFix) || namedParts.length > 0 ? await this.fixCounts.partCounts(clientId) : null;
    const partKeys = namedParts.flatMap((part) => partCounts?.keysByPart.get(part) ?? []);
    // Only tickets of a trade the request may be for: a fridge's thermostat is no room thermostat,
    // though both notes say "replaced thermostat".
    const requestTrades = new Set(problems.map((p) => p.trade));
    const onParts = (await this.similarWorkOrders.fixedOnParts(similarityQuery, partKeys, new Set(found.map((t) => t.id)))).filter(
      (t) => t.problemTrade === null || requestTrades.has(t.problemTrade),
    );
    // Fixes are judged on everything retrieved: a fix on a part the request names counts even when
    // its ticket was filed under another problem or trade (FixRelevance leaves out the rest).
    const retrieved = [...found, ...onParts];
    const fixTickets = retrieved.filter(isPreviousFix);
    const match = new Map(fixTickets.map((t) => [t.id, this.relevance.match(t, query)]));
    const closeness = new Map(fixTickets.map((t) => [t.id, this.relevance.closeness(t, query)]));
    // Whether a ticket was called back only counts for fixes that may be shown and for the
    // context's tickets; checking just those keeps the callback statement to a few dozen tickets.
    const inContext = new Set(similar.map((t) => t.id));
    const checked = fixTickets.filter((t) => inContext.has(t.id) || mayBeShown(match.get(t.id)!, closeness.get(t.id)!));
    const calledBack = await this.callbacks.calledBack(clientId, checked, keyTerms(text), this.settings.callbackWindowDays);
    const partsByTrade = partCounts?.byTrade ?? new Map<string, PartCounts>();
    await this.repository.upsertBatch(clientId, [recorded]);
    // Each fix counts for the one part it works on, so the fixes shown first cover different parts.
    const objectOf = (fixKey: string) => [this.relevance.partStem(fixKey)].filter((s): s is string => s !== undefined);
    // Which parts such requests usually need: the retrieved fixed tickets (the closer, the more they
    // count), the client's fixes of the request's plausible trades (all trades when none), and its
    // fixes of past requests naming the same kind of equipment as this one, when it names one.
    const trades = problems.length > 0 ? new Set(problems.map((p) => p.trade)) : new Set(partsByTrade.keys());
    const likelihood = partLikelihood(
      countParts(
        fixTickets,
        (t) => t.fixKey!,
        objectOf,
        (t) => t.similarity,
      ),
      sumPartCounts([...trades].flatMap((trade) => partsByTrade.get(trade) ?? [])),
      sumPartCounts(query.equipment.flatMap((kind) => partCounts?.byEquipment.get(kind) ?? [])),
    );
    // Repairs the requester says they already did ("changed the bulb already"), by verb and part, so
    // every wording of that repair counts ("Replaced bulbs", "Reset tripped breaker" for "reset the breaker").
    const tried = new Set(
      this.relevance
        .triedClauses(text)
        .map((clause) => this.fixes.normalize(clause)?.key)
        .map((key) => (key === undefined ? undefined : this.relevance.repairOf(key)))
        .filter((repair): repair is string => repair !== undefined),
    );
    const previousFixes = rankPreviousFixes(
      retrieved,
      calledBack,
      (t) => match.get(t.id) ?? 0,
      (t) => closeness.get(t.id) ?? 0,
      {
        objectOf,
        likelihood,
        textFormOf: (fixKey) => this.relevance.textFormOf(fixKey),
        countedForm: (textKey) => this.relevance.countedForm(textKey),
        countedName: (label, fixKey) => this.relevance.countedName(label, fixKey),
        leavesOutWords: (textKey) => this.relevance.leavesOutWords(textKey),
        tried: (fixKey) => tried.has(this.relevance.repairOf(fixKey) ?? ''),
        named: (fixKey) => this.relevance.namesPartOf(fixKey, query),
      },
    );
    return { recorded, problems, similar, calledBack, previousFixes, context: summarizeContext(similar), retrievalPath };
  }

  /**
   * Keeps the similar tickets about the problems the incoming work order is read as, or their trades,
   * so context, averages and insights never come from tickets that merely share words; of those, the
   * ones about another machine or fixture than the request's are left out too
   * (`FixRelevance.aboutAnotherThing`: a sliding door's rollers are no garage door opener's, however
   * many words and which trade they share). Tickets stored before classification are classified
   * here. When the incoming text reads as no known problem, text similarity alone decides.
   */
  private aboutTheSameThing(found: SimilarWorkOrder[], problems: TicketProblem[], query: FixQuery): SimilarWorkOrder[] {
    if (problems.length === 0) return found;
    const ids = new Set(problems.map((p) => p.problemId));
    const trades = new Set(problems.map((p) => p.trade));
    const readAs = problems.map((p) => p.problemId);
    return found.filter((t) => {
      const problem = t.problemId
        ? { problemId: t.problemId, trade: t.problemTrade ?? '' }
        : this.classifier.classify([t.title, t.issueDescription].filter(Boolean).join('. '), t.fixKey);
      return (
        problem !== null &&
        (ids.has(problem.problemId) || trades.has(problem.trade)) &&
        !this.relevance.aboutAnotherThing({ ...t, problemId: problem.problemId }, query, readAs)
      );
    });
  }
}
