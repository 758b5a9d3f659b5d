import { Inject, Injectable, Logger, Optional } from '@nestjs/common';
import { KnownAssetLookup } from '../../asset-intelligence';
import { KNOWLEDGE_BASE } from '../../knowledge/knowledge-base';
import type { KnowledgeBase } from '../../knowledge/knowledge.types';
import { detectSafetyFlags } from '../../knowledge/safety';
import { problemIdNamed, questionsToAsk } from '../../knowledge/tenant-questions';
import { LlmError, LlmErrorCode } from '../../llm/llm.errors';
import { MODULE_LLM } from '../../llm/llm.module';
import { LlmPort } from '../../llm/llm.port';
import type { EnrichWorkOrderDto } from '../dto/enrich-work-order.dto';
import type { DiagnosisDto } from '../dto/work-order-enrichment.dto';
import { KB_FIX_PREFIX } from '../fixes/knowledge-fix-normalizer';
import { isFinished, ticketCost } from '../fixes/previous-fixes';
import { uncountedScope } from '../../knowledge/pricing';
import { regionFromText } from '../../knowledge/region';
import { complaintText } from '../../knowledge/work-order-text';
import { withUrgencyFloor, urgencyInsights } from './caller-urgency';
import { fuelBoosts } from './fuel-hints';
import { triageUrgency } from '../../knowledge/triage/urgency-triage';
import { triageInsights, withTriage, withTriageReadings } from './triaged-diagnosis';
import type { HistoryInsight } from '../history/history.service';
import { DIAGNOSIS_SCHEMA, diagnosisSystemPrompt, diagnosisUserContent } from './diagnosis-llm.prompt';
import { CachedDiagnosis, createEnrichmentCache, EnrichmentCache, requestKey } from './enrichment-cache';
import { deterministicInsights, fixNamesOtherTradesJob, saysItRecurs } from './insights';
import { diagnoseOffline, FixHistory } from './knowledge-diagnosis';
import { findKnownAsset } from './known-asset';
import { historyChangedInsight, historyTradeEvidence, historyTradeOf, historyTradeWeights, plausibleProblems, vendorTypesOfVendor } from './history-trades';
import { insightsBeside, readSeveralProblems } from './several-problems';
import { LlmDiagnosisAnswer, sanitizeLlmDiagnoses } from './llm-diagnosis.sanitizer';
import { WORK_ORDER_SETTINGS, WorkOrderSettings } from '../work-order.options';

/** Where the diagnoses came from, sent as X-Diagnosis-Source. */
export type DiagnosisSource = 'knowledge-base' | string;

export interface DiagnosisOutcome {
  diagnoses: DiagnosisDto[];
  insights: string[];
  source: DiagnosisSource;
  /** Whether the model's answer came from the enrich cache; undefined when no model was asked. Sent as X-Diagnosis-Cache. */
  cache?: 'hit' | 'miss';
}

/** History of knowledge-base fixes among the similar tickets, by problem id. */
function kbFixHistory(history: HistoryInsight): Map<string, FixHistory> {
  const groups = new Map<string, { tickets: number; fixed: number; costs: number[] }>();
  for (const t of history.similar) {
    if (!isFinished(t) || !t.fixKey?.startsWith(KB_FIX_PREFIX)) continue;
    const id = t.fixKey.slice(KB_FIX_PREFIX.length);
    const g = groups.get(id) ?? { tickets: 0, fixed: 0, costs: [] };
    const cost = ticketCost(t);
    groups.set(id, { tickets: g.tickets + 1, fixed: g.fixed + (history.calledBack.has(t.id) ? 0 : 1), costs: cost === null ? g.costs : [...g.costs, cost] });
  }
  return new Map(
    [...groups].map(([id, g]) => [
      id,
      {
        tickets: g.tickets,
        percentFix: Math.round((1000 * g.fixed) / g.tickets) / 10,
        averageCost: g.costs.length ? Math.round((100 * g.costs.reduce((a, b) => a + b, 0)) / g.costs.length) / 100 : 0,
      },
    ]),
  );
}

function dedupe(insights: string[]): string[] {
  const seen = new Set<string>();
  return insights.filter((i) => {
    const key = i
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, ' ')
      .trim()
      .slice(0, 60);
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/**
 * Diagnoses a work order: the offline knowledge engine always runs (weighted by the caller's
 * history); with a model configured, one call grounded in those candidates and the history,
 * validated and repaired, cached for identical requests. A model failure falls back to the
 * knowledge engine and says so, or answers 502/503 when LLM_FAILURE_MODE=error.
 */
@Injectable()
export class DiagnosisService {
  private readonly logger = new Logger(DiagnosisService.name);
  private readonly cache?: EnrichmentCache<CachedDiagnosis>;

  constructor(
    @Inject(WORK_ORDER_SETTINGS) private readonly settings: WorkOrderSettings,
    @Inject(KNOWLEDGE_BASE) private readonly kb: KnowledgeBase,
    @Inject(MODULE_LLM) private readonly llm: LlmPort,
    @Optional() private readonly assets?: KnownAssetLookup,
  ) {
    const { cacheTtlSeconds, cache, redisUrl } = settings.diagnosis;
    // A TTL of 0 turns caching off, also with a host's own cache.
    this.cache = cacheTtlSeconds > 0 ? (cache ?? createEnrichmentCache<CachedDiagnosis>(cacheTtlSeconds * 1000, { redisUrl })) : undefined;
  }

  async diagnose(clientId: string, workOrder: EnrichWorkOrderDto, history: HistoryInsight, now = new Date()): Promise<DiagnosisOutcome> {
    // With several complaints, the most urgent leads and the others are named in the insights.
    const complaint = complaintText([workOrder.title, workOrder.issue_description].filter(Boolean).join('. '));
    const several = readSeveralProblems(this.kb, complaint, now);
    const text = several.text;
    // The urgency is the whole request's: a situation named in a part that leads no diagnosis still counts.
    const triage = triageUrgency(complaint, { now });
    // Hazards raise a severity and give advice only when the triage, which reads negation and
    // context the flags do not, finds the request urgent: a form's printed list of example
    // emergencies or a hazard ruled out does not make a routine request's diagnosis "high".
    const safetyFlags = triage.level === 'routine' ? [] : detectSafetyFlags(this.kb, text);
    const input = {
      text: withTriageReadings(text, triage),
      situations: new Set(triage.reasons.map((r) => r.category)),
      region: regionFromText(this.kb, workOrder.property_detail) ?? undefined,
      safetyFlags,
      history: kbFixHistory(history),
      boosts: fuelBoosts(this.kb, [workOrder.property_detail, workOrder.unit_detail]),
    };
    // Who the client's similar closed tickets went to is evidence for the trade (never another client's: history is per client).
    // The similar tickets were found for the whole request: when a later, more urgent complaint
    // leads the dispatch, they speak of the other complaints, so they do not choose its trade.
    const evidence = text === complaint ? historyTradeEvidence(this.kb, history.similar, plausibleProblems(this.kb, text)) : [];
    const fromText = diagnoseOffline(this.kb, { ...input, tradeWeights: historyTradeWeights(evidence), historyTrade: historyTradeOf(evidence) });
    const withoutHistory = evidence.length > 0 ? diagnoseOffline(this.kb, input)[0] : undefined;
    const historyNotes =
      withoutHistory && fromText[0] && withoutHistory.vendor !== fromText[0].vendor
        ? [historyChangedInsight(this.kb, evidence, withoutHistory.trade, fromText[0].trade)]
        : [];
    const triaged = withTriage(fromText, triage);
    const urgency = history.recorded.urgency_norm;
    const offline = withUrgencyFloor(triaged, urgency);
    const urgencyNotes = [...triageInsights(triage, complaint), ...urgencyInsights({ urgencyText: history.recorded.urgency, urgency, triage })];
    const leadProblem = offline[0] ? this.kb.problemById.get(problemIdNamed(this.kb, offline[0].diagnosis)) : undefined;
    const insights = deterministicInsights({
      now,
      safetyFlags,
      unitKey: history.recorded.unit_key,
      assetKey: history.recorded.asset_key,
      similar: history.similar,
      previousFixes: history.previousFixes,
      calledBack: history.calledBack,
      estimatedCost: workOrder.estimated_cost ?? null,
      averageCost: history.context.average_cost ?? null,
      asset: await findKnownAsset(this.assets, clientId, workOrder, now),
      triageCategories: new Set(triage.level === 'routine' ? [] : triage.reasons.map((r) => r.category)),
      leadVendorType: offline[0]?.vendor ?? null,
      leadTrade: offline[0]?.trade ?? null,
      vendorTypesOf: (vendor) => vendorTypesOfVendor(this.kb, vendor),
      fixNamesOtherJob: (fix, vendorType) => fixNamesOtherTradesJob(this.kb, fix, vendorType),
      uncountedScope: leadProblem ? uncountedScope(leadProblem, text) : null,
      requestSaysRecurring: saysItRecurs(complaint),
      // Who wrote the request, and what it already answers, are read in the whole request with its title:
      // a notice's "Repair defective ..." may stand in the clause its more urgent one leads without.
      dispatch:
        offline[0] && offline[0].severity !== 'emergency'
          ? { vendorType: offline[0].vendor, questions: questionsToAsk(this.kb, problemIdNamed(this.kb, offline[0].diagnosis), complaint) }
          : null,
    });
    // The further complaints are named beside the trade dispatched, which the words may have taken from a later complaint.
    insights.unshift(
      ...urgencyNotes,
      ...historyNotes,
      ...insightsBeside(
        this.kb,
        several,
        offline[0]?.trade,
        leadProblem?.id,
        input.situations,
        offline.map((d) => problemIdNamed(this.kb, d.diagnosis)),
      ),
    );
    if (!this.llm.enabled) return { diagnoses: offline, insights, source: 'knowledge-base' };

    const key = requestKey(clientId, workOrder);
    let answer = await this.cache?.get(key);
    const cacheState = answer ? 'hit' : 'miss';
    if (!answer) {
      try {
        answer = await this.askModel(workOrder, offline, history);
        await this.cache?.set(key, answer);
      } catch (e) {
        return this.modelFailed(e, offline, insights);
      }
    }
    if (answer.diagnoses.length === 0) return { diagnoses: offline, insights, source: 'knowledge-base', cache: cacheState };
    // Severities follow the triage and the caller's urgency, whatever the model said.
    const diagnoses = withUrgencyFloor(withTriage(answer.diagnoses, triage), urgency);
    return { diagnoses, insights: dedupe([...insights, ...answer.insights]), source: this.llm.provider, cache: cacheState };
  }

  private async askModel(workOrder: EnrichWorkOrderDto, offline: DiagnosisDto[], history: HistoryInsight) {
    const result = await this.llm.generateStructured<LlmDiagnosisAnswer>({
      systemPrompt: diagnosisSystemPrompt(this.kb.trades.map((t) => t.id)),
      userContent: diagnosisUserContent({ ...workOrder }, offline, history.previousFixes),
      schema: DIAGNOSIS_SCHEMA,
      schemaName: 'work_order_diagnosis',
    });
    const sanitized = sanitizeLlmDiagnoses(this.kb, result.data, offline[0]?.trade ?? 'general-handyman');
    if (sanitized.repaired > 0) this.logger.warn(`Recomputed the pricing of ${sanitized.repaired} model diagnosis(es) that did not add up`);
    return { diagnoses: sanitized.diagnoses, insights: sanitized.insights };
  }

  private modelFailed(e: unknown, offline: DiagnosisDto[], insights: string[]): DiagnosisOutcome {
    const error = e instanceof LlmError ? e : new LlmError(LlmErrorCode.Upstream, (e as Error)?.message ?? String(e));
    this.logger.warn(`Diagnosis by ${this.llm.provider} failed (${error.code}): ${error.message}`);
    if (this.settings.diagnosis.llmFailureMode === 'error') {
      // The same code, with a message for the client (the error filter picks status and Retry-After).
      throw new LlmError(error.code, `The ${this.llm.provider} diagnosis service failed (${error.code})`, error.status, { cause: error });
    }
    return {
      diagnoses: offline,
      insights: [
        ...insights,
        `The AI diagnosis service (${this.llm.provider}) was unavailable, so these diagnoses come from the offline maintenance knowledge base.`,
      ],
      source: 'knowledge-base',
    };
  }
}
