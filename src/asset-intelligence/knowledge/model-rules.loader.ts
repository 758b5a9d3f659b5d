import { EntryReader, KnowledgeDataError, isObject, sourceNote } from './knowledge-validation';
import type { GroupValue, ModelRule, SpecTemplate } from './knowledge.types';

const CAPACITY_KINDS = ['cooling', 'heating-input', 'tank'] as const;

/** Model rules of one model-rules.*.json file: regex `rules` first, then `prefix_rules` expanded to regexes. */
export function parseModelRules(file: string, root: unknown): ModelRule[] {
  const note = `${file}: ${sourceNote(file, root)}`;
  const rules = EntryReader.list(file, root, 'rules').map((r) => parseRule(r, note));
  const prefixRules =
    isObject(root) && root.prefix_rules !== undefined ? EntryReader.list(file, root, 'prefix_rules').flatMap((r) => expandPrefixRule(r, note)) : [];
  return [...rules, ...prefixRules];
}

function parseRule(r: EntryReader, source: string): ModelRule {
  const pattern = r.regex('pattern');
  const groups = new Set([...pattern.source.matchAll(/\(\?<([a-zA-Z0-9]+)>/g)].map((m) => m[1]));
  const needGroup = (field: string, group: string | null): void => {
    for (const g of group?.split('|') ?? []) if (!groups.has(g)) r.fail(field, `names group "${g}" that the pattern does not have`);
  };
  const equipmentType = groupValue(r, 'equipment_type');
  needGroup('equipment_type', equipmentType.group);
  const cap = r.optObject('capacity');
  let capacity: ModelRule['capacity'] = null;
  if (cap) {
    const kind = cap.str('kind');
    if (!(CAPACITY_KINDS as readonly string[]).includes(kind)) cap.fail('kind', `must be one of ${CAPACITY_KINDS.join(', ')}`);
    capacity = { group: cap.str('group'), kind: kind as (typeof CAPACITY_KINDS)[number], scale: cap.num('scale', 1, 100000) };
    needGroup('capacity', capacity.group);
  }
  const specs = parseSpecs(r);
  for (const s of specs) needGroup('specs', s.group);
  const yearsRaw = r.rawField('years');
  const years = yearsRaw === undefined ? null : yearWindow(r, 'years', yearsRaw);
  const ybg = r.optObject('years_by_group');
  let yearsByGroup: ModelRule['yearsByGroup'] = null;
  if (ybg) {
    const map = ybg.rawField('map');
    if (!isObject(map)) return ybg.fail('map', 'must map codes to [from, to] windows');
    yearsByGroup = { group: ybg.str('group'), map: Object.fromEntries(Object.entries(map).map(([k, v]) => [k, yearWindow(ybg, 'map', v)])) };
    needGroup('years_by_group', yearsByGroup.group);
  }
  return { id: r.str('id'), brands: r.strings('brands', true), pattern, label: r.str('label'), equipmentType, capacity, specs, years, yearsByGroup, source };
}

function groupValue(r: EntryReader, field: string): GroupValue {
  const raw = r.rawField(field);
  if (typeof raw === 'string' && raw.trim() !== '') return { value: raw, group: null, map: null };
  const o = r.optObject(field) ?? r.fail(field, 'is required (a value, or {group, map})');
  return { value: null, group: o.str('group'), map: o.stringMap('map') };
}

function parseSpecs(r: EntryReader): SpecTemplate[] {
  const raw = r.rawField('specs') ?? [];
  if (!Array.isArray(raw)) r.fail('specs', 'must be an array');
  return raw.map((s, i) => {
    if (!isObject(s)) r.fail('specs', `item #${i} must be an object`);
    const name = typeof s.name === 'string' && s.name ? s.name : r.fail('specs', `item #${i} needs a name`);
    const value = typeof s.value === 'string' ? s.value : null;
    const group = typeof s.group === 'string' ? s.group : null;
    if ((value === null) === (group === null)) r.fail('specs', `item "${name}" needs exactly one of value or group`);
    if (s.map !== undefined && (!isObject(s.map) || Object.values(s.map).some((x) => typeof x !== 'string')))
      r.fail('specs', `item "${name}" has a map that is not codes to strings`);
    return { name, value, group, map: isObject(s.map) ? (s.map as Record<string, string>) : null, unit: typeof s.unit === 'string' ? s.unit : null };
  });
}

function yearWindow(r: EntryReader, field: string, v: unknown): [number, number | null] {
  if (!Array.isArray(v) || v.length !== 2 || typeof v[0] !== 'number' || (v[1] !== null && (typeof v[1] !== 'number' || v[1] < v[0]))) {
    r.fail(field, 'must be [fromYear, toYear or null]');
  }
  return [v[0], v[1]];
}

function expandPrefixRule(r: EntryReader, source: string): ModelRule[] {
  const types = r.optObject('types') ?? r.fail('types', 'is required');
  const leading = r.optStr('optional_leading');
  const brands = r.strings('brands', true);
  const typeMap = r.rawField('types') as Record<string, unknown>;
  const pairs: Array<[string, string]> = [];
  for (const type of Object.keys(typeMap)) for (const prefix of types.strings(type, true)) pairs.push([prefix.toUpperCase(), type]);
  const seen = new Map<string, string>();
  for (const [prefix, type] of pairs) {
    if (!/^[A-Z0-9]+$/.test(prefix)) r.fail('types', `prefix "${prefix}" must be letters and digits`);
    if (seen.has(prefix) && seen.get(prefix) !== type) r.fail('types', `prefix "${prefix}" is listed for both ${seen.get(prefix)} and ${type}`);
    seen.set(prefix, type);
  }
  // Longest prefixes first, so JTS (wall oven) is tried before JS (range).
  pairs.sort((a, b) => b[0].length - a[0].length);
  const id = r.str('id');
  return pairs.map(([prefix, type]) => ({
    id: `${id}:${prefix}`,
    brands,
    pattern: new RegExp(`^${leading ? `${leading}?` : ''}${prefix}`),
    label: `${prefix}… model prefix (${type})`,
    equipmentType: { value: type, group: null, map: null },
    capacity: null,
    specs: [],
    years: null,
    yearsByGroup: null,
    source,
  }));
}

/** Checks that rules name known brands and equipment types. */
export function checkModelRuleReferences(rules: ModelRule[], brandIds: Set<string>, typeIds: Set<string>): void {
  for (const rule of rules) {
    for (const b of rule.brands)
      if (!brandIds.has(b)) throw new KnowledgeDataError(`model-rules: entry "${rule.id}": field "brands" names unknown brand "${b}"`);
    const types = rule.equipmentType.value !== null ? [rule.equipmentType.value] : Object.values(rule.equipmentType.map ?? {});
    for (const t of types)
      if (!typeIds.has(t)) throw new KnowledgeDataError(`model-rules: entry "${rule.id}": field "equipment_type" names unknown type "${t}"`);
  }
}
