/**
 * Words that carry no information about the problem: English function words and the chatter of
 * work orders ("tenant says please fix asap"). Removing them keeps long descriptions matchable.
 */
const STOP_WORDS = new Set(
  `a about above after again against all also am an and any are as at be because been before being below between both but by can could did do does doing down during each few for from further had has have having he her here hers him his how i if in into is it its itself just me more most my no nor not now of off on once only or other our ours out over own same she should so some such than that the their theirs them then there these they this those through to too under until up very was we were what when where which while who whom why will with would you your yours
  please pls plz asap thanks thank thx hi hello tenant tenants resident residents says said called call calling reported reports report reporting states stated unit apt apartment bldg building property mgmt management maintenance request requests requested ticket issue issues problem problems
  today yesterday tonight morning night week since still ever really keep keeps kept getting got get gets seems seem look looks like need needs needed come came check checked someone something anything everything thing things time times day days`.split(
    /\s+/,
  ),
);

/** At most this many key terms go into the search, so a chatty description stays fast and matchable. */
export const MAX_KEY_TERMS = 10;

/**
 * The key terms of a description: lowercase words without stop words, numbers or unit labels
 * ("4b"), deduplicated, in order of appearance. Only [a-z] words survive, so the terms are safe
 * to join into a tsquery.
 */
export function keyTerms(text: string, limit = MAX_KEY_TERMS): string[] {
  const words = text
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .split(/[^a-z0-9]+/)
    .filter((w) => w.length >= 2 && /^[a-z]+$/.test(w) && !STOP_WORDS.has(w));
  return [...new Set(words)].slice(0, limit);
}

/**
 * How many matched terms make a past ticket similar: one when the description has one or two
 * key terms, otherwise two (never an AND of every word).
 */
export function minimumMatchedTerms(termCount: number): number {
  return termCount <= 2 ? 1 : 2;
}

/** Matched terms beyond this count add nothing: matching four key terms is a full text match. */
export const FULL_MATCH_TERMS = 4;
