import { Vocabulary } from '../knowledge.types';
import { stem } from '../stemmer';
import { foldText, rawWords, TextNormalizer } from '../text-normalizer';

/** One word of a clause, as the triage matches it. */
export interface TriageToken {
  /** Stem of the word after vocabulary rewriting. */
  stem: string;
  /** Stop words may sit between two words of a phrase. */
  stop: boolean;
}

/** A stretch of text between clause breaks, ready for matching. */
export interface TriageClause {
  /** The words of the clause. */
  tokens: TriageToken[];
  /** The folded words as typed, numbers included, for quoting evidence. */
  raw: string[];
  /**
   * Set on the extra clause that joins a short subject to the clause after its "and" ("heat" +
   * "hot water are out"), so the predicate they share reaches both.
   */
  joined?: boolean;
  /** Joined over an "it" to the clause before: a reading from it loses ties to a clause's own. */
  pronoun?: boolean;
  /**
   * Set on the extra clause that moves a place phrase after the predicate: the clause as written,
   * whose word order the rules' context and exceptions ("bathroom door") are read in too.
   */
  original?: TriageClause;
  /**
   * Set on a clause whose subject is "it" or "they" ("The outside spigot. It has no water"): the
   * clause the pronoun stands for, whose words tell what the subject is, so the rules' exceptions
   * and softening words for it ("spigot") are read there too.
   */
  antecedent?: TriageClause;
  /**
   * Set on a clause that goes on without a subject of its own after "and"/"but" ("runs but doesnt
   * heat"), or speaks of water without saying where it comes from after a clause that named the
   * source ("gutter overflowing, water pouring down"): the clause that names the subject, whose
   * exceptions ("microwave", "gutter") are read there too.
   */
  subject?: TriageClause;
  /**
   * Tokens [start, end) of a place phrase between the subject and its predicate ("the washer on the
   * third floor is pouring water"): not counted in the size of clauses joined over "it".
   */
  place?: { start: number; end: number };
}

/** Options of {@link clausesOf}. */
export interface ClauseOptions {
  /**
   * Also yield, after a clause that follows a bare "and" ("&", "y"), one clause joining it to the
   * clause before when that one is a subject of at most this many words besides stop words: in
   * "heat and hot water are out" the "are out" is said of the heat too. The parts stay clauses of
   * their own. 0 or absent: no joining.
   */
  sharedPredicateWords?: number;
  /**
   * Also yield, after a clause that speaks of "it" ("water is dripping out of it", "it's all over
   * the floor"), one clause joining it to the clause before, when each holds at most this many
   * words besides stop words: the pronoun stands for what the clause before named. 0 or absent: no joining.
   */
  pronounWords?: number;
  /**
   * Also yield, after a clause that follows a dash field separator ("WATER LEAK: HEAVY FLOW - FROM
   * CEILING", "ELECTRIC: WIRING - EXPOSED"), one clause joining it to the clause before, when each
   * holds at most this many words besides stop words: a complaint-type export writes the thing and
   * its condition as two fields. 0 or absent: no joining.
   */
  fieldWords?: number;
}

/** A phrase pattern element: alternatives (each one or more stems), or a gap of any words. */
type Element = { gap: number } | { alts: string[][] };

/** A compiled pattern. */
export interface TriagePattern {
  /** The pattern as written in the rules file. */
  source: string;
  /** Its elements, in order. */
  elements: Element[];
  /** Whether a negation word is part of the pattern itself ("no heat"). */
  hasNegation: boolean;
  /** Whether the pattern starts with its negation; nothing before it can negate it. */
  startsWithNegation: boolean;
}

/** Where a pattern matched in a clause: tokens [start, end). */
export interface TriageMatch<T> {
  start: number;
  end: number;
  pattern: TriagePattern;
  payload: T;
}

/** Stop words allowed between two words of a pattern ("water is coming through the ceiling"). */
const MAX_STOP_SKIP = 3;
/**
 * Words other than stop words a "..." stands for at most: enough for "outlets on the side of the
 * room with the beds have stopped working", short enough to stay within one complaint.
 */
const GAP_WORDS = 4;
/** Tokens of any kind a "..." stands for at most, so a run of stop words cannot stretch it far. */
const GAP_TOKENS = 12;

/**
 * Where one complaint ends and the next begins. Besides sentence punctuation and joining words,
 * CMMS exports separate building, room and request with " - " or "/ ", and a negation or a
 * context word must not reach across them. The "and" of a place told with "between" ("the walkway
 * between Admin and Library is a sheet of ice", at most three words before it) joins its two ends.
 */
const CLAUSE_BREAK =
  /[.;!?\n,&|]+|\s[-\u2013\u2014]+\s|\s[-\u2013\u2014]+(?=\S)|(?<=\S)[-\u2013\u2014]+\s|\/\s|\s\/|\*{2,}|\b(?<!\bbetween\s+(?:[a-z']+\s+){0,2}[a-z']+\s+)and\b|\b(?:but|also|plus|y|pero|tambien|ademas)\b/;

/** The same breaks, captured: split then also returns each separator, at the odd indexes. */
const CLAUSE_BREAK_KEPT = new RegExp(`(${CLAUSE_BREAK.source})`);

/** Folds "a.c." into "ac" before its dots are read as clause breaks. */
function joinDottedLetters(folded: string): string {
  return folded.replace(/\b([a-z])\.([a-z])\.?(?![a-z])/g, '$1$2');
}

/**
 * Spells out the shorthand that words without digits or slashes cannot carry: "w/", "w/o" and
 * "f/u" (follow-up) before their slash is read as a clause break (in "ELEV STALLED W/ OCCUPANT" the
 * occupant belongs to the stalled car; "FLOOD CLEANUP F/U" is a visit after the flood), and "H2O", "O2", "CO2" and "LN2", whose digit would drop the word ("O2 MONITOR
 * ALARMING" is an oxygen monitor, "LN2 DEWAR VENTING" liquid nitrogen).
 */
function spellShorthand(folded: string): string {
  return folded
    .replace(/\bw\/o\b/g, 'without')
    .replace(/\bf\/u\b/g, 'follow up')
    .replace(/\bw\/(?=\s|[a-z])/g, 'with ')
    .replace(/\bh2o\b/g, 'water')
    .replace(/\bo2\b/g, 'oxygen')
    .replace(/\bco2\b/g, 'carbon dioxide')
    .replace(/\bln2\b/g, 'liquid nitrogen');
}

/**
 * Marker words the rules can name for a temperature reading in degrees Fahrenheit: 80-130 is too
 * hot for a room, and 88-130 (marked with both) hot enough to harm servers, animals and frail people; 42-62 too cool for a room and too warm for a refrigerator, and 42-55 (marked
 * with both) also a room without heat, below what housing codes allow at night, where pipes and
 * people are at risk; 63-79 is a room some heat still reaches. Freezer and oven readings fall
 * outside all of them. Markers never show in evidence.
 */
export const TEMPERATURE_MARKERS = {
  high: 'hightemp',
  hot: 'hottemp',
  low: 'lowtemp',
  cold: 'coldtemp',
  mild: 'mildtemp',
  /** An outdoor reading of 85 °F or more, or of 32 °F or less (`BARE_OUTDOOR_READING`): the weather, never a room. */
  hotOutside: 'hotoutside',
  freezingOutside: 'freezingoutside',
} as const;
const MARKER_WORDS: ReadonlySet<string> = new Set(Object.values(TEMPERATURE_MARKERS));

function temperatureMarker(degrees: number): string {
  if (degrees >= 88 && degrees <= 130) return `${TEMPERATURE_MARKERS.high} ${TEMPERATURE_MARKERS.hot}`;
  if (degrees >= 80 && degrees <= 130) return TEMPERATURE_MARKERS.high;
  if (degrees >= 42 && degrees <= 55) return `${TEMPERATURE_MARKERS.low} ${TEMPERATURE_MARKERS.cold}`;
  if (degrees >= 56 && degrees <= 62) return TEMPERATURE_MARKERS.low;
  return degrees >= 63 && degrees <= 79 ? TEMPERATURE_MARKERS.mild : '';
}

function outdoorMarker(degrees: number): string {
  if (degrees >= 85 && degrees <= 130) return TEMPERATURE_MARKERS.hotOutside;
  return degrees <= 32 ? TEMPERATURE_MARKERS.freezingOutside : '';
}

/** Ordinal words of the storeys a request names with digits ("1st", "3rd"). */
export const STOREY_ORDINALS: readonly string[] = ['', 'first', 'second', 'third', 'fourth', 'fifth'];

/**
 * The word for a storey named with digits ("3rd floor", "floors 3 thru 6", "FL 2"): an ordinal up
 * to the fifth, "upper" above. Kept because the digits are dropped: "no water on the 3rd floor"
 * must not read as "no water on the floor" (no puddle), nor a floor 1 lose that it is the ground floor.
 */
function storeyWord(digits: string): string {
  const n = parseInt(digits, 10);
  return STOREY_ORDINALS[n] ?? 'upper';
}

/**
 * Rewrites the few numbers that matter before words with digits are dropped: a storey ("1st
 * floor" is the ground floor of a security rule), and an indoor temperature reading is a cooling or heating
 * complaint however it is worded (freezers and ovens fall outside both ranges).
 */
function rewriteNumbers(folded: string): string {
  // "2 staff slipped", "3 tenants fell": a count of people is several of them (digits are dropped).
  return (
    folded
      .replace(PEOPLE_COUNTED, 'several ')
      .replace(/\b([1-5])(?:st|nd|rd|th)\b/g, (_m: string, n: string) => STOREY_ORDINALS[Number(n)])
      .replace(/\b(\d{1,3})(?:st|nd|rd|th)?\s+(?=(?:floor|flr|fl|level)s?\b)/g, (_m: string, n: string) => `${storeyWord(n)} `)
      .replace(
        /\b(floors?|flrs?|fl|levels?)\s+(\d{1,3})\b(?!\s*(?:days?|hrs?|hours?|weeks?|wks?|months?|years?|times?|inch|inches|in\b|ft\b|feet|%|x\b|°|\*|deg|f\b))/g,
        (_m: string, floor: string, n: string) => `${storeyWord(n)} ${floor}`,
      )
      // "64F inside, 50F outside": a reading said of the outdoors is the weather, never the room.
      .replace(
        /\b(\d{2,3})(?:\.\d+)?\s*(?:°|\*|deg(?:rees?|s)?\b\.?|f\b)(?:\s*f\b)?(\s+(?:outside|outdoors|out\b))?/g,
        (m: string, n: string, outside?: string) => `${m} ${outside ? outdoorMarker(Number(n)) : temperatureMarker(Number(n))} `,
      )
      .replace(BARE_INDOOR_READING, (m: string, n: string) => `${m} ${temperatureMarker(Number(n))} `)
      .replace(BARE_OUTDOOR_READING, (m: string, n: string) => `${m} ${outdoorMarker(Number(n))} `)
  );
}

/** A count of two to nineteen people ("2 staff", "3 neighbors", "4 of us"). */
const PEOPLE_COUNTED =
  /\b(?:[2-9]|1\d)\s+(?=(?:people|persons|staff|students|residents|tenants|neighbou?rs|kids|children|employees|workers|visitors|guests|customers|patients|friends|roommates|of (?:us|them|my|our|the))\b)/g;

/**
 * A bare number said of a room's temperature, without a unit: "the house is down to 50", "it's 52
 * in here", "the room is 67", "the apt is at 90", "the thermostat says 54" or "the thermostat in 3C says 54" (what it reads, not what it is set to). Only 40-99, the readings a room can have, and
 * never before a unit of something else ("down to 50 psi", "the unit is 45 years old") or "out".
 */
const BARE_INDOOR_READING =
  /\b(?:(?:down|dropped|fell|dipped) to|(?:it|room|house|home|apartment|apt|unit|place|bedroom|office|classroom|dorm)\s+(?:is|was|reads|stays|sits)|(?:thermostat|tstat|t-stat)(?:\s+(?:in|for|of)\s+(?:the\s+|my\s+|our\s+)?[a-z0-9#-]{1,12})?\s+(?:says|said|reads|read|shows|showed|displays|is at|only says|only reads)|it'?s)(?:\s+(?:only|around|about|like|at|barely|just))?\s+([4-9]\d)\b(?!\.\d|\s*(?:°|\*|%|deg|f\b|percent|psi|feet|ft|foot|inch|years?|yrs?|months?|weeks?|days?|hours?|hrs?|minutes?|mins?|seconds?|people|units?|rooms?|gallons?|lbs?|pounds?|dollars?|amps?|volts?|miles?|mph|times?|outside|outdoors|out\b|[a-z]{2,}\s+old))/g;

/** A bare number said of the weather: "it's 98 out today", "temps are 95 outside" (the rules' `weather_markers`). */
const BARE_OUTDOOR_READING =
  /\b(?:it'?s|it is|it was|temps? (?:is|are|were)|temperature is)\s+(?:like\s+|about\s+|around\s+|over\s+)?(\d{1,3})(?=\s+(?:out|outside|outdoors)\b)/g;

/** Words of a form's examples list and how they are introduced, as the rules file gives them. */
export interface ExampleLists {
  /** Words a list of examples follows ("emergencies"). */
  heads: string[];
  /** Words that open the list after a head ("such as", "like"); a parenthesis always does. */
  openers: string[];
  /** Words that may stand between a head and its list ("urgent issues like ..."). */
  between: string[];
}

/**
 * Words an example may hold at most: examples are short names ("a gas smell", "sparking outlets");
 * "it's urgent, like the whole floor is flooded and the ceiling is falling" is a report.
 */
const EXAMPLE_ITEM_WORDS = 4;
/** One example: a few words. */
const EXAMPLE_ITEM = `[a-z0-9']+(?:\\s+[a-z0-9']+){0,${EXAMPLE_ITEM_WORDS - 1}}`;
/** Between two examples: a comma (with or without "or"/"and"), a slash, "or" or "and". */
const EXAMPLE_BREAK = `\\s*(?:,\\s*(?:(?:or|and)\\s+)?|\\/\\s*|\\s(?:or|and)\\s+)`;
/** A list of two examples or more. */
const EXAMPLE_LIST = `${EXAMPLE_ITEM}(?:${EXAMPLE_BREAK}${EXAMPLE_ITEM})+`;
const escape = (s: string): string => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * Folds the text and removes the examples a form lists after a word such as "emergencies" ("For
 * emergencies (flooding, no heat, gas smell) call the RA", "urgent issues such as leaks or lockouts
 * should be called in"): such a list names what would be an emergency, not what is happening. Only
 * a list of two short items or more goes, so "EMERGENCY (FLOODING IN RM 12)" stays a report.
 */
export function withoutExampleLists(text: string, lists: ExampleLists): string {
  const folded = foldText(text);
  if (lists.heads.length === 0) return folded;
  const words = (xs: string[]): string => xs.map((x) => escape(foldText(x)).replace(/\s+/g, '\\s+')).join('|');
  const between = lists.between.length > 0 ? `(?:\\s+(?:${words(lists.between)})\\b)?` : '';
  const openers = lists.openers.length > 0 ? `|(?:${words(lists.openers)})\\s+(${EXAMPLE_LIST})` : '';
  const pattern = new RegExp(`\\b(?:${words(lists.heads)})\\b${between}[\\s,:?]*(?:\\(\\s*(${EXAMPLE_LIST})\\s*\\)${openers})`, 'g');
  return folded.replace(pattern, (whole: string, inParens?: string, afterOpener?: string) => whole.replace(inParens ?? afterOpener ?? '', ' '));
}

/** Separators between two items that share what is said after them ("heat and hot water are out"). */
const JOINING_BREAK = /^\s*(?:and|&+|y)\s*$/;
/**
 * The only stop words a shared subject may hold: determiners and possessives ("the heat", "our
 * hot water"). Any other ("power is flickering on", "water is not draining") makes the clause a
 * statement of its own, and a clause ending in a stop word is not a subject either ("on and off").
 */
const SUBJECT_STOP_WORDS: ReadonlySet<string> = new Set([
  'the',
  'a',
  'an',
  'my',
  'our',
  'your',
  'his',
  'her',
  'their',
  'its',
  'this',
  'that',
  'these',
  'those',
  'both',
  'all',
  'el',
  'la',
  'los',
  'las',
  'mi',
]);

/** A dash between two fields of an export ("BLDG 4 - RM 12 - NO HEAT"). */
const FIELD_BREAK = /^\s*[-\u2013\u2014]+\s*$/;

/** Words that stand for what the clause before named ("it's all over the floor", "they are spraying water"). */
const PRONOUNS: ReadonlySet<string> = new Set(['it', 'its', 'they', 'them', 'theyre']);

/**
 * Words a predicate starts with when its subject was said before "and" ("the ceiling is sagging and
 * looks wet", "the furnace runs but blows cold air"): such a clause says more of the same thing. Adverbs
 * ("now", "then") are left out: a subject of its own usually follows them ("but now the outlet is smoking").
 */
const CONTINUATION_STARTS: ReadonlySet<string> = new Set([
  'is',
  'are',
  'was',
  'were',
  'looks',
  'looked',
  'seems',
  'seemed',
  'smells',
  'smelled',
  'feels',
  'felt',
  'sounds',
  'keeps',
  'kept',
  'has',
  'had',
  'started',
  'starts',
  'wont',
  // "the microwave turns on but does not heat": "does not" told of the microwave, written out.
  'does',
  'did',
  'didnt',
  'dont',
  'never',
  'doesnt',
  'isnt',
  'cant',
  'will',
  'blows',
  'blowing',
  'runs',
  'leaks',
  'leaking',
  'drips',
  'dripping',
  'makes',
  'sparks',
  'sparked',
  'trips',
  'tripped',
  'shuts',
  'turns',
  'comes',
  'gets',
  'stopped',
  'quit',
  'climbing',
  'rising',
  'going',
  'getting',
  'growing',
  'spreading',
  'still',
  // "a tree fell across the road and into the building": where it went, said of the same subject;
  // "water running out of the heater and across the garage floor" likewise.
  'into',
  'onto',
  'across',
  // "the panel is buzzing and warm to the touch", "the transformer is humming and very hot": a state
  // said of the same thing (a bare "hot" opens a subject of its own before "water", see below).
  'warm',
  'hot',
  'very',
  'buzzing',
  'humming',
  'crackling',
  'sizzling',
  'smoking',
  'sparking',
  'melting',
  // "the ceiling is sagging and heavy with water": the state of the thing named.
  'heavy',
  'soaked',
  'soggy',
  'swollen',
  // "the irrigation head is broken and shooting water onto the path": what the thing named does.
  'spraying',
  'shooting',
  'pouring',
  'gushing',
  'spewing',
  // "gutters packed with leaves and spilling over": the gutters spill, not a pipe.
  'overflowing',
  'spilling',
]);
/** Words after which an opening "hot" names a thing of its own ("... and hot water is out"), not a state. */
const HOT_THINGS: ReadonlySet<string> = new Set(['water', 'side', 'tap', 'faucet', 'line', 'pipe', 'pipes', 'plate', 'tub', 'shower']);
/** Words that say where water comes from ("water pouring from the ceiling"): a clause holding one names its own source. */
const SOURCE_WORDS: ReadonlySet<string> = new Set(['from', 'out', 'outta', 'under', 'behind', 'through', 'thru']);

/** Whether a clause opens on water and never says where it comes from ("water pouring down next to the door"). */
function speaksOfSourcelessWater(raw: string[]): boolean {
  const first = raw.findIndex((w) => !SUBJECT_STOP_WORDS.has(w));
  return first >= 0 && raw[first] === 'water' && !raw.some((w) => SOURCE_WORDS.has(w));
}

/** Separators after which a clause may go on with the subject of the one before ("runs but blows cold air"). */
const CONTINUING_BREAK = /^\s*(?:and|but|&+|y|pero)\s*$/;

/**
 * After a comma, only a participle goes on with the subject before it ("gutters full of leaves,
 * overflowing at the entrance"; "the toilet is clogged, leaking onto the floor"): a clause that
 * opens on a verb of its own form after a comma usually starts a statement of its own.
 */
const COMMA_BREAK = /^\s*,+\s*$/;
/** A "but" after which a bare absence speaks of the thing before it ("the oven turns on but no heat"). */
const BUT_BREAK = /^\s*(?:but|pero)\s*$/;
/** Words an absence may open with before its "no" ("but there's no heat"). */
const THERE: ReadonlySet<string> = new Set(['there', 'theres', 'thers']);
const CONTINUING_PARTICIPLES: ReadonlySet<string> = new Set([
  'leaking',
  'dripping',
  'overflowing',
  'pouring',
  'spraying',
  'running',
  'spilling',
  'gushing',
  'flooding',
  'blowing',
  'spreading',
  'rising',
  'climbing',
]);

/** Words besides stop words a bare absence after a comma may hold ("no power", "no power to it") and still speak of the thing before it. */
const ABSENCE_WORDS = 2;
/** Words by which such an absence says it is total ("no power at all", "no water anywhere"): a statement of its own. */
const TOTAL_WORDS: ReadonlySet<string> = new Set(['all', 'anywhere', 'whatsoever', 'whole', 'entire', 'everywhere']);

/**
 * Stems of the words a storey typed with digits is read as ("3rd floor", "floors 3-6"), above the
 * first: they only say where, like the digits they stand for, and make neither a clause longer
 * nor a gap ("...") of a phrase.
 */
const STOREY_STEMS: ReadonlySet<string> = new Set(
  STOREY_ORDINALS.slice(2)
    .concat('upper')
    .map((w) => stem(w)),
);

/** Words of a clause besides stop words, storeys and a place phrase between its subject and predicate. */
function contentWords(clause: TriageClause): number {
  return clause.tokens.filter((t, i) => !t.stop && !STOREY_STEMS.has(t.stem) && !(clause.place && i >= clause.place.start && i < clause.place.end)).length;
}

/** Whether a clause can be the first subject of a predicate said after its "and". */
function isSubject(words: string[], tokens: TriageToken[], maxWords: number): boolean {
  if (tokens.length === 0 || tokens[tokens.length - 1].stop) return false;
  return tokens.filter((t) => !t.stop).length <= maxWords && words.every((w, i) => !tokens[i].stop || SUBJECT_STOP_WORDS.has(w));
}

/**
 * Whether a clause names a thing and says nothing of it ("The shower.", "the AC unit", "our outside
 * spigot"): at most three words besides stop words, and no stop word but determiners and the nouns
 * the vocabulary lists as stop words ("unit").
 */
function namesOnlyAThing(words: string[], tokens: TriageToken[]): boolean {
  const content = tokens.filter((t) => !t.stop).length;
  return content > 0 && content <= 3 && words.every((w, i) => !tokens[i].stop || SUBJECT_STOP_WORDS.has(w) || !FUNCTION_WORD.test(w));
}

/**
 * A subject followed by where it is, then what is said of it: "the heat in our apartment has been
 * off", "the toilet in the 2nd floor restroom is backed up", "the door to our suite doesn't close".
 * Groups: the text up to the subject's last word, the place phrase (a preposition and at most four
 * words), and the predicate from its first verb or negation on.
 */
const PLACE_BEFORE_PREDICATE =
  /^(.*?\b([a-z0-9']+))\s+((?:in|on|at|inside|to|for|by|near|behind|under|above|upstairs|downstairs|next\s+to|beside|outside|from|across\s+from|below|beneath|underneath|over)\s+(?:[a-z0-9']+\s+){0,3}?[a-z0-9']+(?:\s+(?:between|by|near|on|in|at|next\s+to|outside|of)\s+(?:[a-z0-9']+\s+){0,3}?[a-z0-9']+)?)\s+((?:is|are|was|were|has|have|had|keeps|keep|kept|wont|won't|doesnt|doesn't|dont|don't|didnt|didn't|isnt|isn't|arent|aren't|wasnt|wasn't|hasnt|hasn't|havent|haven't|cant|can't|cannot|will|stopped|still|just|seems|went|started|died|quit|broke|failed|tripped|overflowed)\b.*)$/;

/**
 * Stop words that cannot end a subject (pronouns, auxiliaries, prepositions, joining words), unlike
 * the nouns the vocabulary also lists as stop words for dispatch ("the AC unit in the bathroom is leaking").
 */
const FUNCTION_WORD =
  /^(?:i|you|he|she|it|we|they|me|him|us|them|my|your|our|their|its|his|her|the|a|an|this|that|these|those|is|are|was|were|be|been|am|has|have|had|do|does|did|and|or|but|so|if|then|than|there|here|what|which|who|when|where|how|of|in|on|at|to|for|by|with|from|up|down|out|off|over|just|also|not|no|very|really|too)$/;

/**
 * The clause with the place phrase between its subject and predicate moved to its end ("the heat
 * has been off in our apartment"), so a rule naming the subject and its state reads them together
 * while the place's words stay in the clause for the rules' context and exceptions; undefined when
 * the clause has no such phrase, or the word before it is a function word (no subject).
 */
function placeMovedAfterPredicate(part: string, stopWords: ReadonlySet<string>): { moved: string; before: string; place: string } | undefined {
  const m = PLACE_BEFORE_PREDICATE.exec(part.trim());
  if (!m || (stopWords.has(m[2]) && FUNCTION_WORD.test(m[2]))) return undefined;
  return { moved: `${m[1]} ${m[4]} ${m[3]}`, before: m[1], place: m[3] };
}

/** The folded words of a part as typed, numbers included. */
function rawWordsOf(part: string): string[] {
  return part
    .replace(/'/g, '')
    .split(/[^a-z0-9/]+/)
    .filter((w) => w.length > 0);
}

/**
 * Words that open a clause with how sure the writer is, not what is happening ("I think the heat
 * is out", "it looks like the washer is pouring water"): the clause is read without them, so what
 * follows is a subject of its own ("I think lights and outlets stopped working") and "it looks
 * like" is no pronoun standing for the clause before.
 */
const LEAD_IN =
  /^\s*(?:(?:i\s+)?(?:think|believe|guess|suppose|feel\s+like)|(?:i'?m\s+)?(?:pretty|fairly|quite)\s+sure|(?:it\s+)?(?:looks|seems|sounds)\s+(?:like|as\s+if|as\s+though)|apparently)(?:\s+that)?\s+(?=\S)/;

/** Words of a field that only says where: "Bldg 12", "3rd floor", "RM 214B", "Unit #4". */
const LOCATION_FIELD_WORD =
  /^(?:bldg|bld|building|rm|room|floor|flr|fl|unit|apt|suite|ste|wing|level|lvl|no|#?\d+[a-z]{0,2}|[a-z]|#|first|second|third|fourth|fifth|upper|ground|top|basement)$/;
const LOCATION_KEYWORD = /^(?:bldg|bld|building|rm|room|floor|flr|fl|unit|apt|suite|ste|wing|level|lvl)$/;

/**
 * A colon after a field that only says where ("Bldg 12, 3rd floor: water is pouring ...", "RM 214:
 * ...") ends a clause: the place is a heading, not the subject of what follows, and must not push
 * the report past the size of clauses that are joined.
 */
function breakAfterLocationFields(folded: string): string {
  return folded.replace(/(^|[.;,\n]|\s-\s)([^.;,\n:]{1,40}):(?!\/)/g, (whole: string, before: string, field: string) => {
    const words = field.trim().split(/\s+/);
    return words.every((w) => LOCATION_FIELD_WORD.test(w)) && words.some((w) => LOCATION_KEYWORD.test(w)) ? `${before}${field};` : whole;
  });
}

/**
 * Marks where a run-on typed without punctuation starts a new statement, so a word of one (an
 * exception, a softening word, planned work) does not reach the other: before a capitalised common
 * word after a lower-case word that is not a stop word ("Peeling paint in hallway Broken window in
 * bedroom No heat in unit"; a name, "the Johnson elevator", is no common word). A pronoun is no such
 * sign: "Friday night with the rains we had water leak" is one statement, its time said first. Text
 * in capitals has no signal and is left as it is. `isCommonWord` and `stopWords` take folded words.
 */
export function breakRunOns(text: string, isCommonWord: (folded: string) => boolean, stopWords: ReadonlySet<string>): string {
  return text.replace(/(?<![A-Za-z'])([a-z][a-z']*)(?=\s+([A-Z][a-z']+)\b)/g, (word: string, _word: string, next: string) =>
    !stopWords.has(word.replace(/'/g, '')) && isCommonWord(foldText(next)) ? `${word};` : word,
  );
}

/** Splits text into clauses of tokens with the given normalizer and stop words. */
export function clausesOf(text: string, normalizer: TextNormalizer, stopWords: ReadonlySet<string>, options: ClauseOptions = {}): TriageClause[] {
  const prepared = breakAfterLocationFields(rewriteNumbers(spellShorthand(joinDottedLetters(foldText(text)))));
  const clauses: TriageClause[] = [];
  const maxSubject = options.sharedPredicateWords ?? 0;
  const parts = prepared.split(CLAUSE_BREAK_KEPT);
  // The clause before the current separator, when it could be the first subject of a shared predicate.
  let subject: TriageClause | undefined;
  let joining = false;
  // The last clause of the text's own (not a joined one): what a later "it" may stand for.
  let previous: TriageClause | undefined;
  let previousText = '';
  let previousIsSubject = false;
  const maxPronoun = options.pronounWords ?? 0;
  const maxField = options.fieldWords ?? 0;
  for (let i = 0; i < parts.length; i += 2) {
    const part = parts[i]?.replace(LEAD_IN, '');
    const words = part ? normalizer.words(part) : [];
    if (words.length === 0) {
      subject = undefined;
    } else {
      const raw = rawWordsOf(part);
      const clause: TriageClause = { tokens: words.map((w) => ({ stem: stem(w), stop: stopWords.has(w) })), raw };
      const moved = placeMovedAfterPredicate(part, stopWords);
      if (moved) {
        const start = normalizer.words(moved.before).length;
        clause.place = { start, end: start + normalizer.words(moved.place).length };
      }
      clauses.push(clause);
      if (joining && subject) {
        const and = { stem: stem('and'), stop: stopWords.has('and') };
        clauses.push({ tokens: [...subject.tokens, and, ...clause.tokens], raw: [...subject.raw, 'and', ...clause.raw], joined: true });
      }
      const fieldPair =
        maxField > 0 && i > 0 && FIELD_BREAK.test(parts[i - 1]) && contentWords(clause) <= maxField && contentWords(previous ?? clause) <= maxField;
      // "between floors 2 and 3 are out": the number that closes a range is no subject of its own.
      const opening = /^\d+$/.test(raw[0] ?? '') && raw.length > 1 ? raw[1] : raw[0];
      const opensOnAThing = opening === 'hot' && HOT_THINGS.has(raw[raw.indexOf(opening) + 1] ?? '');
      const continuesWithoutSubject = i > 0 && CONTINUING_BREAK.test(parts[i - 1]) && CONTINUATION_STARTS.has(opening) && !opensOnAThing;
      // Read for the subject's exceptions only: unlike a clause over "and", it is not joined to the one before.
      const continuesAfterComma = i > 0 && COMMA_BREAK.test(parts[i - 1]) && CONTINUING_PARTICIPLES.has(opening);
      const continued = raw.some((w) => PRONOUNS.has(w)) || continuesWithoutSubject;
      const pronounPair = maxPronoun > 0 && continued && contentWords(clause) <= maxPronoun && contentWords(previous ?? clause) <= maxPronoun;
      let joinedOverPronoun: TriageClause | undefined;
      if (previous && (fieldPair || pronounPair)) {
        joinedOverPronoun = { tokens: [...previous.tokens, ...clause.tokens], raw: [...previous.raw, ...clause.raw], joined: true, pronoun: true };
        clauses.push(joinedOverPronoun);
        // Only a subject told alone ("The shower. It has no water pressure") says nothing but what
        // "it" is; a clause of its own ("... every time someone flushes") says more than that.
        if (PRONOUNS.has(raw[0]) && previousIsSubject) clause.antecedent = previous;
        // "Lights in the stairwell between floors 2 | and 3 are out": the predicate goes on the subject
        // across the place phrase, as in a clause of its own.
        const movedJoined = continuesWithoutSubject ? placeMovedAfterPredicate(`${previousText} ${part}`, stopWords) : undefined;
        if (movedJoined) clauses.push(movedClause(movedJoined.moved, joinedOverPronoun, normalizer, stopWords));
      }
      // "The dishwasher is dead, no power", "the dryer runs but no heat": a bare absence after a comma or a "but" says what the thing before lacks.
      const absenceAfterComma =
        i > 0 &&
        (COMMA_BREAK.test(parts[i - 1]) || BUT_BREAK.test(parts[i - 1])) &&
        (raw[0] === 'no' || (THERE.has(raw[0]) && raw.slice(1, 3).includes('no'))) &&
        contentWords(clause) <= ABSENCE_WORDS &&
        !raw.some((w) => TOTAL_WORDS.has(w));
      if (previous && !PRONOUNS.has(raw[0]) && (continuesWithoutSubject || continuesAfterComma || absenceAfterComma || speaksOfSourcelessWater(raw))) {
        // "The gutter fell off and is hanging down, all the water dumps by the door": a clause without
        // a subject of its own after another such clause has the same subject as that one.
        clause.subject = previous.subject ?? previous;
      }
      // "The elevator. It is slow but there are people stuck in it": a later "it" stands for what the
      // first one did, so it is read with the clause that names it.
      previousText = joinedOverPronoun && PRONOUNS.has(raw[0]) ? `${previousText} ${part}` : part;
      previous = joinedOverPronoun && PRONOUNS.has(raw[0]) ? joinedOverPronoun : clause;
      previousIsSubject = previous === clause && namesOnlyAThing(words, clause.tokens);
      const joined = clauses[clauses.length - 1];
      // "heat and hot water and power are out": a short item after a subject extends the subject.
      subject = maxSubject > 0 && isSubject(words, clause.tokens, maxSubject) ? (joined.joined ? joined : clause) : undefined;
      if (moved) clauses.push(movedClause(moved.moved, clause, normalizer, stopWords));
    }
    joining = maxSubject > 0 && i + 1 < parts.length && JOINING_BREAK.test(parts[i + 1]);
  }
  return clauses;
}

/** The clause as written with its place phrase moved after the predicate (`placeMovedAfterPredicate`). */
function movedClause(moved: string, original: TriageClause, normalizer: TextNormalizer, stopWords: ReadonlySet<string>): TriageClause {
  const words = normalizer.words(moved);
  return { tokens: words.map((w) => ({ stem: stem(w), stop: stopWords.has(w) })), raw: rawWordsOf(moved), joined: true, original };
}

/**
 * The words as typed behind tokens [start, end) of a clause. Vocabulary rewriting changes word
 * counts and drops numbers, so the span is found by normalizing ever longer prefixes.
 */
export function evidenceOf(clause: TriageClause, start: number, end: number, normalizer: TextNormalizer): string {
  const produced = (k: number): number => normalizer.words(clause.raw.slice(0, k).join(' ')).length;
  let from = 0;
  while (from < clause.raw.length && produced(from + 1) <= start) from++;
  let to = from;
  while (to < clause.raw.length && produced(to) < end) to++;
  // A match on a temperature marker quotes the reading it stands for ("84 degrees").
  if (MARKER_WORDS.has(clause.raw[from])) {
    while (from > 0 && MARKER_WORDS.has(clause.raw[from - 1])) from--;
    from = Math.max(0, from - 2);
  }
  return clause.raw
    .slice(from, Math.max(to, from + 1))
    .filter((w) => !MARKER_WORDS.has(w))
    .join(' ');
}

/**
 * Compiles one pattern. Syntax: words separated by spaces; "a|b" is a choice; "_" joins words
 * into one choice ("light_fixture"); "..." stands for up to four words besides stop words. Every word
 * goes through the same vocabulary and stemmer as the text, so "wtr", "leaking" and "leaks" meet.
 * Throws an Error with a readable detail when the pattern cannot match anything.
 */
export function compilePattern(source: string, normalizer: TextNormalizer, negations: ReadonlySet<string>): TriagePattern {
  const elements: Element[] = [];
  for (const part of source.trim().split(/\s+/)) {
    if (part === '...') {
      if (elements.length === 0 || 'gap' in elements[elements.length - 1]) throw new Error(`"${source}": "..." must sit between two words`);
      elements.push({ gap: GAP_WORDS });
      continue;
    }
    const alts = part.split('|').map((alt) => {
      const words = normalizer.words(alt.replace(/_/g, ' '));
      if (words.length === 0) throw new Error(`"${source}": "${alt}" has no matchable word`);
      return words.map(stem);
    });
    // Longest choice first, so the evidence quotes "light fixture" rather than "light".
    elements.push({ alts: alts.sort((x, y) => y.length - x.length) });
  }
  if (elements.length === 0) throw new Error('pattern is empty');
  if ('gap' in elements[elements.length - 1]) throw new Error(`"${source}": cannot end with "..."`);
  const isNegation = (e: Element | undefined): boolean => e !== undefined && 'alts' in e && e.alts.some((a) => a.some((s) => negations.has(s)));
  return { source, elements, hasNegation: elements.some(isNegation), startsWithNegation: isNegation(elements[0]) };
}

/** End of `stems` matched from `at`, stop words allowed between them ("in the apartment"); -1 if none. */
function sequenceAt(tokens: TriageToken[], at: number, stems: string[]): number {
  if (at >= tokens.length || tokens[at].stem !== stems[0]) return -1;
  let pos = at + 1;
  for (let i = 1; i < stems.length; i++) {
    let skip = 0;
    while (pos < tokens.length && tokens[pos].stem !== stems[i] && tokens[pos].stop && skip < MAX_STOP_SKIP) {
      pos++;
      skip++;
    }
    if (pos >= tokens.length || tokens[pos].stem !== stems[i]) return -1;
    pos++;
  }
  return pos;
}

/** End of the match of elements[k..] starting at `pos`, or -1; shortest gaps first. */
function matchFrom(tokens: TriageToken[], pos: number, elements: Element[], k: number): number {
  if (k === elements.length) return pos;
  const element = elements[k];
  if ('gap' in element) {
    for (let j = 0, words = 0; j <= GAP_TOKENS && pos + j <= tokens.length; j++) {
      const end = matchFrom(tokens, pos + j, elements, k + 1);
      if (end >= 0) return end;
      // A storey typed with digits ("the 2nd floor hallway") takes no room in a gap, as its digits did not.
      if (pos + j < tokens.length && !tokens[pos + j].stop && !STOREY_STEMS.has(tokens[pos + j].stem) && ++words > element.gap) break;
    }
    return -1;
  }
  const maxSkip = k === 0 ? 0 : MAX_STOP_SKIP;
  for (let skip = 0; skip <= maxSkip && pos + skip < tokens.length; skip++) {
    if (skip > 0 && !tokens[pos + skip - 1].stop) break;
    for (const alt of element.alts) {
      const after = sequenceAt(tokens, pos + skip, alt);
      if (after >= 0) {
        const end = matchFrom(tokens, after, elements, k + 1);
        if (end >= 0) return end;
      }
    }
  }
  return -1;
}

/**
 * A set of compiled patterns indexed by their first stems, so a clause only tries the patterns
 * that can start at each of its words.
 */
export class PhraseSet<T = undefined> {
  private readonly byFirstStem = new Map<string, { pattern: TriagePattern; payload: T }[]>();

  /** Adds a compiled pattern with what a match should report. */
  add(pattern: TriagePattern, payload: T): void {
    const first = pattern.elements[0] as { alts: string[][] };
    for (const s of new Set(first.alts.map((a) => a[0]))) {
      let list = this.byFirstStem.get(s);
      if (!list) this.byFirstStem.set(s, (list = []));
      list.push({ pattern, payload });
    }
  }

  /** Every match starting at or after `from`, in order of start. */
  matches(tokens: TriageToken[], from = 0): TriageMatch<T>[] {
    const found: TriageMatch<T>[] = [];
    for (let i = from; i < tokens.length; i++) {
      for (const { pattern, payload } of this.byFirstStem.get(tokens[i].stem) ?? []) {
        const end = matchFrom(tokens, i, pattern.elements, 0);
        if (end >= 0) found.push({ start: i, end, pattern, payload });
      }
    }
    return found;
  }

  /** Whether any pattern matches starting at or after `from`. */
  test(tokens: TriageToken[], from = 0): boolean {
    for (let i = from; i < tokens.length; i++) {
      for (const { pattern } of this.byFirstStem.get(tokens[i].stem) ?? []) if (matchFrom(tokens, i, pattern.elements, 0) >= 0) return true;
    }
    return false;
  }

  /** Whether the set holds no pattern. */
  get empty(): boolean {
    return this.byFirstStem.size === 0;
  }
}

/** The project vocabulary with the triage's own shorthand added to its abbreviations. */
export function mergeVocabulary(base: Vocabulary, extra: Record<string, string>): Vocabulary {
  return { ...base, abbreviations: { ...base.abbreviations, ...extra } };
}

/** Keys of a vocabulary as the normalizer sees them, with their values, to detect conflicts. */
export function vocabularyKeys(vocabulary: Vocabulary): Map<string, string> {
  const keys = new Map<string, string>();
  for (const section of [vocabulary.spanish, vocabulary.synonyms, vocabulary.misspellings, vocabulary.abbreviations]) {
    for (const [k, v] of Object.entries(section)) keys.set(rawWords(foldText(k)).join(' '), rawWords(foldText(v)).join(' '));
  }
  return keys;
}
