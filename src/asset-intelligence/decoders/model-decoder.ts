import type { AssetKnowledge } from '../knowledge/knowledge.loader';
import type { GroupValue, ModelRule } from '../knowledge/knowledge.types';

/** A specification read from the model number. */
export interface DecodedSpec {
  /** Specification name (capacity_btuh, capacity_tons, input_btuh, tank_gallons, fuel, refrigerant...). */
  name: string;
  /** Value as text. */
  value: string;
  /** Unit of the value. */
  unit: string | null;
}

/** What a model number says about the unit. */
export interface ModelDecodeResult {
  /** Model as compared: upper case, without spaces, dashes, dots or slashes. */
  normalized: string;
  /** Rule that matched; null when none did. */
  ruleId: string | null;
  /** Human description of the matched rule. */
  label: string | null;
  /** Equipment type id, when the nomenclature names it. */
  equipmentType: string | null;
  /** Decoded specifications. */
  specs: DecodedSpec[];
  /** Years the model family was made, when known. */
  productionYears: { from: number; to: number | null; label: string } | null;
  /** The model names a product series only, not the unit (no capacity in it). */
  seriesOnly: boolean;
}

/** The model as compared: upper case, without spaces, dashes, dots, slashes or a trailing "#". */
export function normalizeModel(raw: string | null | undefined): string {
  return (raw ?? '').toUpperCase().replace(/[^A-Z0-9]+/g, '');
}

/** Decodes equipment type, capacity and other specs from a model number, using the brand's nomenclature rules. */
export function decodeModel(knowledge: AssetKnowledge, brandId: string | null, rawModel: string | null | undefined): ModelDecodeResult {
  const normalized = normalizeModel(rawModel);
  const empty: ModelDecodeResult = { normalized, ruleId: null, label: null, equipmentType: null, specs: [], productionYears: null, seriesOnly: false };
  if (!normalized || !brandId) return empty;
  for (const rule of knowledge.modelRulesByBrand.get(brandId) ?? []) {
    const match = rule.pattern.exec(normalized);
    if (!match) continue;
    const groups = match.groups ?? {};
    const equipmentType = readValue(rule.equipmentType, groups);
    if (!equipmentType) continue;
    return {
      normalized,
      ruleId: rule.id,
      label: rule.label,
      equipmentType,
      specs: readSpecs(rule, groups),
      productionYears: productionYears(rule, groups),
      seriesOnly: rule.seriesOnly,
    };
  }
  return empty;
}

function groupText(group: string, groups: Record<string, string | undefined>): string | undefined {
  for (const name of group.split('|')) if (groups[name] !== undefined) return groups[name];
  return undefined;
}

function readValue(v: GroupValue, groups: Record<string, string | undefined>): string | null {
  if (v.value !== null) return v.value;
  const text = groupText(v.group!, groups);
  if (text === undefined) return null;
  if (!v.map) return text || null;
  return v.map[text] ?? null;
}

function readSpecs(rule: ModelRule, groups: Record<string, string | undefined>): DecodedSpec[] {
  const specs: DecodedSpec[] = [];
  if (rule.capacity) {
    const text = groupText(rule.capacity.group, groups);
    const amount = text === undefined ? NaN : Number(text) * rule.capacity.scale;
    if (rule.capacity.kind === 'cooling' && amount >= 6000 && amount <= 180000 && amount % 3000 === 0) {
      specs.push({ name: 'capacity_btuh', value: String(amount), unit: 'BTU/h' }, { name: 'capacity_tons', value: formatNumber(amount / 12000), unit: 'tons' });
    } else if (rule.capacity.kind === 'room-cooling' && amount >= 5000 && amount <= 36000 && amount % 1000 === 0) {
      // Room and through-the-wall units come in thousands of BTU/h (5,000, 8,000, 15,000), never sold in tons.
      specs.push({ name: 'capacity_btuh', value: String(amount), unit: 'BTU/h' });
    } else if (rule.capacity.kind === 'heating-input' && amount >= 20000 && amount <= 500000) {
      specs.push({ name: 'input_btuh', value: String(amount), unit: 'BTU/h' });
    } else if (rule.capacity.kind === 'tank' && amount >= 2 && amount <= 120) {
      specs.push({ name: 'tank_gallons', value: String(amount), unit: 'gal' });
    }
  }
  for (const template of rule.specs) {
    const value = readValue(template, groups);
    // Numeric codes are reported as numbers: "06" years of warranty reads as "6".
    if (value) specs.push({ name: template.name, value: /^\d+$/.test(value) ? String(Number(value)) : value, unit: template.unit });
  }
  return specs;
}

function productionYears(rule: ModelRule, groups: Record<string, string | undefined>): ModelDecodeResult['productionYears'] {
  let window = rule.years;
  if (!window && rule.yearsByGroup) window = rule.yearsByGroup.map[groupText(rule.yearsByGroup.group, groups) ?? ''] ?? null;
  return window ? { from: window[0], to: window[1], label: rule.label } : null;
}

/** A number without trailing zeros (1.5, 3, 2.25). */
export function formatNumber(n: number): string {
  return String(Math.round(n * 100) / 100);
}
