import { KnowledgeBase, Problem } from './knowledge.types';
import { TextNormalizer } from './text-normalizer';

/** How much one occurrence of a word counts, by the field it comes from. */
const FIELD_WEIGHT = { symptom: 1, name: 1.5, keyword: 2.5 } as const;
/** Words shorter than this are never corrected by edit distance: too many near neighbours. */
const FUZZY_MIN_LENGTH = 5;
/** Longer "words" are noise (pasted codes, keyboard mashing); correcting them costs time for nothing. */
const FUZZY_MAX_LENGTH = 24;
/** Unknown stems whose correction is remembered (a few MB at most; the same words recur). */
const MAX_REMEMBERED_CORRECTIONS = 50_000;

/** One problem as a retrieval document. */
export interface IndexedDocument {
  /** The problem. */
  problem: Problem;
  /** Weighted length, for BM25 length normalization. */
  length: number;
  /** Each symptom phrase (and the name) as distinct stems, for the phrase-coverage bonus. */
  phrases: string[][];
}

/** A phrase of a document, for the phrase-coverage bonus. */
export interface PhraseRef {
  /** Position of the document in `documents`. */
  doc: number;
  /** Position of the phrase in the document's `phrases`. */
  phrase: number;
  /** Position of the phrase among all phrases of the index. */
  id: number;
}

/** A posting: which document holds a term and how much of it. */
export interface Posting {
  /** Position of the document in `documents`. */
  doc: number;
  /** Field-weighted term frequency. */
  tf: number;
}

/**
 * BM25-ready inverted index over symptoms (English and Spanish), keywords and names, with word
 * pairs as extra terms so "toilet running" outranks a document that only has both words apart.
 * Built once per knowledge base; a query touches only the postings of its own words.
 */
export class SymptomIndex {
  /** Documents, one per problem, in catalogue order. */
  readonly documents: IndexedDocument[] = [];
  /** Term (a stem, or two stems joined by a space) to postings. */
  readonly postings = new Map<string, Posting[]>();
  /** Inverse document frequency per term. */
  readonly idf = new Map<string, number>();
  /** Mean weighted document length. */
  readonly averageLength: number;
  /**
   * Stem to the phrases (of two stems or more) that hold it: the phrase bonus only looks at the
   * phrases a query touches instead of every phrase of every scored document (that loop was a
   * third of an import's CPU on real texts; BENCHMARKS.md, issue 23).
   */
  readonly phrasesByStem = new Map<string, PhraseRef[]>();
  /** Number of phrases in `phrasesByStem` (the largest PhraseRef id plus one). */
  readonly phraseCount: number;
  /** A number per stem of the phrases, so a query's weights can sit in a typed array. */
  readonly phraseStemIds = new Map<string, number>();
  /**
   * By PhraseRef id: the phrase's stems as numbers and their idfs, at positions `phraseStart[id]`
   * up to `phraseStart[id + 1]` of two flat arrays (one typed array per phrase made the matcher's
   * inner loop load and check a new array for every phrase), and the idfs' sum (in stem order).
   */
  readonly phraseStart: Int32Array;
  readonly phraseStems: Int32Array;
  readonly phraseIdfs: Float64Array;
  readonly phraseIdfSums: Float64Array;
  /**
   * A number per term (stem or pair), so a query is read into numbers once and scored on flat
   * arrays: by term number, its postings' documents and weighted frequencies at positions
   * `postingStart[term]` up to `postingStart[term + 1]` of `postingDocs` and `postingTfs`, and its idf.
   */
  readonly termIds = new Map<string, number>();
  readonly postingStart: Int32Array;
  readonly postingDocs: Int32Array;
  readonly postingTfs: Float64Array;
  readonly termIdfs: Float64Array;
  /** The number of the pair term "a b", by `a * termIds.size + b` of its stems' numbers. */
  readonly pairIds = new Map<number, number>();
  /**
   * By term number of a stem: the PhraseRef ids of the phrases holding it (as `phrasesByStem`, in
   * its order) at positions `stemPhraseStart[term]` up to `stemPhraseStart[term + 1]` of
   * `stemPhrases`; by PhraseRef id, its document (`phraseDocs`) and its stems as term numbers
   * (`phraseTerms`, at the positions of `phraseStems`).
   */
  readonly stemPhraseStart: Int32Array;
  readonly stemPhrases: Int32Array;
  readonly phraseDocs: Int32Array;
  readonly phraseTerms: Int32Array;
  private readonly deletions = new Map<string, string[]>();
  /**
   * Corrections already looked up, by unknown stem. The same unknown words (building names,
   * people, misspellings) come back row after row, and each lookup builds every one-letter
   * deletion of the word; bounded like the normalizer's stem cache.
   */
  private readonly corrections = new Map<string, string | undefined>();

  constructor(
    kb: KnowledgeBase,
    /** The normalizer the documents were built with; queries must use the same. */
    readonly normalizer: TextNormalizer,
  ) {
    let phraseCount = 0;
    kb.problems.forEach((problem, doc) => {
      const counts = new Map<string, number>();
      const add = (term: string, weight: number): void => {
        counts.set(term, (counts.get(term) ?? 0) + weight);
      };
      const phrases: string[][] = [];
      const addPhrase = (text: string, weight: number): void => {
        const stems = normalizer.stems(text);
        stems.forEach((s, i) => {
          add(s, weight);
          if (i > 0 && s !== stems[i - 1]) add(`${stems[i - 1]} ${s}`, weight);
        });
        if (stems.length > 0) phrases.push([...new Set(stems)]);
      };
      for (const s of [...problem.symptoms, ...problem.symptoms_es]) addPhrase(s, FIELD_WEIGHT.symptom);
      addPhrase(problem.name, FIELD_WEIGHT.name);
      for (const k of problem.keywords) for (const s of normalizer.stems(k)) add(s, FIELD_WEIGHT.keyword);

      let length = 0;
      for (const [term, tf] of counts) {
        length += tf;
        let list = this.postings.get(term);
        if (!list) this.postings.set(term, (list = []));
        list.push({ doc, tf });
      }
      this.documents.push({ problem, length, phrases });
      phrases.forEach((stems, phrase) => {
        if (stems.length < 2) return;
        const ref = { doc, phrase, id: phraseCount++ };
        for (const stem of stems) {
          const refs = this.phrasesByStem.get(stem);
          if (refs) refs.push(ref);
          else this.phrasesByStem.set(stem, [ref]);
        }
      });
    });
    this.phraseCount = phraseCount;

    const n = this.documents.length;
    this.averageLength = this.documents.reduce((sum, d) => sum + d.length, 0) / Math.max(1, n);
    for (const [term, list] of this.postings) {
      this.idf.set(term, Math.log(1 + (n - list.length + 0.5) / (list.length + 0.5)));
      if (!term.includes(' ') && term.length >= FUZZY_MIN_LENGTH - 1) {
        for (const key of [term, ...deletionsOf(term)]) {
          const bucket = this.deletions.get(key);
          if (bucket) bucket.push(term);
          else this.deletions.set(key, [term]);
        }
      }
    }
    const sums: number[] = [];
    const starts: number[] = [0];
    const stemIds: number[] = [];
    const idfs: number[] = [];
    for (const d of this.documents) {
      for (const stems of d.phrases) {
        if (stems.length < 2) continue;
        let all = 0;
        for (const stem of stems) {
          const idf = this.idf.get(stem) ?? 0;
          all += idf;
          idfs.push(idf);
          stemIds.push(this.phraseStemIds.get(stem) ?? this.phraseStemIds.set(stem, this.phraseStemIds.size).size - 1);
        }
        starts.push(stemIds.length);
        sums.push(all);
      }
    }
    this.phraseStart = Int32Array.from(starts);
    this.phraseStems = Int32Array.from(stemIds);
    this.phraseIdfs = Float64Array.from(idfs);
    this.phraseIdfSums = Float64Array.from(sums);

    const terms = [...this.postings.keys()];
    terms.forEach((term, id) => this.termIds.set(term, id));
    this.postingStart = new Int32Array(terms.length + 1);
    const postingCount = terms.reduce((sum, term) => sum + this.postings.get(term)!.length, 0);
    this.postingDocs = new Int32Array(postingCount);
    this.postingTfs = new Float64Array(postingCount);
    this.termIdfs = new Float64Array(terms.length);
    let at = 0;
    terms.forEach((term, id) => {
      for (const { doc, tf } of this.postings.get(term)!) {
        this.postingDocs[at] = doc;
        this.postingTfs[at++] = tf;
      }
      this.postingStart[id + 1] = at;
      this.termIdfs[id] = this.idf.get(term)!;
      const space = term.indexOf(' ');
      if (space >= 0) this.pairIds.set(this.termIds.get(term.slice(0, space))! * terms.length + this.termIds.get(term.slice(space + 1))!, id);
    });
    const phraseStemNames = [...this.phraseStemIds.keys()];
    this.phraseTerms = Int32Array.from(this.phraseStems, (stem) => this.termIds.get(phraseStemNames[stem])!);
    this.phraseDocs = new Int32Array(phraseCount);
    this.stemPhraseStart = new Int32Array(terms.length + 1);
    const stemPhrases: number[] = [];
    terms.forEach((term, id) => {
      for (const { doc, id: phrase } of this.phrasesByStem.get(term) ?? []) {
        this.phraseDocs[phrase] = doc;
        stemPhrases.push(phrase);
      }
      this.stemPhraseStart[id + 1] = stemPhrases.length;
    });
    this.stemPhrases = Int32Array.from(stemPhrases);
  }

  /** Whether a single stem is known to the index. */
  has(stem: string): boolean {
    return this.postings.has(stem);
  }

  /**
   * The indexed stem one edit away (insertion, deletion, substitution or swap of neighbours) from
   * an unknown stem of 5 to 24 letters, preferring the most common; undefined when none. The first
   * letter must agree: typos rarely change it, while real words one letter apart at the start are
   * common ("colder" / "holder", "class" / "glass") and would be read as something else.
   * Uses a symmetric-deletion table, so the cost is a handful of map lookups.
   */
  correct(stem: string): string | undefined {
    if (stem.length < FUZZY_MIN_LENGTH || stem.length > FUZZY_MAX_LENGTH || this.postings.has(stem)) return undefined;
    if (this.corrections.has(stem)) return this.corrections.get(stem);
    const best = this.closest(stem);
    if (this.corrections.size < MAX_REMEMBERED_CORRECTIONS) this.corrections.set(stem, best);
    return best;
  }

  private closest(stem: string): string | undefined {
    const candidates = new Set<string>();
    for (const key of [stem, ...deletionsOf(stem)]) for (const term of this.deletions.get(key) ?? []) candidates.add(term);
    let best: string | undefined;
    let bestDf = 0;
    for (const term of candidates) {
      const df = this.postings.get(term)?.length ?? 0;
      if (term[0] === stem[0] && withinOneEdit(stem, term) && (df > bestDf || (df === bestDf && best !== undefined && term < best))) {
        best = term;
        bestDf = df;
      }
    }
    return best;
  }
}

/** Every string made by deleting one character. */
function deletionsOf(word: string): string[] {
  const out: string[] = [];
  for (let i = 0; i < word.length; i++) out.push(word.slice(0, i) + word.slice(i + 1));
  return out;
}

/** True when a and b differ by at most one insertion, deletion, substitution or adjacent swap. */
export function withinOneEdit(a: string, b: string): boolean {
  if (a === b) return true;
  if (Math.abs(a.length - b.length) > 1) return false;
  let i = 0;
  while (i < a.length && i < b.length && a[i] === b[i]) i++;
  if (a.length === b.length) {
    if (a.slice(i + 1) === b.slice(i + 1)) return true;
    return a[i] === b[i + 1] && a[i + 1] === b[i] && a.slice(i + 2) === b.slice(i + 2);
  }
  return a.length > b.length ? a.slice(i + 1) === b.slice(i) : a.slice(i) === b.slice(i + 1);
}

const indexes = new WeakMap<KnowledgeBase, SymptomIndex>();
const normalizers = new WeakMap<KnowledgeBase, TextNormalizer>();

/** The text normalizer of a knowledge base, built once. */
export function normalizerFor(kb: KnowledgeBase): TextNormalizer {
  let n = normalizers.get(kb);
  if (!n) normalizers.set(kb, (n = new TextNormalizer(kb.vocabulary)));
  return n;
}

/** The symptom index of a knowledge base, built once (a few milliseconds). */
export function symptomIndexFor(kb: KnowledgeBase): SymptomIndex {
  let index = indexes.get(kb);
  if (!index) indexes.set(kb, (index = new SymptomIndex(kb, normalizerFor(kb))));
  return index;
}
