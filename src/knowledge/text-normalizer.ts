import { BoundedMemo } from '../common/bounded-memo';
import { Vocabulary } from './knowledge.types';
import { stem } from './stemmer';

/** One word of a normalized text. */
export interface NormalizedToken {
  /** The stem used for matching. */
  stem: string;
  /** True for stop words, which carry no meaning for retrieval. */
  stop: boolean;
}

/** Longest vocabulary key, in words; bounds the look-ahead of the rewriting pass. */
const MAX_KEY_WORDS = 5;
/**
 * Texts whose stems are remembered, and the longest one remembered (a few MB in all). Enrich reads
 * the stems of each retrieved past request (up to SIMILAR_LIMIT of them) three times (background
 * words, closeness, shared symptom words), and the same past requests come back for similar requests.
 * BoundedMemo keeps between half and all of them: at least the last 10,000.
 */
const REMEMBERED_TEXTS = 20_000;
const REMEMBERED_TEXT_LENGTH = 400;

/** A character other than printable ASCII, tab and line ends. */
const NOT_PLAIN = /[^\t\n\r -~]/;
const COMBINING_MARKS = /[\u0300-\u036f]/g;
const APOSTROPHES = /[\u2018\u2019\u02bc`]/g;

/** Lowercases, strips accents (ñ becomes n) and turns typographic apostrophes into plain ones. */
export function foldText(text: string): string {
  // Plain ASCII (most work orders) has no accents to take apart: the same result without NFD.
  if (!NOT_PLAIN.test(text)) {
    const lower = text.toLowerCase();
    return lower.includes('`') ? lower.replace(APOSTROPHES, "'") : lower;
  }
  return text.normalize('NFD').replace(COMBINING_MARKS, '').toLowerCase().replace(APOSTROPHES, "'");
}

/** Where one complaint may end and the next begin: sentence punctuation and joining words. */
const CLAUSE_BREAK = /[.;:!?,\n]+|\b(?:and|also|plus|but|y|tambien|pero|ademas)\b/;

/** CLAUSE_BREAK with its break kept: clauses at even positions, the breaks between them at odd ones. */
const CLAUSE_BREAK_KEPT = new RegExp(`(${CLAUSE_BREAK.source})`);
/** Words that open an afterthought when they open a sentence or follow "and". */
const AFTERTHOUGHT = /^(?:also|plus|tambien|ademas)$/;
/** ...or wherever they stand, when a request follows them ("the faucet drips also can someone look at the closet door"). */
const REQUEST_OPENING = /^\s*(?:can|could|would|will|please|pls|plz|need|i need|we need)\b/;
/**
 * A sentence the writer marks as less pressing than the rest ("the lounge microwave is also broken
 * but that's not urgent"): every clause of it is an afterthought, whatever opens it.
 */
const DEMOTED_SENTENCE = /\b(?:not (?:as |that |very )?urgent|no rush|not a priority|low priority|when(?:ever)? you (?:can|get a chance))\b/;
/**
 * After a clause that names something, a subject and its predicate with "also" between them ("no heat
 * in the apartment, the bathroom fan is also broken") tell one more thing wrong: both sides of that
 * "also" are an afterthought. Not after a pronoun ("it also leaks", which goes on about the thing named
 * before), nor before a subject or a request of its own ("the toilet runs also the sink leaks", "...
 * also can someone look at the door"), where "also" opens the next clause.
 */
const ALSO_INSIDE = /^also$/;
const PRONOUN_LED = /^\s*(?:it|its|they|theyre|he|she|this|that|which|who|i|we|you)\b/;
const CLAUSE_OPENING = /^\s*(?:the|my|our|a|an|his|her|their|this|that|there|it|its|i|we|you|they|can|could|would|will|please|pls|plz|need)\b/;
/** Where a sentence ends, for `DEMOTED_SENTENCE`. */
const SENTENCE_END = /[.;!?\n]/;
/**
 * Weight of an afterthought's words against the clauses before it, in the symptom matcher and the
 * trade model: the writer says it comes second, and a sharp routine phrase told last ("... Also the
 * closet door sticks.") took the dispatch from a terse first complaint.
 */
export const AFTERTHOUGHT_WEIGHT = 0.5;

const DOTTED_LETTERS = /\b([a-z])\.([a-z])\.?(?![a-z])/g;

/** Folds "a.c." into "ac" before punctuation is read as a clause break. */
function joinDottedLetters(folded: string): string {
  // A clause holds no full stop (it was cut there), and most texts hold no dotted letters.
  return folded.includes('.') ? folded.replace(DOTTED_LETTERS, '$1$2') : folded;
}

/**
 * A temperature reading says what state a thing is in, and the words around it say which thing.
 * A warm room reading in degrees Fahrenheit (70-120), however its unit is written ("84F", "80°",
 * "78*F", "84 degrees"), reads as "degrees", the word of a room too hot, instead of vanishing with
 * the other words holding digits ("BAS shows zone 4 at 84F" named nothing known). Any other
 * reading leaves no word: a cold one ("50 degrees in our room, radiator ice cold", "7 degrees
 * Celsius") is no room too hot, and an oven's 350 degrees is no room at all. Reading cold ones as
 * "cold degrees" cost eval:fixes 4 relevant requests of 519 (history searches share this
 * normalizer) for no dispatch gain. A reading of the water a clause names is measured against
 * the 120 °F a water heater delivers: "shower water only 95 degrees" is lukewarm, "140F at the
 * tap" scalding; a drinking fountain's, a pool's or chilled water's reading leaves no word.
 */
const TEMPERATURE =
  /\b(\d{1,3})(?:\.\d+)?\s*(°\s*[fc]?|\*\s*[fc]?|f\b|deg(?:ree)?s?\b(?:\s*(?:f|c)\b)?|fahrenheit\b|celsius\b|centigrade\b)(?:\s*(?:fahrenheit|celsius|centigrade)\b)?/g;
const CELSIUS = /(?:°|\*|deg\w*)\s*c\b|celsius|centigrade/;
const HOT_WATER = /\b(?:water|shower|showers|tap|taps|faucet|faucets|bath|bathtub|tub)\b/;
const OTHER_WATER = /\b(?:fountain|fountains|drinking|pool|cooler|chilled|chiller|bottle|condenser)\b/;

function temperatureReadings(folded: string): string {
  if (!/\d/.test(folded)) return folded;
  const namesWater = HOT_WATER.test(folded);
  const water = namesWater && !OTHER_WATER.test(folded);
  return folded.replace(TEMPERATURE, (m: string, n: string) => {
    const celsius = CELSIUS.test(m);
    const degrees = celsius ? (Number(n) * 9) / 5 + 32 : Number(n);
    if (namesWater && !water) return ' ';
    if (water && degrees >= 50 && degrees < 115) return ' lukewarm ';
    if (water && degrees >= 125 && degrees <= 212) return ' scalding ';
    return !water && degrees >= 70 && degrees <= 120 ? ' degrees ' : ' ';
  });
}

const [LOWER_A, LOWER_Z, DIGIT_0, DIGIT_9, SLASH, APOSTROPHE, SPACE] = [..."az09/' "].map((c) => c.charCodeAt(0));

/**
 * Splits folded text into raw words. Apostrophes vanish ("won't" is "wont"), "/" stays inside
 * words so the vocabulary can see "a/c" and "w/d", and words holding digits (unit numbers, dates,
 * model numbers) are dropped as noise for diagnosis.
 */
export function rawWords(folded: string): string[] {
  // One pass over the characters instead of deleting apostrophes, turning every run of other
  // characters than [a-z0-9/] into a space, splitting and testing each word for digits: the same
  // words, without three intermediate strings and a regular expression per word.
  const text = temperatureReadings(joinDottedLetters(folded));
  const out: string[] = [];
  let word = '';
  let start = -1;
  let digit = false;
  for (let i = 0; i <= text.length; i++) {
    const c = i < text.length ? text.charCodeAt(i) : SPACE;
    if ((c >= LOWER_A && c <= LOWER_Z) || c === SLASH) {
      if (start < 0) start = i;
    } else if (c >= DIGIT_0 && c <= DIGIT_9) {
      if (start < 0) start = i;
      digit = true;
    } else if (start >= 0 || c !== APOSTROPHE) {
      if (start >= 0) word += text.slice(start, i);
      start = -1;
      // An apostrophe vanishes ("won't" is "wont"); any other character ends the word.
      if (c === APOSTROPHE) continue;
      if (word.length > 0 && !digit) out.push(word);
      word = '';
      digit = false;
    }
  }
  return out;
}

/**
 * Turns free text into stems: folding, vocabulary rewriting (shorthand, misspellings, synonyms,
 * Spanish; longest key first), splitting leftover "a/b" words, stop-word marking and stemming.
 * Built once per knowledge base because compiling the vocabulary is the only costly part.
 */
export class TextNormalizer {
  private readonly rewrites = new Map<string, string[]>();
  /** For each first word of a key of several words, the most words such a key has. */
  private readonly longestKeyFrom = new Map<string, number>();
  private readonly stopWords: ReadonlySet<string>;
  private readonly stemCache = new Map<string, string>();
  private readonly stemsOfText = new BoundedMemo<readonly string[]>(REMEMBERED_TEXTS);

  constructor(vocabulary: Vocabulary) {
    for (const section of [vocabulary.spanish, vocabulary.synonyms, vocabulary.misspellings, vocabulary.abbreviations]) {
      for (const [key, value] of Object.entries(section)) {
        const words = rawWords(foldText(key));
        this.rewrites.set(words.join(' '), rawWords(foldText(value)));
        if (words.length > 1) this.longestKeyFrom.set(words[0], Math.max(words.length, this.longestKeyFrom.get(words[0]) ?? 0));
      }
    }
    this.stopWords = new Set(vocabulary.stop_words.map((w) => foldText(w)));
  }

  /** The words of a text after vocabulary rewriting, before stemming. */
  words(text: string): string[] {
    return this.rewrite(rawWords(foldText(text)));
  }

  /**
   * The text cut into clauses at punctuation and joining words ("and", "also", "y"), each as
   * tokens. Several complaints in one work order usually sit in separate clauses.
   */
  clauses(text: string): NormalizedToken[][] {
    return this.clauseReadings(text).map((c) => c.tokens);
  }

  /**
   * The clauses of `clauses`, each marked when it is an afterthought: told after "also" or "plus"
   * opening a sentence or following "and" ("The toilet runs. Also the closet door sticks."), not
   * the "also" inside a clause ("the sink also leaks").
   */
  clauseReadings(text: string): { tokens: NormalizedToken[]; afterthought: boolean }[] {
    return this.clauseWords(text).map(({ words, afterthought }) => ({ tokens: words.map((w) => this.token(w)), afterthought }));
  }

  /**
   * The clauses of `clauseReadings` as words after vocabulary rewriting, before stemming: for
   * callers that read each word once through a table of their own (the symptom matcher).
   */
  clauseWords(text: string): { words: string[]; afterthought: boolean }[] {
    const pieces = joinDottedLetters(foldText(text)).split(CLAUSE_BREAK_KEPT);
    const out: { words: string[]; afterthought: boolean }[] = [];
    // Whether the writer marks the sentence being read as less pressing (never the first one said).
    let demoted = false;
    // Whether the clause being read is the predicate after a subject's "also" (`ALSO_INSIDE`).
    let predicateAfterAlso = false;
    for (let i = 0; i < pieces.length; i += 2) {
      if (i === 0 || SENTENCE_END.test(pieces[i - 1])) {
        let end = i;
        while (end + 1 < pieces.length && !SENTENCE_END.test(pieces[end + 1])) end += 2;
        demoted = out.length > 0 && DEMOTED_SENTENCE.test(pieces.slice(i, end + 1).join(''));
      }
      const piece = pieces[i] ?? '';
      const subjectBeforeAlso =
        out.length > 0 &&
        i + 2 < pieces.length &&
        ALSO_INSIDE.test(pieces[i + 1]) &&
        /[a-z]/.test(piece) &&
        /[a-z]/.test(pieces[i + 2]) &&
        !PRONOUN_LED.test(piece) &&
        !CLAUSE_OPENING.test(pieces[i + 2]);
      const afterthought =
        demoted ||
        subjectBeforeAlso ||
        predicateAfterAlso ||
        (i >= 2 && AFTERTHOUGHT.test(pieces[i - 1]) && (pieces[i - 2].trim() === '' || REQUEST_OPENING.test(pieces[i])));
      predicateAfterAlso = subjectBeforeAlso;
      const words = this.rewrite(rawWords(piece));
      if (words.length > 0) out.push({ words, afterthought });
    }
    return out;
  }

  /** One rewritten word (a word of `clauseWords` or `words`) as a token: its stem, and whether it is a stop word. */
  token(word: string): NormalizedToken {
    return { stem: this.stemOf(word), stop: this.stopWords.has(word) };
  }

  /**
   * Longest-key-first vocabulary rewriting of raw words, then "a/b" split into "a b". Keys of
   * several words are only tried from a word that starts one (this runs on every retrieved
   * ticket of every request; joining five slices per word was a tenth of enrich's CPU).
   */
  private rewrite(raw: string[]): string[] {
    const out: string[] = [];
    let i = 0;
    while (i < raw.length) {
      let matched = 0;
      const longest = Math.min(MAX_KEY_WORDS, raw.length - i, Math.max(1, this.longestKeyFrom.get(raw[i]) ?? 1));
      for (let n = longest; n > 0 && matched === 0; n--) {
        const replacement = this.rewrites.get(n === 1 ? raw[i] : raw.slice(i, i + n).join(' '));
        if (replacement) {
          out.push(...replacement);
          matched = n;
        }
      }
      if (matched === 0) {
        // Most words hold no "/": pushed as they are instead of split into a new array each.
        if (raw[i].includes('/')) out.push(...raw[i].split('/').filter((w) => w.length > 0));
        else out.push(raw[i]);
        matched = 1;
      }
      i += matched;
    }
    return out;
  }

  /** Every word of a text as a stem, stop words included but marked. */
  tokens(text: string): NormalizedToken[] {
    return this.words(text).map((w) => this.token(w));
  }

  /** The meaningful stems of a text, in order, stop words removed (shared between callers: never changed). */
  stems(text: string): readonly string[] {
    return text.length > REMEMBERED_TEXT_LENGTH ? this.stemsNow(text) : this.stemsOfText.get(text, () => this.stemsNow(text));
  }

  private stemsNow(text: string): readonly string[] {
    const out: string[] = [];
    for (const w of this.words(text)) if (!this.stopWords.has(w)) out.push(this.stemOf(w));
    return Object.freeze(out);
  }

  private stemOf(word: string): string {
    let s = this.stemCache.get(word);
    if (s === undefined) {
      s = stem(word);
      if (this.stemCache.size < 50_000) this.stemCache.set(word, s);
    }
    return s;
  }
}
