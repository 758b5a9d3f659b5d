import * as fs from 'node:fs';
import * as path from 'node:path';
import { EntryReader, FILE_ENTRY, KnowledgeDataError } from '../knowledge.validation';

/** The shipped rules file; `nest build` copies it next to the compiled code. */
export const TRIAGE_RULES_FILE = path.join(__dirname, 'triage-rules.json');
/** File name used in validation errors. */
const FILE = 'triage/triage-rules.json';

/** How fast a work order needs someone: call-now, same or next day, or scheduled. */
export const TRIAGE_LEVELS = ['routine', 'urgent', 'emergency'] as const;
/** How fast a work order needs someone. */
export type TriageLevel = (typeof TRIAGE_LEVELS)[number];

/** A season a category depends on; outside it the category drops one level. */
export const TRIAGE_SEASONS = ['cold', 'hot'] as const;
/** A season a category depends on. */
export type TriageSeason = (typeof TRIAGE_SEASONS)[number];

/** What a past marker ("at some point", "water damage") does to a category's match. */
export const PAST_EFFECTS = ['cancel', 'soften'] as const;
/** What a past marker does to a category's match. */
export type PastEffect = (typeof PAST_EFFECTS)[number];

/** One kind of situation the triage recognizes. */
export interface TriageCategory {
  /** Stable kebab-case id, reported as a reason's `category`. */
  id: string;
  /** Categories of one group report only their highest hit (a flood hides the plain leak). */
  group: string;
  /** Level of a plain match. */
  level: Exclude<TriageLevel, 'routine'>;
  /** What a property manager reads; `{evidence}` is replaced by the words that matched. */
  reason: string;
  /** What they read instead when softening words or past markers lowered the level. */
  soft_reason?: string;
  /** Phrases that reveal the situation (see the pattern syntax in the rules file). */
  patterns: string[];
  /** Phrases that, in the same clause, mean something else ("fire extinguisher"). */
  unless: string[];
  /** Phrases that, anywhere in the text, mean something else ("fire alarm test"). */
  unless_anywhere: string[];
  /** When not empty, one of these must sit in the same clause ("front door"). */
  requires: string[];
  /** Phrases that, in the same clause, lower the level one step ("small drip"). */
  soften: string[];
  /** What the shared past markers do to this category; absent: nothing. */
  past?: PastEffect;
  /** Season the level holds in; outside it the level drops one step. */
  season?: TriageSeason;
}

/** The whole rules file, validated. */
export interface TriageRules {
  /** Version of the rules. */
  version: string;
  /** Extra shorthand and misspellings, merged into the project vocabulary's abbreviations. */
  vocabulary: Record<string, string>;
  /** Words that negate the phrase right after them ("not", after "no" and "don't" were folded onto it). */
  negation_before: string[];
  /** Words a backward negation look-up steps over ("no visible leak", "no longer leaking"). */
  negation_transparent: string[];
  /** Phrases that, after a match in the same clause, say it is over ("leak has stopped"). */
  negation_after: string[];
  /** Phrases saying a situation belongs to the past ("at some point", "water damage"). */
  past_markers: string[];
  /** Phrases saying it is happening now; they override past markers ("still", "again"). */
  active_markers: string[];
  /** Planned work ("estimate", "paint"): a match in the same clause is never an emergency. */
  planned_work: string[];
  /** The categories, most important first. */
  categories: TriageCategory[];
}

const KEBAB = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

function optionalStrings(r: EntryReader, obj: Record<string, unknown>, field: string): string[] {
  return obj[field] === undefined ? [] : r.strings(field, 1);
}

function readCategory(r: EntryReader, obj: Record<string, unknown>): TriageCategory {
  const id = r.string('id');
  if (!KEBAB.test(id)) r.fail('id', 'must be kebab-case');
  const group = r.string('group');
  if (!KEBAB.test(group)) r.fail('group', 'must be kebab-case');
  const category: TriageCategory = {
    id,
    group,
    level: r.oneOf('level', ['urgent', 'emergency'] as const),
    reason: r.string('reason'),
    patterns: r.strings('patterns', 1),
    unless: optionalStrings(r, obj, 'unless'),
    unless_anywhere: optionalStrings(r, obj, 'unless_anywhere'),
    requires: optionalStrings(r, obj, 'requires'),
    soften: optionalStrings(r, obj, 'soften'),
  };
  if (obj.soft_reason !== undefined) category.soft_reason = r.string('soft_reason');
  if (obj.past !== undefined) category.past = r.oneOf('past', PAST_EFFECTS);
  if (obj.season !== undefined) category.season = r.oneOf('season', TRIAGE_SEASONS);
  const known = new Set(['id', 'group', 'level', 'reason', 'soft_reason', 'patterns', 'unless', 'unless_anywhere', 'requires', 'soften', 'past', 'season']);
  for (const key of Object.keys(obj)) if (!known.has(key)) r.fail(key, 'is not a known field');
  return category;
}

/**
 * Validates the parsed rules file. Throws a KnowledgeDataError naming the entry and field of the
 * first problem, so a bad edit fails at start-up, not in a request. Pattern syntax is checked when
 * the rules are compiled against the vocabulary (see triage-matcher.ts).
 */
export function readTriageRules(data: unknown): TriageRules {
  const file = EntryReader.of(data, FILE, FILE_ENTRY);
  file.strings('sources', 1);
  const negation = file.object('negation');
  const rules: TriageRules = {
    version: file.string('version'),
    vocabulary: file.stringMap('vocabulary'),
    negation_before: negation.strings('before', 1),
    negation_transparent: negation.strings('transparent', 1),
    negation_after: negation.strings('after', 1),
    past_markers: file.strings('past_markers', 1),
    active_markers: file.strings('active_markers', 1),
    planned_work: file.strings('planned_work', 1),
    categories: readCategories(file, (data as { categories?: unknown }).categories),
  };
  const seen = new Set<string>();
  for (const c of rules.categories) {
    if (seen.has(c.id)) throw new KnowledgeDataError(FILE, c.id, 'id', 'is used twice');
    seen.add(c.id);
  }
  return rules;
}

/** Each category read with its raw object at hand, because optional fields must stay optional. */
function readCategories(file: EntryReader, raw: unknown): TriageCategory[] {
  if (!Array.isArray(raw) || raw.length === 0) file.fail('categories', 'must be a non-empty array');
  return raw.map((item: unknown, i) => {
    const id = (item as { id?: unknown } | null)?.id;
    const r = EntryReader.of(item, FILE, typeof id === 'string' && id !== '' ? id : `categories[${i}]`);
    return readCategory(r, item as Record<string, unknown>);
  });
}

/** Reads and validates a rules file (the shipped one by default). */
export function loadTriageRules(file: string = TRIAGE_RULES_FILE): TriageRules {
  const text = fs.readFileSync(file, 'utf8');
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (e) {
    throw new KnowledgeDataError(FILE, FILE_ENTRY, '(json)', `is not valid JSON: ${(e as Error).message}`);
  }
  return readTriageRules(data);
}
