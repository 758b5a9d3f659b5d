import { loadKnowledgeBase } from '../knowledge-base';
import { Severity, Vocabulary } from '../knowledge.types';
import { FILE_ENTRY, KnowledgeDataError, pointer } from '../data-validation';
import { stem } from '../stemmer';
import { foldText, rawWords, TextNormalizer } from '../text-normalizer';
import { TriageSpelling, wordsOf } from './triage-spelling';
import {
  breakRunOns,
  clausesOf,
  compilePattern,
  evidenceOf,
  ExampleLists,
  mergeVocabulary,
  PhraseSet,
  TriageClause,
  TriageMatch,
  TriageToken,
  vocabularyKeys,
  withoutExampleLists,
} from './triage-matcher';
import { loadTriageRules, TRIAGE_LEVELS, TriageCategory, TriageLevel, TriageRules } from './triage-rules.loader';

/** What the triage may know besides the text. */
export interface TriageContext {
  /** When the order was written; picks the season when `coldSeason` is not given. Default: now. */
  now?: Date;
  /** Whether heating season applies at the property (overrides the month of `now`). */
  coldSeason?: boolean;
}

/** Why a work order got its level. */
export interface TriageReason {
  /** Category id from the rules file ("gas-leak", "water-through-ceiling"). */
  category: string;
  /** The category's group: one kind of situation ("water" for a flood and a plain leak alike). */
  group: string;
  /** What a property manager reads ("Possible gas leak: ..."). */
  reason: string;
  /** The words of the order that revealed it, as typed (folded to lower case). */
  evidence: string;
  /** How urgent this situation is on its own (the result's level is the highest of its reasons). */
  level: Exclude<TriageLevel, 'routine'>;
  /** The complaint a reading stands for (the category's `reads_as`), for the diagnosis to read. */
  readsAs?: string;
}

/** The urgency of a work order and why. */
export interface TriageResult {
  /** Call-now, same or next day, or scheduled. */
  level: TriageLevel;
  /** One reason per kind of situation found, most urgent first; empty when routine. */
  reasons: TriageReason[];
}

/**
 * The lowest diagnosis severity each triage level allows: a diagnosis's severity is raised to
 * this floor, never lowered.
 */
export const TRIAGE_SEVERITY_FLOOR: Readonly<Record<TriageLevel, Severity>> = { emergency: 'emergency', urgent: 'high', routine: 'low' };

const FILE = 'triage/triage-rules.json';
const RANK: Readonly<Record<TriageLevel, number>> = { routine: 0, urgent: 1, emergency: 2 };
/** Words a backward negation look-up walks over at most ("no sign of any active leak"). */
const NEGATION_REACH = 6;
/** Joining words of a list: "no smoke or fire" negates both. */
const COORDINATORS = new Set(['or', 'nor']);
/**
 * Words besides stop words a clause before "and" may hold and still be a subject that shares the
 * next clause's predicate ("heat and hot water are out", "the fire alarm and strobes are going
 * off"): enough for a two-word item with a word of place, too few for a complaint of its own.
 */
const SHARED_SUBJECT_WORDS = 3;
/** Words besides stop words each of two clauses joined over an "it" may hold: one complaint told in two steps. */
const PRONOUN_CLAUSE_WORDS = 6;
/** Words besides stop words each of two dash-separated fields may hold to be read as one ("ELECTRIC: WIRING - EXPOSED"). */
const FIELD_CLAUSE_WORDS = 4;

/** Northern-hemisphere heating season, October through March (UTC months). */
export function isColdSeason(date: Date): boolean {
  const month = date.getUTCMonth();
  return month >= 9 || month <= 2;
}

interface CompiledCategory {
  category: TriageCategory;
  unless: PhraseSet;
  unlessAnywhere: PhraseSet;
  requires: PhraseSet;
  requiresAnywhere: PhraseSet;
  soften: PhraseSet;
  softenAnywhere: PhraseSet;
  /** The `not_settled_by` phrases: a settling clause holding one leaves this category as it is. */
  notSettledBy: PhraseSet;
  /** The `several.kinds`, one phrase set each. */
  kinds: PhraseSet[];
  /** The `at_stake.phrases`: what the situation endangers. */
  atStake: PhraseSet;
  /** The `at_stake.with` phrases: the harm under way, when the category asks for it too. */
  atStakeWith: PhraseSet;
  /** The `at_stake.unless` phrases: a clause holding one names no one at stake. */
  atStakeUnless: PhraseSet;
}

interface Hit {
  level: number;
  /** Softening words or past markers lowered the level. */
  softened: boolean;
  /** Only a past marker lowered it ("last night"): the situation is told as earlier, not as small. */
  pastOnly?: boolean;
  /** The season or planned work lowered the level, or an "it" joined its clause: such a hit loses ties in its group. */
  lowered: boolean;
  clause: TriageClause;
  match: TriageMatch<number>;
  /** The category's `several` level applies: its clauses named two or more of its kinds. */
  several?: boolean;
  /** The category's `at_stake` raised the level: the request names what the situation endangers. */
  atStake?: boolean;
}

/** An emergency's call to act at once: "send someone now", "call 911". */
const ACT_NOW = /\bnow\b|\b911\b/;

/**
 * An emergency's reason read at a lower level (a bang "every time it starts", planned work, a
 * situation that has settled) with no `soft_reason` for it: the situation it names without its call
 * to act at once, since a same- or next-day line that says "send someone now" contradicts itself.
 * Reasons with no such call are kept as written ("No power to the unit").
 */
function withoutCallToActNow(reason: string): string {
  if (!ACT_NOW.test(reason)) return reason;
  const colon = reason.indexOf(': ');
  return `${colon > 0 ? reason.slice(0, colon) : reason}: have it checked the same or next day`;
}

/**
 * Recall-first urgency triage of work-order text, from rules in a data file. Build once (it
 * compiles every phrase against the vocabulary); `triage` is pure and takes well under a
 * millisecond for a typical order.
 */
export class UrgencyTriage {
  private readonly normalizer: TextNormalizer;
  private readonly stopWords: ReadonlySet<string>;
  private readonly spelling: TriageSpelling;
  /** Folded words of the rules and the vocabulary: the common words a run-on's capitals are read on. */
  private readonly ruleWords: ReadonlySet<string>;
  private readonly negations: ReadonlySet<string>;
  private readonly transparent: ReadonlySet<string>;
  private readonly after: PhraseSet;
  private readonly afterNotLasting: PhraseSet;
  private readonly past: PhraseSet;
  private readonly active: PhraseSet;
  private readonly contained: PhraseSet;
  private readonly spilling: PhraseSet;
  private readonly landmarks: PhraseSet;
  private readonly resolved: PhraseSet;
  private readonly returned: PhraseSet;
  private readonly hypothetical: PhraseSet;
  private readonly exampleLists: ExampleLists;
  /** Phrases saying it is hot or freezing outside (triage-rules.json `weather_markers`). */
  private readonly hotWeather: PhraseSet;
  private readonly coldWeather: PhraseSet;
  private readonly planned: PhraseSet;
  private readonly schedule: PhraseSet;
  private readonly patterns = new PhraseSet<number>();
  private readonly categories: CompiledCategory[];

  /** Compiles the rules; throws a KnowledgeDataError naming the entry of any phrase that cannot match. */
  constructor(rules: TriageRules, vocabulary: Vocabulary) {
    const existing = vocabularyKeys(vocabulary);
    for (const [key, value] of Object.entries(rules.vocabulary)) {
      const k = rawWords(foldText(key)).join(' ');
      if (k === '') throw new KnowledgeDataError(FILE, pointer('vocabulary', key), 'has no matchable word');
      const prior = existing.get(k);
      if (prior !== undefined && prior !== rawWords(foldText(value)).join(' ')) {
        throw new KnowledgeDataError(FILE, pointer('vocabulary', key), `conflicts with the project vocabulary ("${prior}")`);
      }
    }
    this.normalizer = new TextNormalizer(mergeVocabulary(vocabulary, rules.vocabulary));
    this.stopWords = new Set([...vocabulary.stop_words, ...rules.filler_words].map((w) => foldText(w)));
    const ruleWords = (this.ruleWords = wordsOf([rules, { ...vocabulary, stop_words: [] }].map((x) => JSON.parse(foldText(JSON.stringify(x))) as unknown)));
    this.spelling = new TriageSpelling(this.stopWords, ruleWords, stem);
    const stems = (words: string[]): Set<string> => new Set(words.flatMap((w) => this.normalizer.words(w).map(stem)));
    this.negations = stems(rules.negation_before);
    this.transparent = stems(rules.negation_transparent);
    this.after = this.phraseSet(rules.negation_after, pointer('negation', 'after'));
    const lasting = new Set(rules.negation_lasting);
    this.afterNotLasting = this.phraseSet(
      rules.negation_after.filter((p) => !lasting.has(p)),
      pointer('negation', 'after'),
    );
    this.past = this.phraseSet(rules.past_markers, pointer('past_markers'));
    this.active = this.phraseSet(rules.active_markers, pointer('active_markers'));
    this.contained = this.phraseSet(rules.contained_markers, pointer('contained_markers'));
    this.spilling = this.phraseSet(rules.spilling_markers, pointer('spilling_markers'));
    this.landmarks = this.phraseSet(rules.landmark_words, pointer('landmark_words'));
    this.resolved = this.phraseSet(rules.resolved_markers, pointer('resolved_markers'));
    this.returned = this.phraseSet(rules.returned_markers, pointer('returned_markers'));
    this.hypothetical = this.phraseSet(rules.hypothetical_markers, pointer('hypothetical_markers'));
    this.exampleLists = rules.example_lists;
    this.hotWeather = this.phraseSet(rules.weather_markers.hot, pointer('weather_markers', 'hot'));
    this.coldWeather = this.phraseSet(rules.weather_markers.cold, pointer('weather_markers', 'cold'));
    this.planned = this.phraseSet(rules.planned_work, pointer('planned_work'));
    this.schedule = this.phraseSet(rules.schedule_fields, pointer('schedule_fields'));
    this.categories = rules.categories.map((category, index) => {
      category.patterns.forEach((p, i) => this.patterns.add(this.compile(p, pointer('categories', index, 'patterns', i), category.id), index));
      return {
        category,
        unless: this.phraseSet(category.unless, pointer('categories', index, 'unless'), category.id),
        unlessAnywhere: this.phraseSet(category.unless_anywhere, pointer('categories', index, 'unless_anywhere'), category.id),
        requires: this.phraseSet(category.requires, pointer('categories', index, 'requires'), category.id),
        requiresAnywhere: this.phraseSet(category.requires_anywhere, pointer('categories', index, 'requires_anywhere'), category.id),
        soften: this.phraseSet(category.soften, pointer('categories', index, 'soften'), category.id),
        softenAnywhere: this.phraseSet(category.soften_anywhere, pointer('categories', index, 'soften_anywhere'), category.id),
        notSettledBy: this.phraseSet(category.not_settled_by ?? [], pointer('categories', index, 'not_settled_by'), category.id),
        kinds: (category.several?.kinds ?? []).map((k, i) => {
          const kind = new PhraseSet();
          kind.add(this.compile(k, pointer('categories', index, 'several', 'kinds', i), category.id), undefined);
          return kind;
        }),
        atStake: this.phraseSet(category.at_stake?.phrases ?? [], pointer('categories', index, 'at_stake', 'phrases'), category.id),
        atStakeWith: this.phraseSet(category.at_stake?.with ?? [], pointer('categories', index, 'at_stake', 'with'), category.id),
        atStakeUnless: this.phraseSet(category.at_stake?.unless ?? [], pointer('categories', index, 'at_stake', 'unless'), category.id),
      };
    });
  }

  /**
   * The urgency of a work order. A category counts when one of its phrases matches in a clause
   * without a negation before it ("no gas smell"), inside it ("fire alarm does not sound") or a
   * resolution after it ("leak has stopped"), without a cancelling context word in the clause
   * ("fire extinguisher"), and with its required context when it has one ("front door"). Then
   * softening words ("small drip"), past markers, the season and planned work ("estimate") can
   * lower its level; planned work never leaves an emergency.
   */
  triage(text: string, context: TriageContext = {}): TriageResult {
    const statements = breakRunOns(text, (w) => this.ruleWords.has(w) || this.stopWords.has(w), this.stopWords);
    const clauses = clausesOf(this.spelling.respell(withoutExampleLists(statements, this.exampleLists)), this.normalizer, this.stopWords, {
      sharedPredicateWords: SHARED_SUBJECT_WORDS,
      pronounWords: PRONOUN_CLAUSE_WORDS,
      fieldWords: FIELD_CLAUSE_WORDS,
    });
    // The weather the request tells ("98 out today", "freezing outside") decides the season over the calendar.
    const saysHot = clauses.some((clause) => this.present(this.hotWeather, clause.tokens));
    const saysCold = clauses.some((clause) => this.present(this.coldWeather, clause.tokens));
    const cold = saysHot !== saysCold ? saysCold : (context.coldSeason ?? isColdSeason(context.now ?? new Date()));
    // "Into the drain pan, the pan is overflowing": a catch that spills holds nothing.
    const contained =
      clauses.some((clause) => this.present(this.contained, clause.tokens)) && !clauses.some((clause) => this.present(this.spilling, clause.tokens));
    const best = new Map<number, Hit>();
    // Per category with a `several` level: which of its kinds the clauses it counted in name.
    const kindsSeen = new Map<number, Set<number>>();
    // The last clause saying the situation has settled ("it's fine now"): hits up to it are softened.
    // One that also says it goes on ("the smell doesn't go away after I turn it off") settles nothing.
    let settledUpTo = -1;
    if (!this.resolved.empty) {
      clauses.forEach((clause, i) => this.present(this.resolved, clause.tokens) && !this.active.test(clause.tokens) && (settledUpTo = i));
    }
    // "It went away, now I smell it again": a settlement that a later clause takes back does not count.
    if (settledUpTo >= 0 && this.cameBack(clauses[settledUpTo].tokens, this.resolved, clauses.slice(settledUpTo + 1, settledUpTo + 2))) settledUpTo = -1;
    // A preventive-maintenance task ("..., MONTHLY, SMOKE DETECTOR, TEST & INSPECT, FIRE, ..."): its
    // words name equipment and shops, not a situation, and the work is routine.
    if (clauses.some((clause) => this.isScheduleField(clause.tokens))) return { level: 'routine', reasons: [] };
    for (const [clauseIndex, clause] of clauses.entries()) {
      const found = new Map<number, TriageMatch<number>[]>();
      for (const m of this.patterns.matches(clause.tokens)) {
        const list = found.get(m.payload);
        if (list) list.push(m);
        else found.set(m.payload, [m]);
      }
      if (found.size === 0) continue;
      const tokens = clause.tokens;
      const planned = this.planned.test(tokens);
      const past = this.past.test(tokens) && !this.active.test(tokens);
      // "In case of a flood ...", "what do we do if the alarm goes off": what follows is supposed, not reported.
      const supposedFrom = this.firstPresent(this.hypothetical, tokens);
      for (const [index, matches] of found) {
        const c = this.categories[index];
        // A clause with its place moved after the predicate is read for context as written as well.
        const written = clause.original?.tokens;
        // A clause told over "it" is read with what "it" stands for ("The outside spigot. It has no water").
        const named = clause.antecedent?.tokens;
        // A clause that goes on without its own subject ("runs but doesnt heat") is read with the clause that names it.
        const subject = clause.subject?.tokens;
        if (
          this.present(c.unless, tokens) ||
          (written && this.present(c.unless, written)) ||
          (named && this.present(c.unless, named)) ||
          (subject && this.present(c.unless, subject))
        )
          continue;
        if (!this.hasRequired(c, tokens, clauses) && !(written && this.hasRequired(c, written, clauses))) continue;
        if (!c.unlessAnywhere.empty && clauses.some((other) => this.present(c.unlessAnywhere, other.tokens))) continue;
        const match = matches.find((m) => m.start < supposedFrom && !this.negated(tokens, m, clauses.slice(clauseIndex + 1, clauseIndex + 2)));
        if (!match) continue;
        // "After the flood last month the carpet still smells": a hazard named inside the phrase that dates
        // it is past, whatever the clause says is still going on (the smell, not the flood).
        const pastHere = past || this.past.matches(tokens).some((p) => p.start <= match.start && p.end >= match.end);
        if (pastHere && c.category.past === 'cancel') continue;
        const softenedByPast = pastHere && c.category.past === 'soften';
        const softenedByWords =
          this.softens(c.soften, tokens) ||
          (named !== undefined && c.soften.test(named) && !this.active.test(tokens)) ||
          // Another clause's softening ("the fire was put out") does not reach a clause that says it is still going on.
          (!c.softenAnywhere.empty && !this.active.test(tokens) && clauses.some((other) => this.present(c.softenAnywhere, other.tokens))) ||
          // "Bucket catches it", "contained": the water is held where it does no harm.
          (c.category.contained === true && contained && !this.active.test(tokens)) ||
          (clauseIndex <= settledUpTo && !this.active.test(tokens) && !this.present(c.notSettledBy, clauses[settledUpTo].tokens));
        const softened = softenedByWords || softenedByPast;
        let level = RANK[c.category.level] - (softened ? 1 : 0);
        // What is at stake ("servers", "samples", "controlled substances", "people slipping") may sit in any clause.
        const atStake = !planned && level < RANK.emergency && this.atStake(c, clauses, tokens);
        // ... and does not wait for the season: a server room overheats in January too.
        const offSeason = !atStake && c.category.season !== undefined && (c.category.season === 'cold') !== cold;
        level += (atStake ? 1 : 0) - (offSeason ? 1 : 0);
        // Planned work ("estimate to repair exposed wiring") is one step less pressing and never an emergency.
        if (planned) level = Math.min(level - 1, RANK.urgent);
        const prior = best.get(index);
        if (level > RANK.routine && c.kinds.length > 0) {
          const seen = kindsSeen.get(index) ?? new Set<number>();
          c.kinds.forEach((kind, k) => kind.test(tokens) && seen.add(k));
          kindsSeen.set(index, seen);
        }
        if (level > RANK.routine && (!prior || level > prior.level)) {
          best.set(index, {
            level,
            softened,
            pastOnly: softenedByPast && !softenedByWords,
            lowered: offSeason || planned || clause.pronoun === true,
            clause,
            match,
            atStake,
          });
        }
      }
    }
    for (const [index, seen] of kindsSeen) {
      const several = this.categories[index].category.several;
      const hit = best.get(index);
      if (several && hit && seen.size >= 2 && RANK[several.level] > hit.level) best.set(index, { ...hit, level: RANK[several.level], several: true });
    }
    return this.result(best);
  }

  /**
   * One reason per group (a flood hides the plain leak it comes with), most urgent first; on a
   * tie the hit nothing lowered wins, so in summer "HVAC not working" reads as no cooling.
   */
  private result(best: Map<number, Hit>): TriageResult {
    const byGroup = new Map<string, { index: number; hit: Hit }>();
    for (const [index, hit] of [...best].sort((a, b) => a[0] - b[0])) {
      const group = this.categories[index].category.group;
      const prior = byGroup.get(group);
      if (!prior || hit.level > prior.hit.level || (hit.level === prior.hit.level && prior.hit.lowered && !hit.lowered)) {
        byGroup.set(group, { index, hit });
      }
    }
    const chosen = [...byGroup.values()].sort((a, b) => b.hit.level - a.hit.level || a.index - b.index);
    const reasons = chosen.map(({ index, hit }) => {
      const { id, group, level, reason, soft_reason, past_reason, several, at_stake, reads_as } = this.categories[index].category;
      const evidence = evidenceOf(hit.clause, hit.match.start, hit.match.end, this.normalizer);
      const said =
        (hit.several && several?.reason) ||
        (hit.atStake && at_stake?.reason) ||
        (hit.pastOnly && past_reason) ||
        (hit.softened && soft_reason) ||
        (hit.level < RANK[level] ? withoutCallToActNow(reason) : reason);
      return {
        category: id,
        group,
        reason: said.replace('{evidence}', evidence),
        evidence,
        level: TRIAGE_LEVELS[hit.level] as Exclude<TriageLevel, 'routine'>,
        ...(reads_as ? { readsAs: reads_as } : {}),
      };
    });
    return { level: chosen.length > 0 ? TRIAGE_LEVELS[chosen[0].hit.level] : 'routine', reasons };
  }

  /** Whether the clause is nothing but a schedule ("MONTHLY", "SEMI-YEARLY", "3 YEAR"). */
  private isScheduleField(tokens: TriageToken[]): boolean {
    const words = tokens.filter((t) => !t.stop).length;
    return words > 0 && this.schedule.matches(tokens).some((m) => tokens.slice(m.start, m.end).filter((t) => !t.stop).length === words);
  }

  /** Whether a softening word is in the clause other than as a landmark ("water out of the wall by the water fountain"). */
  private softens(set: PhraseSet, tokens: TriageToken[]): boolean {
    return !set.empty && set.matches(tokens).some((m) => !this.afterLandmark(tokens, m.start));
  }

  /**
   * Whether a landmark word ("by", "near") opens the place phrase a word at `start` ends: only stop
   * words between, or one word of a compound right before it ("by the water fountain"); "the leak by
   * the sink is small" says "small" of the leak.
   */
  private afterLandmark(tokens: TriageToken[], start: number): boolean {
    let i = start - 1;
    if (i >= 0 && !tokens[i].stop && !this.landmarks.test(tokens.slice(i, i + 1))) i--;
    for (; i >= 0; i--) {
      if (this.landmarks.test(tokens.slice(i, i + 1))) return true;
      if (!tokens[i].stop) return false;
    }
    return false;
  }

  /**
   * Whether the request names what the category's situation endangers (and the harm under way, when
   * the category asks for it). An `at_stake.unless` phrase in the clause of the situation itself, or
   * in the clause that names what is at stake, says no one is ("my keys are locked inside", "a sewer
   * smell, it gives me a headache").
   */
  private atStake(c: CompiledCategory, clauses: TriageClause[], situation: TriageToken[]): boolean {
    if (this.present(c.atStakeUnless, situation)) return false;
    const named = (set: PhraseSet, unless?: PhraseSet) =>
      clauses.some((clause) => this.present(set, clause.tokens) && !(unless && this.present(unless, clause.tokens)));
    return named(c.atStake, c.atStakeUnless) && (c.atStakeWith.empty || named(c.atStakeWith));
  }

  /** Whether a category's required context is in the clause, or, for `requires_anywhere`, in any clause. */
  private hasRequired(c: CompiledCategory, tokens: TriageToken[], clauses: TriageClause[]): boolean {
    if (c.requires.empty && c.requiresAnywhere.empty) return true;
    if (!c.requires.empty && c.requires.test(tokens)) return true;
    return !c.requiresAnywhere.empty && clauses.some((other) => c.requiresAnywhere.test(other.tokens));
  }

  /** Where the first non-negated phrase of a set starts in the tokens; Infinity when none does. */
  private firstPresent(set: PhraseSet, tokens: TriageToken[]): number {
    if (set.empty) return Infinity;
    const starts = set
      .matches(tokens)
      .filter((m) => !this.negatedBefore(tokens, m.start))
      .map((m) => m.start);
    return starts.length > 0 ? Math.min(...starts) : Infinity;
  }

  /** Whether a context phrase is in the tokens, not negated ("no drill scheduled" is no drill). */
  private present(set: PhraseSet, tokens: TriageToken[]): boolean {
    return !set.empty && set.matches(tokens).some((m) => !this.negatedBefore(tokens, m.start));
  }

  private negated(tokens: TriageToken[], m: TriageMatch<number>, later: { tokens: TriageToken[] }[]): boolean {
    if (!m.pattern.hasNegation) {
      for (let i = m.start; i < m.end; i++) if (this.negations.has(tokens[i].stem)) return true;
    }
    if (!m.pattern.startsWithNegation && this.negatedBefore(tokens, m.start)) return true;
    // "does not lock anymore" is still a door that does not lock; "not leaking anymore" is resolved,
    // unless it came back ("the smell went away but it's back now").
    const after = m.pattern.hasNegation ? this.afterNotLasting : this.after;
    return after.test(tokens, m.end) && !this.cameBack(tokens.slice(m.end), after, later);
  }

  /**
   * Whether the situation came back after the first of `ending` in `tokens`: a return marker
   * later in those tokens or in the `later` clause (only the next one: an "again" further on is
   * about something else as often as not).
   */
  private cameBack(tokens: TriageToken[], ending: PhraseSet, later: { tokens: TriageToken[] }[]): boolean {
    if (this.returned.empty) return false;
    const end = ending.matches(tokens)[0]?.end;
    if (end === undefined) return false;
    return this.returned.test(tokens, end) || later.some((clause) => this.present(this.returned, clause.tokens));
  }

  /**
   * True when a negation comes before `start`, stepping over stop words, transparent words
   * ("no visible leak") and the items of an "or" list ("no smoke or fire"), but not over any
   * other word: in "toilet not flushing water overflowing" the overflow is not negated.
   */
  private negatedBefore(tokens: TriageToken[], start: number): boolean {
    for (let i = start - 1, steps = 0; i >= 0 && steps < NEGATION_REACH; i--, steps++) {
      const t = tokens[i];
      if (this.negations.has(t.stem)) return true;
      const listed = COORDINATORS.has(t.stem) || COORDINATORS.has(tokens[i + 1]?.stem ?? '');
      if (!t.stop && !this.transparent.has(t.stem) && !listed) return false;
    }
    return false;
  }

  private compile(source: string, path: string, entry: string) {
    try {
      return compilePattern(source, this.normalizer, this.negations);
    } catch (e) {
      throw new KnowledgeDataError(FILE, path, (e as Error).message, entry);
    }
  }

  private phraseSet(sources: string[], path: string, entry = FILE_ENTRY): PhraseSet {
    const set = new PhraseSet();
    sources.forEach((s, i) => set.add(this.compile(s, `${path}/${i}`, entry), undefined));
    return set;
  }
}

let shared: UrgencyTriage | undefined;

/** The triage built from the shipped rules and the project vocabulary, once per process. */
export function defaultUrgencyTriage(): UrgencyTriage {
  shared ??= new UrgencyTriage(loadTriageRules(), loadKnowledgeBase().vocabulary);
  return shared;
}

/**
 * How urgent a work order is, from its text alone: "emergency" (send someone now), "urgent"
 * (same or next day) or "routine", with the reasons a property manager reads. Recall-first:
 * when life safety or active water is in doubt, it says emergency.
 */
export function triageUrgency(text: string, context?: TriageContext): TriageResult {
  return defaultUrgencyTriage().triage(text, context);
}
