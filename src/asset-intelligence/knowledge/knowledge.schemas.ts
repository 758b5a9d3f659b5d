import type { DataSchema } from '../../knowledge/data-validation';
import { range, record, TEXT, texts } from '../../knowledge/knowledge.schemas';

// JSON Schemas (draft-07) of the asset knowledge files, checked by the same validator as the
// work-order knowledge. Cross-references (a brand's serial families exist, a rule's groups are in
// its pattern, worked examples decode) are checked in code after the schema pass.

const CATEGORY = { enum: ['HVAC', 'water heating', 'appliance', 'life safety', 'plumbing'] };
const NULLABLE_TEXT = { anyOf: [TEXT, { type: 'null' }] };
/** A regular expression source anchored with ^ (it is compiled, and so checked, in code). */
const ANCHORED = { type: 'string', pattern: '^\\^' };
const YEAR_WINDOW = { type: 'array', minItems: 2, maxItems: 2, items: [range(1900, 2100, true), { anyOf: [range(1900, 2100, true), { type: 'null' }] }] };
/** Codes to strings, as a model rule maps a group's text to a value. */
const CODE_MAP = { type: 'object', additionalProperties: { type: 'string' } };

/** `source_note` naming the file's sources, and one list of entries. */
function knowledgeFile(list: string, entry: DataSchema, more: Record<string, object> = {}, optional: string[] = []): DataSchema {
  return record({ source_note: TEXT, [list]: { type: 'array', items: entry }, ...more }, optional);
}

/** A file with one entry per equipment type. */
function perType(list: string, fields: Record<string, object>, optional: string[] = []): DataSchema {
  return knowledgeFile(list, record({ equipment_type: TEXT, ...fields }, optional));
}

export const EQUIPMENT_TYPES_SCHEMA = knowledgeFile(
  'equipment_types',
  record({ id: TEXT, display: TEXT, category: CATEGORY, plausible_max_age_years: range(5, 100, true) }),
);

export const LIFESPANS_SCHEMA = perType('lifespans', {
  low_years: range(1, 100, true),
  typical_years: range(1, 100, true),
  high_years: range(1, 100, true),
  source: TEXT,
});

const NULLABLE_YEARS = { anyOf: [range(0, 50, true), { type: 'null' }] };
export const WARRANTIES_SCHEMA = perType('warranties', { typical_parts_years: NULLABLE_YEARS, typical_major_component_years: NULLABLE_YEARS, notes: TEXT }, [
  'typical_parts_years',
  'typical_major_component_years',
]);

export const MAINTENANCE_SCHEMA = perType('maintenance', {
  tasks: { type: 'array', minItems: 1, items: { type: 'array', minItems: 2, maxItems: 2, items: TEXT } },
});

export const COMMON_ISSUES_SCHEMA = perType('common_issues', { issues: texts(1) });

export const BRANDS_SCHEMA = knowledgeFile(
  'brands',
  record(
    {
      id: TEXT,
      display: TEXT,
      manufacturer: TEXT,
      aliases: { type: 'array', items: TEXT },
      sister_brands: { type: 'array', items: TEXT },
      serial_families: { type: 'array', items: TEXT },
      categories: { type: 'array', minItems: 1, items: CATEGORY },
      default_equipment_type: NULLABLE_TEXT,
      maker_prefixes: { type: 'array', items: { type: 'array', minItems: 2, maxItems: 2, items: [{ type: 'string', pattern: '^\\d{3}$' }, TEXT] } },
      model_patterns: { anyOf: [{ type: 'array', minItems: 1, items: TEXT }, { type: 'null' }] },
      default: { type: 'boolean' },
      plate_word: { type: 'boolean' },
    },
    ['default_equipment_type', 'maker_prefixes', 'model_patterns', 'default', 'plate_word'],
  ),
);

/** Code letters or digits to numbers in [min, max]. */
function codeValues(min: number, max: number): DataSchema {
  return { type: 'object', minProperties: 1, propertyNames: { pattern: '^[A-Z0-9]$' }, additionalProperties: range(min, max, true) };
}

export const SERIAL_CODE_TABLES_SCHEMA = knowledgeFile(
  'year_tables',
  record({ id: TEXT, cycle_years: { anyOf: [range(2, 100, true), { type: 'null' }] }, values: codeValues(1900, 2100), source: TEXT }, ['cycle_years']),
  { month_tables: { type: 'array', items: record({ id: TEXT, values: codeValues(1, 12), source: TEXT }) } },
);

const FAMILY = record({ id: TEXT, display: TEXT, category: { anyOf: [CATEGORY, { type: 'null' }] }, decodable: { type: 'boolean' }, source: TEXT }, [
  'category',
  'decodable',
]);

const FORMAT = record(
  {
    id: TEXT,
    family: TEXT,
    label: TEXT,
    pattern: { type: 'string', pattern: '^\\^[\\s\\S]*\\$$' },
    era: YEAR_WINDOW,
    gaps: { type: 'array', items: { type: 'array', minItems: 2, maxItems: 2, items: { type: 'number' } } },
    year: record({ groups: texts(1), code: TEXT }),
    month: { anyOf: [record({ group: TEXT, code: TEXT }), { type: 'null' }] },
    week: { anyOf: [record({ group: TEXT }), { type: 'null' }] },
    confidence: range(0.1, 1),
    source: TEXT,
    example: record(
      {
        serial: TEXT,
        year: range(1900, 2100, true),
        month: { anyOf: [range(1, 12, true), { type: 'null' }] },
        week: { anyOf: [range(1, 53, true), { type: 'null' }] },
      },
      ['month', 'week'],
    ),
  },
  ['gaps', 'month', 'week'],
);

/** One serial-formats.*.json file. */
export const SERIAL_FORMATS_SCHEMA = knowledgeFile('families', FAMILY, { formats: { type: 'array', items: FORMAT } });

const GROUP_VALUE = { anyOf: [TEXT, record({ group: TEXT, map: CODE_MAP }, ['map'])] };
const SPEC = record({ name: TEXT, value: { type: 'string' }, group: { type: 'string' }, map: CODE_MAP, unit: { type: 'string' } }, [
  'value',
  'group',
  'map',
  'unit',
]);

const RULE = record(
  {
    id: TEXT,
    brands: texts(1),
    pattern: ANCHORED,
    label: TEXT,
    equipment_type: GROUP_VALUE,
    capacity: {
      anyOf: [record({ group: TEXT, kind: { enum: ['cooling', 'room-cooling', 'heating-input', 'tank'] }, scale: range(1, 100000, true) }), { type: 'null' }],
    },
    specs: { type: 'array', items: SPEC },
    years: YEAR_WINDOW,
    years_by_group: record({ group: TEXT, map: { type: 'object', additionalProperties: YEAR_WINDOW } }),
    series_only: { type: 'boolean' },
  },
  ['capacity', 'specs', 'years', 'years_by_group', 'series_only'],
);

const PREFIX_RULE = record(
  {
    id: TEXT,
    brands: texts(1),
    optional_leading: TEXT,
    types: { type: 'object', minProperties: 1, additionalProperties: { type: 'array', minItems: 1, items: { type: 'string', pattern: '^[A-Za-z0-9]+$' } } },
  },
  ['optional_leading'],
);

/** One model-rules.*.json file: regex `rules`, and `prefix_rules` expanded to regexes in code. */
export const MODEL_RULES_SCHEMA = knowledgeFile('rules', RULE, { prefix_rules: { type: 'array', items: PREFIX_RULE } }, ['prefix_rules']);

const GRAMMAR = record({
  id: TEXT,
  brands: texts(1),
  pattern: ANCHORED,
  label: TEXT,
  source: TEXT,
  examples: texts(1, { type: 'string', pattern: '^[A-Z0-9]+(?:[-/ ][A-Z0-9]+)*$' }),
});

/** model-grammars.json: whole-model letter/digit grammars, each with worked examples checked in code. */
export const MODEL_GRAMMARS_SCHEMA = knowledgeFile('grammars', GRAMMAR);
