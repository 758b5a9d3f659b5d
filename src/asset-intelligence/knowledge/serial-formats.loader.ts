import { dataError, KnowledgeDataError, pointer, validateDataFile } from '../../knowledge/data-validation';
import { SERIAL_CODE_TABLES_SCHEMA, SERIAL_FORMATS_SCHEMA } from './knowledge.schemas';
import type { EquipmentCategory, MonthTable, SerialFamily, SerialFormat, YearTable } from './knowledge.types';

/** Year and month code tables, by id. */
export interface CodeTables {
  years: Map<string, YearTable>;
  months: Map<string, MonthTable>;
}

interface RawTable {
  id: string;
  cycle_years?: number | null;
  values: Record<string, number>;
  source: string;
}

/** Year and month code tables of serial-code-tables.json; a month table must cover the twelve months once each. */
export function parseCodeTables(file: string, root: unknown): CodeTables {
  const data = validateDataFile<{ year_tables: RawTable[]; month_tables: RawTable[] }>(file, root, SERIAL_CODE_TABLES_SCHEMA);
  const years = new Map<string, YearTable>(
    data.year_tables.map((t) => [t.id, { id: t.id, cycleYears: t.cycle_years ?? null, values: new Map(Object.entries(t.values)), source: t.source }]),
  );
  const months = new Map<string, MonthTable>();
  data.month_tables.forEach((t, i) => {
    if (new Set(Object.values(t.values)).size !== 12)
      throw dataError(file, root, pointer('month_tables', i, 'values'), 'must cover the twelve months exactly once');
    months.set(t.id, { id: t.id, values: new Map(Object.entries(t.values)), source: t.source });
  });
  return { years, months };
}

interface RawFamily {
  id: string;
  display: string;
  category?: EquipmentCategory | null;
  decodable?: boolean;
  source: string;
}

interface RawFormat {
  id: string;
  family: string;
  label: string;
  pattern: string;
  era: [number, number | null];
  gaps?: Array<[number, number]>;
  year: { groups: string[]; code: string };
  month?: { group: string; code: string } | null;
  week?: { group: string } | null;
  confidence: number;
  source: string;
  example: { serial: string; year: number; month?: number | null; week?: number | null };
}

/** Families and formats of one serial-formats.*.json file, checked against the code tables. */
export function parseSerialFormats(file: string, root: unknown, tables: CodeTables): { families: SerialFamily[]; formats: SerialFormat[] } {
  const data = validateDataFile<{ families: RawFamily[]; formats: RawFormat[] }>(file, root, SERIAL_FORMATS_SCHEMA);
  const families = data.families.map((f): SerialFamily => ({
    id: f.id,
    display: f.display,
    category: f.category ?? null,
    decodable: f.decodable ?? true,
    source: f.source,
  }));
  const formats = data.formats.map((f, i) => parseFormat(f, (field, detail) => dataError(file, root, pointer('formats', i, ...field), detail), tables));
  return { families, formats };
}

type Fail = (field: Array<string | number>, detail: string) => KnowledgeDataError;

function parseFormat(f: RawFormat, fail: Fail, tables: CodeTables): SerialFormat {
  const pattern = compile(f.pattern, fail);
  const [eraFrom, eraTo] = f.era;
  if (eraTo !== null && eraTo < eraFrom) throw fail(['era'], 'must be [fromYear, toYear or null] with from <= to');
  const gaps = f.gaps ?? [];
  gaps.forEach((g, j) => {
    if (g[1] < g[0]) throw fail(['gaps', j], 'must be [fromYear, toYear] with from <= to');
  });
  if (f.year.code !== 'yy' && f.year.code !== 'y' && !tables.years.has(f.year.code))
    throw fail(['year', 'code'], `"${f.year.code}" is neither yy, y nor a year table`);
  const month = f.month ?? null;
  if (month && month.code !== 'mm' && !tables.months.has(month.code)) throw fail(['month', 'code'], `"${month.code}" is neither mm nor a month table`);
  const week = f.week ?? null;
  const groupNames = new Set([...pattern.source.matchAll(/\(\?<([a-zA-Z0-9]+)>/g)].map((m) => m[1]));
  for (const g of [...f.year.groups, month?.group, week?.group]) {
    if (g !== undefined && !groupNames.has(g)) throw fail(['pattern'], `has no named group "${g}"`);
  }
  return {
    id: f.id,
    family: f.family,
    label: f.label,
    pattern,
    eraFrom,
    eraTo,
    gaps,
    year: { groups: f.year.groups, code: f.year.code },
    month,
    week,
    confidence: f.confidence,
    source: f.source,
    example: { serial: f.example.serial, year: f.example.year, month: f.example.month ?? null, week: f.example.week ?? null },
  };
}

function compile(source: string, fail: Fail): RegExp {
  try {
    return new RegExp(source);
  } catch (error) {
    throw fail(['pattern'], `is not a valid regular expression (${(error as Error).message})`);
  }
}

/** One parsed serial-formats file, with its name and raw content for error paths. */
export interface SerialFile {
  file: string;
  root: unknown;
  families: SerialFamily[];
  formats: SerialFormat[];
}

/** Checks that formats name known families and that family and format ids are unique across files. */
export function checkSerialReferences(files: SerialFile[]): void {
  const ids = new Set<string>();
  for (const { file, root, families } of files) {
    families.forEach((f, i) => {
      if (ids.has(f.id)) throw dataError(file, root, pointer('families', i, 'id'), `family "${f.id}" is defined twice`);
      ids.add(f.id);
    });
  }
  const formatIds = new Set<string>();
  for (const { file, root, formats } of files) {
    formats.forEach((f, i) => {
      if (!ids.has(f.family)) throw dataError(file, root, pointer('formats', i, 'family'), `names unknown family "${f.family}"`);
      if (formatIds.has(f.id)) throw dataError(file, root, pointer('formats', i, 'id'), `format "${f.id}" is defined twice`);
      formatIds.add(f.id);
    });
  }
}
