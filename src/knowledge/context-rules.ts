import * as fs from 'node:fs';
import * as path from 'node:path';
import { dataError, KnowledgeDataError, pointer, validateDataFile } from './data-validation';
import { KEBAB, range, record, TEXT, texts } from './knowledge.schemas';
import type { KnowledgeBase } from './knowledge.types';
import { stem } from './stemmer';
import { foldText, TextNormalizer } from './text-normalizer';
import { clausesOf, compilePattern, PhraseSet } from './triage/triage-matcher';

/**
 * Words besides stop words each of two clauses joined over an "it" may hold ("The heater. It smells
 * like burning dust" is read as one clause too, as the triage reads it): a rule's phrase told across
 * the two still counts.
 */
const PRONOUN_CLAUSE_WORDS = 6;

/** The shipped rules; `nest build` copies them next to the compiled code. */
export const CONTEXT_RULES_FILE = path.join(__dirname, 'data', 'context-rules.json');
const FILE = 'context-rules.json';

/**
 * One piece of context that decides between readings the words alone leave open: droppings
 * "under the sink" are pests, water "from upstairs" is a plumbing leak above, a bed to "lower" is
 * furniture. A rule counts when one of its `when` phrases matches in a clause with no negation
 * before it, none of its `unless` phrases is in that clause, none of its `unless_anywhere` phrases
 * is in the text, and one of its `requires_anywhere` phrases is (when it has some).
 */
export interface ContextRule {
  id: string;
  /** Phrases in the triage pattern syntax (`a|b`, `_`, `...`). */
  when: string[];
  unless: string[];
  unless_anywhere: string[];
  requires_anywhere: string[];
  /** Multiplier of the scores of each named trade's problems (below 1 lowers them). */
  weights: Record<string, number>;
}

/**
 * A trade whose problems concern equipment or things a request always names (an elevator, a
 * water heater, a pest): when none of `named_by` is anywhere in the text, the trade's problems
 * are weighted by `weight`. It keeps shared words ("light", "floor", "hot", "panel", "walls")
 * from sending an elevator mechanic, a water-heater technician or an exterminator to a request
 * that never mentions what they work on.
 */
export interface TradeAnchor {
  trade: string;
  /** Phrases in the triage pattern syntax; one of them anywhere in the text names the trade's subject. */
  named_by: string[];
  /** Multiplier of the trade's problem scores when nothing names its subject (below 1). */
  weight: number;
}

/**
 * A place phrase names where the complaint is, not what it is about: "the light over the kitchen
 * sink", "the outlet next to the fridge", "a whiteboard centered over the air conditioning unit".
 * It is a preposition of `words`, one of `determiners` and one or two words (the second not one of
 * `phrase_ends`). The trade model reads the request without such phrases, unless the request names
 * one of `kept_with`: water is what a place phrase often traces to its source ("the carpet is soaked
 * near the water fountain").
 */
interface PlaceWords {
  words: string[];
  determiners: string[];
  phrase_ends: string[];
  kept_with: string[];
  /** Prepositions that name a place with no determiner too, as work orders write them ("BY SUSHI BAR", "next to elevator"). */
  bare_words?: string[];
}

interface RulesFile {
  version: string;
  negation: string[];
  /** Things a request can say are absent ("no leak", "not seeing any mice"); absence of heat, water or power is a complaint and is not listed. */
  negatable: string[];
  /**
   * Devices named after a negatable thing ("smoke detector", "leak sensor", "mouse trap"): "no smoke
   * detector in the bedroom" says the device is missing, which is a complaint, not that there is no smoke.
   */
  devices?: string[];
  /** Words saying a thing works, before "but" names what does not ("the lights work, but the outlets are dead"). */
  working?: string[];
  /** Words that start the clause after "but" with a subject of its own ("the", "my", "our"). */
  contrast_subjects?: string[];
  /** Where a thing is, as opposed to what it is: "the light over the kitchen sink" (`PlaceWords`). */
  places?: PlaceWords;
  /**
   * Controls a request names only for what they are set to ("thermostat set to 70 but it's 82 inside",
   * "the tstat is on 75"): the setting is the occupant's evidence, not the failing
   * part. What it reads ("thermostat says 58") is kept: the reading is the room's temperature, which
   * the request may have no other words for.
   */
  settings?: { things: string[]; verbs: string[] };
  rules: (Omit<ContextRule, 'unless' | 'unless_anywhere' | 'requires_anywhere'> & Partial<ContextRule>)[];
  anchors?: TradeAnchor[];
}

const SCHEMA = record(
  {
    version: TEXT,
    source: TEXT,
    negation: texts(1),
    negatable: texts(1, { type: 'string', pattern: '^[a-z]+( [a-z]+)*$' }),
    devices: texts(1, { type: 'string', pattern: '^[a-z]+$' }),
    working: texts(1, { type: 'string', pattern: '^[a-z]+( [a-z]+)*$' }),
    contrast_subjects: texts(1, { type: 'string', pattern: '^[a-z]+$' }),
    places: record(
      {
        words: texts(1, { type: 'string', pattern: '^[a-z]+( [a-z]+)*$' }),
        determiners: texts(1, { type: 'string', pattern: '^[a-z]+$' }),
        phrase_ends: texts(1, { type: 'string', pattern: '^[a-z]+$' }),
        kept_with: texts(1, { type: 'string', pattern: '^[a-z]+$' }),
        bare_words: texts(1, { type: 'string', pattern: '^[a-z]+( [a-z]+)*$' }),
      },
      ['bare_words'],
    ),
    settings: record({
      things: texts(1, { type: 'string', pattern: '^[a-z]+([ -][a-z]+)*$' }),
      verbs: texts(1, { type: 'string', pattern: '^[a-z]+( [a-z]+)*$' }),
    }),
    rules: {
      type: 'array',
      minItems: 1,
      items: record(
        {
          id: KEBAB,
          when: texts(1),
          unless: texts(),
          unless_anywhere: texts(),
          requires_anywhere: texts(),
          weights: { type: 'object', minProperties: 1, propertyNames: KEBAB, additionalProperties: range(0.05, 10) },
        },
        ['unless', 'unless_anywhere', 'requires_anywhere'],
      ),
    },
    anchors: {
      type: 'array',
      items: record({ trade: KEBAB, named_by: texts(1), weight: range(0.05, 0.95) }),
    },
  },
  ['anchors', 'devices', 'working', 'contrast_subjects', 'places', 'settings'],
  true,
);

interface Compiled {
  rule: ContextRule;
  unless: PhraseSet;
  unlessAnywhere: PhraseSet;
  requiresAnywhere: PhraseSet;
}

/** What the context of a text says: the rules that counted and the combined weight per trade. */
export interface ContextReading {
  /** Ids of the rules that counted, and "no-<trade>-named" for each anchor whose subject is not named. */
  rules: string[];
  tradeWeights: ReadonlyMap<string, number>;
}

/** Reads the context rules of a text. Build once (it compiles every phrase); `read` is pure. */
export class ContextReader {
  private readonly normalizer: TextNormalizer;
  private readonly stopWords: ReadonlySet<string>;
  private readonly negations: ReadonlySet<string>;
  private readonly rules: Compiled[];
  /**
   * Every rule's `when` phrases in one set, each with its rule's place in `rules`: a clause is
   * matched once for all rules, not once per rule (matching every rule in every clause was a fifth
   * of an offline answer's CPU).
   */
  private readonly whenPhrases = new PhraseSet<number>();
  private readonly anchors: TradeAnchor[];
  /** Every anchor's `named_by` phrases in one set, each with its anchor's place in `anchors`. */
  private readonly anchorPhrases = new PhraseSet<number>();
  private readonly negatedPhrase: RegExp;
  private readonly workingClause?: RegExp;
  private readonly workingAfterBut?: RegExp;
  private readonly placePhrase?: RegExp;
  private readonly placeKeptWith?: RegExp;
  private readonly settingPhrase?: RegExp;
  /** The vocabulary's misspellings of one word by one word ("teh", "leek"), which the phrases below are written without. */
  private readonly spellings: ReadonlyMap<string, string>;

  constructor(data: unknown, kb: KnowledgeBase) {
    const file = validateDataFile<RulesFile>(FILE, data, SCHEMA);
    this.normalizer = new TextNormalizer(kb.vocabulary);
    this.stopWords = new Set(kb.vocabulary.stop_words.map((w) => foldText(w)));
    this.spellings = new Map(
      Object.entries(kb.vocabulary.misspellings)
        .map(([k, v]) => [foldText(k), foldText(v)])
        .filter(([k, v]) => /^[a-z]+$/.test(k) && /^[a-z]+$/.test(v)) as [string, string][],
    );
    this.negations = new Set(file.negation.flatMap((w) => this.normalizer.words(w).map(stem)));
    const words = file.negation.map((w) => foldText(w)).join('|');
    const things = [...file.negatable].sort((a, b) => b.length - a.length).join('|');
    // "no smoke detector", and as notices write it: "no smoke/CO alarms", "no smoke or carbon monoxide detector", "no smoke-detector".
    const device = file.devices?.length ? `(?![\\s/&-]+(?:(?:and|or|co|carbon|monoxide|heat|fire)[\\s/&-]+){0,3}(?:${file.devices.join('|')})\\b)` : '';
    this.negatedPhrase = new RegExp(
      `\\b(?:no|${words}|never|nor|(?:don|doesn|didn|isn|aren|wasn|weren|haven|hasn|hadn|won|wouldn|can|couldn|shouldn)'?t)\\s+(?:(?:any|visible|active|sign|signs|of|evidence|more|longer|see|seeing|seen|a|an|the|appear|appears|seem|seems|to|be|like|there|is|are|was|were)\\s+){0,5}(?:${things})\\b${device}[^.,;:!?]*?(?=[.,;:!?]|\\b(?:but|and|just|only)\\b|$)`,
      'g',
    );
    // "The key card works but the door handle spins": the clause before "but" says what works, and
    // the clause after it names its own subject, so only the latter is the complaint. A clause with
    // a negation ("the heat is not working but the AC works") or a pronoun after "but" ("the
    // dishwasher works but it leaks") is kept.
    if (file.working && file.contrast_subjects) {
      const unnegated = `(?:(?!\\b(?:${words}|no|not|never|nothing|stopped|quit|barely|sometimes|only|half|(?:don|doesn|isn|aren|won|can)'?t)\\b)[^.;:!?])*?`;
      this.workingClause = new RegExp(
        `(^|[.;:!?]\\s*)${unnegated}\\b(?:${file.working.map(foldText).join('|')})\\b${unnegated},?\\s*\\bbut\\s+(?=(?:${file.contrast_subjects.join('|')})\\b)`,
        'g',
      );
      // ...and "the heat is not working but the AC works": what works after "but" is no complaint either.
      this.workingAfterBut = new RegExp(`,?\\s*\\bbut\\s+${unnegated}\\b(?:${file.working.map(foldText).join('|')})\\b${unnegated}(?=[.;:!?]|$)`, 'g');
    }
    if (file.places) {
      const { words: places, determiners, phrase_ends: ends, kept_with: kept, bare_words: bare = [] } = file.places;
      const longestFirst = (list: string[]) => [...list].sort((a, b) => b.length - a.length).join('|');
      const noun = `(?!(?:${ends.join('|')})\\b)[a-z]+`;
      const withDeterminer = `(?:${longestFirst(places)})\\s+(?:${determiners.join('|')})\\s+[a-z]+(?:\\s+${noun})?`;
      const bareWords = bare.length > 0 ? `|(?:${longestFirst(bare)})\\s+${noun}(?:\\s+${noun})?` : '';
      // "all over the floor" spreads over a place rather than naming one.
      this.placePhrase = new RegExp(`(?<!\\ball\\s)\\b(?:${withDeterminer}${bareWords})`, 'g');
      this.placeKeptWith = new RegExp(`\\b(?:${kept.join('|')})\\b`);
    }
    if (file.settings) {
      // "thermostat is set to 70", "the tstat on 75 degrees": the thing, its verb and a number.
      const { things, verbs } = file.settings;
      this.settingPhrase = new RegExp(
        `\\b(?:${things.join('|')})\\s+(?:(?:is|was|still)\\s+)*(?:${verbs.join('|')})\\s+(?:about\\s+|only\\s+)?\\d+(?:\\s*(?:degrees?|deg|f)\\b)?`,
        'g',
      );
    }
    const seen = new Set<string>();
    this.rules = file.rules.map((r, i) => {
      if (seen.has(r.id)) throw dataError(FILE, data, pointer('rules', i, 'id'), 'is used twice');
      seen.add(r.id);
      for (const trade of Object.keys(r.weights))
        if (!kb.tradeById.has(trade)) throw dataError(FILE, data, pointer('rules', i, 'weights', trade), 'names an unknown trade');
      const rule: ContextRule = { unless: [], unless_anywhere: [], requires_anywhere: [], ...r };
      const addTo = <T>(phrases: PhraseSet<T>, key: 'when' | 'unless' | 'unless_anywhere' | 'requires_anywhere', payload: T): PhraseSet<T> => {
        rule[key].forEach((p, j) => {
          try {
            phrases.add(compilePattern(p, this.normalizer, this.negations), payload);
          } catch (e) {
            throw new KnowledgeDataError(FILE, pointer('rules', i, key, j), (e as Error).message, rule.id);
          }
        });
        return phrases;
      };
      addTo(this.whenPhrases, 'when', i);
      return {
        rule,
        unless: addTo(new PhraseSet(), 'unless', undefined),
        unlessAnywhere: addTo(new PhraseSet(), 'unless_anywhere', undefined),
        requiresAnywhere: addTo(new PhraseSet(), 'requires_anywhere', undefined),
      };
    });
    const anchored = new Set<string>();
    this.anchors = (file.anchors ?? []).map((anchor, i) => {
      if (!kb.tradeById.has(anchor.trade)) throw dataError(FILE, data, pointer('anchors', i, 'trade'), 'names an unknown trade');
      if (anchored.has(anchor.trade)) throw dataError(FILE, data, pointer('anchors', i, 'trade'), 'is anchored twice');
      anchored.add(anchor.trade);
      anchor.named_by.forEach((p, j) => {
        try {
          this.anchorPhrases.add(compilePattern(p, this.normalizer, this.negations), i);
        } catch (e) {
          throw new KnowledgeDataError(FILE, pointer('anchors', i, 'named_by', j), (e as Error).message, anchor.trade);
        }
      });
      return anchor;
    });
  }

  read(text: string): ContextReading {
    const clauses = clausesOf(text, this.normalizer, this.stopWords, { pronounWords: PRONOUN_CLAUSE_WORDS });
    const anywhere = (phrases: PhraseSet): boolean => clauses.some((c) => phrases.test(c.tokens));
    // A rule counts in a clause where one of its phrases matches with no negation before it and none of its `unless` phrases is.
    const counted = new Set<number>();
    for (const clause of clauses) {
      for (const m of this.whenPhrases.matches(clause.tokens)) {
        const c = this.rules[m.payload];
        if (counted.has(m.payload) || (!c.unless.empty && c.unless.test(clause.tokens))) continue;
        if (!clause.tokens.slice(0, m.start).some((t) => this.negations.has(t.stem))) counted.add(m.payload);
      }
    }
    const rules: string[] = [];
    const tradeWeights = new Map<string, number>();
    // In the file's order: the weights multiply in that order.
    for (const i of [...counted].sort((a, b) => a - b)) {
      const c = this.rules[i];
      if (!c.unlessAnywhere.empty && anywhere(c.unlessAnywhere)) continue;
      if (!c.requiresAnywhere.empty && !anywhere(c.requiresAnywhere)) continue;
      rules.push(c.rule.id);
      for (const [trade, w] of Object.entries(c.rule.weights)) tradeWeights.set(trade, (tradeWeights.get(trade) ?? 1) * w);
    }
    // Negated mentions count as named too: "no hot water" is about a water heater.
    const named = new Set(clauses.flatMap((clause) => this.anchorPhrases.matches(clause.tokens).map((m) => m.payload)));
    for (const [i, anchor] of this.anchors.entries()) {
      if (named.has(i)) continue;
      rules.push(`no-${anchor.trade}-named`);
      tradeWeights.set(anchor.trade, (tradeWeights.get(anchor.trade) ?? 1) * anchor.weight);
    }
    return { rules, tradeWeights };
  }

  /**
   * The text without the clauses saying a thing is absent ("no leak under the sink, but the hinge broke"
   * keeps only the hinge) or still works ("the key card works but the handle spins" keeps the handle),
   * and without a control named only for its setting ("AC not cooling, thermostat set to 70").
   */
  withoutNegated(text: string): string {
    const folded = this.withoutSettings(this.respelled(text)).replace(this.negatedPhrase, ' ');
    if (!this.workingClause || !this.workingAfterBut) return folded;
    return folded.replace(this.workingClause, '$1').replace(this.workingAfterBut, '');
  }

  /**
   * The text without its place phrases ("the light over the kitchen sink is out" reads "the light is
   * out"), for the trade model: where a thing is does not say which trade repairs it. Kept whole
   * when it names water, whose source a place phrase often is.
   */
  withoutPlaces(text: string): string {
    const folded = this.respelled(text);
    if (!this.placePhrase || this.placeKeptWith?.test(folded)) return folded;
    return folded.replace(this.placePhrase, ' ');
  }

  /** The folded text without the controls it names only for their setting ("thermostat set to 70"). */
  private withoutSettings(folded: string): string {
    return this.settingPhrase ? folded.replace(this.settingPhrase, ' ') : folded;
  }

  /** The folded text with the vocabulary's one-word misspellings spelled right ("over teh sink" is a place phrase). */
  private respelled(text: string): string {
    return foldText(text).replace(/[a-z]+/g, (w) => this.spellings.get(w) ?? w);
  }
}

const readers = new WeakMap<KnowledgeBase, ContextReader>();

/** The shipped context rules compiled against a knowledge base's vocabulary, once per knowledge base. */
export function contextReaderFor(kb: KnowledgeBase): ContextReader {
  let reader = readers.get(kb);
  if (!reader) readers.set(kb, (reader = new ContextReader(JSON.parse(fs.readFileSync(CONTEXT_RULES_FILE, 'utf8')), kb)));
  return reader;
}
