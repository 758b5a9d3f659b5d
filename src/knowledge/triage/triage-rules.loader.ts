import * as fs from 'node:fs';
import * as path from 'node:path';
import { dataError, KnowledgeDataError, pointer, validateDataFile } from '../data-validation';
import { KEBAB, record, TEXT, texts } from '../knowledge.schemas';

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
  /** What they read instead when only a past marker lowered it ("last night", "last week"), when `soft_reason` speaks of a small situation. */
  past_reason?: string;
  /**
   * The complaint a reading stands for, in the words the diagnosis knows ("54 F in the living room"
   * in winter is a home without heat): added to the text the diagnosis reads when the category hits.
   */
  reads_as?: string;
  /** Phrases that reveal the situation (see the pattern syntax in the rules file). */
  patterns: string[];
  /** Phrases that, in the same clause, mean something else ("fire extinguisher"). */
  unless: string[];
  /** Phrases that, anywhere in the text, mean something else ("fire alarm test"). */
  unless_anywhere: string[];
  /** When not empty, one of these must sit in the same clause ("front door"), or one of `requires_anywhere` in the text. */
  requires: string[];
  /**
   * Context that may sit in any clause of the request ("SMITH HALL - MAIN ENTRANCE - DOOR WILL NOT
   * LOCK": the door the last field names is the entrance the one before names). Read when `requires`
   * is found nowhere in the clause; without `requires`, one of these must be in some clause (an alarm
   * sounding counts with headaches named anywhere).
   */
  requires_anywhere: string[];
  /** Phrases that, in the same clause, lower the level one step ("small drip"). */
  soften: string[];
  /**
   * Phrases that, anywhere in the text, lower the level one step: the situation another clause
   * names ("the shower drains slowly and water pools up to my ankles": the water stands in the tub).
   */
  soften_anywhere: string[];
  /**
   * Phrases of a clause that settles the situation for other categories but not for this one: a
   * valve the caller shut stops a leak, not the gas already in the basement ("I shut the tank valve").
   */
  not_settled_by?: string[];
  /** What the shared past markers do to this category; absent: nothing. */
  past?: PastEffect;
  /** Water a catch can hold (a bucket, a drain pan): the shared `contained_markers`, in any clause, lower the level one step. */
  contained?: boolean;
  /** Season the level holds in; outside it the level drops one step. */
  season?: TriageSeason;
  /**
   * Level when the clauses the category counted in name two or more of its `kinds` ("no power in
   * the outlets, lights are out": a whole room rather than one outlet), with what the reader reads then.
   */
  several?: { level: Exclude<TriageLevel, 'routine'>; reason: string; kinds: string[] };
  /**
   * What the situation endangers, named in any clause of the request: the level rises one step (an
   * air conditioner down is same-day; in a server room, or with a tenant on oxygen, it is now), with
   * what the reader reads then; with `with`, one of those must be named too (the harm under way: a
   * temperature climbing, "overheating"), for a place alone is a same-day call. Never past emergency, never for planned work.
   * A phrase does not count in a clause holding one of `unless` (a lockout's "locked inside" says who
   * is at stake, "my keys are locked inside" says nobody is).
   */
  at_stake?: { reason: string; phrases: string[]; with?: string[]; unless?: string[] };
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
  /**
   * The `after` phrases that only say a state lasts ("anymore"): after a phrase that holds its own
   * negation ("does not lock anymore") they confirm the problem instead of resolving it.
   */
  negation_lasting: string[];
  /** Phrases saying a situation belongs to the past ("at some point", "water damage"). */
  past_markers: string[];
  /** Phrases saying it is happening now; they override past markers ("still", "again"). */
  active_markers: string[];
  /**
   * Phrases saying the water is caught where it does no harm ("contained", "the bucket catches it",
   * "into the drain pan", "nothing reaching the floor"): anywhere in the request, they soften each
   * category marked `contained` one step, unless the hit's clause says it is still going on. A catch
   * that cannot keep up ("the bucket is full") is no such phrase.
   */
  contained_markers: string[];
  /** Phrases saying the catch no longer holds the water ("the pan is overflowing", "spilling onto the carpet"): with one anywhere, `contained_markers` do not count. */
  spilling_markers: string[];
  /**
   * Phrases saying the situation has since settled ("it's fine now", "everything is back on"). In a
   * clause after a hit (or its own), they soften it one step unless the hit's clause says it is
   * still happening: something that sparked once or a smell that is gone still wants a visit the
   * same day, not a crew now.
   */
  resolved_markers: string[];
  /**
   * Phrases saying a situation that had stopped is back ("it's back now", "came back", "again").
   * After a resolution ("the gas smell went away but it's back"), the resolution no longer counts.
   */
  returned_markers: string[];
  /**
   * Phrases that make what follows them in the clause a supposition, not a report ("in case of a
   * flood", "what do we do if the fire alarm goes off"): a match after one does not count.
   */
  hypothetical_markers: string[];
  /**
   * A form's list of examples after a word such as "emergencies" ("for emergencies (flooding, no
   * heat, gas smell) call the RA"): the list is removed before matching. Empty heads: none.
   */
  example_lists: { heads: string[]; openers: string[]; between: string[] };
  /**
   * Phrases saying the weather outside ("98 out today", "heat wave", "freezing outside"): a request
   * that says it is hot out reads in the hot season and one that says it is freezing in the cold
   * season, whatever the calendar or the property's setting says (`season` of a category).
   */
  weather_markers: { hot: string[]; cold: string[] };
  /** Planned work ("estimate", "paint"): a match in the same clause is never an emergency. */
  planned_work: string[];
  /**
   * How often a scheduled task recurs ("monthly", "semi-yearly"). A clause that holds nothing but
   * one of these is a field of a preventive-maintenance task as CMMS exports write it ("BENET HALL,
   * MONTHLY, SMOKE DETECTOR, TEST & INSPECT, FIRE"): the whole order is routine, whatever words it holds.
   */
  schedule_fields: string[];
  /**
   * Words a request adds around what it reports without changing it: hedges ("kind of", "sort of")
   * and verbs of aspect before what is happening ("started leaking", "keeps dripping"). They read as
   * stop words: a phrase may skip them, and they count as no word of a clause; a phrase may still name them.
   */
  filler_words: string[];
  /**
   * Words that open a place told by a landmark ("by the water fountain", "near the sink"): a
   * category's softening word right after one (or after one with a word of a compound between,
   * "water fountain") says where, not what is failing, and does not soften.
   */
  landmark_words: string[];
  /** The categories, most important first. */
  categories: TriageCategory[];
}

const PHRASES = texts(1);

/** JSON Schema of triage-rules.json; pattern syntax is checked when the rules compile against the vocabulary (triage-matcher.ts). */
export const TRIAGE_RULES_SCHEMA = record(
  {
    version: TEXT,
    sources: texts(1),
    vocabulary: { type: 'object', propertyNames: { pattern: '\\S' }, additionalProperties: TEXT },
    negation: record({ before: PHRASES, transparent: PHRASES, after: PHRASES, lasting: PHRASES }, ['lasting']),
    past_markers: PHRASES,
    active_markers: PHRASES,
    contained_markers: PHRASES,
    spilling_markers: PHRASES,
    resolved_markers: PHRASES,
    returned_markers: PHRASES,
    hypothetical_markers: PHRASES,
    example_lists: record({ heads: PHRASES, openers: PHRASES, between: PHRASES }, ['between']),
    weather_markers: record({ hot: PHRASES, cold: PHRASES }),
    planned_work: PHRASES,
    schedule_fields: PHRASES,
    filler_words: PHRASES,
    landmark_words: PHRASES,
    categories: {
      type: 'array',
      minItems: 1,
      items: record(
        {
          id: KEBAB,
          group: KEBAB,
          level: { enum: ['urgent', 'emergency'] },
          reason: TEXT,
          soft_reason: TEXT,
          past_reason: TEXT,
          reads_as: TEXT,
          patterns: PHRASES,
          unless: PHRASES,
          unless_anywhere: PHRASES,
          requires: PHRASES,
          requires_anywhere: PHRASES,
          soften: PHRASES,
          soften_anywhere: PHRASES,
          not_settled_by: PHRASES,
          past: { enum: [...PAST_EFFECTS] },
          contained: { type: 'boolean' },
          season: { enum: [...TRIAGE_SEASONS] },
          several: record({ level: { enum: ['urgent', 'emergency'] }, reason: TEXT, kinds: texts(2) }),
          at_stake: record({ reason: TEXT, phrases: PHRASES, with: PHRASES, unless: PHRASES }, ['with', 'unless']),
        },
        [
          'soft_reason',
          'past_reason',
          'reads_as',
          'unless',
          'unless_anywhere',
          'requires',
          'requires_anywhere',
          'soften',
          'soften_anywhere',
          'not_settled_by',
          'past',
          'contained',
          'season',
          'several',
          'at_stake',
        ],
      ),
    },
  },
  [
    'contained_markers',
    'spilling_markers',
    'resolved_markers',
    'returned_markers',
    'hypothetical_markers',
    'example_lists',
    'schedule_fields',
    'filler_words',
    'weather_markers',
    'landmark_words',
  ],
  true,
);

interface RulesFile {
  version: string;
  vocabulary: Record<string, string>;
  negation: { before: string[]; transparent: string[]; after: string[]; lasting?: string[] };
  past_markers: string[];
  active_markers: string[];
  contained_markers?: string[];
  spilling_markers?: string[];
  resolved_markers?: string[];
  returned_markers?: string[];
  hypothetical_markers?: string[];
  example_lists?: { heads: string[]; openers: string[]; between?: string[] };
  weather_markers?: { hot: string[]; cold: string[] };
  planned_work: string[];
  schedule_fields?: string[];
  filler_words?: string[];
  landmark_words?: string[];
  categories: Array<
    Omit<TriageCategory, 'unless' | 'unless_anywhere' | 'requires' | 'requires_anywhere' | 'soften' | 'soften_anywhere'> & Partial<TriageCategory>
  >;
}

/**
 * Validates the parsed rules file against TRIAGE_RULES_SCHEMA, then that category ids are unique.
 * Throws a KnowledgeDataError naming the JSON Pointer of the first problem, so a bad edit fails at
 * start-up, not in a request.
 */
export function readTriageRules(data: unknown): TriageRules {
  const file = validateDataFile<RulesFile>(FILE, data, TRIAGE_RULES_SCHEMA);
  const seen = new Set<string>();
  file.categories.forEach((c, i) => {
    if (seen.has(c.id)) throw dataError(FILE, data, pointer('categories', i, 'id'), 'is used twice');
    seen.add(c.id);
  });
  return {
    version: file.version,
    vocabulary: file.vocabulary,
    negation_before: file.negation.before,
    negation_transparent: file.negation.transparent,
    negation_after: file.negation.after,
    negation_lasting: file.negation.lasting ?? [],
    past_markers: file.past_markers,
    active_markers: file.active_markers,
    contained_markers: file.contained_markers ?? [],
    spilling_markers: file.spilling_markers ?? [],
    resolved_markers: file.resolved_markers ?? [],
    returned_markers: file.returned_markers ?? [],
    hypothetical_markers: file.hypothetical_markers ?? [],
    example_lists: { heads: file.example_lists?.heads ?? [], openers: file.example_lists?.openers ?? [], between: file.example_lists?.between ?? [] },
    weather_markers: file.weather_markers ?? { hot: [], cold: [] },
    planned_work: file.planned_work,
    schedule_fields: file.schedule_fields ?? [],
    filler_words: file.filler_words ?? [],
    landmark_words: file.landmark_words ?? [],
    categories: file.categories.map((c) => ({
      ...c,
      unless: c.unless ?? [],
      unless_anywhere: c.unless_anywhere ?? [],
      requires: c.requires ?? [],
      requires_anywhere: c.requires_anywhere ?? [],
      soften: c.soften ?? [],
      soften_anywhere: c.soften_anywhere ?? [],
    })),
  };
}

/** Reads and validates a rules file (the shipped one by default). */
export function loadTriageRules(file: string = TRIAGE_RULES_FILE): TriageRules {
  const text = fs.readFileSync(file, 'utf8');
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (e) {
    throw new KnowledgeDataError(FILE, '', `is not valid JSON: ${(e as Error).message}`);
  }
  return readTriageRules(data);
}
