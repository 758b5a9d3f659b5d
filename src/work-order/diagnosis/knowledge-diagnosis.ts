import { costScoreFor, dollarsToCents, estimatePrice } from '../../knowledge/pricing';
import type { KnowledgeBase, Problem, SafetyFlag } from '../../knowledge/knowledge.types';
import { matchProblems } from '../../knowledge/symptom-matcher';
import { CostScore, DiagnosisDto, Severity } from '../dto/work-order-enrichment.dto';

export const MAX_DIAGNOSES = 3;
/** Candidates below this likelihood are noise (an AC coil for a running toilet) unless nothing better exists. */
const MIN_LIKELIHOOD = 0.02;

/** What history says about one knowledge-base fix: how often it solved similar tickets and what it cost. */
export interface FixHistory {
  /** Similar past tickets fixed this way. */
  tickets: number;
  /** Share of them that stayed fixed, 0-100. */
  percentFix: number;
  /** Mean cost of those with a cost, USD; 0 when none had one. */
  averageCost: number;
}

export interface OfflineDiagnosisInput {
  /** Title and description of the work order. */
  text: string;
  /** State code, state name or ZIP for labor rates. */
  region?: string;
  /** Hazards found in the text. */
  safetyFlags: readonly SafetyFlag[];
  /** History of knowledge-base fixes among similar past tickets, by problem id. */
  history: ReadonlyMap<string, FixHistory>;
  /** Extra weights by problem id (the fuels property_detail and unit_detail name). */
  boosts?: ReadonlyMap<string, number>;
}

/**
 * Weight a problem gains from history: up to ×1.6 when its fix solved many similar tickets and
 * stayed fixed. Retrieval still decides; history tips close calls toward what worked here before.
 */
export function historyBoost(h: FixHistory): number {
  return 1 + Math.min(0.6, 0.15 * Math.log2(1 + h.tickets) * (0.5 + h.percentFix / 200));
}

function escalated(problem: Problem, flags: readonly SafetyFlag[]): Severity {
  if (problem.severity === 'emergency') return Severity.Emergency;
  const sharesHazard = problem.safety_flags.some((f) => flags.includes(f));
  return sharesHazard ? Severity.Emergency : (problem.severity as Severity);
}

/** "Your 7 similar tickets with this fix averaged $142.50, 16% below this estimate." */
export function historyNote(h: FixHistory | undefined, estimate: number): string {
  if (!h || h.tickets === 0) return '';
  const stayed = `${h.percentFix}% stayed fixed`;
  if (h.averageCost <= 0) return ` Your history: ${h.tickets} similar ticket(s) fixed this way, ${stayed}.`;
  const diff = Math.round(((h.averageCost - estimate) / estimate) * 100);
  const relation = Math.abs(diff) < 5 ? 'in line with this estimate' : `${Math.abs(diff)}% ${diff > 0 ? 'above' : 'below'} this estimate`;
  return ` Your history: ${h.tickets} similar ticket(s) fixed this way averaged $${h.averageCost.toFixed(2)}, ${relation}; ${stayed}.`;
}

/** A part as the specification's `parts` list shows it: "Toilet flapper, universal 2-inch ($12.00)". */
export function partLabel(part: { name: string; price: string }): string {
  return `${part.name} (${part.price})`;
}

/** The readable vendor type of a trade id ("plumbing" → "Plumber"). */
export function vendorTypeOf(kb: KnowledgeBase, trade: string): string {
  return kb.tradeById.get(trade)?.vendor_type ?? kb.tradeById.get('general-handyman')?.vendor_type ?? 'Handyman';
}

/** A knowledge-base problem as a priced diagnosis. */
export function toDiagnosis(kb: KnowledgeBase, problem: Problem, likelihood: number, input: OfflineDiagnosisInput): DiagnosisDto {
  const price = estimatePrice(kb, problem, input.region);
  return {
    diagnosis: problem.name,
    assessment: problem.assessment + historyNote(input.history.get(problem.id), price.total),
    likelihood: Math.round(likelihood * 1000) / 1000,
    vendor: vendorTypeOf(kb, problem.trade),
    trade: problem.trade,
    severity: escalated(problem, input.safetyFlags),
    resolution_steps: [...problem.resolution_steps],
    cost_score: costScoreFor(dollarsToCents(price.total)) as CostScore,
    parts: price.parts.map(partLabel),
    parts_detail: price.parts.map((p) => ({ name: p.name, price: p.price })),
    asset_specs: [...problem.asset_specs],
    pricing: { ...price.pricing },
  };
}

/** The three most likely problems from the knowledge base, weighted by the caller's history. */
export function diagnoseOffline(kb: KnowledgeBase, input: OfflineDiagnosisInput): DiagnosisDto[] {
  const boosts = new Map([...input.history].map(([id, h]) => [id, historyBoost(h)]));
  for (const [id, weight] of input.boosts ?? []) boosts.set(id, (boosts.get(id) ?? 1) * weight);
  return matchProblems(kb, input.text, { limit: MAX_DIAGNOSES, boosts })
    .filter((m, i) => m.likelihood > 0 && (i === 0 || m.likelihood >= MIN_LIKELIHOOD))
    .map((m) => toDiagnosis(kb, m.problem, m.likelihood, input));
}
