import { BoundedMemo } from '../../common/bounded-memo';
import type { KnowledgeBase } from '../../knowledge/knowledge.types';
import { normalizerFor } from '../../knowledge/symptom-index';
import type { TicketProblem } from '../history/problem-classifier';
import type { SimilarWorkOrder } from '../retrieval/similar-work-orders.service';
import {
  canonicalTextKey,
  COMMON_PROBLEM_WORD_SHARE,
  KB_FIX_PREFIX,
  machineWords,
  phraseTextKey,
  REPLACED,
  TEXT_FIX_PREFIX,
  tradesOfKinds,
} from './knowledge-fix-normalizer';

/** How well a past ticket's fix fits the incoming work order; 0 means it is not shown. */
export enum FixMatch {
  None = 0,
  /**
   * Same trade, and the past request shares distinctive words with this one (same symptom). A past
   * ticket whose request was read as no problem has no trade to compare: the shared words decide.
   */
  SameTradeAndSymptom = 1,
  /** The most plausible problem of the request, or the fix works on a part the request names. */
  SameProblemOrPart = 2,
  /** Everything the fix works on is named in the request ("Replace thermostat" for a thermostat request). */
  SameFix = 3,
}

/** A negation and the word after it: "never lights", "won't light", "does not light". */
const NEGATED_WORD = /\b(won['’]?t|will not|never|doesn['’]?t|does not|didn['’]?t|did not|can['’]?t|cannot|not)\s+([a-z]+)/gi;

/** A clause saying something else works ("but the bathroom is fine", ", the others are working"), for `withoutWhatWorks`. */
const WORKS_ELSEWHERE =
  /(?:\s*[,;]\s*(?:and\s+|but\s+)?|\s+(?:but|while|though|although|whereas)\s+|(?<=[.!?])\s+)((?:[\p{L}'’-]+\s+){0,4}?)(?:is|are|works?|seems?|runs?|looks?)\s+(?:(?:working\s+)?(?:fine|ok|okay|good|normal)|working)(?:\s+now)?(?=\s*(?:[.!?;,]|$))/giu;

/** A symptom is shared when past and incoming requests share this many distinctive words. */
export const SHARED_SYMPTOM_WORDS = 2;
/** A word found in more than this share of the retrieved requests is background ("room", "building"), not a symptom. */
export const BACKGROUND_SHARE = 0.3;

/**
 * Past requests whose stem sets are remembered. An enrich reads the stems of each of up to 300
 * retrieved requests three times (background counts, closeness, symptom), and the same client's
 * tickets come back request after request; building the sets anew was a quarter of the bytes an
 * enrich allocated (BENCHMARKS.md, issue 23).
 */
const REMEMBERED_REQUESTS = 20_000;

/** Words that join a part to what it belongs to, meaningless at the end of a fix's name. */
const DANGLING: ReadonlySet<string> = new Set(['on', 'of', 'for', 'at', 'in', 'to']);

/** The verb of a clearing's or a cleaning's text key (both counted as one, knowledge-fix-normalizer `COUNTED_AS`). */
const CLEANED = 'cleaned';

/** The incoming work order as the relevance check needs it. */
export interface FixQuery {
  /** Plausible knowledge-base problems, most likely first. */
  problemIds: readonly string[];
  trades: ReadonlySet<string>;
  /** Stems of the request's title and description after vocabulary rewriting. */
  stems: ReadonlySet<string>;
  /** For each stem of the request, the stems written just before it: what says which part of that name ("supply" line, "flush" valve). */
  qualifiers: ReadonlyMap<string, ReadonlySet<string>>;
  /** The request's stems that are not background among the retrieved requests. */
  distinctive: ReadonlySet<string>;
  /** Weight of each stem of the retrieved requests and the request: rarer among the retrieved requests, heavier (idf). */
  weights: ReadonlyMap<string, number>;
  /** Kinds of equipment the request names (fix-notes.json `equipment_kinds`). */
  equipment: readonly string[];
  /**
   * Whether the request names its most plausible problem by a word of that problem's own that is
   * more than the machine's name ("won't drain" for a dishwasher that does not drain, not
   * "dishwasher" alone for one that will not start).
   */
  namesTopProblem: boolean;
  /** Whether the request asks for a replacement ("replace the old fridge"), by a replacing verb of fix-notes.json. */
  asksReplacement: boolean;
}

/**
 * Decides whether a past ticket's fix is about the problem at hand: the same problem, the same
 * part, or the same trade and symptom. Fixes that only share a trade with the request, or only
 * background words, are left out, so a request gets fewer fixes rather than unrelated ones.
 */
export class FixRelevance {
  private readonly objectStemsByProblem = new Map<string, string[]>();
  private readonly textFormByProblem = new Map<string, string | undefined>();
  private readonly generic: ReadonlySet<string>;
  /** Each equipment kind with the stems of each of its phrases. */
  private readonly equipmentStems: { kind: string; phrases: (readonly string[])[] }[];
  /** Each equipment phrase by its first stem, with its kind's place in `equipmentStems`: `equipmentOf` reads only the phrases a text can hold. */
  private readonly equipmentByFirstStem = new Map<string, { kind: number; phrase: readonly string[] }[]>();
  private readonly stemsOfRequest = new BoundedMemo<ReadonlySet<string>>(REMEMBERED_REQUESTS);
  private readonly kindsOfRequest = new BoundedMemo<string[]>(REMEMBERED_REQUESTS);
  /** Words that alone name a kind of equipment ("dishwasher", "door", "ahu"): the machine a part sits in, not the part. */
  private readonly machineWords: ReadonlySet<string>;
  /** Each problem's own words (name, symptoms, keywords), less words common to many problems, machine names and generic words. */
  private readonly problemWords = new Map<string, ReadonlySet<string>>();
  /** Every stem of every equipment phrase: a replaced object of a machine's name and only these is a whole machine. */
  private readonly machineStems: ReadonlySet<string>;
  /** Pairs of stems the catalogue writes as one part ("suppli line"), for `otherPartOfTheName`. */
  private readonly partPairs: ReadonlySet<string>;
  /** Stems of fix-notes.json `object_stop_words` ("loose", "cracked", "broken"): a part's condition, never which part. */
  private readonly conditionStems: ReadonlySet<string>;
  /** Stems of the words the catalogue names parts with (their names in problems' `parts`): what a fix may work on, not "temperature" or "water". */
  private readonly partNameStems: ReadonlySet<string>;
  /**
   * The stems that end a part's name in the catalogue, each alternative of a name on its own
   * ("Battery, filters or controls": battery, filter, control; "Temperature and pressure relief
   * valve": valve): what a part is called, not a word that says which one or what it does.
   */
  private readonly partHeadStems: ReadonlySet<string>;
  /** Stems of fix-notes.json `place_words`: where a part is, never which part. */
  private readonly placeStems: ReadonlySet<string>;
  /** Stems of fix-notes.json `room_words`: the room a fixture is in ("kitchen" faucet). */
  private readonly roomStems: ReadonlySet<string>;
  /** Stems of fix-notes.json `owned_parts.parts`: parts many devices hold ("battery", "bulb"). */
  private readonly ownedPartStems: ReadonlySet<string>;
  /** fix-notes.json `tried_words` as whole-word patterns, built on first use. */
  private triedPatterns?: RegExp[];
  /** A stopgap clause (fix-notes.json `stopgap_words` after one of `stopgap_subjects`), built on first use. */
  private stopgapPattern?: RegExp;
  /** `request_part_names` of fix-notes.json as whole-word patterns, built on first use. */
  private tradeNames?: { pattern: RegExp; part: string }[];
  /** `machine_word_parts` and `machine_word_comparisons` of fix-notes.json, as one pattern. */
  private machineWordParts?: RegExp;
  /** Stems of the single-word replacing verbs ("replace", "install", "swap"), less object stop words ("new"). */
  private readonly replacingStems: ReadonlySet<string>;
  /** Each trade with the stems of what its catalogue problems work on: parts, canonical fixes, fix phrases, causes and steps. */
  private readonly workStemsByTrade = new Map<string, Set<string>>();
  /**
   * Each problem's complaint words: the words of its name, symptoms and keywords, less machine names
   * and generic words, that none of what its repair works on (parts, canonical fix, fix phrases) uses. The "leaking" of a leaking AC is the complaint of a
   * clogged condensate drain, not the refrigerant leak a technician sealed.
   */
  private readonly complaintWords = new Map<string, ReadonlySet<string>>();
  /** Each problem's repairs as the catalogue writes them (canonical fix and fix phrases), as verb and head ("replaced diaphragm"). */
  private readonly catalogueRepairs = new Map<string, ReadonlySet<string>>();
  /** fix-notes.json `cleared_part_heads` by stem ("line" → "drain"). */
  private readonly clearedHeads: ReadonlyMap<string, string>;
  /**
   * The stems the catalogue writes when it names a repair or a part (canonical fixes, fix phrases,
   * parts' names, and the stems of their fixes' keys), and places, less generic and condition words: the words that may say which part a fix
   * worked on. Other words of a note's part ("next" belt, "last" tiles, "factory" motor, "house"
   * clamps) say nothing of which part it was, and are not counted as another fix (`countedForm`).
   */
  private readonly whichPartStems: ReadonlySet<string>;

  constructor(private readonly kb: KnowledgeBase) {
    const normalizer = normalizerFor(kb);
    const verbs = new Set(kb.fixNotes.actions.flatMap((a) => a.words.flatMap((w) => normalizer.stems(w))));
    this.generic = new Set(kb.fixNotes.generic_objects.flatMap((w) => normalizer.stems(w)));
    this.clearedHeads = new Map(
      Object.entries(kb.fixNotes.cleared_part_heads).flatMap(([written, counted]) => {
        const [from, to] = [normalizer.stems(written).at(-1), normalizer.stems(counted).at(-1)];
        return from && to ? [[from, to] as const] : [];
      }),
    );
    for (const p of kb.problems) {
      const stems = normalizer.stems(p.canonical_fix);
      // Only the fix's leading verbs are its action ("Reset or replace"): a verb's word after them is
      // the part's own ("window balance", not balanced; "flush valve", not flushed).
      const leading = stems.findIndex((s) => !verbs.has(s));
      this.objectStemsByProblem.set(
        p.id,
        stems.filter((s, i) => i >= leading && leading >= 0 && !this.generic.has(s)),
      );
    }
    for (const p of kb.problems) this.textFormByProblem.set(p.id, canonicalTextKey(kb, p.id));
    // Places say which part; a stop word may be read as one ("kit" as the vocabulary's "kitchen").
    const places = new Set(kb.fixNotes.place_words.flatMap((w) => normalizer.stems(w)));
    const notWhich = new Set(
      [...kb.fixNotes.generic_objects, ...kb.fixNotes.object_stop_words].flatMap((w) => normalizer.stems(w)).filter((s) => !places.has(s)),
    );
    // Read as a note's part is read (the keys of the catalogue's own fixes), and places, which say
    // which drain or sink it was ("kitchen drain", "tub drain").
    const catalogueKeys = kb.problems.flatMap((p) => [canonicalTextKey(kb, p.id), ...p.fix_phrases.map((phrase) => phraseTextKey(kb, phrase))]);
    this.whichPartStems = new Set(
      [
        ...kb.problems.flatMap((p) => normalizer.stems([p.canonical_fix, ...p.fix_phrases, ...p.parts.map((part) => part.name)].join('. '))),
        ...catalogueKeys.flatMap((key) => key?.slice(TEXT_FIX_PREFIX.length).split(' ').slice(1) ?? []),
        ...places,
      ].filter((s) => !notWhich.has(s)),
    );
    for (const p of kb.problems) {
      const repairs = p.fix_phrases.map((phrase) => phraseTextKey(kb, phrase)).filter((key): key is string => key !== undefined);
      this.catalogueRepairs.set(p.id, new Set(repairs.map((key) => this.repairOf(key)!)));
    }
    this.equipmentStems = kb.fixNotes.equipment_kinds.map((k) => ({
      kind: k.kind,
      phrases: k.phrases.map((phrase) => normalizer.stems(phrase)).filter((stems) => stems.length > 0),
    }));
    this.equipmentStems.forEach((k, kind) => {
      for (const phrase of k.phrases) {
        const list = this.equipmentByFirstStem.get(phrase[0]);
        if (list) list.push({ kind, phrase });
        else this.equipmentByFirstStem.set(phrase[0], [{ kind, phrase }]);
      }
    });
    this.machineWords = machineWords(kb);
    this.placeStems = new Set(kb.fixNotes.place_words.flatMap((w) => normalizer.stems(w)));
    this.roomStems = new Set(kb.fixNotes.room_words.flatMap((w) => normalizer.stems(w)));
    this.ownedPartStems = new Set(kb.fixNotes.owned_parts.parts.flatMap((w) => normalizer.stems(w)));
    this.conditionStems = new Set(kb.fixNotes.object_stop_words.flatMap((w) => normalizer.stems(w)));
    // The parts the catalogue names by two words ("supply line", "shutoff valve", "flush valve"), as
    // stem pairs: a word before a part says which part it is only as the catalogue writes it, not a
    // room ("kitchen outlet") or a verb ("replace filter"). In a fix phrase a verb comes first
    // ("replaced filter"); in a canonical fix's object or a part's name a verb's word is the part's
    // own ("Rebuild flush valve").
    const verbStems = new Set(kb.fixNotes.actions.flatMap((a) => a.words.filter((w) => !w.includes(' '))).flatMap((w) => normalizer.stems(w)));
    const pairsOf = (text: string, verbFirst: boolean) => {
      const tokens = normalizer.tokens(text);
      return tokens
        .slice(1)
        .flatMap((t, i) => (t.stop || tokens[i].stop || (!verbFirst && verbStems.has(tokens[i].stem)) ? [] : [`${tokens[i].stem} ${t.stem}`]));
    };
    this.partPairs = new Set(
      kb.problems.flatMap((p) => [
        ...[p.canonical_fix.split(' ').slice(1).join(' '), ...p.parts.map((part) => part.name)].flatMap((text) => pairsOf(text, true)),
        ...p.fix_phrases.flatMap((text) => pairsOf(text, false)),
      ]),
    );
    this.machineStems = new Set(this.equipmentStems.flatMap((k) => k.phrases.flat()));
    this.partNameStems = new Set(kb.problems.flatMap((p) => p.parts.flatMap((part) => normalizer.stems(part.name))));
    this.partHeadStems = new Set(
      kb.problems.flatMap((p) => p.parts.flatMap((part) => part.name.split(/,|\bor\b/i).flatMap((alternative) => normalizer.stems(alternative).slice(-1)))),
    );
    const stop = new Set(kb.fixNotes.object_stop_words);
    const replacing = kb.fixNotes.actions.find((a) => a.verb === REPLACED)?.words ?? [];
    this.replacingStems = new Set(replacing.filter((w) => !w.includes(' ') && !stop.has(w)).flatMap((w) => normalizer.stems(w)));
    const wordsOf = new Map(kb.problems.map((p) => [p.id, new Set(normalizer.stems([p.name, ...p.symptoms, ...p.symptoms_es, ...p.keywords].join('. ')))]));
    const problemsWith = new Map<string, number>();
    for (const words of wordsOf.values()) for (const s of words) problemsWith.set(s, (problemsWith.get(s) ?? 0) + 1);
    const common = COMMON_PROBLEM_WORD_SHARE * kb.problems.length;
    for (const p of kb.problems) {
      const work = this.workStemsByTrade.get(p.trade) ?? new Set<string>();
      for (const s of normalizer.stems([...p.parts.map((part) => part.name), p.canonical_fix, ...p.fix_phrases, ...p.causes, ...p.resolution_steps].join('. ')))
        work.add(s);
      this.workStemsByTrade.set(p.trade, work);
    }
    for (const [id, words] of wordsOf)
      this.problemWords.set(id, new Set([...words].filter((s) => (problemsWith.get(s) ?? 0) <= common && !this.machineWords.has(s) && !this.generic.has(s))));
    for (const p of kb.problems) {
      const worked = new Set(normalizer.stems([...p.parts.map((part) => part.name), p.canonical_fix, ...p.fix_phrases].join('. ')));
      const own = [...wordsOf.get(p.id)!].filter((s) => !this.machineWords.has(s) && !this.generic.has(s) && !worked.has(s));
      this.complaintWords.set(p.id, new Set(own));
    }
  }

  /**
   * The clauses of a request in which the requester says they already did something ("changed the
   * bulb already", "even after I replaced the flapper"; fix-notes.json `tried_words`), those words
   * left out, for the fix normalizer to read as notes. Clauses end at punctuation and at "but".
   */
  triedClauses(text: string): string[] {
    const tried = (this.triedPatterns ??= this.kb.fixNotes.tried_words.map((w) => new RegExp(`(?<![\\p{L}'])${w}(?![\\p{L}'])`, 'giu')));
    return text
      .split(/[.;:!?,]+|\s+but\s+/i)
      .filter((clause) => tried.some((pattern) => clause.search(pattern) >= 0))
      .map((clause) =>
        tried
          .reduce((out, pattern) => out.replace(pattern, ' '), clause)
          .replace(/\s+/g, ' ')
          .trim(),
      )
      .filter((clause) => clause.length > 0);
  }

  /**
   * The request without the clauses that say what the requester makes do with meanwhile ("no heat,
   * tenant using the oven to heat the apartment" → "no heat, tenant"): the oven is no part of the
   * complaint, and reading it sent the history and its fixes to ovens. A stopgap word counts after a
   * person or an auxiliary (fix-notes.json `stopgap_subjects`), never after "when" or "while", where
   * it says what brings the complaint on ("sparks when using the microwave"). The clause ends at
   * punctuation or a conjunction ("but", "because", "and").
   */
  withoutStopgaps(text: string): string {
    const words = (list: readonly string[]) => list.map((w) => w.replace(/'/g, "['’]?")).join('|');
    const { stopgap_words: stopgaps, stopgap_subjects: subjects } = this.kb.fixNotes;
    this.stopgapPattern ??= new RegExp(
      `(?<![\\p{L}'’])((?:${words(subjects)}))((?:\\s+(?:${words(subjects)}|have|has|had))*)\\s+(?:${words(stopgaps)})(?![\\p{L}'’])[^.;:!?,]*?(?=[.;:!?,]|\\s+(?:but|because|since|so|until|while|and)\\b|$)`,
      'giu',
    );
    // A request that is nothing but the stopgap ("I am using a plunger") keeps its words.
    const rest = text.replace(this.stopgapPattern, '');
    return /\p{L}{3,}/u.test(rest) ? text.replace(this.stopgapPattern, '$1') : text;
  }

  /**
   * The request without a clause that says what works ("faucet in the kitchen has low pressure but
   * the bathroom is fine" → "faucet in the kitchen has low pressure"): the room or fixture named
   * there is where the trouble is not, and reading it sent the fixes to the bathroom's faucets. A
   * clause counts after a comma, a sentence's end or a conjunction ("but", "while", "though"), of
   * at most four words and a verb of being or working then "fine", "ok", "good", "normal" or
   * "working", with no negation. A request that is nothing but such a clause keeps its words.
   */
  withoutWhatWorks(text: string): string {
    const rest = text.replace(WORKS_ELSEWHERE, (clause: string, words: string) => (/\b(?:not|never|no)\b|n['’]t\b/i.test(words) ? clause : ''));
    return /\p{L}{3,}/u.test(rest) ? rest : text;
  }

  /** The equipment kinds whose phrases a text's stems name, each phrase in full. */
  equipmentOf(stems: ReadonlySet<string>): string[] {
    // Called for every retrieved ticket, several times: only the phrases starting with one of the stems are tried.
    const named = new Set<number>();
    for (const s of stems) for (const { kind, phrase } of this.equipmentByFirstStem.get(s) ?? []) if (phrase.every((p) => stems.has(p))) named.add(kind);
    return [...named].sort((a, b) => a - b).map((kind) => this.equipmentStems[kind].kind);
  }

  /**
   * Every phrase of every equipment kind, with its kind, for the per-client aggregate that counts
   * parts by equipment kind in the database (`FixFrequencyRepository`).
   */
  equipmentPhrases(): { phrases: string[]; kinds: string[] } {
    const pairs = this.kb.fixNotes.equipment_kinds.flatMap((k) => k.phrases.map((phrase) => [phrase, k.kind] as const));
    return { phrases: pairs.map(([phrase]) => phrase), kinds: pairs.map(([, kind]) => kind) };
  }

  /**
   * The equipment kinds a request names, less a machine's word written as a verb after a negation
   * (a heater that "never lights" or a pilot that "won't light" names no light fixture) or as a part
   * of another machine ("pilot light is out on the heater"; fix-notes.json `machine_word_parts`) or
   * as a comparison ("not getting any cooler"; `machine_word_comparisons`).
   */
  kindsOfText(text: string): string[] {
    const normalizer = normalizerFor(this.kb);
    this.machineWordParts ??= new RegExp(`\\b(?:${[...this.kb.fixNotes.machine_word_parts, ...this.kb.fixNotes.machine_word_comparisons].join('|')})\\b`, 'gi');
    const verbs = text
      .replace(this.machineWordParts, ' ')
      .replace(NEGATED_WORD, (whole, negation: string, word: string) => (normalizer.stems(word).some((s) => this.machineWords.has(s)) ? negation : whole));
    return this.equipmentOf(new Set(normalizer.stems(verbs)));
  }

  private requestKinds(t: Pick<SimilarWorkOrder, 'title' | 'issueDescription'>): string[] {
    const text = t.title ? `${t.title}. ${t.issueDescription}` : t.issueDescription;
    return this.kindsOfRequest.get(text, () => this.kindsOfText(text));
  }

  private requestStems(t: Pick<SimilarWorkOrder, 'title' | 'issueDescription'>): ReadonlySet<string> {
    const text = t.title ? `${t.title}. ${t.issueDescription}` : t.issueDescription;
    return this.stemsOfRequest.get(text, () => new Set(normalizerFor(this.kb).stems(text)));
  }

  /** The incoming work order's text and plausible problems, against the requests retrieved for it. */
  query(text: string, problems: TicketProblem[], retrieved: SimilarWorkOrder[]): FixQuery {
    const normalizer = normalizerFor(this.kb);
    const stems = new Set(normalizer.stems(text));
    // A part named by its trade name ("needs freon", "low on R-22") is named: the refrigerant.
    for (const part of this.partsByTradeName(text)) for (const s of normalizer.stems(part)) stems.add(s);
    // A word written right before another, with no stop word between, says which one it is.
    const tokens = normalizer.tokens(text);
    const qualifiers = new Map<string, Set<string>>();
    for (let i = 1; i < tokens.length; i++)
      if (!tokens[i].stop && !tokens[i - 1].stop) qualifiers.set(tokens[i].stem, (qualifiers.get(tokens[i].stem) ?? new Set<string>()).add(tokens[i - 1].stem));
    // Document frequency of each stem among the retrieved requests and the request itself.
    const seen = new Map<string, number>();
    const count = (set: ReadonlySet<string>) => {
      for (const s of set) seen.set(s, (seen.get(s) ?? 0) + 1);
    };
    for (const t of retrieved) count(this.requestStems(t));
    count(stems);
    const limit = Math.max(2, BACKGROUND_SHARE * retrieved.length);
    const documents = retrieved.length + 1;
    const weights = new Map<string, number>();
    for (const [s, df] of seen) if (!this.generic.has(s)) weights.set(s, Math.log(1 + documents / df));
    const distinctive = new Set<string>();
    for (const s of stems) if (!this.generic.has(s) && (seen.get(s) ?? 1) - 1 <= limit) distinctive.add(s);
    return {
      problemIds: problems.map((p) => p.problemId),
      trades: new Set(problems.map((p) => p.trade)),
      stems,
      qualifiers,
      distinctive,
      weights,
      equipment: this.kindsOfText(text),
      namesTopProblem: [...stems].some((s) => this.problemWords.get(problems[0]?.problemId ?? '')?.has(s)),
      asksReplacement: [...stems].some((s) => this.replacingStems.has(s)),
    };
  }

  /** The parts a request names by a trade name (fix-notes.json `request_part_names`: "freon" → refrigerant). */
  private partsByTradeName(text: string): string[] {
    this.tradeNames ??= Object.entries(this.kb.fixNotes.request_part_names).map(([name, part]) => ({
      pattern: new RegExp(`(?<![\\p{L}\\p{N}])${name.split(' ').join('[\\s-]?')}(?![\\p{L}\\p{N}])`, 'iu'),
      part,
    }));
    return this.tradeNames.filter((n) => n.pattern.test(text)).map((n) => n.part);
  }

  /**
   * How closely a past request reads like this one, 0..1: the weight of the stems both name over
   * the mean weight of each one's stems (a weighted Dice coefficient; words common among the
   * retrieved requests weigh little, generic words nothing). 0 when the two requests name
   * different kinds of equipment: "AC leaking water on floor" does not read like "refrigerator
   * leaking water on floor", however many words they share; two requests about the same machine are
   * compared by what they say of it, the stems of its name weighing nothing.
   */
  closeness(ticket: Pick<SimilarWorkOrder, 'title' | 'issueDescription'> & { fixKey?: string | null; problemId?: string | null }, query: FixQuery): number {
    if (this.aboutOtherEquipment(ticket, query) || this.replacedMachineUnasked(ticket.fixKey, query)) return 0;
    if (this.otherFailure({ ...ticket, problemId: ticket.problemId ?? null }, query)) return 0;
    // Two requests about the same machine read alike by what they say of it, its name aside: "AC not
    // cooling" is no "AC leaking water into the closet".
    const machine = this.machineOfBoth(ticket, query);
    const weight = (s: string) => (machine.has(s) ? 0 : (query.weights.get(s) ?? 0));
    let own = 0;
    let shared = 0;
    for (const s of this.requestStems(ticket)) {
      own += weight(s);
      if (query.stems.has(s)) shared += weight(s);
    }
    let asked = 0;
    for (const s of query.stems) asked += weight(s);
    return asked + own === 0 ? 0 : (2 * shared) / (asked + own);
  }

  /**
   * Whether a similar past ticket is about another thing than the request, though it shares words or
   * a trade with it: what `context` lists and averages, and the history the diagnosis and insights
   * read, must be about the request's own machine or fixture (issue 20's review of context). Judged
   * by the kinds of equipment each request names, its most specific names only (`specificKinds`: a
   * "garage door" is no sliding "door"), whatever any history says of how common its words are:
   * - both name equipment and no kind in common (a range hood and a stove's burner);
   * - the request names equipment and the past request none, and the ticket was filed under none of
   *   the problems the request is read as (`readAs`: "drain slow, water won't go down" beside an ice
   *   maker's slow dispenser), or its fix works on a part only other trades than the request's
   *   repair (a sink's P-trap on a ticket filed as a refrigerator's leak);
   * - both name the same machine, the past request says none of the words that name the request's most
   *   plausible problem, and it was filed under another problem (`otherProblemOfMachine`: a toilet that
   *   runs is no toilet leaking at its base, a kitchen light flickering no parking-lot light).
   * A ticket of the same problem that names the machine by another word of its own ("disp not
   * working") names it through the vocabulary; one that names none and was filed under a problem the
   * request is read as stays ("water leaking from under the cabinet" beside a leaking kitchen sink).
   */
  aboutAnotherThing(
    ticket: Pick<SimilarWorkOrder, 'title' | 'issueDescription' | 'fixKey'> & { problemId: string | null },
    query: FixQuery,
    readAs: readonly string[],
  ): boolean {
    if (query.equipment.length === 0) return false;
    const asked = this.specificKinds(query.equipment, query.stems);
    const named = this.specificKinds(this.requestKinds(ticket), this.requestStems(ticket));
    if (named.length > 0)
      return !named.some((kind) => asked.includes(kind)) || (!readAs.includes(ticket.problemId ?? '') && this.otherProblemOfMachine(ticket, query));
    const readTrade = this.kb.problemById.get(readAs[0] ?? '')?.trade;
    const fixOfOtherTrades = ticket.fixKey ? this.workOfOtherTrades(this.objectStems(ticket.fixKey), readTrade) : false;
    return !readAs.includes(ticket.problemId ?? '') || fixOfOtherTrades;
  }

  /**
   * Whether the request names its most plausible problem by words of that problem's own
   * (`problemWords`: "parking lot" of an outdoor light out, "base" of a toilet leaking at its base)
   * and the past request names none of them: about the same machine, it was about something else
   * of it (a kitchen light flickering, a toilet that runs).
   */
  private otherProblemOfMachine(ticket: Pick<SimilarWorkOrder, 'title' | 'issueDescription'>, query: FixQuery): boolean {
    const own = [...(this.problemWords.get(query.problemIds[0] ?? '') ?? [])].filter((s) => query.stems.has(s));
    const stems = this.requestStems(ticket);
    return own.length > 0 && !own.some((s) => stems.has(s));
  }

  /**
   * The kinds named by their most specific phrase: a kind whose every phrase the text holds lies
   * within a longer phrase of another kind it holds is that kind's word ("door" of "garage door").
   */
  private specificKinds(kinds: readonly string[], stems: ReadonlySet<string>): string[] {
    const held = (kind: string) => this.equipmentStems.find((k) => k.kind === kind)?.phrases.filter((phrase) => phrase.every((s) => stems.has(s))) ?? [];
    const phrases = new Map(kinds.map((kind) => [kind, held(kind)]));
    const within = (phrase: readonly string[], other: readonly string[]) => other.length > phrase.length && phrase.every((s) => other.includes(s));
    return kinds.filter((kind) => {
      const own = phrases.get(kind)!;
      const longer = kinds.filter((k) => k !== kind).flatMap((k) => phrases.get(k)!);
      return own.length === 0 || !own.every((phrase) => longer.some((other) => within(phrase, other)));
    });
  }

  /**
   * Whether the request names the part a fix works on (`partStem`) outright: not a machine's name,
   * a place, a generic word or the complaint of the request's most plausible problem ("leaking" is
   * no leak repaired). "Please add refrigerant to the AC" names the refrigerant of "Recharged
   * refrigerant"; "the AC is not cooling" names no part.
   */
  namesPartOf(fixKey: string, query: FixQuery): boolean {
    const part = this.partStem(fixKey);
    return part !== undefined && this.namesPart(part, query);
  }

  /**
   * The parts (`partStem`s) the request names outright, as `namesPartOf` reads them, by a word that
   * ends a part's name in the catalogue (`partHeadStems`): "the belt is squealing on AHU-2" names
   * the belt; "the AC is not cooling" none, nor "the room temperature is too high" (a temperature
   * sensor's word, not its name). What a request naming a part looks up in the client's fixes of
   * that part, whatever problem they were filed under.
   */
  namedParts(query: FixQuery): string[] {
    return [...query.stems].filter((s) => this.partHeadStems.has(s) && this.namesPart(s, query));
  }

  private namesPart(part: string, query: FixQuery): boolean {
    return (
      query.stems.has(part) &&
      this.partNameStems.has(part) &&
      !this.machineStems.has(part) &&
      !this.placeStems.has(part) &&
      !this.generic.has(part) &&
      !(this.complaintWords.get(query.problemIds[0] ?? '')?.has(part) ?? false)
    );
  }

  /** The text key a canonical fix would have if a note wrote it (`canonicalTextKey`), for grouping; undefined for other keys. */
  textFormOf(fixKey: string): string | undefined {
    return fixKey.startsWith(KB_FIX_PREFIX) ? this.textFormByProblem.get(fixKey.slice(KB_FIX_PREFIX.length)) : undefined;
  }

  /**
   * The form a text key is counted under when fixes are grouped: a clearing or cleaning of a part
   * fix-notes.json `cleared_part_heads` names under another ("cleaned line kitchen", a cleared
   * kitchen line) has that part as its head ("cleaned drain kitchen"); words that never say which
   * part it was (`whichPartStems`: "replaced next belt", "replaced last tiles") are left out, so such
   * a note counts with the plain repair ("replaced belt"). The stored key, the fix's name and the
   * part the relevance check reads keep the note's words.
   */
  countedForm(textKey: string): string {
    const [verb, head, ...others] = textKey.slice(TEXT_FIX_PREFIX.length).split(' ');
    const counted = (verb === CLEANED ? this.clearedHeads.get(head ?? '') : undefined) ?? head;
    const which = others.filter((s) => s !== counted && this.whichPartStems.has(s));
    if (counted === head && which.length === others.length) return textKey;
    return [`${TEXT_FIX_PREFIX}${verb}`, counted, ...which.sort()].join(' ');
  }

  /**
   * Whether `countedForm` leaves out words of the key's part: the form then says less than the note
   * did ("replaced head txv" as "replaced head"), so it is counted with the same form but never takes
   * in wordings that say which part ("Reseal or replace shower head" is no TXV's head).
   */
  leavesOutWords(textKey: string): boolean {
    const [verb, head, ...others] = textKey.slice(TEXT_FIX_PREFIX.length).split(' ');
    const counted = (verb === CLEANED ? this.clearedHeads.get(head ?? '') : undefined) ?? head;
    return others.some((s) => s !== counted && !this.whichPartStems.has(s));
  }

  /**
   * The name of a group of several wordings without the words its counting left out
   * (`countedForm`): "Replaced spare belt on AHU" counted with other belt replacements is shown
   * "Replaced belt". A canonical fix's name, or a name with nothing left out, is returned as it is.
   */
  countedName(label: string, fixKey: string): string {
    if (!fixKey.startsWith(TEXT_FIX_PREFIX)) return label;
    const kept = new Set(this.countedForm(fixKey).slice(TEXT_FIX_PREFIX.length).split(' '));
    // Only words of the part dropped, never the head a clearing is counted under another part's name ("line" of a drain line).
    const dropped = new Set(
      fixKey
        .slice(TEXT_FIX_PREFIX.length)
        .split(' ')
        .slice(2)
        .filter((s) => !kept.has(s)),
    );
    if (dropped.size === 0) return label;
    const normalizer = normalizerFor(this.kb);
    const [verb, ...words] = label.split(' ');
    const left = words.filter((word) => {
      const stems = normalizer.stems(word);
      return stems.length === 0 || !stems.every((s) => dropped.has(s));
    });
    // A connector left with nothing after it ("Replaced belt on") goes with the words it joined.
    while (left.length > 0 && DANGLING.has(left[left.length - 1].toLowerCase())) left.pop();
    return left.some((word) => normalizer.stems(word).length > 0) ? [verb, ...left].join(' ') : label;
  }

  /** The repair a fix key stands for, as the verb and head of its text form ("replaced bulb"); undefined for other keys. */
  repairOf(fixKey: string): string | undefined {
    const text = fixKey.startsWith(TEXT_FIX_PREFIX) ? fixKey : this.textFormOf(fixKey);
    return text?.slice(TEXT_FIX_PREFIX.length).split(' ').slice(0, 2).join(' ');
  }

  /** The stems of what a fix works on (its parts): a canonical fix's object, or the object stored in a text key. */
  objectStems(fixKey: string): string[] {
    if (fixKey.startsWith(KB_FIX_PREFIX)) return this.objectStemsByProblem.get(fixKey.slice(KB_FIX_PREFIX.length)) ?? [];
    if (fixKey.startsWith(TEXT_FIX_PREFIX))
      return fixKey
        .slice(TEXT_FIX_PREFIX.length)
        .split(' ')
        .slice(1)
        .filter((s) => !this.generic.has(s));
    return [];
  }

  /**
   * The part a fix works on, as one stem: the head of a text key ("replaced belt on supply fan" →
   * belt), or the last word of a canonical fix's object ("Replace AC condenser fan motor" → motor).
   * Undefined when the fix names only generic objects. Words that only qualify the part (fan, air,
   * supply) are left out, so a fix is never ranked up for being written at length.
   */
  partStem(fixKey: string): string | undefined {
    const object = this.objectStems(fixKey);
    return fixKey.startsWith(KB_FIX_PREFIX) ? object.at(-1) : object[0];
  }

  /**
   * Whether the fix replaced a whole machine as a note wrote it ("Replaced refrigerator": its part is
   * nothing but a kind of equipment) and the request does not ask for a replacement. Replacing the
   * refrigerator is the owner's decision on an old unit, not the repair of its leak or its noise.
   * Only when the catalogue repairs the machine for a plausible problem of the request ("Clear
   * refrigerator defrost drain") and replaces it for none ("Replace sump pump" for a sump pump that
   * does not run): otherwise replacing may well be the usual repair (a building's pumps).
   */
  private replacedMachineUnasked(fixKey: string | null | undefined, query: FixQuery): boolean {
    if (!fixKey?.startsWith(`${TEXT_FIX_PREFIX}${REPLACED.toLowerCase()} `) || query.asksReplacement) return false;
    // The head names a machine by itself ("refrigerator", "washer"), not a part that names one ("burner receptacle").
    const object = this.objectStems(fixKey);
    if (!this.machineWords.has(object[0] ?? '') || !object.every((s) => this.machineStems.has(s))) return false;
    const forms = query.problemIds.map((id) => this.textFormByProblem.get(id)?.split(' ') ?? []);
    const replaced = forms.some((form) => form[0] === `${TEXT_FIX_PREFIX}${REPLACED.toLowerCase()}` && form[1] === object[0]);
    return !replaced && forms.some((form) => form.slice(1).includes(object[0]));
  }

  /**
   * Whether the fix's part says it belongs to a machine ("thermocouple on the water heater") that
   * neither the request nor the past ticket's request names, while the request names others (a
   * wall furnace's pilot): the words they share ("pilot") are then about another machine. The
   * part's own word does not count as a machine named ("light" of a pilot light). When the request
   * names no machine, a machine's part is another thing's only when the past ticket is of another
   * trade too: a window's lock is not the lock of a tenant locked out of the apartment.
   */
  private partOfOtherMachine(ticket: SimilarWorkOrder, object: readonly string[], query: FixQuery): boolean {
    const head = this.partStem(ticket.fixKey!);
    const whose = this.equipmentOf(new Set(object.filter((s) => s !== head)));
    if (whose.length === 0) return false;
    const asked = this.equipmentOf(new Set([...query.stems].filter((s) => s !== head))).filter((kind) => query.equipment.includes(kind));
    if (whose.some((kind) => asked.includes(kind))) return false;
    if (asked.length === 0) return ticket.problemTrade !== null && query.trades.size > 0 && !query.trades.has(ticket.problemTrade);
    return !this.requestKinds(ticket).some((kind) => asked.includes(kind));
  }

  /**
   * Whether the fix works on another part of the name the request gives: the request says which
   * one ("supply line", "shutoff valve"), the fix says another ("Clear main sewer line", "Replace
   * toilet fill valve"), and neither says the other's word. A fix that does not say which one
   * ("Replaced valve") may be either.
   */
  private otherPartOfTheName(part: string | undefined, object: readonly string[], query: FixQuery): boolean {
    // Only as the catalogue names a part of two words ("classroom" thermostat, "kitchen" outlet say
    // nothing of which one), and never a machine's name ("a/c" motor may be its fan motor).
    const asked = [...((part !== undefined && query.qualifiers.get(part)) || [])].filter(
      (q) => this.partPairs.has(`${q} ${part}`) && !this.machineStems.has(q),
    );
    if (asked.length === 0 || asked.some((q) => object.includes(q))) return false;
    return object.some((s) => s !== part && !this.machineWords.has(s) && !query.stems.has(s));
  }

  /**
   * Whether the request and the past ticket's request each say which part of the fix's name it was, as
   * the catalogue names parts of two words ("ceiling tile", "floor tile"), and not the same one, while
   * the fix says neither ("Replaced tiles"); or the past request does not say and was filed under a
   * trade whose catalogue never works on the part the request names.
   */
  private askedOtherwise(part: string | undefined, object: readonly string[], ticket: SimilarWorkOrder, query: FixQuery): boolean {
    if (part === undefined) return false;
    const which = (qualifiers: ReadonlySet<string> | undefined) =>
      [...(qualifiers ?? [])].filter((q) => this.partPairs.has(`${q} ${part}`) && !this.machineWords.has(q) && !this.conditionStems.has(q));
    const asked = which(query.qualifiers.get(part));
    if (asked.length === 0 || asked.some((q) => object.includes(q))) return false;
    const tokens = normalizerFor(this.kb).tokens(ticket.title ? `${ticket.title}. ${ticket.issueDescription}` : ticket.issueDescription);
    const before = new Set<string>();
    for (let i = 1; i < tokens.length; i++) if (tokens[i].stem === part && !tokens[i].stop && !tokens[i - 1].stop) before.add(tokens[i - 1].stem);
    const said = which(before);
    if (said.length > 0) return !said.some((q) => asked.includes(q) || object.includes(q));
    // The past request does not say which: the trade it was filed under does, when no catalogue of
    // that trade works on the part the request names ("loose tiles in kitchen", a flooring ticket, for a ceiling tile).
    const filed = ticket.problemTrade;
    const trades = [...this.workStemsByTrade].filter(([, work]) => work.has(part) && asked.some((q) => work.has(q))).map(([trade]) => trade);
    return filed !== null && trades.length > 0 && !trades.includes(filed);
  }

  /**
   * Whether what the fix works on names a kind of equipment (the "faucet" of "Replaced faucet" is
   * a sink's) that the trade never repairs (`tradesOfKinds`: no problem of the trade names it).
   */
  private onMachineOfAnotherTrade(fixKey: string, trade: string | undefined): boolean {
    if (trade === undefined) return false;
    const kinds = this.equipmentOf(new Set(this.objectStems(fixKey)));
    const trades = tradesOfKinds(this.kb);
    return kinds.length > 0 && kinds.every((kind) => !trades.get(kind)?.has(trade));
  }

  /**
   * The trades whose catalogue works on every word of the part a fix works on ("main sewer line",
   * "P-trap": drains and plumbing); empty when none names it in full, which tells nothing either
   * way. The machine a catalogue fix names is judged apart (`onMachineOfAnotherTrade`).
   */
  private tradesWorkingOn(object: readonly string[]): string[] {
    const part = object.filter((s) => !this.machineStems.has(s));
    if (part.length === 0) return [];
    return [...this.workStemsByTrade].filter(([, work]) => part.every((s) => work.has(s))).map(([t]) => t);
  }

  /** Whether the part a fix works on is work of other trades only than the given one (`tradesWorkingOn`). */
  private workOfOtherTrades(object: readonly string[], trade: string | undefined): boolean {
    const trades = this.tradesWorkingOn(object);
    return trade !== undefined && trades.length > 0 && !trades.includes(trade);
  }

  /** Whether the part a fix works on is work of one of the request's trades and not of the trade its ticket was filed under. */
  private partOfRequestTrade(object: readonly string[], filed: string, query: FixQuery): boolean {
    const trades = this.tradesWorkingOn(object);
    return trades.some((t) => query.trades.has(t)) && !trades.includes(filed);
  }

  /** Whether the request names a kind of equipment and the past ticket's request names none at all. */
  private machineOnlyAsked(ticket: SimilarWorkOrder, query: FixQuery): boolean {
    return query.equipment.length > 0 && this.requestKinds(ticket).length === 0;
  }

  /**
   * Whether the request names a kind of equipment that neither the past ticket's request nor its fix
   * names, and the ticket was filed under none of the request's plausible problems: it is then about
   * the request's machine only through the part its fix works on, named by the request ("spark" of a
   * range's spark igniter switch is not the part of a sparking microwave; a sink's P-trap washer is
   * not a washing machine).
   */
  private machineUnnamed(ticket: SimilarWorkOrder, object: readonly string[], query: FixQuery): boolean {
    if (query.equipment.length === 0) return false;
    // A ticket of no known problem is judged by its words, as elsewhere.
    if (ticket.problemId === null || query.problemIds.includes(ticket.problemId)) return false;
    if (this.requestKinds(ticket).length > 0) return false;
    // The fix names the machine by a word that is not its part ("dishwasher" drain pump), or is the
    // machine itself ("Replaced water heater"); the "washer" of a P-trap washer is a part, no machine.
    const head = this.partStem(ticket.fixKey!);
    const naming = object.every((s) => this.machineStems.has(s)) ? object : object.filter((s) => s !== head);
    return !this.equipmentOf(new Set(naming)).some((kind) => query.equipment.includes(kind));
  }

  /**
   * Whether a fix works on a machine as a whole without replacing it ("Reglazed window", "Free stuck
   * window"): what it names is only a kind of equipment, and which of its parts was repaired is left
   * unsaid. A replaced machine is judged apart (`replacedMachineUnasked`).
   */
  private wholeMachineRepair(fixKey: string, object: readonly string[]): boolean {
    return object.length > 0 && object.every((s) => this.machineStems.has(s)) && this.repairOf(fixKey)?.split(' ')[0] !== REPLACED.toLowerCase();
  }

  /**
   * Whether a word the fix works on is, in the request, only its complaint (`complaintWords` of its
   * most plausible problem: the "leaking" of an AC leaking water into the closet), and the past
   * ticket's request did not make that complaint: the leak a technician sealed on "AC not cooling"
   * was refrigerant, found on site, not the water this requester sees.
   */
  private complaintNotShared(stem: string, ticket: SimilarWorkOrder, query: FixQuery): boolean {
    return (this.complaintWords.get(query.problemIds[0] ?? '')?.has(stem) ?? false) && !this.requestStems(ticket).has(stem);
  }

  /** The stems of every phrase of the given equipment kinds. */
  private stemsOfKinds(kinds: readonly string[]): ReadonlySet<string> {
    return new Set(this.equipmentStems.filter((k) => kinds.includes(k.kind)).flatMap((k) => k.phrases.flat()));
  }

  /** The stems of the equipment kinds both the request and the past ticket's request name (every phrase of each kind). */
  private machineOfBoth(ticket: Pick<SimilarWorkOrder, 'title' | 'issueDescription'>, query: FixQuery): ReadonlySet<string> {
    if (query.equipment.length === 0) return new Set();
    const kinds = this.requestKinds(ticket);
    return new Set(this.equipmentStems.filter((k) => query.equipment.includes(k.kind) && kinds.includes(k.kind)).flatMap((k) => k.phrases.flat()));
  }

  /** Whether the request and the past ticket's request each name equipment (`equipment_kinds`), and no kind in common. */
  private aboutOtherEquipment(ticket: Pick<SimilarWorkOrder, 'title' | 'issueDescription'>, query: FixQuery): boolean {
    if (query.equipment.length === 0) return false;
    const kinds = this.requestKinds(ticket);
    return kinds.length > 0 && !kinds.some((kind) => query.equipment.includes(kind));
  }

  /**
   * Whether the past request is about another failure of the machine this one names: both name a
   * kind of equipment in common, this one makes the complaint of its most plausible problem
   * (`complaintWords`: the "running" of a toilet that runs), the past one makes none of it, and it
   * was filed under another problem. A toilet that overflowed was cleared of a clog; that says
   * nothing of a toilet that will not stop running, however many words of its place ("3rd floor
   * restroom") the two requests share.
   */
  private otherFailure(ticket: Pick<SimilarWorkOrder, 'title' | 'issueDescription' | 'problemId'>, query: FixQuery): boolean {
    const top = query.problemIds[0];
    if (top === undefined || ticket.problemId === top || query.equipment.length === 0) return false;
    const complaint = [...(this.complaintWords.get(top) ?? [])].filter((s) => query.stems.has(s));
    if (complaint.length === 0 || !this.requestKinds(ticket).some((kind) => query.equipment.includes(kind))) return false;
    const stems = this.requestStems(ticket);
    return !complaint.some((s) => stems.has(s));
  }

  /**
   * Whether the fix names the room of its fixture ("Replaced kitchen faucet") and the request names
   * another room and not that one ("bathroom faucet drips"): it was another fixture, whatever part
   * the two share. A fix that names no room, or a request that names none, says nothing of it.
   */
  /**
   * Whether the fix works on a part many devices hold and names the device ("Replace smoke detector
   * battery"), and the request names the part but none of that device's words: the "batteries" of
   * a blank thermostat are the thermostat's. A request that names no such part ("beeping in the
   * hallway every minute") is judged as any other.
   */
  private ofAnotherDevice(fixKey: string, object: readonly string[], query: FixQuery): boolean {
    const part = this.partStem(fixKey);
    if (part === undefined || !this.ownedPartStems.has(part) || !query.stems.has(part)) return false;
    const device = object.filter((s) => s !== part && !this.generic.has(s) && !this.conditionStems.has(s));
    return device.length > 0 && !device.some((s) => query.stems.has(s));
  }

  private inAnotherRoom(object: readonly string[], query: FixQuery): boolean {
    const rooms = object.filter((s) => this.roomStems.has(s));
    return rooms.length > 0 && !rooms.some((s) => query.stems.has(s)) && [...query.stems].some((s) => this.roomStems.has(s));
  }

  /**
   * How well the fix of a past ticket fits the request: its FixMatch level, plus a tenth for each
   * word of the fix's object the request names (at most 0.9), so among fixes of one level the more
   * specific one comes first ("Replaced fan blade on condenser fan motor" before "Replaced motor").
   */
  match(ticket: SimilarWorkOrder, query: FixQuery): number {
    if (!ticket.fixKey || this.replacedMachineUnasked(ticket.fixKey, query)) return FixMatch.None;
    const object = this.objectStems(ticket.fixKey);
    if (this.inAnotherRoom(object, query) || this.ofAnotherDevice(ticket.fixKey, object, query)) return FixMatch.None;
    // Words of the fix the request names say nothing when the two requests are about different
    // machines: a bathroom fan's request names the "fan" of a refrigerator's evaporator fan motor.
    const partOfOther = this.partOfOtherMachine(ticket, object, query);
    const otherEquipment = this.aboutOtherEquipment(ticket, query);
    // A ticket of no known problem has no trade that could differ ("lowboys running hot" is
    // placed nowhere): it is judged by its words alone, as a ticket of the request's trade is.
    const sameTrade = query.trades.size === 0 || ticket.problemTrade === null || query.trades.has(ticket.problemTrade);
    // A ticket filed under another problem whose request names no machine, while this one names
    // one its fix does not, is about the request only through the part its fix works on ("range
    // burner clicking" is not about a sparking microwave). Filed under another trade, not even that,
    // unless its part is work of the request's trade and not of that one (a sink's P-trap filed as
    // a refrigerator's leak is still a plumber's): a leak an HVAC technician sealed on "not cooling
    // upstairs" is no leaking refrigerator's.
    // A note read as the catalogue fix of the request's most plausible problem is that problem's
    // repair, whatever machine the request names besides ("Clear main sewer line" for sewage backing
    // up into the tub).
    const unnamed = ticket.fixKey !== `${KB_FIX_PREFIX}${query.problemIds[0]}` && this.machineUnnamed(ticket, object, query);
    const filedElsewhere = unnamed && !sameTrade && !this.partOfRequestTrade(object, ticket.problemTrade!, query);
    // A fix that works on a machine as a whole, its part left unsaid ("Reglazed window"), is about the
    // request's machine, not its complaint: only a ticket filed under a plausible problem of the
    // request counts by the machine's name (a window that will not stay open needs no reglazing).
    // Nor when the past request was about another failure of that machine (`otherFailure`): a toilet
    // cleared of a clog is no repair of one that runs.
    const otherFailure = this.otherFailure(ticket, query);
    const wholeMachine =
      this.wholeMachineRepair(ticket.fixKey, object) && ((ticket.problemId !== null && !query.problemIds.includes(ticket.problemId)) || otherFailure);
    // The request says which part of that name it is ("ceiling tile"), the past request said another
    // ("floor tile cracked"), and the fix says neither: a flooring vendor's tiles are no drop ceiling's.
    const otherNamed = this.askedOtherwise(this.partStem(ticket.fixKey), object, ticket, query);
    const named =
      otherEquipment || partOfOther || filedElsewhere || wholeMachine || otherNamed
        ? []
        : object.filter((s) => query.stems.has(s) && !this.complaintNotShared(s, ticket, query));
    const specific = Math.min(named.length, 9) / 10;
    if (object.length > 0 && named.length === object.length) return FixMatch.SameFix + specific;
    const top = query.problemIds[0];
    // The same problem only when the request says it: a reading that rests on the machine's name
    // alone ("dishwasher won't start" read as a dishwasher that does not drain) is no evidence.
    // Nor when the fix works on a machine neither request names, while this one names another:
    // a wall furnace's pilot read as the water heater's (the catalogue has one pilot problem).
    // Nor a note read as the problem's catalogue fix on another machine than the request's: a
    // refrigerator's "replaced defrost thermostat" reads as "Replace thermostat", an AC's fix.
    const sameFixOnThisMachine = ticket.fixKey === `${KB_FIX_PREFIX}${top}` && !otherEquipment;
    // Nor a ticket filed under the problem by its words whose fix worked on a machine the problem's
    // trade never repairs: "Replaced faucet" on "sink faucit won't shut off" read as heat that will not shut off,
    // nor, when its request names no machine while this one names one, on a part only other trades
    // work on: a main sewer line cleared on "drain slow, water won't go down" read as the dishwasher's.
    // Nor a ticket about the request's machine only through its fix (above).
    const sameProblem =
      !unnamed &&
      !partOfOther &&
      top !== undefined &&
      query.namesTopProblem &&
      (sameFixOnThisMachine || ticket.problemId === top) &&
      !this.onMachineOfAnotherTrade(ticket.fixKey, this.kb.problemById.get(top)?.trade) &&
      !(this.machineOnlyAsked(ticket, query) && this.workOfOtherTrades(object, this.kb.problemById.get(top)?.trade));
    // The request must name the part, or a word of it that is not only the machine it sits in:
    // "dishwasher" says nothing of a drain pump when the dishwasher will not start, nor "door" of
    // the door's rollers when the carpet is torn at the door; "fan" of a fan motor does. A part
    // that is itself a machine's name counts only within the request's trade: the "light" of a
    // light that is out is not the pilot light a plumber relit on a water heater.
    const part = this.partStem(ticket.fixKey);
    const otherOfName = this.otherPartOfTheName(part, object, query);
    // A place the request names ("dripping from the bathroom ceiling") is where the water is, not the
    // part of a fix that says where its part was ("Replaced bathroom faucet", "Replaced ceiling fixture").
    // A ticket about the request's machine only through its fix must work on the part the request
    // names outright, not on a word that qualifies it nor on a part named like a machine.
    // A word that only qualifies the part ("drain" of a drain pump) is the past request's machine's
    // when that request names a machine this one does not and was filed under another trade: a
    // dishwasher's drain pump is no part of a laundry room's floor drain (a door's lock cylinder is
    // still the lock of a tenant locked out).
    const otherMachineAsked = !sameTrade && this.requestKinds(ticket).some((kind) => !query.equipment.includes(kind));
    // The name of the machine the request names ("fan coil"), written by the note before another part
    // ("Replaced fan coil motor"), says only whose part it was: it counts when the past request made
    // the request's complaint too (a leaking fan coil is not a room too hot). A catalogue fix's
    // machine ("Replace AC capacitor") is its problem's, judged by that problem.
    const asked = ticket.fixKey.startsWith(TEXT_FIX_PREFIX) ? this.stemsOfKinds(query.equipment) : new Set<string>();
    const complaint = [...(this.complaintWords.get(top ?? '') ?? [])].filter((s) => query.stems.has(s));
    const otherComplaint = complaint.length > 0 && !complaint.some((s) => this.requestStems(ticket).has(s));
    const namesPart = named.some(
      (s) =>
        !(s === part && otherOfName) &&
        !(s !== part && otherMachineAsked) &&
        !(s !== part && otherComplaint && asked.has(s)) &&
        !this.placeStems.has(s) &&
        (unnamed ? s === part && !this.machineWords.has(s) : !this.machineWords.has(s) || (s === part && sameTrade)),
    );
    // A repair the catalogue gives for the request's most plausible problem ("replaced diaphragm" of a
    // flush valve that runs on), on a ticket filed under another plausible problem of the request
    // (a running toilet read as a worn flapper), is about the request too.
    const catalogueRepair =
      top !== undefined &&
      query.namesTopProblem &&
      ticket.problemId !== null &&
      query.problemIds.includes(ticket.problemId) &&
      !otherEquipment &&
      !partOfOther &&
      !unnamed &&
      this.catalogueRepairs.get(top)!.has(this.repairOf(ticket.fixKey) ?? '');
    if (namesPart || sameProblem || catalogueRepair) return FixMatch.SameProblemOrPart + specific;
    // Words two requests about different failures of one machine share are its place, not a symptom.
    if (!sameTrade || otherFailure) return FixMatch.None;
    // The name of a machine both requests are about is no shared symptom word: "AC not cooling" and
    // "AC leaking water into the closet" share the air conditioner, not what is wrong with it.
    const machine = this.machineOfBoth(ticket, query);
    let shared = 0;
    for (const s of this.requestStems(ticket)) if (query.distinctive.has(s) && !machine.has(s)) shared++;
    return shared >= SHARED_SYMPTOM_WORDS ? FixMatch.SameTradeAndSymptom : FixMatch.None;
  }
}
