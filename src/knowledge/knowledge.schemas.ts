import type { DataSchema } from './data-validation';
import { COST_SCORES, SAFETY_FLAGS, SEVERITIES } from './knowledge.types';

// JSON Schemas (draft-07) of the data files in data/ and triage/. What a schema cannot say
// (a problem's trade exists, rates follow from wages, ranges do not overlap) is checked in code
// after the schema pass: see knowledge.validation.ts.

/** A string with at least one non-blank character. */
export const TEXT = { type: 'string', pattern: '\\S' } as const;
/** A kebab-case id. */
export const KEBAB = { type: 'string', pattern: '^[a-z0-9]+(?:-[a-z0-9]+)*$' } as const;

/** An array of distinct non-blank strings, with at least `min` items. */
export function texts(min = 0, items: object = TEXT): DataSchema {
  return { type: 'array', items, minItems: min, uniqueItems: true };
}

/** An object with these properties, all required unless listed in `optional`; other fields are refused unless `extra`. */
export function record(properties: Record<string, object>, optional: string[] = [], extra = false): DataSchema {
  return {
    type: 'object',
    properties,
    required: Object.keys(properties).filter((k) => !optional.includes(k)),
    ...(extra ? {} : { additionalProperties: false }),
  };
}

/** A number in [min, max]. */
export function range(min: number, max: number, integer = false): DataSchema {
  return { type: integer ? 'integer' : 'number', minimum: min, maximum: max };
}

/** `version` and `sources` (or a single `source`), which every file of data/ carries. */
function dataFile(properties: Record<string, object>, optional: string[] = []): DataSchema {
  // Files may carry notes beside their data ("rounding"), so only entries refuse unknown fields.
  const schema = record({ version: TEXT, sources: texts(1), source: TEXT, ...properties }, ['sources', 'source', ...optional], true);
  return { ...schema, anyOf: [{ required: ['sources'] }, { required: ['source'] }] };
}

const WORD_MAP = { type: 'object', propertyNames: { pattern: '\\S' }, additionalProperties: TEXT };

export const TRADES_SCHEMA = dataFile({
  trades: {
    type: 'array',
    minItems: 1,
    items: record(
      {
        id: KEBAB,
        name: TEXT,
        vendor_type: TEXT,
        labor_rate: range(20, 500, true),
        bls_occupation: TEXT,
        bls_mean_hourly_wage: range(5, 200),
        billing_multiplier: range(1, 6),
        vendor_words: texts(0, { type: 'string', pattern: '^[a-z/ ]+$' }),
      },
      ['vendor_words'],
    ),
  },
});

export const LABOR_RATES_SCHEMA = dataFile({
  minimum_billed_hours: range(0, 8),
  states: { type: 'array', minItems: 1, items: record({ code: { type: 'string', pattern: '^[A-Z]{2}$' }, name: TEXT, multiplier: range(0.5, 2) }) },
  zip_prefixes: {
    type: 'array',
    minItems: 1,
    items: record({ from: { type: 'string', pattern: '^\\d{3}$' }, to: { type: 'string', pattern: '^\\d{3}$' }, state: TEXT }),
  },
});

export const VOCABULARY_SCHEMA = dataFile({
  abbreviations: WORD_MAP,
  misspellings: WORD_MAP,
  synonyms: WORD_MAP,
  spanish: WORD_MAP,
  stop_words: texts(1),
});

/** fix-notes.json: repair actions, not-done words, outcomes that are not repairs, bookkeeping and object word lists. */
export const FIX_NOTES_SCHEMA = dataFile({
  actions: {
    type: 'array',
    minItems: 1,
    items: record(
      {
        verb: { type: 'string', pattern: '^[A-Z][a-z]+$' },
        words: texts(1),
        implied_object: record(
          { object: { type: 'string', pattern: '^[a-z]+$' }, words: texts(1), not_after: texts(0), only_with_it: record({ words: texts(1), names: texts(1) }) },
          ['only_with_it'],
        ),
        object_after: texts(1),
      },
      ['implied_object', 'object_after'],
    ),
  },
  not_done_words: texts(1),
  outcomes: { type: 'array', minItems: 1, items: record({ outcome: TEXT, overrides_work: { type: 'boolean' }, phrases: texts(1) }) },
  bookkeeping_words: texts(1),
  object_stop_words: texts(1),
  object_break_words: texts(1),
  passive_auxiliaries: texts(1),
  state_words: record({ forms: texts(1, { type: 'string', pattern: '^[a-z]+$' }), after: texts(1, { type: 'string', pattern: '^[a-z]+$' }) }),
  supplied_part_markers: texts(1),
  handed_over_words: texts(1),
  position_words: texts(1, { type: 'string', pattern: '^[a-z]+$' }),
  generic_objects: texts(1),
  not_part_words: texts(1, { type: 'string', pattern: '^[a-z]+$' }),
  place_words: texts(1, { type: 'string', pattern: '^[a-z]+$' }),
  tried_words: texts(1, { type: 'string', pattern: "^[a-z' ]+$" }),
  part_place_words: texts(1, { type: 'string', pattern: '^[a-z]+$' }),
  stopgap_words: texts(1, { type: 'string', pattern: "^[a-z' ]+$" }),
  stopgap_subjects: texts(1, { type: 'string', pattern: "^[a-z' ]+$" }),
  machine_word_parts: texts(1, { type: 'string', pattern: '^[a-z]+( [a-z]+)+$' }),
  machine_word_comparisons: texts(1, { type: 'string', pattern: '^[a-z]+( [a-z]+)+$' }),
  blockage_words: texts(1, { type: 'string', pattern: '^[a-z]+$' }),
  location_words: texts(1, { type: 'string', pattern: '^[a-z]+$' }),
  damage_words: texts(1, { type: 'string', pattern: '^[a-z]+$' }),
  room_words: texts(1, { type: 'string', pattern: '^[a-z]+$' }),
  owned_parts: record({
    parts: texts(1, { type: 'string', pattern: '^[a-z]+$' }),
    owner_words: texts(1, { type: 'string', pattern: '^[a-z]+$' }),
  }),
  removed_matter: record({
    words: texts(1, { type: 'string', pattern: '^[a-z]+$' }),
    from_words: texts(1),
    taken_out_as: WORD_MAP,
    blocked_part: { type: 'string', pattern: '^[a-z]+$' },
  }),
  cleared_part_heads: WORD_MAP,
  object_spellings: WORD_MAP,
  label_spellings: WORD_MAP,
  label_own_words: texts(1),
  request_part_names: WORD_MAP,
  equipment_kinds: { type: 'array', minItems: 1, items: record({ kind: TEXT, phrases: texts(1) }) },
});

export const SAFETY_SIGNALS_SCHEMA = dataFile({
  signals: { type: 'array', minItems: 1, items: record({ flag: { enum: [...SAFETY_FLAGS] }, phrases: texts(1) }) },
});

export const CALIBRATION_SCHEMA = dataFile(
  { temperature: range(0.01, 100), other_score: range(0, 1000), stated_power: range(0.1, 1), stated_ceiling: range(0.5, 1) },
  ['stated_power', 'stated_ceiling'],
);

const QUESTION_TEXT = { type: 'string', pattern: '\\?\\s*$' };
/** A question, or a question with the words of a request that already answer it. */
const TENANT_QUESTION = { oneOf: [QUESTION_TEXT, record({ ask: QUESTION_TEXT, unless: texts(1) })] };
const TENANT_QUESTION_LIST = { type: 'array', items: TENANT_QUESTION, minItems: 1, maxItems: 3 };

/** One to three questions per trade and per problem that needs its own, each ending with "?"; that the keys are trades and problems is checked in code; the phrases of a request the occupant did not write. */
export const TENANT_QUESTIONS_SCHEMA = dataFile(
  {
    questions: { type: 'object', additionalProperties: TENANT_QUESTION_LIST },
    problems: { type: 'object', additionalProperties: TENANT_QUESTION_LIST },
    not_from_occupant: texts(1),
  },
  ['problems', 'not_from_occupant'],
);

const PART = record({ name: TEXT, price_low: range(0, 100_000), price_high: range(0, 100_000) });

/** One file of problems/, named after its trade. */
export const PROBLEMS_SCHEMA = dataFile(
  {
    trade: KEBAB,
    problems: {
      type: 'array',
      minItems: 1,
      items: record(
        {
          id: KEBAB,
          name: TEXT,
          trade: TEXT,
          symptoms: texts(3),
          symptoms_es: texts(1),
          keywords: texts(1, { type: 'string', pattern: '^[a-z0-9]+$' }),
          causes: texts(1),
          assessment: { type: 'string', minLength: 60 },
          severity: { enum: [...SEVERITIES] },
          resolution_steps: texts(2),
          parts: { type: 'array', items: PART },
          labor_hours: record({ low: range(0.25, 200), high: range(0.25, 200) }),
          cost_score: { enum: [...COST_SCORES] },
          asset_specs: texts(1),
          safety_flags: texts(0, { enum: [...SAFETY_FLAGS] }),
          canonical_fix: TEXT,
          fix_phrases: texts(2),
          unlikely_when: texts(1, { type: 'string', pattern: '^[a-z0-9]+(-[a-z0-9]+)*$' }),
          named_by: texts(1, { type: 'string', pattern: '^[a-z]+$' }),
          explained_by: texts(1, { type: 'string', pattern: '^[a-z0-9]+(-[a-z0-9]+)*$' }),
          priced_per: record({ items: texts(1, { type: 'string', pattern: '^[a-z]+( [a-z]+)*s$' }), added_hours_share: range(0.1, 1) }),
        },
        ['unlikely_when', 'named_by', 'explained_by', 'priced_per'],
      ),
    },
  },
  ['trade'],
);
