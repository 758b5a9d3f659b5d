import { dataError, pointer, validateDataFile } from './data-validation';
import {
  CALIBRATION_SCHEMA,
  FIX_NOTES_SCHEMA,
  LABOR_RATES_SCHEMA,
  PROBLEMS_SCHEMA,
  SAFETY_SIGNALS_SCHEMA,
  TENANT_QUESTIONS_SCHEMA,
  TRADES_SCHEMA,
  VOCABULARY_SCHEMA,
} from './knowledge.schemas';
import type {
  Calibration,
  FixNoteVocabulary,
  Problem,
  SafetySignal,
  StateRate,
  TenantQuestion,
  TenantQuestions,
  Trade,
  Vocabulary,
  ZipPrefixRange,
} from './knowledge.types';
import { costScoreFor, typicalTotalCents } from './pricing';
import { foldText, rawWords, TextNormalizer } from './text-normalizer';

// Each reader validates one file against its JSON Schema, then checks in code what a schema cannot
// express; every failure is a KnowledgeDataError naming the file and the JSON Pointer of the value.

/** Trades of trades.json: unique ids, and each rate equal to wage x multiplier. */
export function readTrades(file: string, root: unknown): Trade[] {
  const { trades } = validateDataFile<{ trades: Trade[] }>(file, root, TRADES_SCHEMA);
  const seen = new Set<string>();
  trades.forEach((t, i) => {
    if (seen.has(t.id)) throw dataError(file, root, pointer('trades', i, 'id'), 'is used twice');
    seen.add(t.id);
    if (Math.abs(t.bls_mean_hourly_wage * t.billing_multiplier - t.labor_rate) > 1) {
      const expected = (t.bls_mean_hourly_wage * t.billing_multiplier).toFixed(2);
      throw dataError(file, root, pointer('trades', i, 'labor_rate'), `must equal bls_mean_hourly_wage x billing_multiplier (${expected})`);
    }
  });
  return trades;
}

/**
 * Problems of one problems/<trade>.json file: a known trade matching the file, unique ids across
 * files (`seen`), price and hour ranges in order, emergencies carrying a hazard, and a cost_score
 * that matches the typical total at the trade's national rate.
 */
export function readProblems(
  file: string,
  root: unknown,
  fileTrade: string,
  rates: ReadonlyMap<string, number>,
  seen: Set<string>,
  minimumBilledHours = 0,
): Problem[] {
  const { problems } = validateDataFile<{ problems: Problem[] }>(file, root, PROBLEMS_SCHEMA);
  if (!rates.has(fileTrade)) throw dataError(file, root, '', `file name "${fileTrade}" is not a trade id`);
  problems.forEach((p, i) => {
    const at = (...field: Array<string | number>) => pointer('problems', i, ...field);
    if (seen.has(p.id)) throw dataError(file, root, at('id'), 'is used twice');
    seen.add(p.id);
    if (!rates.has(p.trade)) throw dataError(file, root, at('trade'), `unknown trade "${p.trade}"`);
    if (p.trade !== fileTrade) throw dataError(file, root, at('trade'), `"${p.trade}" does not match the file's trade "${fileTrade}"`);
    p.parts.forEach((part, j) => {
      if (part.price_low > part.price_high)
        throw dataError(file, root, at('parts', j, 'price_low'), `${part.price_low} is above price_high ${part.price_high}`);
    });
    if (p.labor_hours.low > p.labor_hours.high)
      throw dataError(file, root, at('labor_hours', 'low'), `${p.labor_hours.low} is above high ${p.labor_hours.high}`);
    if (p.severity === 'emergency' && p.safety_flags.length === 0)
      throw dataError(file, root, at('safety_flags'), 'an emergency must name at least one hazard');
    const total = typicalTotalCents(p, rates.get(p.trade) as number, minimumBilledHours);
    const expected = costScoreFor(total);
    if (p.cost_score !== expected) {
      throw dataError(file, root, at('cost_score'), `"${p.cost_score}" does not match the typical total $${(total / 100).toFixed(2)} ("${expected}")`);
    }
  });
  return problems;
}

/** States and ZIP prefix ranges of labor-rates.json: unique states, ranges in order, on known states, not overlapping. */
export function readLaborRates(
  file: string,
  root: unknown,
): { stateByCode: Map<string, StateRate>; zipPrefixes: ZipPrefixRange[]; minimumBilledHours: number } {
  const data = validateDataFile<{ states: StateRate[]; zip_prefixes: ZipPrefixRange[]; minimum_billed_hours: number }>(file, root, LABOR_RATES_SCHEMA);
  const stateByCode = new Map<string, StateRate>();
  data.states.forEach((s, i) => {
    if (stateByCode.has(s.code)) throw dataError(file, root, pointer('states', i, 'code'), `"${s.code}" is listed twice`);
    stateByCode.set(s.code, s);
  });
  data.zip_prefixes.forEach((z, i) => {
    if (z.from > z.to) throw dataError(file, root, pointer('zip_prefixes', i, 'to'), `must not be below from (${z.from})`);
    if (!stateByCode.has(z.state)) throw dataError(file, root, pointer('zip_prefixes', i, 'state'), `unknown state "${z.state}"`);
  });
  const order = data.zip_prefixes.map((z, i) => ({ z, i })).sort((a, b) => a.z.from.localeCompare(b.z.from));
  order.forEach(({ z, i }, k) => {
    const before = order[k - 1]?.z;
    if (before && z.from <= before.to) throw dataError(file, root, pointer('zip_prefixes', i, 'from'), `overlaps ${before.from}-${before.to}`);
  });
  return { stateByCode, zipPrefixes: order.map(({ z }) => z), minimumBilledHours: data.minimum_billed_hours };
}

/** vocabulary.json: no two sections rewrite the same words differently, and every value is already canonical. */
export function readVocabulary(file: string, root: unknown): Vocabulary {
  const data = validateDataFile<Vocabulary>(file, root, VOCABULARY_SCHEMA);
  const vocabulary: Vocabulary = {
    abbreviations: data.abbreviations,
    misspellings: data.misspellings,
    synonyms: data.synonyms,
    spanish: data.spanish,
    stop_words: data.stop_words,
  };
  const sections = ['abbreviations', 'misspellings', 'synonyms', 'spanish'] as const;
  // Two sections rewriting the same words differently would make the result depend on load order.
  const seen = new Map<string, { section: string; value: string }>();
  for (const section of sections) {
    for (const [key, value] of Object.entries(vocabulary[section])) {
      const k = rawWords(foldText(key)).join(' ');
      const v = rawWords(foldText(value)).join(' ');
      if (k === '') throw dataError(file, root, pointer(section, key), 'has no matchable word');
      const prior = seen.get(k);
      if (prior && prior.value !== v) throw dataError(file, root, pointer(section, key), `conflicts with ${prior.section} ("${prior.value}")`);
      seen.set(k, { section, value: v });
    }
  }
  // Values are not rewritten again, so each must already be in canonical form ("not", not "no").
  const normalizer = new TextNormalizer(vocabulary);
  for (const section of sections) {
    for (const [key, value] of Object.entries(vocabulary[section])) {
      const canonical = normalizer.words(value).join(' ');
      if (canonical !== rawWords(foldText(value)).join(' '))
        throw dataError(file, root, pointer(section, key), `value "${value}" is not canonical, write "${canonical}"`);
    }
  }
  return vocabulary;
}

/** fix-notes.json: a word names one action only, so a note's verb never depends on file order. */
export function readFixNotes(file: string, root: unknown): FixNoteVocabulary {
  const data = validateDataFile<FixNoteVocabulary>(file, root, FIX_NOTES_SCHEMA);
  const owner = new Map<string, string>();
  data.actions.forEach((action, i) => {
    action.words.forEach((word, j) => {
      const key = rawWords(foldText(word)).join(' ');
      if (key === '') throw dataError(file, root, pointer('actions', i, 'words', j), 'has no matchable word');
      const prior = owner.get(key);
      if (prior && prior !== action.verb) throw dataError(file, root, pointer('actions', i, 'words', j), `already means "${prior}"`);
      owner.set(key, action.verb);
    });
  });
  return {
    actions: data.actions,
    not_done_words: data.not_done_words,
    outcomes: data.outcomes,
    bookkeeping_words: data.bookkeeping_words,
    object_stop_words: data.object_stop_words,
    object_break_words: data.object_break_words,
    passive_auxiliaries: data.passive_auxiliaries,
    state_words: data.state_words,
    supplied_part_markers: data.supplied_part_markers,
    handed_over_words: data.handed_over_words,
    position_words: data.position_words,
    generic_objects: data.generic_objects,
    not_part_words: data.not_part_words,
    place_words: data.place_words,
    tried_words: data.tried_words,
    part_place_words: data.part_place_words,
    stopgap_words: data.stopgap_words,
    stopgap_subjects: data.stopgap_subjects,
    machine_word_parts: data.machine_word_parts,
    machine_word_comparisons: data.machine_word_comparisons,
    blockage_words: data.blockage_words,
    location_words: data.location_words,
    damage_words: data.damage_words,
    owned_parts: data.owned_parts,
    room_words: data.room_words,
    removed_matter: data.removed_matter,
    cleared_part_heads: data.cleared_part_heads,
    object_spellings: data.object_spellings,
    label_spellings: data.label_spellings,
    label_own_words: data.label_own_words,
    request_part_names: data.request_part_names,
    equipment_kinds: data.equipment_kinds,
  };
}

/** Hazard signals of safety-signals.json. */
export function readSafetySignals(file: string, root: unknown): SafetySignal[] {
  return validateDataFile<{ signals: SafetySignal[] }>(file, root, SAFETY_SIGNALS_SCHEMA).signals;
}

/** calibration.json. */
export function readCalibration(file: string, root: unknown): Calibration {
  const data = validateDataFile<Calibration>(file, root, CALIBRATION_SCHEMA);
  return { temperature: data.temperature, other_score: data.other_score, stated_power: data.stated_power, stated_ceiling: data.stated_ceiling };
}

/** Questions to ask the occupant per trade and per problem; every key must be a known trade or problem. */
export function readTenantQuestions(file: string, root: unknown, trades: ReadonlyMap<string, Trade>, problems: ReadonlyMap<string, Problem>): TenantQuestions {
  type Written = string | { ask: string; unless: string[] };
  const data = validateDataFile<{ questions: Record<string, Written[]>; problems?: Record<string, Written[]>; not_from_occupant?: string[] }>(
    file,
    root,
    TENANT_QUESTIONS_SCHEMA,
  );
  const read = (list: Written[]): TenantQuestion[] => list.map((q) => (typeof q === 'string' ? { ask: q, unless: [] } : { ask: q.ask, unless: q.unless }));
  const byTrade = new Map<string, readonly TenantQuestion[]>();
  for (const [trade, list] of Object.entries(data.questions)) {
    if (!trades.has(trade)) throw dataError(file, root, pointer('questions', trade), 'is not a trade id');
    byTrade.set(trade, read(list));
  }
  const byProblem = new Map<string, readonly TenantQuestion[]>();
  for (const [problem, list] of Object.entries(data.problems ?? {})) {
    if (!problems.has(problem)) throw dataError(file, root, pointer('problems', problem), 'is not a problem id');
    byProblem.set(problem, read(list));
  }
  return { byTrade, byProblem, notFromOccupant: data.not_from_occupant ?? [] };
}
