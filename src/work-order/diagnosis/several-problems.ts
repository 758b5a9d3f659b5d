import type { KnowledgeBase, Problem } from '../../knowledge/knowledge.types';
import { matchProblems } from '../../knowledge/symptom-matcher';
import { TriageLevel } from '../../knowledge/triage/triage-rules.loader';
import { triageUrgency } from '../../knowledge/triage/urgency-triage';
import { vendorTypeOf } from './knowledge-diagnosis';

const RANK: Record<TriageLevel, number> = { routine: 0, urgent: 1, emergency: 2 };
/** The triage category of the writer's own urgency words. */
const CALLER_CATEGORY = 'caller-says-urgent';
/** A complaint is named in the insights when the matcher reads it this clearly. */
const NAMED_FROM = 0.3;

/** A complaint of a request as the knowledge base reads it. */
interface ReadComplaint {
  /** The problem it reads as, clearly enough to be named. */
  problem: Problem;
}

/** One request read as the complaints it holds, the most urgent first. */
export interface SeveralProblems {
  /** The text to diagnose: the whole text, or only the most urgent complaint when one is more urgent than the first. */
  text: string;
  /** One insight per further complaint of another trade than the first complaint's: what else to send someone for. */
  insights: string[];
  /**
   * The complaints the diagnosis of `text` may not serve, in the order told: every complaint read
   * clearly when the whole text is diagnosed (its first diagnosis follows one of them, not always
   * the first told), the others when the most urgent one alone is.
   */
  complaints: ReadComplaint[];
}

/**
 * How urgent the situation a complaint describes is, and its kinds of situation (triage groups);
 * the writer's own "urgent" or "ASAP" does not count here.
 */
function situationOf(part: string, now: Date): { level: number; groups: Set<string> } {
  const triage = triageUrgency(part, { now });
  const reasons = triage.reasons.filter((r) => r.category !== CALLER_CATEGORY);
  return { level: reasons.length > 0 ? RANK[triage.level] : 0, groups: new Set(reasons.map((r) => r.group)) };
}

/** A sentence opening with a pronoun goes on about the thing the sentence before named ("The heater. It smells like burning dust."). */
const CONTINUES = /^(?:it|it'?s|its|they|they'?re|theyre)\b/i;

/**
 * An afterthought that names a thing of its own: ", also the sink drains slow", "and also my
 * closet door", or a request of its own wherever "also" stands ("the faucet drips also can someone
 * look at the closet door"). Not "it also leaks", which goes on about the thing just named.
 */
const AFTERTHOUGHT =
  /(?:,\s*|\s+and\s+)(?:also|plus)\s+(?=(?:the|my|our|a|an|his|her|their|there|in|on)\b)|\s+(?:also|plus)\s+(?=(?:can|could|would|will|please|pls|plz)\s)/i;

/** A verb or state that makes a clause say something of its subject. */
const PREDICATE =
  "is|are|was|were|does|do|did|doesn'?t|don'?t|didn'?t|won'?t|will|isn'?t|aren'?t|has|have|hasn'?t|keeps|stopped|can'?t|cannot|needs|leaks|drips|broken|broke|leaking|running|clogged|stuck|dripping|missing|not";

/**
 * "and" before a clause with a subject and a predicate of its own, after a clause with its own
 * predicate: "the toilet is running and the bedroom light switch does not work" tells two things
 * wrong. The subject opens with a determiner and holds one to four words before its verb; "the
 * sink and the toilet are clogged" (one predicate for both) and "roaches in the kitchen and the
 * bathroom" (no predicate after "and") stay one complaint.
 */
const AND_A_CLAUSE = new RegExp(`,?\\s+and\\s+(?=(?:the|my|our|his|her|their)\\s+(?:[a-z'-]+\\s+){1,4}(?:${PREDICATE})\\b)`, 'i');
const HAS_PREDICATE = new RegExp(`\\b(?:${PREDICATE})\\b`, 'i');

/** A subject that points back at the thing just named ("... and the light on it is out" is the vent's light). */
const POINTS_BACK = /^(?:the|my|our|his|her|their)\s+(?:[a-z'-]+\s+){0,3}(?:on|in|inside|of|under|behind|from)\s+(?:it|them)\b/i;

/** A complaint cut at each "and" that joins two clauses with predicates of their own, unless the second goes on about the first's thing. */
function clausesJoinedByAnd(sentence: string): string[] {
  const [head, ...rest] = sentence.split(AND_A_CLAUSE);
  const parts = [head];
  for (const next of rest) {
    if (HAS_PREDICATE.test(parts[parts.length - 1]) && !POINTS_BACK.test(next)) parts.push(next);
    else parts[parts.length - 1] += ` and ${next}`;
  }
  return parts;
}

/** Sentences and list items: "1) ... 2) ...", "-", ";", sentence ends, afterthoughts and clauses joined by "and"; a sentence opening with "it" stays with the one before. */
function complaints(text: string): string[] {
  return text
    .split(new RegExp(`(?<=[.!?;])\\s+|\\n+|\\s(?=\\d[.)]\\s)|(?:^|\\s)\\d[.)]\\s|${AFTERTHOUGHT.source}`, 'i'))
    .flatMap(clausesJoinedByAnd)
    .map((s) => s.trim())
    .filter((s) => /[a-z]{3}/i.test(s))
    .reduce<string[]>((parts, s) => {
      if (parts.length > 0 && CONTINUES.test(s)) parts[parts.length - 1] += ` ${s}`;
      else parts.push(s);
      return parts;
    }, []);
}

/**
 * Several problems in one request: the dispatch follows the most urgent complaint (the triage
 * level of each complaint, the first on ties: then the whole text is diagnosed, the first
 * complaint ranking first), and the other complaints the knowledge base reads clearly as another
 * trade's job are named in the insights.
 */
export function readSeveralProblems(kb: KnowledgeBase, text: string, now: Date): SeveralProblems {
  const parts = complaints(text);
  if (parts.length < 2) return { text, insights: [], complaints: [] };
  const read = parts.map((part, index) => ({ part, index, ...situationOf(part, now), top: matchProblems(kb, part, { limit: 1 })[0] }));
  // Only a complaint that reads as a problem can lead ("please fix it ASAP" is no complaint of its own),
  // and only one of another kind of situation than the first complaint's: "the unit is leaking water.
  // The carpet is soaking wet." is one leak told twice, and its source stays the diagnosis.
  const sameSituation = (r: (typeof read)[number]): boolean => [...r.groups].some((g) => read[0].groups.has(g));
  const first = read.reduce((best, r) => (r.level > best.level && (r.top?.likelihood ?? 0) >= NAMED_FROM && !sameSituation(r) ? r : best), read[0]);
  const clear = (r: (typeof read)[number]): ReadComplaint[] => (r.top && r.top.likelihood >= NAMED_FROM ? [{ problem: r.top.problem }] : []);
  const others = read.filter((r) => r !== first).flatMap(clear);
  // A later complaint more urgent than the first is what the dispatch is for; the rest are insights.
  return {
    text: first.index === 0 ? text : first.part,
    insights: complaintInsights(kb, others, first.top?.problem.trade),
    complaints: first.index === 0 ? read.flatMap(clear) : others,
  };
}

/**
 * One insight per complaint of another trade than `leadTrade` (the trade dispatched), one per
 * trade: what else to send someone for.
 */
function complaintInsights(kb: KnowledgeBase, complaints: readonly ReadComplaint[], leadTrade: string | undefined): string[] {
  const named = new Set<string>(leadTrade ? [leadTrade] : []);
  const insights: string[] = [];
  for (const { problem } of complaints) {
    if (named.has(problem.trade)) continue;
    named.add(problem.trade);
    // The complaint is named, never quoted: request text does not travel back into the answer.
    insights.push(`Also reported in this request: ${problem.name.toLowerCase()} (${vendorTypeOf(kb, problem.trade)}); dispatch it separately.`);
  }
  return insights;
}

/**
 * The insights of a request's further complaints once its diagnosis is known: each complaint of
 * another trade than the first diagnosis's. The words of a request that tells two things decide
 * which trade leads ("the toilet is running and the bedroom light switch does not work" may lead
 * with the switch), so the complaint left out is the one the dispatch does not serve, not always
 * the later one.
 */
export function insightsBeside(kb: KnowledgeBase, several: SeveralProblems, dispatchedTrade: string | undefined): string[] {
  return complaintInsights(kb, several.complaints, dispatchedTrade);
}
