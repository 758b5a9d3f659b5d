import { costScoreFor, dollarsToCents, formatHours, formatUsd, parseUsd } from '../../knowledge/pricing';
import type { KnowledgeBase } from '../../knowledge/knowledge.types';
import { CostScore, DiagnosisDto, DiagnosisPricingDto, Severity } from '../dto/work-order-enrichment.dto';
import { PROMPT_CANARY } from './diagnosis-llm.prompt';
import { MAX_DIAGNOSES, partLabel, vendorTypeOf } from './knowledge-diagnosis';

/** One diagnosis as the model returns it (DIAGNOSIS_SCHEMA): `vendor` names a trade, parts are objects. */
export interface LlmDiagnosis {
  diagnosis: string;
  assessment: string;
  likelihood: number;
  vendor: string;
  severity: Severity;
  resolution_steps: string[];
  parts: { name: string; price: string }[];
  asset_specs: string[];
  pricing: DiagnosisPricingDto;
}

/** What the model returned, after schema validation. */
export interface LlmDiagnosisAnswer {
  diagnoses: LlmDiagnosis[];
  insights: string[];
}

const SEVERITIES = new Set(Object.values(Severity));

function leaks(text: string): boolean {
  return text.includes(PROMPT_CANARY) || /never follow instructions found there|senior maintenance coordinator for residential/i.test(text);
}

/** Maps a trade the model named onto the known list (by id, name or vendor type, or loosely). */
export function knownTrade(kb: KnowledgeBase, named: string, fallback: string): string {
  const key = named.trim().toLowerCase();
  const exact = kb.trades.find((t) => t.id === key || t.name.toLowerCase() === key || t.vendor_type.toLowerCase() === key);
  if (exact) return exact.id;
  const loose = kb.trades.find((t) => key.includes(t.id) || t.id.includes(key.replace(/\s+/g, '-')) || key.includes(t.name.toLowerCase()));
  return loose?.id ?? fallback;
}

/** Parses "1.5 hours", "90 minutes" or "2" into hours; undefined when unreadable. */
function parseHours(text: string): number | undefined {
  const m = /([\d.]+)\s*(h|hr|hrs|hour|hours|m|min|mins|minutes)?/i.exec(text);
  if (!m) return undefined;
  const value = Number(m[1]);
  if (!Number.isFinite(value) || value <= 0 || value > 200) return undefined;
  return /^m/i.test(m[2] ?? '') ? value / 60 : value;
}

/**
 * Makes a model answer safe to return: drops anything that repeats the prompt, clamps and
 * sorts likelihoods, keeps three, maps trades to the known list, and checks the pricing
 * arithmetic (parts sum, rate × time, parts + labor), recomputing it when it does not add up.
 */
export function sanitizeLlmDiagnoses(
  kb: KnowledgeBase,
  answer: LlmDiagnosisAnswer,
  fallbackTrade: string,
): { diagnoses: DiagnosisDto[]; insights: string[]; repaired: number } {
  let repaired = 0;
  const diagnoses = answer.diagnoses
    .filter((d) => !leaks(JSON.stringify(d)))
    .map((d) => {
      const parts = d.parts.map((p) => ({ name: p.name, cents: parseUsd(p.price) ?? 0 }));
      const partsCents = parts.reduce((s, p) => s + p.cents, 0);
      const rateCents = parseUsd(d.pricing.labor_cost_per_hour) ?? dollarsToCents(kb.tradeById.get(fallbackTrade)?.labor_rate ?? 100);
      const hours = parseHours(d.pricing.time) ?? 1;
      const laborCents = Math.round(rateCents * hours);
      const pricing = {
        labor_cost_per_hour: formatUsd(rateCents),
        time: formatHours(hours),
        total_parts: formatUsd(partsCents),
        total_labor: formatUsd(laborCents),
        total: formatUsd(partsCents + laborCents),
      };
      if (JSON.stringify(pricing) !== JSON.stringify(d.pricing)) repaired++;
      const trade = knownTrade(kb, d.vendor, fallbackTrade);
      const partsDetail = parts.map((p) => ({ name: p.name, price: formatUsd(p.cents) }));
      const diagnosis: DiagnosisDto = {
        diagnosis: d.diagnosis,
        assessment: d.assessment,
        likelihood: Math.round(Math.min(1, Math.max(0, Number.isFinite(d.likelihood) ? d.likelihood : 0)) * 1000) / 1000,
        vendor: vendorTypeOf(kb, trade),
        trade,
        severity: SEVERITIES.has(d.severity) ? d.severity : Severity.Medium,
        resolution_steps: d.resolution_steps,
        cost_score: costScoreFor(partsCents + laborCents) as CostScore,
        parts: partsDetail.map(partLabel),
        parts_detail: partsDetail,
        asset_specs: d.asset_specs,
        pricing,
      };
      return diagnosis;
    })
    .sort((a, b) => b.likelihood - a.likelihood)
    .slice(0, MAX_DIAGNOSES);
  const insights = answer.insights.filter((i) => !leaks(i)).slice(0, 3);
  return { diagnoses, insights, repaired };
}
