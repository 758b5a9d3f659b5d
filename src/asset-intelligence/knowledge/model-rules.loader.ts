import { dataError, KnowledgeDataError, pointer, validateDataFile } from '../../knowledge/data-validation';
import { MODEL_RULES_SCHEMA } from './knowledge.schemas';
import type { GroupValue, ModelRule, SpecTemplate } from './knowledge.types';

type YearWindow = [number, number | null];

interface RawRule {
  id: string;
  brands: string[];
  pattern: string;
  label: string;
  equipment_type: string | { group: string; map?: Record<string, string> };
  capacity?: { group: string; kind: 'cooling' | 'room-cooling' | 'heating-input' | 'tank'; scale: number } | null;
  specs?: Array<{ name: string; value?: string; group?: string; map?: Record<string, string>; unit?: string }>;
  years?: YearWindow;
  years_by_group?: { group: string; map: Record<string, YearWindow> };
  series_only?: boolean;
}

interface RawPrefixRule {
  id: string;
  brands: string[];
  optional_leading?: string;
  types: Record<string, string[]>;
}

/** A model rule with where it came from, so cross-checks can name the file and entry. */
export interface LocatedRule {
  rule: ModelRule;
  file: string;
  root: unknown;
  path: string;
}

/** Model rules of one model-rules.*.json file: regex `rules` first, then `prefix_rules` expanded to regexes. */
export function parseModelRules(file: string, root: unknown): LocatedRule[] {
  const data = validateDataFile<{ source_note: string; rules: RawRule[]; prefix_rules?: RawPrefixRule[] }>(file, root, MODEL_RULES_SCHEMA);
  const note = `${file}: ${data.source_note}`;
  const failAt = (path: string) => (field: Array<string | number>, detail: string) => dataError(file, root, `${path}${pointer(...field)}`, detail);
  const rules = data.rules.map((r, i) => ({ rule: parseRule(r, note, failAt(pointer('rules', i))), file, root, path: pointer('rules', i) }));
  const prefixRules = (data.prefix_rules ?? []).flatMap((r, i) =>
    expandPrefixRule(r, note, failAt(pointer('prefix_rules', i))).map((rule) => ({ rule, file, root, path: pointer('prefix_rules', i) })),
  );
  return [...rules, ...prefixRules];
}

type Fail = (field: Array<string | number>, detail: string) => KnowledgeDataError;

function parseRule(r: RawRule, source: string, fail: Fail): ModelRule {
  let pattern: RegExp;
  try {
    pattern = new RegExp(r.pattern);
  } catch (error) {
    throw fail(['pattern'], `is not a valid regular expression (${(error as Error).message})`);
  }
  const groups = new Set([...pattern.source.matchAll(/\(\?<([a-zA-Z0-9]+)>/g)].map((m) => m[1]));
  const needGroup = (field: string, group: string | null): void => {
    for (const g of group?.split('|') ?? []) if (!groups.has(g)) throw fail([field], `names group "${g}" that the pattern does not have`);
  };
  const equipmentType: GroupValue =
    typeof r.equipment_type === 'string'
      ? { value: r.equipment_type, group: null, map: null }
      : { value: null, group: r.equipment_type.group, map: r.equipment_type.map ?? null };
  needGroup('equipment_type', equipmentType.group);
  const capacity = r.capacity ?? null;
  if (capacity) needGroup('capacity', capacity.group);
  const specs = (r.specs ?? []).map((s, j): SpecTemplate => {
    if ((s.value === undefined) === (s.group === undefined)) throw fail(['specs', j], `item "${s.name}" needs exactly one of value or group`);
    return { name: s.name, value: s.value ?? null, group: s.group ?? null, map: s.map ?? null, unit: s.unit ?? null };
  });
  for (const s of specs) needGroup('specs', s.group);
  const years = r.years ? yearWindow(r.years, fail, ['years']) : null;
  let yearsByGroup: ModelRule['yearsByGroup'] = null;
  if (r.years_by_group) {
    const { group, map } = r.years_by_group;
    yearsByGroup = { group, map: Object.fromEntries(Object.entries(map).map(([k, v]) => [k, yearWindow(v, fail, ['years_by_group', 'map', k])])) };
    needGroup('years_by_group', group);
  }
  return {
    id: r.id,
    brands: r.brands,
    pattern,
    label: r.label,
    equipmentType,
    capacity,
    specs,
    years,
    yearsByGroup,
    seriesOnly: r.series_only ?? false,
    source,
  };
}

function yearWindow(v: YearWindow, fail: Fail, field: Array<string | number>): YearWindow {
  if (v[1] !== null && v[1] < v[0]) throw fail(field, 'must be [fromYear, toYear or null] with from <= to');
  return v;
}

function expandPrefixRule(r: RawPrefixRule, source: string, fail: Fail): ModelRule[] {
  const leading = r.optional_leading ?? null;
  const pairs: Array<[string, string]> = [];
  for (const [type, prefixes] of Object.entries(r.types)) for (const prefix of prefixes) pairs.push([prefix.toUpperCase(), type]);
  const seen = new Map<string, string>();
  for (const [prefix, type] of pairs) {
    if (seen.has(prefix) && seen.get(prefix) !== type) throw fail(['types', type], `prefix "${prefix}" is listed for both ${seen.get(prefix)} and ${type}`);
    seen.set(prefix, type);
  }
  // Longest prefixes first, so JTS (wall oven) is tried before JS (range).
  pairs.sort((a, b) => b[0].length - a[0].length);
  return pairs.map(([prefix, type]) => ({
    id: `${r.id}:${prefix}`,
    brands: r.brands,
    pattern: new RegExp(`^${leading ? `${leading}?` : ''}${prefix}`),
    label: `${prefix}… model prefix (${type})`,
    equipmentType: { value: type, group: null, map: null },
    capacity: null,
    specs: [],
    years: null,
    yearsByGroup: null,
    seriesOnly: false,
    source,
  }));
}

/** Checks that rules name known brands and equipment types. */
export function checkModelRuleReferences(rules: LocatedRule[], brandIds: Set<string>, typeIds: Set<string>): void {
  for (const { rule, file, root, path } of rules) {
    for (const b of rule.brands) if (!brandIds.has(b)) throw dataError(file, root, `${path}/brands`, `names unknown brand "${b}"`);
    const types = rule.equipmentType.value !== null ? [rule.equipmentType.value] : Object.values(rule.equipmentType.map ?? {});
    for (const t of types) if (!typeIds.has(t)) throw dataError(file, root, `${path}/equipment_type`, `names unknown type "${t}"`);
  }
}
