import type { KnowledgeBase } from '../../knowledge/knowledge.types';
import { matchProblems } from '../../knowledge/symptom-matcher';
import { TriageLevel } from '../../knowledge/triage/triage-rules.loader';
import { triageUrgency } from '../../knowledge/triage/urgency-triage';
import { vendorTypeOf } from './knowledge-diagnosis';

const RANK: Record<TriageLevel, number> = { routine: 0, urgent: 1, emergency: 2 };
/** The triage category of the writer's own urgency words. */
const CALLER_CATEGORY = 'caller-says-urgent';
/** A complaint is named in the insights when the matcher reads it this clearly. */
const NAMED_FROM = 0.3;

/** One request read as the complaints it holds, the most urgent first. */
export interface SeveralProblems {
  /** The text to diagnose: the whole text, or only the most urgent complaint when one is more urgent than the first. */
  text: string;
  /** One insight per further complaint of another trade: what else to send someone for. */
  insights: string[];
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
 * closet door". Not "it also leaks", which goes on about the thing just named.
 */
const AFTERTHOUGHT = /(?:,\s*|\s+and\s+)(?:also|plus)\s+(?=(?:the|my|our|a|an|his|her|their|there|in|on)\b)/i;

/** Sentences and list items: "1) ... 2) ...", "-", ";", sentence ends and afterthoughts; a sentence opening with "it" stays with the one before. */
function complaints(text: string): string[] {
  return text
    .split(new RegExp(`(?<=[.!?;])\\s+|\\n+|\\s(?=\\d[.)]\\s)|(?:^|\\s)\\d[.)]\\s|${AFTERTHOUGHT.source}`, 'i'))
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
  if (parts.length < 2) return { text, insights: [] };
  const read = parts.map((part, index) => ({ part, index, ...situationOf(part, now), top: matchProblems(kb, part, { limit: 1 })[0] }));
  // Only a complaint that reads as a problem can lead ("please fix it ASAP" is no complaint of its own),
  // and only one of another kind of situation than the first complaint's: "the unit is leaking water.
  // The carpet is soaking wet." is one leak told twice, and its source stays the diagnosis.
  const sameSituation = (r: (typeof read)[number]): boolean => [...r.groups].some((g) => read[0].groups.has(g));
  const first = read.reduce((best, r) => (r.level > best.level && (r.top?.likelihood ?? 0) >= NAMED_FROM && !sameSituation(r) ? r : best), read[0]);
  const ordered = [first, ...read.filter((r) => r !== first)];
  const named = new Set<string>(first.top ? [first.top.problem.trade] : []);
  const insights: string[] = [];
  for (const r of ordered.slice(1)) {
    if (!r.top || r.top.likelihood < NAMED_FROM || named.has(r.top.problem.trade)) continue;
    named.add(r.top.problem.trade);
    // The complaint is named, never quoted: request text does not travel back into the answer.
    insights.push(`Also reported in this request: ${r.top.problem.name.toLowerCase()} (${vendorTypeOf(kb, r.top.problem.trade)}); dispatch it separately.`);
  }
  // A later complaint more urgent than the first is what the dispatch is for; the rest are insights.
  return { text: first.index === 0 ? text : first.part, insights };
}
