import { Calibration, KnowledgeBase, Problem } from './knowledge.types';
import { BoundedMemo } from '../common/bounded-memo';
import { SymptomIndex, symptomIndexFor } from './symptom-index';
import { AFTERTHOUGHT_WEIGHT } from './text-normalizer';

/** BM25 saturation: a word repeated across a problem's symptoms stops adding after a few times. */
const K1 = 1.2;
/** BM25 length normalization, mild because long symptom lists are a sign of a common problem. */
const B = 0.4;
/** Weight of word-pair matches relative to single words. */
const PAIR_WEIGHT = 0.6;
/** Bonus when the text covers one symptom phrase (idf-weighted share, squared). */
const PHRASE_BONUS = 2.5;
/** Default number of results. */
const DEFAULT_LIMIT = 5;

/** Options of `matchProblems`. */
export interface MatchOptions {
  /** Most results to return (default 5). */
  limit?: number;
  /** Multiplicative weight per problem id (e.g. from the caller's history); 1 means neutral. */
  boosts?: ReadonlyMap<string, number>;
  /**
   * The caller reads this text once: its raw scores are computed and not remembered. The import
   * files each distinct ticket with one reading, and remembering every text kept the scores of
   * the last 2,000 alive for the garbage collector to move for nothing.
   */
  once?: boolean;
}

/** One candidate diagnosis. */
export interface MatchedProblem {
  /** The problem. */
  problem: Problem;
  /** Raw retrieval score (after boosts); only comparable within one query. */
  score: number;
  /** Calibrated probability (0..1) that this is the problem; the mass not given out is "something else". */
  likelihood: number;
}

/**
 * Weight of the words of each further clause that names something known: tenants lead with their
 * main complaint, so with several problems in one text the first one named ranks first.
 */
const LATER_CLAUSE_WEIGHT = 0.7;

/** How the words of a text were read, for debugging and tests. */
export interface QueryTerms {
  /** Stems found in the catalogue (after fuzzy correction). */
  known: string[];
  /** Stems the catalogue does not know, ignored. */
  unknown: string[];
  /** Word pairs of neighbouring known stems within one clause. */
  pairs: string[];
  /** Weight of each known stem and pair: 1 in the first clause that names anything, less later. */
  weight: ReadonlyMap<string, number>;
}

/** Reads a text into index terms: normalization, one-edit correction of unknown long words, clause weights. */
export function queryTerms(kb: KnowledgeBase, text: string): QueryTerms {
  const index = symptomIndexFor(kb);
  const unknown = new Set<string>();
  const pairs = new Set<string>();
  const weight = new Map<string, number>();
  const give = (term: string, w: number): void => {
    if ((weight.get(term) ?? 0) < w) weight.set(term, w);
  };
  let clauseWeight = 1;
  let namedBefore = false;
  for (const { tokens: clause, afterthought } of index.normalizer.clauseReadings(text)) {
    let previous: string | undefined;
    let named = false;
    if (afterthought && namedBefore) clauseWeight *= AFTERTHOUGHT_WEIGHT / LATER_CLAUSE_WEIGHT;
    for (const token of clause) {
      if (token.stop) continue;
      const term = index.has(token.stem) ? token.stem : index.correct(token.stem);
      if (!term) {
        unknown.add(token.stem);
        previous = undefined;
        continue;
      }
      named = true;
      give(term, clauseWeight);
      if (previous && previous !== term) {
        pairs.add(`${previous} ${term}`);
        give(`${previous} ${term}`, clauseWeight);
      }
      previous = term;
    }
    if (named) clauseWeight *= LATER_CLAUSE_WEIGHT;
    namedBefore ||= named;
  }
  const known = [...weight.keys()].filter((t) => !t.includes(' '));
  return { known, unknown: [...unknown], pairs: [...pairs], weight };
}

/**
 * Scratch arrays of one index, reused by every scoring and left zeroed after each (JavaScript
 * runs one scoring at a time): sums, flags and best phrase shares by document, the query words of each phrase, the
 * query's weight by term number; and by position among a text's scored problems, their boosted
 * scores, documents and the scores to sort. Allocating them per text, off the V8 heap, cost more
 * than the scoring.
 */
interface Scratch {
  sums: Float64Array;
  seen: Uint8Array;
  best: Float64Array;
  visited: Uint16Array;
  weights: Float64Array;
  boosted: Float64Array;
  boostedDocs: Int32Array;
  sorted: Float64Array;
}
const scratches = new WeakMap<SymptomIndex, Scratch>();

function scratchOf(index: SymptomIndex): Scratch {
  let scratch = scratches.get(index);
  if (!scratch) {
    const documents = index.documents.length;
    scratch = {
      sums: new Float64Array(documents),
      seen: new Uint8Array(documents),
      best: new Float64Array(documents),
      visited: new Uint16Array(index.phraseCount),
      weights: new Float64Array(index.termIds.size),
      boosted: new Float64Array(documents),
      boostedDocs: new Int32Array(documents),
      sorted: new Float64Array(documents),
    };
    scratches.set(index, scratch);
  }
  return scratch;
}

/** BM25 length norm of each document, by position: the same for every query, so computed once per index. */
const lengthNorms = new WeakMap<SymptomIndex, Float64Array>();

function lengthNormsOf(index: SymptomIndex): Float64Array {
  let norms = lengthNorms.get(index);
  if (!norms) {
    norms = Float64Array.from(index.documents, (d) => 1 - B + (B * d.length) / index.averageLength);
    lengthNorms.set(index, norms);
  }
  return norms;
}

/** A word's reading in `wordCodes`: a stop word, or a word the index does not know (else its term number). */
const STOP_WORD = -2;
const UNKNOWN_WORD = -1;
/** Rewritten words whose reading is remembered, per index (a few MB at most; the same words recur). */
const MAX_REMEMBERED_WORDS = 50_000;
const wordCodes = new WeakMap<SymptomIndex, Map<string, number>>();

/**
 * What one rewritten word reads as: its stem's term number (after one-edit correction), or
 * STOP_WORD, or UNKNOWN_WORD. Looked up once per distinct word instead of a stem, a stop-word and
 * an index lookup for every word of every text.
 */
function wordCode(index: SymptomIndex, codes: Map<string, number>, word: string): number {
  let code = codes.get(word);
  if (code === undefined) {
    const token = index.normalizer.token(word);
    const term = token.stop ? undefined : index.has(token.stem) ? token.stem : index.correct(token.stem);
    code = token.stop ? STOP_WORD : term ? index.termIds.get(term)! : UNKNOWN_WORD;
    if (codes.size < MAX_REMEMBERED_WORDS) codes.set(word, code);
  }
  return code;
}

/**
 * `queryTerms` as term numbers, for scoring: the known stems in the order first read and the
 * index's pairs in the order first read, with each one's weight left in `weights` (by term
 * number; the caller zeroes it). Pairs the index does not hold, which score nothing, are left out.
 */
interface TermReading {
  stems: number[];
  pairs: number[];
}

function readTerms(index: SymptomIndex, text: string, weights: Float64Array): TermReading {
  let codes = wordCodes.get(index);
  if (!codes) wordCodes.set(index, (codes = new Map()));
  const termCount = index.termIds.size;
  const stems: number[] = [];
  const pairs: number[] = [];
  let clauseWeight = 1;
  let namedBefore = false;
  for (const { words, afterthought } of index.normalizer.clauseWords(text)) {
    let previous = -1;
    let named = false;
    if (afterthought && namedBefore) clauseWeight *= AFTERTHOUGHT_WEIGHT / LATER_CLAUSE_WEIGHT;
    for (const word of words) {
      const term = wordCode(index, codes, word);
      if (term === STOP_WORD) continue;
      if (term === UNKNOWN_WORD) {
        previous = -1;
        continue;
      }
      named = true;
      if (weights[term] < clauseWeight) {
        if (weights[term] === 0) stems.push(term);
        weights[term] = clauseWeight;
      }
      if (previous >= 0 && previous !== term) {
        const pair = index.pairIds.get(previous * termCount + term);
        if (pair !== undefined && weights[pair] < clauseWeight) {
          if (weights[pair] === 0) pairs.push(pair);
          weights[pair] = clauseWeight;
        }
      }
      previous = term;
    }
    if (named) clauseWeight *= LATER_CLAUSE_WEIGHT;
    namedBefore ||= named;
  }
  return { stems, pairs };
}

/** Raw scores of the problems a text touches: document positions in the order first touched, and their scores. */
interface ScoredDocuments {
  docs: number[];
  scores: number[];
}

/**
 * Raw scores of every problem a text touches, by document position, or null when it names nothing
 * known. Sums and each document's best phrase share go into typed arrays indexed by document, and
 * postings and phrases are read from the index's flat arrays by term number (common words have
 * postings in hundreds of problems; a Map per posting, then a Map per text, then the terms as
 * strings were most of the matcher's time and garbage on distinct import rows, BENCHMARKS.md, issue 23).
 */
function scoreText(index: SymptomIndex, text: string): ScoredDocuments | null {
  const norms = lengthNormsOf(index);
  const { sums, seen, best, visited, weights } = scratchOf(index);
  const { stems, pairs } = readTerms(index, text, weights);
  if (stems.length === 0) {
    for (const p of pairs) weights[p] = 0;
    return null;
  }
  const { postingStart, postingDocs, postingTfs, termIdfs } = index;
  const touched: number[] = [];
  const accumulate = (term: number, weight: number): void => {
    const idf = termIdfs[term];
    for (let k = postingStart[term]; k < postingStart[term + 1]; k++) {
      const doc = postingDocs[k];
      const tf = postingTfs[k];
      const part = (weight * idf * tf * (K1 + 1)) / (tf + K1 * norms[doc]);
      if (seen[doc] === 0) {
        seen[doc] = 1;
        touched.push(doc);
      }
      sums[doc] += part;
    }
  };
  for (const t of stems) accumulate(t, weights[t]);
  for (const p of pairs) accumulate(p, PAIR_WEIGHT * weights[p]);

  // Phrase bonus: the best idf-weighted share of one symptom phrase the text covers. Only phrases
  // holding a query word can have a share above 0, so only those are summed (each in its own
  // stem order, as before, so scores are unchanged to the last bit).
  // Most such phrases (four in five on real requests) hold one query word only: their sum is that
  // word's idf times its weight (the other words add zeros), so the phrase's words are summed
  // only for phrases holding several. `visited` counts the query words of each phrase.
  const { phraseStart, phraseTerms, phraseIdfs, phraseIdfSums, stemPhraseStart, stemPhrases, phraseDocs } = index;
  const visitedIds: number[] = [];
  const firstStems: number[] = [];
  for (const stem of stems) {
    if (weights[stem] <= 0) continue;
    for (let r = stemPhraseStart[stem]; r < stemPhraseStart[stem + 1]; r++) {
      const id = stemPhrases[r];
      if (seen[phraseDocs[id]] === 0) continue;
      if (visited[id]++ === 0) {
        visitedIds.push(id);
        firstStems.push(stem);
      }
    }
  }
  for (let v = 0; v < visitedIds.length; v++) {
    const id = visitedIds[v];
    const doc = phraseDocs[id];
    let hit = 0;
    if (visited[id] === 1) hit = termIdfs[firstStems[v]] * weights[firstStems[v]];
    else for (let k = phraseStart[id]; k < phraseStart[id + 1]; k++) hit += phraseIdfs[k] * weights[phraseTerms[k]];
    visited[id] = 0;
    const all = phraseIdfSums[id];
    if (all > 0 && hit / all > best[doc]) best[doc] = hit / all;
  }
  for (const t of stems) weights[t] = 0;
  for (const p of pairs) weights[p] = 0;
  // Plain arrays: creating two small typed arrays per text cost more than this whole loop.
  const scores: number[] = [];
  for (let i = 0; i < touched.length; i++) {
    const doc = touched[i];
    const share = best[doc];
    scores.push(sums[doc] + PHRASE_BONUS * share * share);
    sums[doc] = 0;
    seen[doc] = 0;
    best[doc] = 0;
  }
  return { docs: touched, scores };
}

/**
 * Texts whose raw scores are remembered, per index: BoundedMemo keeps between half and all of
 * them, so at least the last 1,000 (what a FIFO of 1,000 kept) with 8 requests interleaved.
 */
const SCORED_TEXTS = 2_000;
const scoredTexts = new WeakMap<SymptomIndex, BoundedMemo<ScoredDocuments | null>>();

/**
 * The raw scores of a text (null when it names nothing known). One enrich reads the same text
 * several times (the incoming ticket's problem, its candidates, the diagnosis, each of several
 * complaints), with different limits and boosts applied afterwards: the scores are computed once.
 * Callers only read the returned arrays.
 */
function rawScoresOf(index: SymptomIndex, text: string): ScoredDocuments | null {
  let memo = scoredTexts.get(index);
  if (!memo) scoredTexts.set(index, (memo = new BoundedMemo(SCORED_TEXTS)));
  return memo.get(text, () => scoreText(index, text));
}

/**
 * Each document's place among the problem ids in `localeCompare` order, ids comparing equal
 * sharing a place: ordering by it is ordering by `localeCompare`, without collating strings in
 * every comparison of every sort (the sort was a fifth of the matcher's time).
 */
const idRanks = new WeakMap<SymptomIndex, Int32Array>();

function idRanksOf(index: SymptomIndex): Int32Array {
  let ranks = idRanks.get(index);
  if (!ranks) {
    const ids = index.documents.map((d, doc) => ({ id: d.problem.id, doc })).sort((a, b) => a.id.localeCompare(b.id));
    ranks = new Int32Array(ids.length);
    ids.forEach(({ id, doc }, i) => (ranks![doc] = i > 0 && ids[i - 1].id.localeCompare(id) === 0 ? ranks![ids[i - 1].doc] : i));
    idRanks.set(index, ranks);
  }
  return ranks;
}

/**
 * The problems a work-order text most likely describes, most likely first. Several problems in
 * one text each get their share. Likelihoods are a softmax over the scores with a fitted
 * temperature and an implicit "something else" candidate (see calibration.json), so a vague
 * text yields low likelihoods and an empty or meaningless text yields no result at all.
 */
export function matchProblems(kb: KnowledgeBase, text: string, options: MatchOptions = {}): MatchedProblem[] {
  const index = symptomIndexFor(kb);
  const raw = options.once ? scoreText(index, text) : rawScoresOf(index, text);
  if (!raw) return [];

  const { boosted, boostedDocs, sorted } = scratchOf(index);
  let count = 0;
  for (let i = 0; i < raw.docs.length; i++) {
    const doc = raw.docs[i];
    const boost = options.boosts?.get(index.documents[doc].problem.id) ?? 1;
    const score = raw.scores[i];
    if (score > 0 && boost > 0 && Number.isFinite(boost)) {
      boosted[count] = score * boost;
      boostedDocs[count++] = doc;
    }
  }
  if (count === 0) return [];

  // Only the first `limit` are returned, so they are picked in order (by score, then by problem id
  // in localeCompare order, then as touched, which is what the stable sort of every scored problem
  // gave), while the softmax's sum still takes every score, from the highest down as before.
  const ranks = idRanksOf(index);
  const limit = Math.min(count, Math.max(0, Math.floor(options.limit ?? DEFAULT_LIMIT)));
  const topDocs: number[] = [];
  const topScores: number[] = [];
  for (let i = 0; i < count && limit > 0; i++) {
    const score = boosted[i];
    const doc = boostedDocs[i];
    let at = topDocs.length;
    while (at > 0 && (score > topScores[at - 1] || (score === topScores[at - 1] && ranks[doc] < ranks[topDocs[at - 1]]))) at--;
    if (at >= limit) continue;
    topDocs.splice(at, 0, doc);
    topScores.splice(at, 0, score);
    if (topDocs.length > limit) {
      topDocs.pop();
      topScores.pop();
    }
  }
  sorted.set(boosted.subarray(0, count));
  const ascending = sorted.subarray(0, count).sort();
  const { temperature, other_score } = kb.calibration;
  const top = Math.max(other_score, ascending[count - 1]);
  let z = Math.exp((other_score - top) / temperature);
  for (let i = count - 1; i >= 0; i--) z += Math.exp((ascending[i] - top) / temperature);
  return topDocs.map((doc, i) => ({
    problem: index.documents[doc].problem,
    score: topScores[i],
    likelihood: Math.exp((topScores[i] - top) / temperature) / z,
  }));
}

/**
 * Softmax of scores at the calibration temperature, with one extra "something else" candidate
 * scoring `other_score`: its share is the probability that none of the candidates is right.
 */
export function likelihoods(scores: readonly number[], calibration: Calibration): number[] {
  const { temperature, other_score } = calibration;
  const top = Math.max(other_score, ...scores);
  const weights = scores.map((s) => Math.exp((s - top) / temperature));
  const z = weights.reduce((sum, w) => sum + w, Math.exp((other_score - top) / temperature));
  return weights.map((w) => w / z);
}
