import type { KnowledgeBase } from '../../src/knowledge/knowledge.types';
import type { LlmPort } from '../../src/llm/llm.port';
import type { EnrichWorkOrderDto } from '../../src/work-order/dto/enrich-work-order.dto';
import type { DiagnosisDto } from '../../src/work-order/dto/work-order-enrichment.dto';
import { DiagnosisService } from '../../src/work-order/diagnosis/diagnosis.service';
import type { HistoryInsight } from '../../src/work-order/history/history.service';
import type { HistoryRow } from '../../src/work-order/history/history-row';
import { normalizeUrgency } from '../../src/work-order/history/work-order-fields';
import { WORK_ORDER_DEFAULTS } from '../../src/work-order/work-order.options';

/** No model configured: the diagnosis service answers from the offline knowledge engine only. */
const NO_MODEL = { provider: 'offline', enabled: false, generateStructured: () => Promise.reject(new Error('no model')) } as unknown as LlmPort;

/**
 * The diagnoses and insights of `POST /work-order/enrich` for a client without history, as the
 * diagnosis service builds them (triage, the caller's urgency, several complaints, questions to ask,
 * estimates), without a database.
 */
export function offlineEnrichment(
  kb: KnowledgeBase,
  now: Date,
): (w: Partial<EnrichWorkOrderDto>) => Promise<{ diagnoses: DiagnosisDto[]; insights: string[] }> {
  const service = new DiagnosisService({ ...WORK_ORDER_DEFAULTS, diagnosis: { ...WORK_ORDER_DEFAULTS.diagnosis, cacheTtlSeconds: 0 } }, kb, NO_MODEL);
  return async (w) => {
    const recorded = { urgency: w.urgency ?? null, urgency_norm: normalizeUrgency(w.urgency), unit_key: null, asset_key: null } as unknown as HistoryRow;
    const history: HistoryInsight = {
      recorded,
      problems: [],
      similar: [],
      calledBack: new Set(),
      previousFixes: [],
      context: { relevant_work_orders: [] },
      retrievalPath: '',
    };
    const { diagnoses, insights } = await service.diagnose('client', { issue_description: '', ...w } as EnrichWorkOrderDto, history, now);
    return { diagnoses, insights };
  };
}
