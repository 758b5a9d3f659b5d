import { createHash } from 'node:crypto';

/**
 * Rewrites of a request that keep what a coordinator reads in it (issue 21, metamorphic tests):
 * the same emergency, or the same near miss, said in another shape. Each returns undefined when
 * the request has nothing it applies to. Fixed before any result was looked at.
 */
export interface TriageShape {
  /** Short name, for reports and test names. */
  name: string;
  /** What the rewrite does, in a coordinator's words. */
  about: string;
  /** The rewritten text, or undefined when the rewrite does not apply. */
  apply: (text: string) => string | undefined;
}

/** A stable pick among choices by a hash of the text, so every run rewrites a row the same way. */
function pick<T>(text: string, choices: readonly T[]): T {
  return choices[createHash('sha1').update(text).digest()[0] % choices.length];
}

/** Whether a row is in the third kept apart from rule writing, by a hash of its text. */
export function isKeptApart(text: string): boolean {
  return createHash('sha1').update(`shapes:${text}`).digest()[1] % 3 === 0;
}

const DETERMINER = String.raw`(?:the|my|our|their|his|her|your|a|an|this|that)`;
/** The verbs a subject's predicate starts with, in the written sets. */
const VERB = String.raw`(?:is|are|was|were|has|have|had|keeps|kept|won't|wont|doesn't|doesnt|don't|dont|isn't|isnt|aren't|arent|can't|cant|will|stopped|started|just|seems|smells|leaks|sparks|makes|went|quit|broke|died)`;
/** A word of a subject after its determiner: not a joining word, pronoun or preposition. */
const SUBJECT_WORD = String.raw`(?!(?:and|or|but|it|its|which|that|who|when|where|to|of|in|on|at|for|with|from|by|so)\b)[a-z][a-z'-]*`;
/** A subject: a determiner and one to three words, then its verb; anywhere in the text. */
const SUBJECT_THEN_VERB = new RegExp(String.raw`^((?:.*?[\s(])?)(${DETERMINER}\s+${SUBJECT_WORD}(?:\s+${SUBJECT_WORD}){0,2}?)\s+(${VERB})\b`, 'i');
/** The same subject at the start of the text or of a sentence. */
const SENTENCE_SUBJECT_THEN_VERB = new RegExp(String.raw`^((?:.*?[.!?]\s+)?)(${DETERMINER}\s+${SUBJECT_WORD}(?:\s+${SUBJECT_WORD}){0,2}?)\s+(${VERB})\b`, 'i');

const PLACES = ['in our apartment', 'in the upstairs bathroom', 'by my bed', 'in room 214', 'on the third floor', 'next to the kitchen'] as const;

const capitalize = (s: string): string => s.charAt(0).toUpperCase() + s.slice(1);
const uncapitalize = (s: string): string => (/^[A-Z][a-z]/.test(s) ? s.charAt(0).toLowerCase() + s.slice(1) : s);

/** "is leaking": a present form of "be" and a participle other than "going". */
const PROGRESSIVE = /\b(is|are)\s+((?!going\b)[a-z]+ing)\b/i;

/** Common misspellings of words no rule is about. */
const MISSPELLINGS: Record<string, string> = {
  really: 'realy',
  because: 'becuase',
  apartment: 'appartment',
  definitely: 'definately',
  immediately: 'immediatly',
  tomorrow: 'tommorow',
  someone: 'somone',
  something: 'somthing',
  everything: 'everthing',
  noticed: 'noticted',
  believe: 'beleive',
  which: 'wich',
  their: 'thier',
  again: 'agian',
  around: 'arround',
  please: 'plese',
  the: 'teh',
};

export const TRIAGE_SHAPES: readonly TriageShape[] = [
  {
    name: 'place-after-subject',
    about: 'a place or owner phrase after the subject ("the toilet in our bathroom is ...")',
    apply: (text) => {
      const m = SUBJECT_THEN_VERB.exec(text);
      if (!m) return undefined;
      const at = m.index + m[1].length + m[2].length;
      return `${text.slice(0, at)} ${pick(text, PLACES)}${text.slice(at)}`;
    },
  },
  {
    name: 'polite-wrap',
    about: '"Hi, sorry to bother you, ... thanks!"',
    apply: (text) => `Hi, sorry to bother you, ${uncapitalize(text.trim())} thanks!`,
  },
  {
    name: 'hedge-i-think',
    about: '"I think ..." before the request',
    apply: (text) => `I think ${uncapitalize(text.trim())}`,
  },
  {
    name: 'hedge-looks-like',
    about: '"it looks like ..." before the request',
    apply: (text) => `It looks like ${uncapitalize(text.trim())}`,
  },
  {
    name: 'hedge-kind-of',
    about: '"kind of" before the first participle ("is kind of leaking")',
    apply: (text) => (PROGRESSIVE.test(text) ? text.replace(PROGRESSIVE, '$1 kind of $2') : undefined),
  },
  {
    name: 'since-this-morning',
    about: '"is leaking" -> "has been leaking since this morning"',
    apply: (text) =>
      PROGRESSIVE.test(text)
        ? text.replace(PROGRESSIVE, (_m, be: string, ing: string) => `${/^are$/i.test(be) ? 'have' : 'has'} been ${ing} since this morning`)
        : undefined,
  },
  {
    name: 'started',
    about: '"is leaking" -> "started leaking"',
    apply: (text) => (PROGRESSIVE.test(text) ? text.replace(PROGRESSIVE, 'started $2') : undefined),
  },
  {
    name: 'split-subject',
    about: 'the subject told in a sentence of its own ("The ceiling. It is dripping.")',
    apply: (text) => {
      const m = SENTENCE_SUBJECT_THEN_VERB.exec(text);
      if (!m) return undefined;
      const at = m.index + m[1].length;
      const pronoun = /^(are|were|have|don'?t|aren'?t|keep)$/i.test(m[3]) ? 'They' : 'It';
      return `${text.slice(0, at)}${capitalize(m[2])}. ${pronoun} ${text.slice(at + m[2].length + 1)}`;
    },
  },
  {
    name: 'join-sentences',
    about: 'two sentences joined with "and"',
    apply: (text) => {
      const m = /([a-z0-9)])[.!?]+\s+([A-Za-z])/.exec(text);
      if (!m) return undefined;
      return `${text.slice(0, m.index + 1)} and ${m[2].toLowerCase()}${text.slice(m.index + m[0].length)}`;
    },
  },
  {
    name: 'upper-case',
    about: 'all capitals, as CMMS exports write',
    apply: (text) => (text === text.toUpperCase() ? undefined : text.toUpperCase()),
  },
  {
    name: 'lower-case',
    about: 'all lower case',
    apply: (text) => (text === text.toLowerCase() ? undefined : text.toLowerCase()),
  },
  {
    name: 'no-apostrophes',
    about: '"doesnt", "wont", "its"',
    apply: (text) => (/['\u2019]/.test(text) ? text.replace(/['\u2019]/g, '') : undefined),
  },
  {
    name: 'misspellings',
    about: 'common misspellings of words no rule is about ("teh", "becuase", "appartment")',
    apply: (text) => {
      const out = text.replace(/\b[A-Za-z]+\b/g, (w) => {
        const miss = MISSPELLINGS[w.toLowerCase()];
        if (!miss) return w;
        return w === w.toUpperCase() && w.length > 1 ? miss.toUpperCase() : w[0] === w[0].toUpperCase() ? capitalize(miss) : miss;
      });
      return out === text ? undefined : out;
    },
  },
  {
    name: 'room-code-first',
    about: '"RM 214 - ..." before the request',
    apply: (text) => `RM 214 - ${text.trim()}`,
  },
  {
    name: 'building-floor-first',
    about: '"Bldg 12, 3rd floor: ..." before the request',
    apply: (text) => `Bldg 12, 3rd floor: ${text.trim()}`,
  },
  // Second round, fixed after the first round's fixes and before their results were looked at.
  {
    name: 'no-punctuation',
    about: 'a run-on without commas, stops or colons, as texted',
    apply: (text) => {
      const out = text
        .replace(/[.,;:!?]+(\s|$)/g, '$1')
        .replace(/\s+/g, ' ')
        .trim();
      return out === text.trim() ? undefined : out;
    },
  },
  {
    name: 'routine-item-first',
    about: 'a routine item told first ("The closet door sticks. ...")',
    apply: (text) => `The closet door sticks. ${text.trim()}`,
  },
  {
    name: 'routine-item-after',
    about: 'a routine item told after ("... Also the closet door sticks.")',
    apply: (text) => `${text.trim()}${/[.!?]$/.test(text.trim()) ? '' : '.'} Also the closet door sticks.`,
  },
  {
    name: 'time-first',
    about: '"Since this morning, ..." before the request',
    apply: (text) => `Since this morning, ${uncapitalize(text.trim())}`,
  },
  {
    name: 'still',
    about: '"is leaking" -> "is still leaking"',
    apply: (text) => (PROGRESSIVE.test(text) ? text.replace(PROGRESSIVE, '$1 still $2') : undefined),
  },
  {
    name: 'texted',
    about: 'lower case, no apostrophes and no punctuation at once',
    apply: (text) => {
      const out = text
        .toLowerCase()
        .replace(/['\u2019]/g, '')
        .replace(/[.,;:!?]+(\s|$)/g, '$1')
        .replace(/\s+/g, ' ')
        .trim();
      return out === text.trim() ? undefined : out;
    },
  },
  {
    name: 'cmms-title',
    about: 'a room code first, capitals and no apostrophes at once ("RM 214 - TOILET WONT FLUSH")',
    apply: (text) =>
      `RM 214 - ${text
        .trim()
        .toUpperCase()
        .replace(/['\u2019]/g, '')}`,
  },
  {
    name: 'can-someone-first',
    about: '"Can someone come look? ..." before the request',
    apply: (text) => `Can someone come look? ${text.trim()}`,
  },
];

/** A written request with its level as a coordinator gave it. */
export interface ShapeRow {
  text: string;
  expected: string;
  season?: 'cold';
}

/** How one rewrite fared on some rows: of those read right as written, how many stay right. */
export interface ShapeScore {
  shape: string;
  /** Emergencies read as emergencies as written, that the rewrite applies to. */
  emergencies: number;
  /** Of those, still emergencies once rewritten. */
  emergenciesKept: number;
  /** Other rows read below emergency as written, that the rewrite applies to. */
  others: number;
  /** Of those, still below emergency once rewritten (no false alarm introduced). */
  othersKept: number;
  /** The rows whose reading changed, with the rewritten text. */
  broken: { row: ShapeRow; rewritten: string }[];
}

/** Scores every rewrite on the rows, with `isEmergency` reading one text in a row's season. */
export function scoreShapes(
  rows: ShapeRow[],
  isEmergency: (text: string, row: ShapeRow) => boolean,
  shapes: readonly TriageShape[] = TRIAGE_SHAPES,
): ShapeScore[] {
  const asWritten = rows.map((r) => isEmergency(r.text, r));
  return shapes.map((shape) => {
    const score: ShapeScore = { shape: shape.name, emergencies: 0, emergenciesKept: 0, others: 0, othersKept: 0, broken: [] };
    rows.forEach((row, i) => {
      const rewritten = shape.apply(row.text);
      if (rewritten === undefined) return;
      const wanted = row.expected === 'emergency';
      if (asWritten[i] !== wanted) return;
      const kept = isEmergency(rewritten, row) === wanted;
      if (wanted) {
        score.emergencies++;
        if (kept) score.emergenciesKept++;
      } else {
        score.others++;
        if (kept) score.othersKept++;
      }
      if (!kept) score.broken.push({ row, rewritten });
    });
    return score;
  });
}
