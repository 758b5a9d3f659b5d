import type { KnowledgeBase, Problem } from '../../knowledge/knowledge.types';
import { MatchedProblem, matchProblems } from '../../knowledge/symptom-matcher';
import { complaintText, withoutStoreys } from '../../knowledge/work-order-text';
import { BoundedMemo } from '../../common/bounded-memo';
import { readRequestProblems, unnamedMachineTest } from '../diagnosis/knowledge-diagnosis';
import { KB_FIX_PREFIX } from '../fixes/knowledge-fix-normalizer';

/** The knowledge-base problem a work order is about. */
export interface TicketProblem {
  problemId: string;
  trade: string;
}

/** Below this likelihood a description is not tied to a problem (it says too little, or something else). */
const MIN_LIKELIHOOD = 0.25;
/** Problems a stored work order's description is read as, among which the problem its fix names is looked for. */
const READ_PROBLEMS = 5;
/** Candidate problems of an incoming work order that history may concern. */
const CANDIDATES = 3;
/** How many more problems are read than kept, for those of a machine the text does not name to be left out. */
const UNNAMED_READ_MORE = 3;
/** A candidate this far below the first is no longer plausible. */
const CANDIDATE_SHARE = 0.1;

/**
 * Ties work orders to knowledge-base problems, so history is grouped and filtered by problem
 * rather than by shared words ("mice droppings in kitchen cabinets" and "kitchen sink drain
 * leaking under the cabinet" share words, not a problem).
 */
export abstract class ProblemClassifier {
  /**
   * The problem of a stored work order: the one its description reads as; the one its fix names
   * when the description reads as that one too, or as nothing.
   */
  abstract classify(description: string, fixKey: string | null): TicketProblem | null;
  /** The plausible problems of an incoming work order, most likely first: what its history is searched by. */
  abstract candidates(description: string): TicketProblem[];
  /**
   * The problems the diagnosis reads an incoming work order as, most likely first: what the similar
   * tickets shown beside the answer must be about.
   */
  abstract readAs(description: string): TicketProblem[];
}

export class KnowledgeProblemClassifier extends ProblemClassifier {
  /** Problems by canonical fix, for fixes several problems share ("Replace thermostat" heats and cools). */
  private readonly byCanonicalFix = new Map<string, Problem[]>();

  constructor(private readonly kb: KnowledgeBase) {
    super();
    for (const problem of kb.problems) {
      const fix = problem.canonical_fix.toLowerCase();
      this.byCanonicalFix.set(fix, [...(this.byCanonicalFix.get(fix) ?? []), problem]);
    }
  }

  /**
   * What the request reads as comes first, so that retrieval's problem paths find the past requests
   * worded like an incoming one whatever fixed them: a filter change done on an "AC blowing warm
   * air" request stays with the AC problems instead of leaving them for the filter problem, which
   * such requests never read as. The fix's problem is taken when the description also reads as it
   * (or as a problem sharing its fix, the description then choosing among them), and when the
   * description reads as nothing. Measured on the shared real history (BENCHMARKS.md, issue 20):
   * tune relevance of eval:fixes 286 → 308 of 519.
   */
  classify(description: string, fixKey: string | null): TicketProblem | null {
    const fixed = fixKey?.startsWith(KB_FIX_PREFIX) ? this.kb.problemById.get(fixKey.slice(KB_FIX_PREFIX.length)) : undefined;
    // Read once: a stored ticket is filed by one reading (an import's tickets are mostly distinct
    // texts, and CachedProblemClassifier remembers the answers), so its scores are not kept.
    const { read, first } = this.wordsReading(complaintText(description), READ_PROBLEMS, true);
    // When leaving out the machines it does not name leaves no plausible reading, the words' own
    // first reading still files the ticket: a ticket of no known problem is judged by its words
    // alone, and a sink's "P-trap washer" would then pass for a washing machine's part.
    const plausible = (m: MatchedProblem | undefined) => (m && m.likelihood >= MIN_LIKELIHOOD ? m.problem : undefined);
    const top = plausible(read[0]) ?? plausible(first);
    if (fixed) {
      const sharing = this.byCanonicalFix.get(fixed.canonical_fix.toLowerCase()) ?? [fixed];
      const problem = read.find((m) => sharing.includes(m.problem))?.problem ?? top ?? fixed;
      return { problemId: problem.id, trade: problem.trade };
    }
    return top ? { problemId: top.id, trade: top.trade } : null;
  }

  /**
   * The problems a text's words read as, the way a stored ticket is filed and an incoming request's
   * history searched: the storeys it names are places, not the flooring's "floor" ("3rd floor mens
   * room sink leaking" is no subfloor), and a problem of one machine (`named_by`) needs the machine
   * named, as in the diagnosis ("circulation pump leaking" is no pool's pump).
   */
  private wordsRead(text: string, limit: number): MatchedProblem[] {
    return this.wordsReading(text, limit).read;
  }

  /**
   * `wordsRead`, and the words' own first reading before the machines not named are left out
   * (what `matchProblems` with a limit of 1 gives: the likelihoods do not depend on the limit).
   */
  private wordsReading(text: string, limit: number, once = false): { read: MatchedProblem[]; first: MatchedProblem | undefined } {
    // Left out rather than weighted down: a weight would hand their likelihood to the rest, and
    // "please call me back" would then read as a door-entry problem with no elevator to call.
    const unnamed = unnamedMachineTest(this.kb, text);
    const matches = matchProblems(this.kb, withoutStoreys(text), { limit: limit + UNNAMED_READ_MORE, once });
    return { read: matches.filter((m) => !unnamed(m.problem.id)).slice(0, limit), first: matches[0] };
  }

  candidates(description: string): TicketProblem[] {
    const text = complaintText(description);
    const matches = this.wordsRead(text, CANDIDATES);
    const first = matches[0]?.likelihood ?? 0;
    const plausible = matches.filter((m) => m.likelihood > 0 && m.likelihood >= first * CANDIDATE_SHARE);
    // The one the diagnosis reads the request as leads ("mice droppings under the kitchen sink" is
    // about mice, not the sink), so the fixes shown concern the problem diagnosed; also when the
    // words alone put it below the others ("ants near the patio door" reads as the patio door, the
    // diagnosis as ants), it then takes the least plausible one's place. The rest searched stays the
    // words' own: stored tickets were filed by their words.
    const diagnosed = readRequestProblems(this.kb, text, 1)[0]?.problem;
    const ordered = diagnosed ? [diagnosed, ...plausible.map((m) => m.problem).filter((p) => p !== diagnosed)] : plausible.map((m) => m.problem);
    return ordered.slice(0, CANDIDATES).map((p) => ({ problemId: p.id, trade: p.trade }));
  }

  /**
   * Unlike `candidates`, the words' own misreadings are left out: "mice droppings under the kitchen
   * sink" reads as mice only, so the context and the vendors' callbacks come from pest tickets, not
   * from the sink leaks its words also name.
   */
  readAs(description: string): TicketProblem[] {
    const read = readRequestProblems(this.kb, complaintText(description), CANDIDATES);
    const first = read[0]?.likelihood ?? 0;
    return read.filter((m) => m.likelihood > 0 && m.likelihood >= first * CANDIDATE_SHARE).map((m) => ({ problemId: m.problem.id, trade: m.problem.trade }));
  }
}

/**
 * Remembers the problem of descriptions already classified: imports repeat phrasings ("toilet
 * running", "AC not cooling"), and matching costs about 0.1 ms a row. Bounded, oldest out first.
 */
export class CachedProblemClassifier extends ProblemClassifier {
  private readonly cache: BoundedMemo<TicketProblem | null>;

  constructor(
    private readonly inner: ProblemClassifier,
    maxEntries = 50_000,
  ) {
    super();
    this.cache = new BoundedMemo(maxEntries);
  }

  classify(description: string, fixKey: string | null): TicketProblem | null {
    return this.cache.get(`${fixKey ?? ''}\u0000${description}`, () => this.inner.classify(description, fixKey));
  }

  candidates(description: string): TicketProblem[] {
    return this.inner.candidates(description);
  }

  readAs(description: string): TicketProblem[] {
    return this.inner.readAs(description);
  }
}
