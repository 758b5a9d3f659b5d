import type { FixNoteVocabulary } from '../../knowledge/knowledge.types';

/** What a technician's note says about the job. */
export type FixNoteReading =
  /** A repair: its verb ("Replaced") and the object as written, cleaned ("return air fan bearings"). */
  | { kind: 'fix'; verb: string; object: string[] }
  /** An outcome that is history, never a fix (a duplicate, a cancellation, no problem found). */
  | { kind: 'not-a-fix'; outcome: string }
  /** A treatment that names no pest ("Treated unit, gel bait"): what was treated is the ticket's request's. */
  | { kind: 'treatment'; verb: string };

/** The verb of pest treatments, whose note often names the place or the bait rather than the pest. */
export const TREATED = 'Treated';

/** A word of a note, as written and folded. */
interface Word {
  text: string;
  folded: string;
}

// CMMS log structure, recognised by shape only (never by a list of names):
// "<date> - <crew or labour code> - <Name Name>-<text> - <Name Name>", entries joined by "; ".
const ENTRY_BREAK = /;\s*(?=\d{4}-\d{1,2}-\d{1,2}\b)|\r?\n+/;
/** A line break an export wrote as its escape ("Resolution:\\nReplaced ..."): a line break. */
const ESCAPED_LINE_BREAK = /(?:\\r)?\\n|\\r/g;
const DATE_CODE_PREFIX = /^\s*\d{4}-\d{1,2}-\d{1,2}(?:[ T]\d{1,2}:\d{2}(?::\d{2})?)?\s*-\s*(?:[A-Za-z0-9]{1,10}\s*-\s*)?/;
/** A word of a person's name: a capital then a lower-case letter ("Lee", "St."), or an initial inside the name. */
const NAME = "[A-Z][a-z][A-Za-z'.]*";
const NAME_OR_INITIAL = `(?:${NAME}|[A-Z]\\.?)`;
/** After a date prefix, a name glued to its text by a dash ("Name Name-text"): no space before the dash. */
const GLUED_NAME = new RegExp(`^${NAME}(?:\\s+${NAME_OR_INITIAL}){0,3}-(?=\\S)`);
/** After a date prefix, a name set off by a spaced dash ("Name Name - text"). */
const SPACED_NAME = new RegExp(`^${NAME}(?:\\s+${NAME_OR_INITIAL}){1,3}\\s+-\\s+`);
/** A trailing signature (" - Name Name"). */
const SIGNATURE = new RegExp(`\\s+-\\s+${NAME}(?:\\s+${NAME_OR_INITIAL}){0,3}\\.?\\s*$`);
/** A bracketed stamp of a date, a time and a user's initials or id ("[6/24/16 jdoe]", "[2024-03-05 14:10 K.Ruiz]"): it ends a clause. */
const STAMP = /\[\s*\d{1,4}[-/.]\d{1,2}(?:[-/.]\d{2,4})?(?:\s+\d{1,2}:\d{2}(?:\s*[ap]m)?)?(?:\s+[A-Za-z][\w.]*)?\s*\]/gi;
const EMAIL = /[\w.+-]+@[\w-]+(?:\.[\w-]+)+/g;
const PHONE = /\(?\b\d{3}\)?[\s.-]?\d{3}[\s.-]\d{4}\b/g;
const DATE = /\b\d{1,4}[-/.]\d{1,2}(?:[-/.]\d{2,4})?\b/g;
/** Words that join an object to the larger part it belongs to. */
const CONNECTORS: ReadonlySet<string> = new Set(['on', 'of']);
/**
 * Where a clause ends: punctuation, a spaced dash, and the column separators of vendor invoice
 * lines ("Invoice 2291 / Acme / replaced gas valve / $410", "INV 88 | Sunbelt | replaced ..."); an
 * unspaced slash stays inside a clause ("a/c", "hot/cold").
 */
const CLAUSE_BREAK = /[.;:!?,()|\n]+|\s[-/]\s/;

const fold = (text: string): string =>
  // Most words are printable ASCII, which decomposing and stripping marks leaves as it is.
  /^[ -~]*$/.test(text)
    ? text.toLowerCase()
    : text
        .normalize('NFD')
        .replace(/[\u0300-\u036f]/g, '')
        .toLowerCase();

/** Words of a clause: letters and digits, "&" kept apart so "R&R" reads as "r r". */
function wordsOf(clause: string): Word[] {
  return (clause.match(/[A-Za-z0-9\u00C0-\u024F]+/g) ?? []).map((text) => ({ text, folded: fold(text) }));
}

/** Phrases as folded word sequences, longest first, so "changed out" wins over "changed". */
function phraseList(phrases: readonly string[]): string[][] {
  return phrases.map((p) => wordsOf(p).map((w) => w.folded)).sort((a, b) => b.length - a.length);
}

/**
 * The phrases of each list by their first word, in list order: a note is read word by word
 * against every phrase of every verb, and comparing each phrase from its start was most of the
 * cost of reading a long note (BENCHMARKS.md, issue 23).
 */
const byFirstWord = new WeakMap<string[][], Map<string, string[][]>>();

function firstWordIndex(list: string[][]): Map<string, string[][]> {
  let index = byFirstWord.get(list);
  if (!index) {
    index = new Map();
    for (const phrase of list) {
      if (phrase.length === 0) continue;
      const same = index.get(phrase[0]);
      if (same) same.push(phrase);
      else index.set(phrase[0], [phrase]);
    }
    byFirstWord.set(list, index);
  }
  return index;
}

/** Whether `phrase`, whose first word is word i's, goes on with the words after i. */
function matchesAt(words: Word[], i: number, phrase: string[]): boolean {
  let k = 1;
  while (k < phrase.length && words[i + k]?.folded === phrase[k]) k++;
  return k === phrase.length;
}

/** Length of the phrase of `list` (the first one, longest first) that starts at word i, or 0. */
function phraseAt(words: Word[], i: number, list: string[][]): number {
  const word = words[i];
  const phrases = word === undefined ? undefined : firstWordIndex(list).get(word.folded);
  return phrases?.find((phrase) => matchesAt(words, i, phrase))?.length ?? 0;
}

const containsPhrase = (words: Word[], list: string[][]): boolean => words.some((_, i) => phraseAt(words, i, list) > 0);

/** The first action (in the vocabulary's order) with a phrase starting at word i, and that phrase. */
function verbAt(words: Word[], i: number, v: CompiledVocabulary): VerbPhrase | undefined {
  const word = words[i];
  const candidates = word === undefined ? undefined : v.verbsByFirstWord.get(word.folded);
  return candidates?.find((c) => matchesAt(words, i, c.phrase));
}

/** Length of the longest repair verb phrase of any action starting at word i, or 0. */
function longestVerbAt(words: Word[], i: number, v: CompiledVocabulary): number {
  const word = words[i];
  const candidates = word === undefined ? undefined : v.verbsByFirstWord.get(word.folded);
  return (candidates ?? []).reduce((longest, c) => (c.phrase.length > longest && matchesAt(words, i, c.phrase) ? c.phrase.length : longest), 0);
}

/** The log entries of a note with their bookkeeping prefix, signature, dates, e-mails and phones removed. */
export function noteEntries(note: string): string[] {
  return note
    .replace(ESCAPED_LINE_BREAK, '\n')
    .split(ENTRY_BREAK)
    .map((entry) => {
      let text = entry.trim();
      const dated = DATE_CODE_PREFIX.test(text);
      text = text.replace(DATE_CODE_PREFIX, '');
      if (dated) text = text.replace(GLUED_NAME, '').replace(SPACED_NAME, '');
      text = text.replace(SIGNATURE, '');
      return text.replace(STAMP, ' ; ').replace(EMAIL, ' ').replace(PHONE, ' ').replace(DATE, ' ').trim();
    })
    .filter((entry) => entry.length > 0);
}

interface CompiledAction {
  verb: string;
  rank: number;
  phrases: string[][];
  objectAfter: ReadonlySet<string>;
  implied?: { object: string; words: ReadonlySet<string>; notAfter: ReadonlySet<string>; onlyWithIt: string[][]; names: ReadonlySet<string> };
}

/** A repair verb's phrase, with the action it belongs to. */
interface VerbPhrase {
  action: CompiledAction;
  phrase: string[];
}

interface CompiledVocabulary {
  /**
   * Every action's phrases by their first word, in the actions' order and each action's own
   * (longest first): the first that matches at a word is the action and the phrase that asking
   * each action in turn would give. One look-up per word instead of one per action (24), which
   * was a tenth of an imported row's CPU on distinct notes (BENCHMARKS.md, session 23).
   */
  verbsByFirstWord: ReadonlyMap<string, VerbPhrase[]>;
  notDone: string[][];
  outcomes: { outcome: string; overrides: boolean; phrases: string[][] }[];
  bookkeeping: string[][];
  objectStop: ReadonlySet<string>;
  objectBreak: ReadonlySet<string>;
  partPlaces: ReadonlySet<string>;
  passive: ReadonlySet<string>;
  /** Bare verb forms that say a state after a verb of being or flowing (`state_words`). */
  states: { forms: ReadonlySet<string>; after: ReadonlySet<string> };
  suppliedPart: ReadonlySet<string>;
  handedOver: string[][];
  positionPair: RegExp;
  generic: ReadonlySet<string>;
  /** Words that are never a part (`not_part_words`): an object of only these and generic words names no repair. */
  notParts: ReadonlySet<string>;
  /** Rooms and places (`place_words`): what a treatment was done in, never the pest it treated. */
  places: ReadonlySet<string>;
  spellings: ReadonlyMap<string, string>;
  /** What a clearing takes out (`blockage_words`): not the part, when the note names one. */
  blockages: ReadonlySet<string>;
  /** Words that put a part somewhere (`location_words`): "breaker in panel". */
  locations: ReadonlySet<string>;
  /** What was wrong, never the part (`damage_words`): "leak in supply line". */
  damage: ReadonlySet<string>;
  /** Parts many devices hold, named by the device after one of `ownerWords` (`owned_parts`): "batteries in thermostat". */
  ownedParts: ReadonlySet<string>;
  ownerWords: ReadonlySet<string>;
  /** What a note took out of a part (`removed_matter`): matter, never the part worked on. */
  matter: {
    words: ReadonlySet<string>;
    from: string[][];
    /** The action a removal of matter from a part reads as ("removed hair from the drain" cleared it). */
    takenOutAs: ReadonlyMap<string, CompiledAction>;
    blockedPart: string;
    /** Words of the fixtures a drain belongs to (`equipment_kinds` of one word): "tub" of "cleared clog in the tub". */
    fixtures: ReadonlySet<string>;
  };
}

const compiled = new WeakMap<FixNoteVocabulary, CompiledVocabulary>();

/** Two position words joined by "and", "&" or "/" ("upper and lower", "hot & cold"), as a case-insensitive pattern. */
function positionPairPattern(words: readonly string[]): RegExp {
  const any = words
    .map((w) => w.replace(/[^a-z]/gi, ''))
    .filter(Boolean)
    .join('|');
  return new RegExp(`\\b(?:${any})\\s*(?:and|&|/)\\s*(?:${any})\\b`, 'gi');
}

function verbIndex(actions: CompiledAction[]): Map<string, VerbPhrase[]> {
  const index = new Map<string, VerbPhrase[]>();
  for (const action of actions) {
    for (const phrase of action.phrases) {
      if (phrase.length === 0) continue;
      const same = index.get(phrase[0]);
      if (same) same.push({ action, phrase });
      else index.set(phrase[0], [{ action, phrase }]);
    }
  }
  return index;
}

function compile(vocabulary: FixNoteVocabulary): CompiledVocabulary {
  let c = compiled.get(vocabulary);
  if (!c) {
    const actions: CompiledAction[] = vocabulary.actions.map((a, rank) => ({
      verb: a.verb,
      rank,
      phrases: phraseList([...a.words, ...(a.implied_object?.only_with_it?.words ?? [])]),
      objectAfter: new Set((a.object_after ?? []).map(fold)),
      implied: a.implied_object && {
        object: fold(a.implied_object.object),
        words: new Set(a.implied_object.words.map(fold)),
        notAfter: new Set(a.implied_object.not_after.map(fold)),
        onlyWithIt: phraseList(a.implied_object.only_with_it?.words ?? []),
        names: new Set((a.implied_object.only_with_it?.names ?? []).map(fold)),
      },
    }));
    c = {
      verbsByFirstWord: verbIndex(actions),
      notDone: phraseList(vocabulary.not_done_words),
      outcomes: vocabulary.outcomes.map((o) => ({ outcome: o.outcome, overrides: o.overrides_work, phrases: phraseList(o.phrases) })),
      bookkeeping: phraseList(vocabulary.bookkeeping_words),
      objectStop: new Set(vocabulary.object_stop_words.map(fold)),
      objectBreak: new Set(vocabulary.object_break_words.map(fold)),
      partPlaces: new Set(vocabulary.part_place_words.map(fold)),
      passive: new Set(vocabulary.passive_auxiliaries.map(fold)),
      states: { forms: new Set(vocabulary.state_words.forms.map(fold)), after: new Set(vocabulary.state_words.after.map(fold)) },
      suppliedPart: new Set(vocabulary.supplied_part_markers.map(fold)),
      handedOver: phraseList(vocabulary.handed_over_words),
      positionPair: positionPairPattern(vocabulary.position_words),
      generic: new Set(vocabulary.generic_objects.map(fold)),
      notParts: new Set(vocabulary.not_part_words.map(fold)),
      places: new Set(vocabulary.place_words.map(fold)),
      spellings: new Map(Object.entries(vocabulary.object_spellings).map(([written, part]) => [fold(written), fold(part)])),
      blockages: new Set(vocabulary.blockage_words.map(fold)),
      locations: new Set(vocabulary.location_words.map(fold)),
      damage: new Set(vocabulary.damage_words.map(fold)),
      ownedParts: new Set(vocabulary.owned_parts.parts.map(fold)),
      ownerWords: new Set(vocabulary.owned_parts.owner_words.map(fold)),
      matter: {
        words: new Set(vocabulary.removed_matter.words.map(fold)),
        from: phraseList(vocabulary.removed_matter.from_words),
        takenOutAs: new Map(
          Object.entries(vocabulary.removed_matter.taken_out_as).flatMap(([verb, as]) => {
            const action = actions.find((a) => a.verb === as);
            return action ? [[verb, action] as const] : [];
          }),
        ),
        blockedPart: fold(vocabulary.removed_matter.blocked_part),
        fixtures: new Set(
          vocabulary.equipment_kinds
            .flatMap((k) => k.phrases)
            .filter((p) => !p.includes(' '))
            .map(fold),
        ),
      },
    };
    compiled.set(vocabulary, c);
  }
  return c;
}

/** A repair found in one clause. */
interface Candidate {
  verb: string;
  rank: number;
  object: string[];
  /** A treatment whose object names no pest, only a place or the bait (`TREATED`). */
  unnamed?: boolean;
  /** The object is what was taken out ("grease clog"), not the part it was in. */
  blockage?: boolean;
  /** The part is the drain a clearing of a blockage works on, the note naming none ("cleared hair and food blockage"). */
  inferred?: boolean;
}

/**
 * A title-case word inside a lower-case sentence is a proper name (a person, a brand, a building):
 * never part of a fix. In a sentence written all in capitals or in title case, case says nothing.
 * The first word of a clause is capitalised as the sentence's start: it is a name only when it is
 * not a word of the trade ("Dryer vent cleaned out", "Window balance replaced").
 */
function properNameTest(words: Word[], knownWord: (folded: string) => boolean): (w: Word) => boolean {
  const lower = words.filter((w) => /^[a-z]/.test(w.text)).length;
  if (lower < words.length / 2) return () => false;
  return (w) => /^[A-Z][a-z]/.test(w.text) && !(w === words[0] && knownWord(w.folded));
}

/**
 * Object words from `start` in direction `step` (1 after the verb, -1 before it), up to four.
 * `stop`, when given, is told the word the reading stopped at (-1 or past the end when none).
 */
function objectFrom(
  words: Word[],
  start: number,
  step: 1 | -1,
  v: CompiledVocabulary,
  isName: (w: Word) => boolean,
  isVerb: (i: number) => boolean,
  stop?: { at: number },
): string[] {
  const object: string[] = [];
  // Object words read before a state ("water" of "water damaged drywall"), dropped when the part follows.
  let causedBy = 0;
  // Read backwards, a passive repair has its part before the auxiliaries ("the filter was replaced").
  let first = start;
  if (step === -1) while (first >= 0 && v.passive.has(words[first].folded)) first--;
  let i = first;
  for (; i >= 0 && i < words.length && object.length < 6; i += step) {
    const w = words[i];
    // "GFCI was tripped - reset it": read backwards, the auxiliary before a state is passed like the one before the verb.
    if (step === -1 && object.length === 0 && v.passive.has(w.folded) && v.objectStop.has(words[i + 1]?.folded ?? '')) continue;
    // "bearings on the return air fan": a connector continues the object when more of it follows.
    const next = words[i + 1]?.folded;
    const connects =
      step === 1 && CONNECTORS.has(w.folded) && object.length > 0 && !object.some((o) => CONNECTORS.has(o)) && next !== undefined && !v.objectBreak.has(next);
    if (connects) {
      object.push(w.folded);
      continue;
    }
    // "snaked floor drain": a place word right after the verb, before the part, says which part it is.
    const whichPart =
      step === 1 &&
      object.length === 0 &&
      // A storey is written as an ordinal ("3rd floor"); a count says how many parts ("3 floor tiles").
      !/^\d+(st|nd|rd|th)$/.test(words[i - 1]?.folded ?? '') &&
      v.partPlaces.has(w.folded) &&
      next !== undefined &&
      !v.objectBreak.has(next) &&
      !/\d/.test(next) &&
      !isVerb(i + 1);
    if ((v.objectBreak.has(w.folded) && !whichPart) || isVerb(i)) break;
    // "water damaged drywall": a word before a state in -ed is what caused the state, not the part.
    if (object.length > 0 && v.objectStop.has(w.folded) && w.folded.endsWith('ed')) {
      if (step === -1) break;
      causedBy = object.length;
      continue;
    }
    // A rating's unit that is also a part's letters ("400 CFM" of air, a "CFM" replaced: the condenser fan motor) is the part when no number comes before it.
    const rating = v.objectStop.has(w.folded) && !(v.spellings.has(w.folded) && !/\d/.test(words[i - 1]?.folded ?? ''));
    if (isName(w) || rating || /\d/.test(w.folded)) continue;
    if (causedBy > 0) object.splice(0, causedBy);
    causedBy = 0;
    // Shorthand and misspellings are written as the part ("brgs" → "bearings"), so the fix groups with its other spellings.
    // Two words the vocabulary spells as one part ("run cap" → "run capacitor"), read in either direction.
    const pair = step === 1 ? `${w.folded} ${words[i + 1]?.folded}` : `${words[i - 1]?.folded} ${w.folded}`;
    const spelledPair = v.spellings.get(pair);
    if (spelledPair !== undefined) {
      const spelled = spelledPair.split(' ');
      object.push(...(step === 1 ? spelled : spelled.reverse()));
      i += step;
      continue;
    }
    object.push(v.spellings.get(w.folded) ?? w.folded);
  }
  if (stop) stop.at = i;
  while (object.length > 0 && CONNECTORS.has(object[object.length - 1])) object.pop();
  return step === 1 ? object : object.reverse();
}

/**
 * The part read backwards from the verb at `verbAt`. When the words read first follow a location
 * word ("found tripped breaker in panel, reset"), they say where the part was: the part is what
 * comes before that word, unless it is only matter taken out or what was wrong ("found leak in
 * supply line, repaired" repaired the line). A connector keeps both, as a forward reading does
 * ("belt on supply fan worn, replaced": belt on supply fan).
 */
function partBefore(words: Word[], verbAt: number, v: CompiledVocabulary, isName: (w: Word) => boolean, isVerb: (i: number) => boolean): string[] {
  const stop = { at: -1 };
  const near = objectFrom(words, verbAt - 1, -1, v, isName, isVerb, stop);
  const location = words[stop.at]?.folded;
  if (near.length === 0 || stop.at < 1 || location === undefined || !v.locations.has(location)) return near;
  const far = objectFrom(words, stop.at - 1, -1, v, isName, isVerb);
  const part = far.filter((w) => w.length > 1 && !v.generic.has(w) && !v.notParts.has(w));
  // A word in -ed before the location is what happened there ("assisted in moving the motor"), not a part.
  const happened = /.{3}ed$/.test(far[far.length - 1] ?? '');
  if (happened || part.length === 0 || part.every((w) => v.matter.words.has(w) || v.blockages.has(w) || v.damage.has(w))) return near;
  return CONNECTORS.has(location) ? [...far, location, ...near] : far;
}

/**
 * A part many devices hold, read forwards and followed by one of `owner_words` and a device of the
 * trade ("replaced batteries in the thermostat", "bulb in exit sign"), is named by that device as a
 * note naming it first would ("thermostat batteries"), so both wordings are one fix and a
 * thermostat's batteries are never a smoke alarm's. A room, a place, a generic word or a number
 * after the word says where the device was, not which one: the part keeps its own name.
 */
function withOwner(
  words: Word[],
  object: string[],
  stoppedAt: number,
  v: CompiledVocabulary,
  isName: (w: Word) => boolean,
  isVerb: (i: number) => boolean,
  knownWord: (folded: string) => boolean,
): string[] {
  if (object.length === 0 || !v.ownedParts.has(object[object.length - 1]) || !v.ownerWords.has(words[stoppedAt]?.folded ?? '')) return object;
  // A letter left of a slashed or hyphenated abbreviation ("t-stat") is no word of the device.
  const owner = objectFrom(words, stoppedAt + 1, 1, v, isName, isVerb).filter((w) => w.length > 1);
  const device =
    owner.length > 0 &&
    owner.length <= 3 &&
    owner.every((w) => knownWord(w) && !v.places.has(w) && !v.generic.has(w) && !v.notParts.has(w) && !CONNECTORS.has(w));
  return device ? [...owner, ...object] : object;
}

/** Whether the part after a verb at `start` was handed to someone ("new keys issued"), read up to where the part ends. */
function handedOver(words: Word[], start: number, v: CompiledVocabulary, isVerb: (i: number) => boolean): boolean {
  for (let k = start; k < words.length && !isVerb(k); k++) {
    if (phraseAt(words, k, v.handedOver) > 0) return true;
    if (v.objectBreak.has(words[k].folded)) return false;
  }
  return false;
}

/**
 * The part matter was taken out of (`removed_matter`): what follows "from", "in", "out of" after
 * the verb, up to the next verb ("cleared hair from the tub drain": the tub drain). A fixture named
 * there had its drain cleared of a blockage ("cleared a clog in the tub": the tub drain). A blockage
 * with no part named was in a drain (`blocked_part`, marked inferred); other matter with no part
 * named (water mopped up) names no repair.
 */
function takenOut(
  words: Word[],
  start: number,
  matter: readonly string[],
  v: CompiledVocabulary,
  isName: (w: Word) => boolean,
  isVerb: (i: number) => boolean,
): { object: string[]; inferred: boolean } | undefined {
  const blocked = matter.some((w) => v.blockages.has(w));
  for (let k = start; k < words.length && !isVerb(k); k++) {
    const marker = phraseAt(words, k, v.matter.from);
    if (marker === 0) continue;
    const part = objectFrom(words, k + marker, 1, v, isName, isVerb).filter((w) => !v.matter.words.has(w) && !v.blockages.has(w));
    if (part.filter((w) => !v.generic.has(w) && !CONNECTORS.has(w)).length === 0) continue;
    const fixture = v.matter.fixtures.has(part[part.length - 1]);
    return { object: blocked && fixture ? [...part, v.matter.blockedPart] : part, inferred: false };
  }
  return blocked ? { object: [v.matter.blockedPart], inferred: true } : undefined;
}

/** Whether a verb's phrase is one its action counts only with the action's own part named (`only_with_it`: "added"). */
function onlyWithItsObject(verb: VerbPhrase): boolean {
  return verb.action.implied?.onlyWithIt.some((p) => p.length === verb.phrase.length && p.every((w, k) => w === verb.phrase[k])) ?? false;
}

/** Whether a word of `named` follows `start` before the next repair verb ("added 3 lbs of R-22": "R"). */
function namesBeforeNextVerb(words: Word[], start: number, named: ReadonlySet<string>, isVerb: (i: number) => boolean): boolean {
  for (let k = start; k < words.length && !isVerb(k); k++) if (named.has(words[k].folded)) return true;
  return false;
}

/** The repairs a clause says were done, in order ("cleaned coil and replaced filter" gives two). */
function repairsIn(clause: string, v: CompiledVocabulary, knownWord: (folded: string) => boolean): Candidate[] {
  const words = wordsOf(clause);
  const isName = properNameTest(words, knownWord);
  // The verb at each word, read once: the object readers ask about the same words again.
  // A phrase that is its action only with the action's own part named after it ("added" 3 lbs of
  // R-22) is no verb without it, and ends no other repair's words.
  const raw = words.map((_, i) => verbAt(words, i, v));
  // "the line runs clear": a bare form after a verb of being or flowing is a state, no repair.
  const state = (verb: VerbPhrase, i: number) =>
    verb.phrase.length === 1 && v.states.forms.has(verb.phrase[0]) && i > 0 && v.states.after.has(words[i - 1].folded);
  const verbs = raw.map((verb, i) =>
    verb &&
    (state(verb, i) ||
      (onlyWithItsObject(verb) && !namesBeforeNextVerb(words, i + verb.phrase.length, verb.action.implied!.names, (k) => raw[k] !== undefined)))
      ? undefined
      : verb,
  );
  const isVerb = (k: number) => verbs[k] !== undefined;
  const found: Candidate[] = [];
  let since = 0;
  for (let i = 0; i < words.length; i++) {
    const verb = verbs[i];
    if (!verb) continue;
    const action = verb.action;
    // "replaced the faucet with new pull-down": the part supplied, not a second repair.
    if (i > 0 && v.suppliedPart.has(words[i - 1].folded)) continue;
    // Bookkeeping or "need", "will", "ordered", "not" since the previous verb: this one was not done here.
    const before = words.slice(since, i);
    const length = verb.phrase.length;
    since = i + length;
    if (containsPhrase(before, v.bookkeeping) || containsPhrase(before, v.notDone)) continue;
    // "rekeyed deadbolt, new keys issued": keys handed to the resident are not the repair.
    if (handedOver(words, i + length, v, isVerb)) continue;
    const stop = { at: -1 };
    const forward = withOwner(words, objectFrom(words, i + length, 1, v, isName, isVerb, stop), stop.at, v, isName, isVerb, knownWord);
    let object = forward;
    // A treatment of a room names where it was done, not what was treated ("treated lounge kitchen with gel bait").
    const treatment = action.verb === TREATED;
    // Words that are never a part ("last week", "the vendor", "status") name no repair alone, nor
    // does a letter left of a slashed abbreviation ("temp A/C": "c").
    const partWords = (o: string[]) => o.filter((w) => !v.generic.has(w) && !v.notParts.has(w) && !CONNECTORS.has(w) && !(treatment && v.places.has(w)));
    const specific = (o: string[]) => partWords(o).some((w) => w.length > 1);
    if (!specific(object) && action.objectAfter.size > 0) {
      // "treated unit for roaches": what a treatment works on follows its marker.
      const marker = words.findIndex((w, k) => k >= i + length && k <= i + length + object.length && action.objectAfter.has(w.folded));
      if (marker >= 0) object = objectFrom(words, marker + 1, 1, v, isName, isVerb);
    }
    // A verb whose words after it are only words that are never a part ("replaced last week", "changed
    // status") or a slashed machine's letters ("Evans repaired the A/C") worked on no part the note
    // names: the words before it are not its part either.
    if (!specific(object) && object.some((w) => v.notParts.has(w) || w.length === 1) && !action.implied) {
      i = since - 1;
      continue;
    }
    // A verb that always works on one part ("charged" → refrigerant) takes it when the note names
    // only generic objects ("charged system") or words that stand for it ("charged with 3 lbs R-22", "added freon").
    const implied = action.implied;
    const adjective = implied !== undefined && i > 0 && implied.notAfter.has(words[i - 1].folded);
    // Such a verb with its generic object or its part's words after it ("recharged unit 1 lbs") worked
    // on that part, not on what the words before it name ("tightened the schrader core then recharged system").
    const impliedAfter =
      implied !== undefined && !adjective && forward.length > 0 && forward.every((w) => v.generic.has(w) || CONNECTORS.has(w) || implied.words.has(w));
    if (!specific(object)) {
      // "Dana Ruiz replaced": a clause that opens with a first and last name in capitals, none of
      // them a word of the trade, right before the bare verb says who did it, not what was replaced.
      const opening = words.slice(0, i);
      const byName = opening.length >= 2 && opening.length <= 3 && opening.every((w) => /^[A-Z][a-z]/.test(w.text) && !knownWord(w.folded));
      if (partWords(object).length === 0 && !impliedAfter) object = byName ? [] : partBefore(words, i, v, isName, isVerb);
    }
    if (implied && onlyWithItsObject(verb)) object = [implied.object];
    else if (implied && !adjective && object.every((w) => v.generic.has(w) || CONNECTORS.has(w) || implied.words.has(w))) {
      const named = forward.length > 0 || object.length > 0 || words.slice(i).some((w) => implied.words.has(w.folded));
      if (named) object = [implied.object];
    }
    // Water, hair or debris taken out is not the part: the part it came out of is ("vacuumed water
    // out of the drain pan"). A blockage from nowhere named was in a drain; spilled water mopped up
    // from nowhere named is no repair.
    const connector = object.findIndex((w) => CONNECTORS.has(w));
    const taking = connector >= 0 ? object.slice(0, connector) : object;
    if (specific(taking) && taking.every((w) => v.matter.words.has(w) || v.blockages.has(w) || v.generic.has(w))) {
      const after = object.slice(connector + 1);
      const taken = connector >= 0 && specific(after) ? { object: after, inferred: false } : takenOut(words, i + length, taking, v, isName, isVerb);
      if (taken) {
        const as = v.matter.takenOutAs.get(action.verb) ?? action;
        found.push({ verb: as.verb, rank: as.rank, object: taken.object, inferred: taken.inferred });
      }
      i = since - 1;
      continue;
    }
    if (specific(object)) found.push({ verb: action.verb, rank: action.rank, object, blockage: v.blockages.has(object[object.length - 1]) });
    else if (treatment) found.push({ verb: action.verb, rank: action.rank, object: [], unnamed: true });
    i = since - 1;
  }
  return found;
}

/**
 * A clause that is only a repair verb ("flapper worn - replaced", "belt cracked, replaced") says
 * what was done to the part the clause before it names: the two are read as one passive clause
 * ("flapper worn was replaced"), whose part is read backwards from the verb. Not when the clause
 * before has a repair verb of its own: its words are that repair's part or what it was done with
 * ("unjammed disposal with allen key, pressed reset" did not reset an allen key).
 */
function withTrailingVerbs(clauses: string[], v: CompiledVocabulary): string[] {
  const out: string[] = [];
  let previousHasVerb = false;
  for (const clause of clauses) {
    const words = wordsOf(clause);
    const length = longestVerbAt(words, 0, v);
    const onlyVerb = length > 0 && words.slice(length).every((w) => v.objectBreak.has(w.folded) || v.objectStop.has(w.folded));
    if (onlyVerb && out.length > 0 && !previousHasVerb) {
      out[out.length - 1] = `${out[out.length - 1]} was ${clause}`;
      previousHasVerb = true;
    } else {
      out.push(clause);
      previousHasVerb = words.some((_, i) => verbAt(words, i, v) !== undefined);
    }
  }
  return out;
}

/**
 * Reads a technician's note: strips the log bookkeeping (dates, crew codes, names, signatures,
 * contact details), then looks clause by clause for a repair that was done ("replaced the
 * bearings", "new thermostat installed") and for outcomes that are not repairs. A duplicate or a
 * cancellation is never a fix; "no problem found" or "working on arrival" is not one unless the
 * note also names a repair. Among several repairs the strongest verb wins (replacing says more
 * than resetting), and the later one among equals, since notes end with what closed the job.
 * `knownWord` tells the trade's own words, which a clause may start with in capitals.
 */
export function readFixNote(note: string, vocabulary: FixNoteVocabulary, knownWord: (folded: string) => boolean = () => false): FixNoteReading | undefined {
  const v = compile(vocabulary);
  const clauses = noteEntries(note).flatMap((entry) =>
    withTrailingVerbs(
      entry
        // Letters set off by dots are one word ("A.C.", "a.h.u."), and a weight's abbreviation ("3 lbs.
        // R-22") is no sentence's end.
        .replace(/\b[A-Za-z](?:\.[A-Za-z])+\.?(?![A-Za-z])/g, (dotted) => dotted.replace(/\./g, ''))
        .replace(/\b(lbs?|oz)\.(?=\s*\w)/gi, '$1 ')
        // A count glued to a word by a hyphen is a rating, never the part ("2-pole breaker", "3-phase starter", "4-ft tubes");
        // a verb after it starts the sentence ("Pump #4-changed oil").
        .replace(/\b(\d+)-([A-Za-z]+)/g, (glued: string, count: string, word: string) => (v.verbsByFirstWord.has(fold(word)) ? glued : `${count}${word}`))
        // A spaced "&" between words joins two parts like "and" ("elements & thermostats", "ballast & 2 tubes"); "R & R" stays a verb.
        .replace(/(?<=[A-Za-z]{2})\s+&\s+(?=[A-Za-z]{2}|\d)/g, ' and ')
        // "upper and lower elements": the pair of positions says which ones, the part follows it.
        .replace(v.positionPair, ' ')
        .split(CLAUSE_BREAK)
        .filter((c) => c !== undefined && c.trim().length > 0),
      v,
    ),
  );
  let outcome: { outcome: string; overrides: boolean } | undefined;
  let best: Candidate | undefined;
  let unnamed: Candidate | undefined;
  for (const clause of clauses) {
    const words = wordsOf(clause);
    const found = v.outcomes.find((o) => containsPhrase(words, o.phrases));
    if (found && (!outcome || (found.overrides && !outcome.overrides))) outcome = found;
    for (const repair of repairsIn(clause, v, knownWord)) {
      if (repair.unnamed) unnamed ??= repair;
      // A blockage taken out names no part: a repair as strong that names one keeps its place.
      // A drain only inferred from a blockage loses to any repair that names its part ("back flushed
      // coil and cleared blockage" flushed the coil).
      else if (!best || (best.inferred && !repair.inferred)) best = repair;
      else if (repair.inferred && !best.inferred) continue;
      else if (repair.rank < best.rank || (repair.rank === best.rank && !(repair.blockage && !best.blockage))) best = repair;
    }
  }
  if (outcome?.overrides || (outcome && !best)) return { kind: 'not-a-fix', outcome: outcome.outcome };
  if (!best && unnamed) return { kind: 'treatment', verb: unnamed.verb };
  return best ? { kind: 'fix', verb: best.verb, object: best.object } : undefined;
}
