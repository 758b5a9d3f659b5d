import { KnowledgeBase, Problem } from './knowledge.types';
import { normalizerFor } from './symptom-index';

/** Share of a fix phrase's weight a note must cover to count as that fix. */
const MIN_COVERAGE = 0.7;

/** A closing note recognized as one catalogue fix. */
export interface MatchedFix {
  /** Id of the problem whose canonical fix this is. */
  problemId: string;
  /** The canonical fix, e.g. "Replace toilet flapper". */
  fix: string;
  /** How much of the best fix phrase the note covers, 0..1 (idf-weighted). */
  score: number;
}

interface FixPhrase {
  problem: Problem;
  stems: string[];
  weight: number;
}

interface FixIndex {
  phrases: FixPhrase[];
  idf: Map<string, number>;
  byStem: Map<string, FixPhrase[]>;
}

const indexes = new WeakMap<KnowledgeBase, FixIndex>();
const canonicalStemsOf = new WeakMap<Problem, readonly string[]>();

/** The stems of a problem's canonical fix ("Replace furnace ignitor" → replac, furnac, igniter). */
function canonicalStems(kb: KnowledgeBase, problem: Problem): readonly string[] {
  let stems = canonicalStemsOf.get(problem);
  if (!stems) {
    stems = normalizerFor(kb).stems(problem.canonical_fix);
    canonicalStemsOf.set(problem, stems);
  }
  return stems;
}

/**
 * Each problem's canonical fix and fix phrases as stem sets. Idf is computed over problems, so
 * the verbs every fix shares ("replaced", "installed") weigh little and the part names decide.
 */
function fixIndexFor(kb: KnowledgeBase): FixIndex {
  const cached = indexes.get(kb);
  if (cached) return cached;
  const normalizer = normalizerFor(kb);
  const perProblem = kb.problems.map((problem) => ({
    problem,
    phrases: [problem.canonical_fix, ...problem.fix_phrases].map((p) => [...new Set(normalizer.stems(p))]).filter((s) => s.length > 0),
  }));
  const df = new Map<string, number>();
  for (const { phrases } of perProblem) for (const s of new Set(phrases.flat())) df.set(s, (df.get(s) ?? 0) + 1);
  const n = kb.problems.length;
  const idf = new Map([...df].map(([s, d]) => [s, Math.log(1 + n / d)]));
  const phrases: FixPhrase[] = [];
  const byStem = new Map<string, FixPhrase[]>();
  for (const { problem, phrases: list } of perProblem) {
    for (const stems of list) {
      const phrase = { problem, stems, weight: stems.reduce((sum, s) => sum + (idf.get(s) ?? 0), 0) };
      phrases.push(phrase);
      for (const s of stems) {
        const bucket = byStem.get(s);
        if (bucket) bucket.push(phrase);
        else byStem.set(s, [phrase]);
      }
    }
  }
  const index = { phrases, idf, byStem };
  indexes.set(kb, index);
  return index;
}

/**
 * Maps a free-text resolution or closing note ("new flapper installed", "flapper replaced in
 * toilet tank") to the catalogue problem whose fix it describes. A note matches a fix phrase when
 * it covers at least 70% of the phrase's idf weight; the best-covered phrase wins, ties going to
 * the phrase with more specific words. Undefined when no phrase is covered confidently. With
 * `accept`, only the phrases of problems it accepts compete (a caller that needs the canonical fix
 * to name the note's part passes that test, so a better-covered phrase of another problem does not
 * hide the right one). With `context` (the whole note the repair was read from), a tie between
 * problems goes to the one whose canonical fix names more of the note's words: "replaced igniter"
 * in a note about a furnace is the furnace's igniter, not a range's.
 */
export function matchFix(
  kb: KnowledgeBase,
  resolutionText: string,
  accept: (problem: Problem) => boolean = () => true,
  context?: string,
): MatchedFix | undefined {
  const index = fixIndexFor(kb);
  const note = new Set(normalizerFor(kb).stems(resolutionText));
  let contextStems: ReadonlySet<string> | undefined;
  const named = (problem: Problem) => {
    contextStems ??= new Set(normalizerFor(kb).stems(context ?? ''));
    return canonicalStems(kb, problem).filter((s) => contextStems!.has(s)).length;
  };
  let best: { phrase: FixPhrase; coverage: number; matched: number } | undefined;
  const seen = new Set<FixPhrase>();
  for (const stem of note) {
    for (const phrase of index.byStem.get(stem) ?? []) {
      if (seen.has(phrase) || phrase.weight === 0 || !accept(phrase.problem)) continue;
      seen.add(phrase);
      let matched = 0;
      for (const s of phrase.stems) if (note.has(s)) matched += index.idf.get(s) ?? 0;
      const coverage = matched / phrase.weight;
      const tied = best !== undefined && Math.abs(coverage - best.coverage) <= 1e-9 && Math.abs(matched - best.matched) <= 1e-9;
      if (
        !best ||
        coverage > best.coverage + 1e-9 ||
        (Math.abs(coverage - best.coverage) <= 1e-9 && matched > best.matched + 1e-9) ||
        (tied && context !== undefined && phrase.problem !== best.phrase.problem && named(phrase.problem) > named(best.phrase.problem))
      ) {
        best = { phrase, coverage, matched };
      }
    }
  }
  if (!best || best.coverage < MIN_COVERAGE) return undefined;
  return { problemId: best.phrase.problem.id, fix: best.phrase.problem.canonical_fix, score: Math.round(best.coverage * 1000) / 1000 };
}
