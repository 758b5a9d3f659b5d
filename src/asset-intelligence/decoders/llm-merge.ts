import type { AssetProfileDto, AssetSpecDto, MaintenanceTaskDto } from '../dto/asset-profile.dto';
import { SpecSource } from '../dto/asset-profile.dto';
import type { AssetKnowledge } from '../knowledge/knowledge.loader';
import { computeLifecycle } from './lifecycle';
import { repairVsReplace } from './repair-guidance';

/** Facts an LLM proposed about a unit; every field is optional and none is trusted over decoded data. */
export interface LlmAssetFacts {
  /** Equipment kind in words or as an id (e.g. "gas furnace", "ac-condenser"). */
  equipment_type?: string | null;
  /** Category (HVAC, water heating, appliance). */
  category?: string | null;
  /** Manufacturer (parent company). */
  manufacturer?: string | null;
  /** Year of manufacture the LLM estimated. */
  manufacture_year?: number | null;
  /** Month of manufacture the LLM estimated. */
  manufacture_month?: number | null;
  /** Specifications the LLM read or guessed. */
  specs?: Array<{ name: string; value: string; unit?: string | null }>;
  /** Problems the LLM associates with the unit. */
  common_issues?: string[];
  /** Maintenance the LLM recommends. */
  maintenance_schedule?: MaintenanceTaskDto[];
}

const RANK: Record<SpecSource, number> = { [SpecSource.Nameplate]: 4, [SpecSource.Decoded]: 3, [SpecSource.KnowledgeBase]: 2, [SpecSource.Llm]: 1 };

/** Merges spec lists: the better source wins on a name clash (nameplate > decoded > knowledge-base > llm); clashes are reported. */
export function mergeSpecs(base: AssetSpecDto[], incoming: AssetSpecDto[]): { specs: AssetSpecDto[]; conflicts: string[] } {
  const specs = base.map((s) => ({ ...s }));
  const conflicts: string[] = [];
  for (const spec of incoming) {
    const i = specs.findIndex((s) => s.name === spec.name);
    if (i === -1) {
      specs.push({ ...spec });
      continue;
    }
    const current = specs[i];
    if (sameValue(current.value, spec.value)) continue;
    const winner = RANK[spec.source] > RANK[current.source] ? spec : current;
    const loser = winner === spec ? current : spec;
    conflicts.push(
      `Spec conflict on ${spec.name}: kept ${winner.value}${winner.unit ? ` ${winner.unit}` : ''} (${winner.source}) over ${loser.value}${loser.unit ? ` ${loser.unit}` : ''} (${loser.source}).`,
    );
    specs[i] = { ...winner };
  }
  return { specs, conflicts };
}

function sameValue(a: string, b: string): boolean {
  const na = Number(a.replace(/[, ]/g, ''));
  const nb = Number(b.replace(/[, ]/g, ''));
  if (Number.isFinite(na) && Number.isFinite(nb)) return na === nb;
  return a.trim().toLowerCase() === b.trim().toLowerCase();
}

/** Adds LLM facts to a decoded profile without overriding decoded or knowledge-base facts; conflicts become warnings. */
export function mergeLlmFacts(knowledge: AssetKnowledge, profile: AssetProfileDto, facts: LlmAssetFacts, now: Date = new Date()): AssetProfileDto {
  const out: AssetProfileDto = structuredClone(profile);
  const warn = (text: string): void => void out.warnings.push(text);

  let typeChanged = false;
  const llmType = facts.equipment_type?.trim();
  const known = llmType
    ? [...knowledge.equipmentTypes.values()].find((t) => t.id === llmType.toLowerCase() || t.display.toLowerCase() === llmType.toLowerCase())
    : undefined;
  if (llmType && out.equipment_type === null) {
    out.equipment_type = known?.display ?? llmType;
    out.category ??= known?.category ?? facts.category ?? null;
    typeChanged = known !== undefined;
    warn(`Equipment type "${out.equipment_type}" comes from the LLM, not from the model number.`);
  } else if (llmType && out.equipment_type !== null && (known?.display ?? llmType).toLowerCase() !== out.equipment_type.toLowerCase()) {
    warn(`LLM suggested equipment type "${llmType}"; kept the decoded "${out.equipment_type}".`);
  }
  if (facts.category && out.category === null) out.category = facts.category;
  if (facts.manufacturer && out.manufacturer === null) out.manufacturer = facts.manufacturer;
  else if (facts.manufacturer && out.manufacturer && !out.manufacturer.toLowerCase().includes(facts.manufacturer.toLowerCase())) {
    warn(`LLM suggested manufacturer "${facts.manufacturer}"; kept "${out.manufacturer}".`);
  }

  let dateChanged = false;
  const year = facts.manufacture_year;
  if (typeof year === 'number' && Number.isInteger(year) && year > 1900 && year <= now.getUTCFullYear()) {
    if (out.manufacture_date.year === null) {
      const month = facts.manufacture_month && facts.manufacture_month >= 1 && facts.manufacture_month <= 12 ? facts.manufacture_month : null;
      out.manufacture_date = { year, month, week: null, confidence: 0.3, rule: 'LLM estimate (not decoded)', candidates: out.manufacture_date.candidates };
      dateChanged = true;
      warn(`Manufacture year ${year} is an LLM estimate, not a decoded date; confirm it on the plate.`);
    } else if (Math.abs(out.manufacture_date.year - year) > 1) {
      warn(`LLM suggested manufacture year ${year}; kept the decoded ${out.manufacture_date.year}.`);
    }
  }

  const { specs, conflicts } = mergeSpecs(
    out.specs,
    (facts.specs ?? []).map((s) => ({ name: s.name, value: s.value, unit: s.unit ?? null, source: SpecSource.Llm })),
  );
  out.specs = specs;
  conflicts.forEach(warn);
  const seenIssues = new Set(out.common_issues.map((i) => i.toLowerCase()));
  for (const issue of facts.common_issues ?? []) {
    if (seenIssues.has(issue.toLowerCase())) continue;
    seenIssues.add(issue.toLowerCase());
    out.common_issues.push(issue);
  }
  const seenTasks = new Set(out.maintenance_schedule.map((t) => t.task.toLowerCase()));
  for (const task of facts.maintenance_schedule ?? []) {
    if (seenTasks.has(task.task.toLowerCase())) continue;
    seenTasks.add(task.task.toLowerCase());
    out.maintenance_schedule.push({ ...task });
  }

  if (typeChanged || dateChanged) refreshLifecycle(knowledge, out, known?.id ?? typeIdOf(knowledge, out.equipment_type), now);
  return out;
}

function typeIdOf(knowledge: AssetKnowledge, display: string | null): string | null {
  if (!display) return null;
  return [...knowledge.equipmentTypes.values()].find((t) => t.display === display)?.id ?? null;
}

function refreshLifecycle(knowledge: AssetKnowledge, out: AssetProfileDto, typeId: string | null, now: Date): void {
  const life = computeLifecycle(knowledge, typeId, out.manufacture_date, now);
  out.age_years = life.ageYears;
  out.expected_lifespan = life.expectedLifespan;
  out.remaining_life_years = life.remainingLifeYears;
  out.lifecycle_stage = life.stage;
  out.warranty = life.warranty;
  if (typeId && out.common_issues.length === 0) out.common_issues = [...(knowledge.commonIssues.get(typeId) ?? [])];
  if (typeId && out.maintenance_schedule.length === 0) out.maintenance_schedule = (knowledge.maintenance.get(typeId) ?? []).map((t) => ({ ...t }));
  out.repair_vs_replace = repairVsReplace({
    equipmentTypeId: typeId,
    category: out.category,
    ageYears: life.ageYears,
    typicalYears: life.expectedLifespan?.typical_years ?? null,
    stage: life.stage,
    manufactureYear: out.manufacture_date.year,
    refrigerant: out.specs.find((s) => s.name === 'refrigerant' && s.source !== SpecSource.Llm)?.value ?? null,
    likelyCovered: life.warranty?.likely_covered ?? null,
  });
}
