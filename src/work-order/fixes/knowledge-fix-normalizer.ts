import { BoundedMemo } from '../../common/bounded-memo';
import { matchFix, MatchedFix } from '../../knowledge/fix-matcher';
import type { KnowledgeBase, Problem } from '../../knowledge/knowledge.types';
import { normalizerFor } from '../../knowledge/symptom-index';
import { foldText, rawWords, TextNormalizer } from '../../knowledge/text-normalizer';
import { partWords, respelled, tradeWords } from './catalogue-words';
import { noteEntries, readFixNote } from './fix-note';
import { CanonicalFix, FixNormalizer } from './fix-normalizer';

/** Prefix of fix keys that name a knowledge-base problem. */
export const KB_FIX_PREFIX = 'kb:';
/** Prefix of fix keys read from a note the knowledge base does not know: the verb, the object's head stem, then its other stems sorted. */
export const TEXT_FIX_PREFIX = 'text:';

/** Longest fix name written from a note's own words (the stored label holds 300; a fix name is a short phrase). */
export const MAX_FIX_LABEL = 120;

/**
 * Verbs that are one repair when counting fixes of a part things flow through: clearing a clogged
 * drain, line, trap or gutter is cleaning it out, and notes use either word for the same job
 * ("Clean gutters", "cleared clogged gutter"). Not for a machine or fixture itself: a cleared
 * toilet was unclogged, a cleaned one washed. The key takes the verb it counts as; the fix name
 * keeps the note's own verb. Verbs that name another job ("flushed", "drained", "reglazed") are
 * actions of their own in fix-notes.json and never join here. This belongs in fix-notes.json once
 * its schema has a field for it.
 */
const COUNTED_AS: Readonly<Record<string, string>> = { Cleared: 'Cleaned' };

/** The verb of `fix-notes.json` a replacement is read as ("installed new", "swapped"). */
export const REPLACED = 'Replaced';

/** The end of a sentence in a note: a full stop, "!", "?" or ";" before a space or the end. */
const SENTENCE_END = /[.!?;]+(?=\s|$)/;

const machineWordsOf = new WeakMap<KnowledgeBase, ReadonlySet<string>>();

/**
 * The stems that alone name a kind of equipment (the one-word phrases of fix-notes.json
 * `equipment_kinds`: dishwasher, door, toilet, ahu, ...): the machine a part sits in, not a part.
 */
export function machineWords(kb: KnowledgeBase): ReadonlySet<string> {
  let words = machineWordsOf.get(kb);
  if (!words) {
    const normalizer = normalizerFor(kb);
    const phrases = kb.fixNotes.equipment_kinds.flatMap((k) => k.phrases.map((p) => normalizer.stems(p)));
    words = new Set(phrases.filter((stems) => stems.length === 1).flat());
    machineWordsOf.set(kb, words);
  }
  return words;
}

const kindTradesOf = new WeakMap<KnowledgeBase, ReadonlyMap<string, ReadonlySet<string>>>();

/**
 * For each kind of equipment (fix-notes.json `equipment_kinds`), the trades of the catalogue
 * problems whose name, symptoms or keywords name it: the trades that repair that machine (a sink's
 * faucet is plumbing's, never the heating trade's).
 */
export function tradesOfKinds(kb: KnowledgeBase): ReadonlyMap<string, ReadonlySet<string>> {
  let trades = kindTradesOf.get(kb);
  if (!trades) {
    const normalizer = normalizerFor(kb);
    const problems = kb.problems.map((p) => ({ trade: p.trade, stems: new Set(normalizer.stems([p.name, ...p.symptoms, ...p.keywords].join('. '))) }));
    trades = new Map(
      kb.fixNotes.equipment_kinds.map((k) => {
        const phrases = k.phrases.map((phrase) => normalizer.stems(phrase)).filter((stems) => stems.length > 0);
        return [k.kind, new Set(problems.filter((p) => phrases.some((phrase) => phrase.every((s) => p.stems.has(s)))).map((p) => p.trade))];
      }),
    );
    kindTradesOf.set(kb, trades);
  }
  return trades;
}

/** The verb a fix key of this head (a stem) is counted under (`COUNTED_AS`). */
function countedVerb(kb: KnowledgeBase, verb: string, head: string): string {
  return Object.hasOwn(COUNTED_AS, verb) && !machineWords(kb).has(head) ? COUNTED_AS[verb] : verb;
}

/** The head stem of an object as a note writes it: the last word before "on"/"of" ("bearings on the fan" → bearing). */
function headOf(kb: KnowledgeBase, object: readonly string[]): string | undefined {
  const connector = object.findIndex((w) => w === 'on' || w === 'of');
  return normalizerFor(kb)
    .stems((connector >= 0 ? object.slice(0, connector) : object).join(' '))
    .at(-1);
}

/** Distinct notes whose reading is remembered: technicians repeat the same few phrasings, so an import reads each once. */
const REMEMBERED_NOTES = 50_000;

/**
 * A note's reading before its ticket's request is known: the fix, and, when that is the canonical
 * fix of a machine the note itself does not name ("cleaned condenser coils" read as "Clean AC
 * condenser coil"), the machines it names and the note's own-words fix for a request about others.
 */
/** Catalogue fixes a note's phrase is tried against, best covered first, before it keeps its own words. */
const MATCH_ATTEMPTS = 3;

/** A word in more than this share of the catalogue's problems ("not", "water") tells no problem from another. */
export const COMMON_PROBLEM_WORD_SHARE = 0.2;

interface NoteReading {
  fix: CanonicalFix;
  machines?: readonly string[];
  /** The trade of the canonical fix's problem. */
  trade?: string;
  own?: CanonicalFix;
  /**
   * Other problems' canonical fixes the note reads as just as well ("Replaced igniter": a range's
   * burner igniter or a furnace's ignitor), for the request to choose among.
   */
  alternatives?: readonly { problemId: string; fix: CanonicalFix }[];
}

/** A treatment whose note names no pest ("Treated unit, gel bait"): its verb, read with the ticket's request. */
interface UnnamedTreatment {
  treatment: string;
}

const clip = (label: string): string => {
  const chars = Array.from(label);
  return chars.length <= MAX_FIX_LABEL ? label : `${chars.slice(0, MAX_FIX_LABEL - 1).join('')}…`;
};

/**
 * The text key of a verb and object as a note writes them: the verb, the head of the object (the
 * last word before "on"/"of": "bearings on the fan" → bearing, "fan motor" → motor), then its other
 * stems sorted. Undefined when the object has no stem.
 */
function textKey(kb: KnowledgeBase, verb: string, objectWords: readonly string[]): { key: string; object: string[] } | undefined {
  const normalizer = normalizerFor(kb);
  // Shorthand and misspellings read as the vocabulary spells them ("t stat" → "thermostat").
  const object = normalizer.words(objectWords.join(' ')).filter((w) => w.length > 1);
  const head = headOf(kb, object);
  if (!head) return undefined;
  const others = [...new Set(normalizer.stems(object.join(' ')))].filter((s) => s !== head).sort();
  return { key: [`${TEXT_FIX_PREFIX}${countedVerb(kb, verb, head).toLowerCase()}`, head, ...others].join(' '), object };
}

const labelNormalizers = new WeakMap<KnowledgeBase, TextNormalizer>();

/**
 * The words a fix name shows for a note's part: the vocabulary's rewriting, except for the words
 * fix-notes.json `label_own_words` keeps as written (a stove's "burner receptacle" is no "burner
 * outlet", nor a dishwasher's knockout plug an outlet).
 */
function labelWords(kb: KnowledgeBase, objectWords: readonly string[]): string[] {
  let normalizer = labelNormalizers.get(kb);
  if (!normalizer) {
    const own = new Set(kb.fixNotes.label_own_words.map(foldText));
    const synonyms = Object.fromEntries(Object.entries(kb.vocabulary.synonyms).filter(([word]) => !own.has(foldText(word))));
    normalizer = new TextNormalizer({ ...kb.vocabulary, synonyms });
    labelNormalizers.set(kb, normalizer);
  }
  return normalizer.words(objectWords.join(' ')).filter((w) => w.length > 1);
}

/**
 * The text key a problem's canonical fix would have if a note wrote it ("Replace furnace blower
 * motor" → "text:replaced motor blower furnac"), so that `fixGroups` can count it with the notes'
 * own wordings of the same repair. Undefined when the canonical fix reads as no repair verb.
 */
export function canonicalTextKey(kb: KnowledgeBase, problemId: string): string | undefined {
  return phraseTextKey(kb, kb.problemById.get(problemId)?.canonical_fix ?? '');
}

/** The text key a catalogue phrase ("replaced diaphragm") would have if a note wrote it; undefined when it reads as no repair. */
export function phraseTextKey(kb: KnowledgeBase, phrase: string): string | undefined {
  const reading = readFixNote(phrase, kb.fixNotes);
  return reading?.kind === 'fix' ? textKey(kb, reading.verb, reading.object)?.key : undefined;
}

/**
 * Reads the fix of a technician's note (see `readFixNote`): bookkeeping and outcomes that are not
 * repairs never become a fix. The repair found is the knowledge base's canonical fix when its
 * short phrase matches one ("new t-stat installed" → "Replace thermostat"); otherwise it is the
 * note's own verb and object ("Replaced return air fan bearings"), keyed by the verb, the head of
 * the object and its other stems after vocabulary rewriting, so tenses, shorthand and known
 * misspellings of the same repair share a key.
 */
export class KnowledgeFixNormalizer extends FixNormalizer {
  private readonly canonicalVerb = new Map<string, string | undefined>();
  private readonly canonicalObjects = new Map<string, readonly string[]>();
  /** The problems whose canonical fix works on a stem, by stem (see `canonicalObject`). */
  private problemsByObjectStem?: ReadonlyMap<string, ReadonlySet<Problem>>;
  private readonly canonicalVerbs = new Map<string, boolean>();
  private readonly treatingProblems = new Map<string, boolean>();
  private readonly problemStems = new Map<string, ReadonlySet<string>>();
  private readonly partComplaints = new Map<string, ReadonlySet<string>>();
  /** Stems of machines, positions and generic objects, which never say which part a note means. */
  private wordClasses?: { machines: ReadonlySet<string>; positions: ReadonlySet<string>; generic: ReadonlySet<string> };
  private kindStems?: { kind: string; phrases: (readonly string[])[] }[];
  private readonly readings = new BoundedMemo<NoteReading | UnnamedTreatment | undefined>(REMEMBERED_NOTES);
  /** Each problem's own words (name, symptoms, keywords), less words common to many problems and generic words. */
  private problemWords?: ReadonlyMap<string, ReadonlySet<string>>;

  constructor(private readonly kb: KnowledgeBase) {
    super();
  }

  private verbOf(problemId: string): string | undefined {
    if (!this.canonicalVerb.has(problemId)) {
      const reading = readFixNote(this.kb.problemById.get(problemId)?.canonical_fix ?? '', this.kb.fixNotes);
      this.canonicalVerb.set(problemId, reading?.kind === 'fix' ? reading.verb : undefined);
    }
    return this.canonicalVerb.get(problemId);
  }

  /** Whether a problem's canonical fix says a verb of fix-notes.json, by one of its words ("Reset or replace GFCI outlet": Reset and Replaced). */
  private names(problemId: string, verb: string): boolean {
    const key = `${problemId} ${verb}`;
    let names = this.canonicalVerbs.get(key);
    if (names === undefined) {
      const words = new Set(rawWords(foldText(this.kb.problemById.get(problemId)?.canonical_fix ?? '')));
      const verbWords = this.kb.fixNotes.actions.find((a) => a.verb === verb)?.words ?? [];
      names = verbWords.some((w) => !w.includes(' ') && words.has(foldText(w)));
      this.canonicalVerbs.set(key, names);
    }
    return names;
  }

  /** The stems of what a problem's canonical fix works on (its words after the verb). */
  private canonicalObject(problemId: string): readonly string[] {
    let stems = this.canonicalObjects.get(problemId);
    if (!stems) {
      stems = normalizerFor(this.kb).stems(this.kb.problemById.get(problemId)?.canonical_fix.split(' ').slice(1).join(' ') ?? '');
      this.canonicalObjects.set(problemId, stems);
    }
    return stems;
  }

  /**
   * The problems whose canonical fix works on `stem` (it is among `canonicalObject`'s stems). Read
   * from one index built once: asking every problem of every fix phrase a note's verb shares was
   * about a tenth of an imported row's CPU on distinct notes (BENCHMARKS.md, session 23).
   */
  private problemsWorkingOn(stem: string): ReadonlySet<Problem> | undefined {
    if (!this.problemsByObjectStem) {
      const index = new Map<string, Set<Problem>>();
      for (const problem of this.kb.problems) {
        for (const s of this.canonicalObject(problem.id)) {
          const problems = index.get(s);
          if (problems) problems.add(problem);
          else index.set(s, new Set([problem]));
        }
      }
      this.problemsByObjectStem = index;
    }
    return this.problemsByObjectStem.get(stem);
  }

  /**
   * A canonical fix stands for the note only when the note covers one of its phrases fully, or
   * does the same thing (verb) to at least half of what the canonical fix works on: "cleared
   * condensate line" is "Clear AC condensate drain line", but "cleaned coil" is not "Clean AC
   * condenser coil" and "replaced flame sensor" is not "Clean furnace flame sensor". Either way the
   * canonical fix must name what the note worked on (its head, see `normalize`).
   */
  private sameFix(match: MatchedFix, verb: string, object: string[]): boolean {
    // A replacement and a repair that keeps the part are two fixes of different cost, whatever
    // phrase the catalogue lists ("lubricated lock" under "Replace lock cylinder"), unless the
    // canonical fix names both ("Reset or replace GFCI outlet").
    const replaces = this.names(match.problemId, REPLACED);
    if (verb === REPLACED ? !replaces : replaces && !this.names(match.problemId, verb)) return false;
    if (match.score >= 1) return true;
    const canonicalVerb = this.verbOf(match.problemId);
    const head = headOf(this.kb, object) ?? '';
    if (canonicalVerb !== undefined && countedVerb(this.kb, canonicalVerb, head) !== countedVerb(this.kb, verb, head)) return false;
    const named = new Set(normalizerFor(this.kb).stems(object.join(' ')));
    const canonical = this.canonicalObject(match.problemId);
    const shared = canonical.filter((s) => named.has(s)).length;
    return shared >= canonical.length / 2;
  }

  /** The equipment kinds of fix-notes.json with their phrases as stems. */
  private kinds(): { kind: string; phrases: (readonly string[])[] }[] {
    const normalizer = normalizerFor(this.kb);
    return (this.kindStems ??= this.kb.fixNotes.equipment_kinds.map((k) => ({ kind: k.kind, phrases: k.phrases.map((p) => normalizer.stems(p)) })));
  }

  /** The equipment kinds (fix-notes.json `equipment_kinds`) a text names, every stem of a phrase. */
  private kindsOf(text: string): Set<string> {
    const stems = new Set(normalizerFor(this.kb).stems(text));
    return new Set(
      this.kinds()
        .filter((k) => k.phrases.some((phrase) => phrase.length > 0 && phrase.every((s) => stems.has(s))))
        .map((k) => k.kind),
    );
  }

  /**
   * Whether the note names a kind of equipment and the canonical fix names only others: "replaced
   * window weatherstripping" is not "Replace door weatherstripping", and "replaced door latch
   * switch" is not "Replace light switch", however much of the fix's wording they share. A note
   * that names no equipment ("cleaned condenser coils") takes the canonical fix's.
   */
  private namesOtherEquipment(match: MatchedFix, object: readonly string[], note: string): boolean {
    const named = this.noteMachines(object, note);
    if (named.size === 0) return false;
    const partSaysWhose = this.kindsOf(object.join(' ')).size > 0;
    const problem = this.kb.problemById.get(match.problemId);
    const canonical = this.kindsOf(problem?.canonical_fix ?? '');
    if (canonical.size > 0) return ![...canonical].some((kind) => named.has(kind));
    // A part that names its machine ("burner receptacle") is not the fix of a problem that is on
    // no machine at all (a wall outlet's "Replace outlet"), whose name and symptoms name none.
    return partSaysWhose && problem !== undefined && this.kindsOf([problem.name, ...problem.symptoms].join('. ')).size === 0;
  }

  /**
   * The machines a note says its part belongs to: those the part names, else those the sentence of
   * a one-line note that names the part does, when it names one ("cleaned condenser coils, fridge
   * back to temp" cleaned the fridge's coils, not an air conditioner's). A log of several entries,
   * or another sentence ("Left card on door."), names machines in passing and does not say whose
   * part it was.
   */
  private noteMachines(object: readonly string[], note: string): Set<string> {
    const named = this.kindsOf(object.join(' '));
    if (named.size === 0 && noteEntries(note).length === 1) {
      const inSentence = this.kindsOf(this.sentencesNaming(note, object).join(' '));
      if (inSentence.size === 1) return inSentence;
    }
    return named;
  }

  /**
   * Whether the note's part is qualified by a word of the trade that the problem never uses, so it
   * is another part of the same name: "replaced float switch" or "replaced limit switch" is not the
   * wall's "Replace light switch", nor "replaced defrost thermostat" the air conditioner's "Replace
   * thermostat". Words of the problem's own text (its name, symptoms, keywords, parts and fix
   * phrases: "dual run capacitor"), machines (judged by `namesOtherEquipment`), generic and
   * position words, and words the catalogue does not name parts with (a brand, "bard units") say
   * nothing here.
   */
  private namesOtherPart(match: MatchedFix, object: readonly string[]): boolean {
    const normalizer = normalizerFor(this.kb);
    let own = this.problemStems.get(match.problemId);
    if (!own) {
      const p = this.kb.problemById.get(match.problemId);
      own = new Set(
        p ? normalizer.stems([p.name, p.canonical_fix, ...p.fix_phrases, ...p.symptoms, ...p.keywords, ...p.parts.map((part) => part.name)].join('. ')) : [],
      );
      this.problemStems.set(match.problemId, own);
    }
    const { machines, positions, generic } = (this.wordClasses ??= {
      machines: new Set(this.kinds().flatMap((k) => k.phrases.flat())),
      positions: new Set(this.kb.fixNotes.position_words.flatMap((w) => normalizer.stems(w))),
      generic: new Set(this.kb.fixNotes.generic_objects.flatMap((w) => normalizer.stems(w))),
    });
    const qualifies = (s: string) => !machines.has(s) && !positions.has(s) && !generic.has(s);
    // What follows "on" or "of" says whose part it is ("weatherstrip on the sash" is a window's).
    const part = object.filter((w) => w !== 'on' && w !== 'of');
    const named = new Set(normalizer.stems(part.join(' ')));
    const head = headOf(this.kb, object);
    // The canonical fix says which part of that name it is ("light" switch), and the note does not say it.
    const canonicalQualifier = this.canonicalObject(match.problemId).some((s) => s !== head && !positions.has(s) && !generic.has(s) && !named.has(s));
    // When it does not ("Replace thermostat"), a qualifier that no request about that part ever says
    // (the catalogue's symptoms naming it) is another part of that name: a refrigerator's "defrost"
    // thermostat is no room thermostat, while a "wall" thermostat or an "entry" lock is the one such
    // requests name.
    const complained = this.complaintStemsOf(head ?? '');
    const partNames = partWords(this.kb);
    return part.some(
      (word) =>
        partNames.has(foldText(word)) &&
        normalizer.stems(word).some((s) => s !== head && qualifies(s) && !own.has(s) && (canonicalQualifier || !complained.has(s))),
    );
  }

  /** The stems of what requesters say of a part (`head`): the names, symptoms and keywords of the problems that name it there. */
  private complaintStemsOf(head: string): ReadonlySet<string> {
    let stems = this.partComplaints.get(head);
    if (!stems) {
      const normalizer = normalizerFor(this.kb);
      const texts = this.kb.problems.map((p) => normalizer.stems([p.name, ...p.symptoms, ...p.symptoms_es, ...p.keywords].join('. ')));
      stems = new Set(texts.filter((t) => t.includes(head)).flat());
      this.partComplaints.set(head, stems);
    }
    return stems;
  }

  /** The sentences of a note that name every stem of the part. */
  private sentencesNaming(note: string, object: readonly string[]): string[] {
    const normalizer = normalizerFor(this.kb);
    const part = normalizer.stems(object.join(' '));
    return note.split(SENTENCE_END).filter((sentence) => {
      const stems = new Set(normalizer.stems(sentence));
      return part.length > 0 && part.every((s) => stems.has(s));
    });
  }

  /**
   * Whether the note replaced a whole machine (its part is nothing but a kind of equipment:
   * "replaced refrigerator") and the canonical fix repairs it ("Repair refrigerator cooling"): a
   * replacement costs several times a repair, and a coordinator must see which one it was.
   */
  private replacesWholeMachine(match: MatchedFix, verb: string, object: readonly string[]): boolean {
    if (verb !== REPLACED || this.verbOf(match.problemId) === REPLACED) return false;
    const stems = normalizerFor(this.kb).stems(object.join(' '));
    if (stems.length === 0) return false;
    const machineStems = new Set(this.kinds().flatMap((k) => k.phrases.flat()));
    return stems.every((s) => machineStems.has(s));
  }

  /**
   * A note that names no machine is read as the catalogue's fix of a machine only when its ticket's
   * request names that machine or none: "cleaned condenser coils" on a ticket about a refrigerator
   * that does not cool was the refrigerator's coils, not "Clean AC condenser coil". The note then
   * keeps its own words, as a note naming the refrigerator does.
   */
  normalize(resolutionText: string, requestText?: string): CanonicalFix | undefined {
    const reading = this.readings.get(resolutionText, () => this.read(resolutionText));
    if (!reading) return undefined;
    if ('treatment' in reading) return requestText === undefined ? undefined : this.treatmentOfRequest(reading.treatment, requestText);
    if (reading.alternatives && requestText !== undefined) {
      const chosen = this.chosenByRequest(reading, requestText);
      if (chosen) return chosen;
    }
    if (reading.machines && reading.own && requestText !== undefined) {
      const asked = [...this.kindsOf(requestText)];
      // Another machine of the same trade is the same work ("cleared condensate line" on a fan coil's
      // ticket is the AC's condensate line); a machine the trade never repairs is not.
      const otherTrade = (kind: string) =>
        !reading.machines!.includes(kind) &&
        !tradesOfKinds(this.kb)
          .get(kind)
          ?.has(reading.trade ?? '');
      if (asked.length > 0 && asked.every(otherTrade)) return reading.own;
    }
    return reading.fix;
  }

  /**
   * Among canonical fixes a note reads as equally well, the one whose problem is about a machine the
   * ticket's request names ("furnace clicks but no flame": the furnace's ignitor, not a range burner's),
   * else the one whose problem the request names by more of its own words ("no heat"); undefined when
   * that is the first reading.
   */
  private chosenByRequest(reading: NoteReading, requestText: string): CanonicalFix | undefined {
    const stems = new Set(normalizerFor(this.kb).stems(requestText));
    const words = this.ownProblemWords();
    const named = (problemId: string) => [...(words.get(problemId) ?? [])].filter((s) => stems.has(s)).length;
    const all = [{ problemId: reading.fix.key.slice(KB_FIX_PREFIX.length), fix: reading.fix }, ...(reading.alternatives ?? [])];
    const asked = this.kindsOf(requestText);
    const onAskedMachine = all.filter(({ problemId }) => {
      const p = this.kb.problemById.get(problemId);
      return p !== undefined && [...this.kindsOf([p.name, ...p.symptoms, ...p.keywords].join('. '))].some((kind) => asked.has(kind));
    });
    const best = (onAskedMachine.length > 0 ? onAskedMachine : all).reduce((a, b) => (named(b.problemId) > named(a.problemId) ? b : a));
    return best.fix.key === reading.fix.key ? undefined : best.fix;
  }

  /**
   * The catalogue's treatment of the pest a request names ("roaches in bathroom": "Treat unit for
   * cockroaches"), for a note that treated the unit or laid bait without naming the pest: the
   * problem, among those whose canonical fix or fix phrases say that verb ("treated for bed bugs"),
   * whose own words the request names most. Undefined when the request names none.
   */
  private treatmentOfRequest(verb: string, requestText: string): CanonicalFix | undefined {
    const stems = new Set(normalizerFor(this.kb).stems(requestText));
    const words = this.ownProblemWords();
    let best: { id: string; fix: string; named: number } | undefined;
    for (const p of this.kb.problems) {
      if (!this.treats(p.id, verb)) continue;
      const named = [...(words.get(p.id) ?? [])].filter((s) => stems.has(s)).length;
      if (named > (best?.named ?? 0)) best = { id: p.id, fix: p.canonical_fix, named };
    }
    return best && { key: `${KB_FIX_PREFIX}${best.id}`, label: best.fix };
  }

  /** Whether a problem's canonical fix or one of its fix phrases reads as the verb (`readFixNote`). */
  private treats(problemId: string, verb: string): boolean {
    const key = `${problemId}\u0000${verb}`;
    let treats = this.treatingProblems.get(key);
    if (treats === undefined) {
      const p = this.kb.problemById.get(problemId);
      treats = [p?.canonical_fix ?? '', ...(p?.fix_phrases ?? [])].some((phrase) => {
        const reading = readFixNote(phrase, this.kb.fixNotes);
        return (reading?.kind === 'fix' || reading?.kind === 'treatment') && reading.verb === verb;
      });
      this.treatingProblems.set(key, treats);
    }
    return treats;
  }

  private ownProblemWords(): ReadonlyMap<string, ReadonlySet<string>> {
    if (!this.problemWords) {
      const normalizer = normalizerFor(this.kb);
      const generic = new Set(this.kb.fixNotes.generic_objects.flatMap((w) => normalizer.stems(w)));
      const wordsOf = new Map(this.kb.problems.map((p) => [p.id, new Set(normalizer.stems([p.name, ...p.symptoms, ...p.keywords].join('. ')))]));
      const problemsWith = new Map<string, number>();
      for (const words of wordsOf.values()) for (const w of words) problemsWith.set(w, (problemsWith.get(w) ?? 0) + 1);
      const common = COMMON_PROBLEM_WORD_SHARE * this.kb.problems.length;
      this.problemWords = new Map(
        [...wordsOf].map(([id, words]) => [id, new Set([...words].filter((w) => (problemsWith.get(w) ?? 0) <= common && !generic.has(w)))]),
      );
    }
    return this.problemWords;
  }

  private read(resolutionText: string): NoteReading | UnnamedTreatment | undefined {
    const known = tradeWords(this.kb);
    const read = readFixNote(resolutionText, this.kb.fixNotes, (word) => known.has(word));
    if (read?.kind === 'treatment') return { treatment: read.verb };
    if (read?.kind !== 'fix') return undefined;
    const reading = { ...read, object: read.object.map((w) => respelled(this.kb, w)) };
    const text = textKey(this.kb, reading.verb, reading.object);
    if (!text) return undefined;
    const { object } = text;
    const spellings = this.kb.fixNotes.label_spellings;
    const spelled = object.map((w) => (Object.hasOwn(spellings, w) ? spellings[w] : w));
    const phrase = `${reading.verb} ${spelled.join(' ')}`;
    // The head is what was worked on: the second word of the key.
    const head = text.key.split(' ')[1];
    const workingOnHead = this.problemsWorkingOn(head) ?? new Set<Problem>();
    // Only problems whose canonical fix names the head compete: the label shown is the canonical
    // fix, and a problem may list among its fix phrases a repair its canonical fix does not name
    // ("replaced filters" under "Check indoor air quality"; "cleaned unit" under "Clean unit",
    // where the stop word leaves "cleaned" alone to match every cleaning). Such a match would drop
    // the note's part from the fix, its grouping and its ordering by part (BENCHMARKS.md, issue 20).
    // Written with the verbs it counts with too, so "cleared clogged gutter" finds the catalogue's "Clean gutters".
    const counted = countedVerb(this.kb, reading.verb, head);
    const sameRepair = this.kb.fixNotes.actions.map((a) => a.verb).filter((v) => v !== reading.verb && countedVerb(this.kb, v, head) === counted);
    const shown = labelWords(this.kb, reading.object).map((w) => (Object.hasOwn(spellings, w) ? spellings[w] : w));
    const own = { key: text.key, label: clip(`${reading.verb} ${shown.join(' ')}`) };
    for (const written of [phrase, ...sameRepair.map((v) => `${v} ${spelled.join(' ')}`)]) {
      const stands = (m: MatchedFix) =>
        this.sameFix(m, reading.verb, object) &&
        !this.namesOtherEquipment(m, object, resolutionText) &&
        !this.namesOtherPart(m, object) &&
        !this.replacesWholeMachine(m, reading.verb, object);
      // The best-covered phrase may be another machine's fix of that part ("new hot surface igniter
      // installed" reads best as a range's burner igniter, whose problem never says "hot surface"):
      // the next best is then tried, a few times, before the note keeps its own words.
      const refused = new Set<string>();
      let match: MatchedFix | undefined;
      for (let attempt = 0; attempt < MATCH_ATTEMPTS; attempt++) {
        match = matchFix(this.kb, written, (problem) => !refused.has(problem.id) && workingOnHead.has(problem), resolutionText);
        if (!match || stands(match)) break;
        refused.add(match.problemId);
        match = undefined;
      }
      if (match) {
        const fix = { key: `${KB_FIX_PREFIX}${match.problemId}`, label: match.fix };
        // Other canonical fixes of that part (their object's last word) the note reads as just as
        // well (it names neither's machine nor qualifier): the ticket's request chooses among them.
        // Not a fix of something else on that machine: "replaced water heater" is no thermocouple.
        const matched = match.fix.toLowerCase();
        // Never one that drops a word of the note the first reading names: "Replaced GFCI outlet" is no plain "Replace outlet".
        const noteStems = new Set(normalizerFor(this.kb).stems(object.join(' ')));
        const kept = this.canonicalObject(match.problemId).filter((s) => noteStems.has(s));
        const alternatives = this.kb.problems
          .filter(
            (p) =>
              p.canonical_fix.toLowerCase() !== matched &&
              this.canonicalObject(p.id).at(-1) === head &&
              kept.every((s) => this.canonicalObject(p.id).includes(s)) &&
              stands({ problemId: p.id, fix: p.canonical_fix, score: 0 }),
          )
          .map((p) => ({ problemId: p.id, fix: { key: `${KB_FIX_PREFIX}${p.id}`, label: p.canonical_fix } }));
        const choices = alternatives.length > 0 ? { alternatives } : {};
        // The machines of the canonical fix, when the note names none: the request then says whose part it was.
        const machines =
          this.noteMachines(object, resolutionText).size === 0 ? [...this.kindsOf(this.kb.problemById.get(match.problemId)?.canonical_fix ?? '')] : [];
        return machines.length > 0 ? { fix, machines, trade: this.kb.problemById.get(match.problemId)?.trade, own, ...choices } : { fix, ...choices };
      }
    }
    return { fix: own };
  }
}
