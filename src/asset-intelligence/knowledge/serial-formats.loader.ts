import { EntryReader, KnowledgeDataError, isObject, sourceNote } from './knowledge-validation';
import type { EquipmentCategory, MonthTable, SerialFamily, SerialFormat, YearTable } from './knowledge.types';

const CATEGORIES: EquipmentCategory[] = ['HVAC', 'water heating', 'appliance'];

/** Year and month code tables of serial-code-tables.json. */
export function parseCodeTables(file: string, root: unknown): { years: Map<string, YearTable>; months: Map<string, MonthTable> } {
  sourceNote(file, root);
  const years = new Map<string, YearTable>();
  for (const r of EntryReader.list(file, root, 'year_tables')) {
    const id = r.str('id');
    const cycleYears = r.nullableNum('cycle_years', 2, 100);
    const values = codeValues(r, 1900, 2100);
    years.set(id, { id, cycleYears, values, source: r.str('source') });
  }
  const months = new Map<string, MonthTable>();
  for (const r of EntryReader.list(file, root, 'month_tables')) {
    const id = r.str('id');
    const values = codeValues(r, 1, 12);
    if (new Set(values.values()).size !== 12) r.fail('values', 'must cover the twelve months exactly once');
    months.set(id, { id, values, source: r.str('source') });
  }
  return { years, months };
}

function codeValues(r: EntryReader, min: number, max: number): Map<string, number> {
  const raw = r.rawField('values');
  if (!isObject(raw) || Object.keys(raw).length === 0) r.fail('values', 'must be a non-empty object');
  const out = new Map<string, number>();
  for (const [code, v] of Object.entries(raw)) {
    if (!/^[A-Z0-9]$/.test(code)) r.fail('values', `has code "${code}"; codes are one upper-case letter or digit`);
    if (typeof v !== 'number' || !Number.isInteger(v) || v < min || v > max) r.fail('values', `maps "${code}" outside ${min}-${max}`);
    out.set(code, v);
  }
  return out;
}

/** Families and formats of one serial-formats.*.json file, checked against the code tables. */
export function parseSerialFormats(
  file: string,
  root: unknown,
  tables: { years: Map<string, YearTable>; months: Map<string, MonthTable> },
): { families: SerialFamily[]; formats: SerialFormat[] } {
  sourceNote(file, root);
  const families = EntryReader.list(file, root, 'families').map((r): SerialFamily => {
    const category = r.optStr('category');
    if (category !== null && !CATEGORIES.includes(category as EquipmentCategory)) r.fail('category', `must be one of ${CATEGORIES.join(', ')}`);
    return {
      id: r.str('id'),
      display: r.str('display'),
      category: category as EquipmentCategory | null,
      decodable: r.bool('decodable', true),
      source: r.str('source'),
    };
  });
  const formats = EntryReader.list(file, root, 'formats').map((r) => parseFormat(r, tables));
  return { families, formats };
}

function parseFormat(r: EntryReader, tables: { years: Map<string, YearTable>; months: Map<string, MonthTable> }): SerialFormat {
  const pattern = r.regex('pattern');
  if (!pattern.source.endsWith('$')) r.fail('pattern', 'must be anchored with $ so partial matches do not count');
  const era = r.rawField('era');
  if (
    !Array.isArray(era) ||
    era.length !== 2 ||
    typeof era[0] !== 'number' ||
    (era[1] !== null && typeof era[1] !== 'number') ||
    (era[1] !== null && era[1] < era[0])
  ) {
    r.fail('era', 'must be [fromYear, toYear or null] with from <= to');
  }
  const gapsRaw = r.rawField('gaps') ?? [];
  if (
    !Array.isArray(gapsRaw) ||
    gapsRaw.some((g) => !Array.isArray(g) || g.length !== 2 || typeof g[0] !== 'number' || typeof g[1] !== 'number' || g[1] < g[0])
  ) {
    r.fail('gaps', 'must be a list of [fromYear, toYear]');
  }
  const groupNames = new Set([...pattern.source.matchAll(/\(\?<([a-zA-Z0-9]+)>/g)].map((m) => m[1]));
  const year = r.optObject('year') ?? r.fail('year', 'is required');
  const yearGroups = year.strings('groups', true);
  const yearCode = year.str('code');
  if (yearCode !== 'yy' && yearCode !== 'y' && !tables.years.has(yearCode)) year.fail('code', `"${yearCode}" is neither yy, y nor a year table`);
  const month = r.optObject('month');
  const monthSpec = month ? { group: month.str('group'), code: month.str('code') } : null;
  if (monthSpec && monthSpec.code !== 'mm' && !tables.months.has(monthSpec.code)) month!.fail('code', `"${monthSpec.code}" is neither mm nor a month table`);
  const week = r.optObject('week');
  const weekSpec = week ? { group: week.str('group') } : null;
  for (const g of [...yearGroups, monthSpec?.group, weekSpec?.group]) {
    if (g !== undefined && !groupNames.has(g)) r.fail('pattern', `has no named group "${g}"`);
  }
  const example = r.optObject('example') ?? r.fail('example', 'is required (a worked example)');
  return {
    id: r.str('id'),
    family: r.str('family'),
    label: r.str('label'),
    pattern,
    eraFrom: era[0] as number,
    eraTo: era[1] as number | null,
    gaps: gapsRaw as Array<[number, number]>,
    year: { groups: yearGroups, code: yearCode },
    month: monthSpec,
    week: weekSpec,
    confidence: r.num('confidence', 0.1, 1, false),
    source: r.str('source'),
    example: {
      serial: example.str('serial'),
      year: example.num('year', 1900, 2100),
      month: example.nullableNum('month', 1, 12),
      week: example.nullableNum('week', 1, 53),
    },
  };
}

/** Checks that formats name known families and that family ids are unique across files. */
export function checkSerialReferences(families: SerialFamily[], formats: SerialFormat[]): void {
  const ids = new Set<string>();
  for (const f of families) {
    if (ids.has(f.id)) throw new KnowledgeDataError(`serial-formats: family "${f.id}" is defined twice`);
    ids.add(f.id);
  }
  const formatIds = new Set<string>();
  for (const f of formats) {
    if (!ids.has(f.family)) throw new KnowledgeDataError(`serial-formats: entry "${f.id}": field "family" names unknown family "${f.family}"`);
    if (formatIds.has(f.id)) throw new KnowledgeDataError(`serial-formats: format "${f.id}" is defined twice`);
    formatIds.add(f.id);
  }
}
