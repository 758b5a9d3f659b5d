import type { KnowledgeBase } from '../../knowledge/knowledge.types';
import { isFinished } from '../fixes/previous-fixes';
import { readRequestProblems } from './knowledge-diagnosis';
import type { SimilarWorkOrder } from '../retrieval/similar-work-orders.service';

/** Below this similarity a past ticket says nothing about who to send (it merely shares a property or a word). */
export const MIN_SIMILARITY = 0.45;
/** How far a trade's problems can be lifted when every similar closed ticket went to it. */
const STRENGTH = 4;
/** Similarity-weighted tickets at which the evidence counts for about two thirds of its strength. */
const EVIDENCE_SCALE = 2;

/** Who the caller's similar closed tickets went to, per trade. */
export interface TradeEvidence {
  trade: string;
  /** Similar closed tickets that went to this trade. */
  tickets: number;
  /** Their summed similarity. */
  weight: number;
  /** The vendor names as the client wrote them, most frequent first. */
  vendors: string[];
}

/** The trades a client's vendor name points to, from the trades' `vendor_words` ("Carpentry Shop" → general-handyman). */
export function tradesOfVendor(kb: KnowledgeBase, vendor: string): string[] {
  const name = ` ${vendor.toLowerCase().replace(/[^a-z/]+/g, ' ')} `;
  return kb.trades.filter((t) => (t.vendor_words ?? []).some((w) => name.includes(` ${w}`))).map((t) => t.id);
}

/**
 * The vendor types a vendor's name points to, with every trade of the same occupation: a plumbing
 * company also replaces water heater thermocouples, an HVAC company works on heating and cooling.
 */
export function vendorTypesOfVendor(kb: KnowledgeBase, vendor: string): string[] {
  const occupations = new Set(tradesOfVendor(kb, vendor).map((t) => kb.tradeById.get(t)?.bls_occupation));
  return [...new Set(kb.trades.filter((t) => occupations.has(t.bls_occupation)).map((t) => t.vendor_type))];
}

/**
 * What the caller's own history says about who it sends: each similar closed ticket counts for
 * the trades its vendors name ("Campus Plumbing Shop"). A ticket whose vendors name no trade says
 * nothing about it. The problem such a ticket is filed under is this engine's own reading of its
 * request, and the trade of the catalogue fix it was closed with follows the words it shares with
 * this request more than who did the work: on the shared university history, which names no
 * vendors, counting either changed more accepted trades to refused ones than back (BENCHMARKS.md,
 * issue 21). Only tickets similar in text count, weighted by their similarity, and, when the
 * plausible problems of the request are given, only tickets filed under one of them (or none).
 */
export function historyTradeEvidence(kb: KnowledgeBase, similar: readonly SimilarWorkOrder[], plausible?: ReadonlySet<string>): TradeEvidence[] {
  const byTrade = new Map<string, { tickets: number; weight: number; vendors: Map<string, number> }>();
  for (const t of similar) {
    if (!isFinished(t) || t.similarity < MIN_SIMILARITY) continue;
    // A ticket about another problem than this request can be says nothing about whom to send for it.
    if (plausible && t.problemId && !plausible.has(t.problemId)) continue;
    const vendors = (t.assignedVendors ?? '')
      .split(/[;|\n]+/)
      .map((v) => v.trim())
      .filter(Boolean);
    const votes = vendors.flatMap((v) => tradesOfVendor(kb, v).map((trade) => ({ trade, vendor: v })));
    for (const { trade, vendor } of votes) {
      const entry = byTrade.get(trade) ?? { tickets: 0, weight: 0, vendors: new Map<string, number>() };
      entry.tickets++;
      entry.weight += t.similarity / votes.length;
      entry.vendors.set(vendor, (entry.vendors.get(vendor) ?? 0) + 1);
      byTrade.set(trade, entry);
    }
  }
  return [...byTrade]
    .map(([trade, e]) => ({ trade, tickets: e.tickets, weight: e.weight, vendors: [...e.vendors].sort((a, b) => b[1] - a[1]).map(([v]) => v) }))
    .sort((a, b) => b.weight - a.weight || a.trade.localeCompare(b.trade));
}

/** Candidates read for the problems a request can be. */
const PLAUSIBLE_CANDIDATES = 10;
/** A problem is one the request can be from this share of its most likely problem's likelihood. */
const PLAUSIBLE_SHARE = 0.1;

/**
 * The problems a request's own words can be (likelihood at least a tenth of the most likely one's):
 * a similar ticket filed under another problem shares words with the request, not its kind ("crack
 * in the lobby wall" for "window cracked in the lobby", a drywall crew's ticket choosing who fixes
 * the glass). Tickets filed under no problem still count.
 */
export function plausibleProblems(kb: KnowledgeBase, text: string): Set<string> {
  const read = readRequestProblems(kb, text, PLAUSIBLE_CANDIDATES);
  const top = read[0]?.likelihood ?? 0;
  return new Set(read.filter((m) => m.likelihood > 0 && m.likelihood >= PLAUSIBLE_SHARE * top).map((m) => m.problem.id));
}

/**
 * Weights of each trade's problems from the history's evidence: 1 + 4 × the trade's share of the
 * evidence × (1 − e^(−total / 2)), so one similar ticket nudges, several in agreement decide.
 */
export function historyTradeWeights(evidence: readonly TradeEvidence[]): Map<string, number> {
  const total = evidence.reduce((s, e) => s + e.weight, 0);
  if (total <= 0) return new Map();
  const confidence = 1 - Math.exp(-total / EVIDENCE_SCALE);
  return new Map(evidence.map((e) => [e.trade, 1 + STRENGTH * (e.weight / total) * confidence]));
}

/** Share of the evidence, and summed similarity, from which the history decides the trade of the top diagnosis. */
const DECIDES_SHARE = 0.6;
const DECIDES_WEIGHT = 0.6;

/** The trade the history clearly sends for this kind of request, if any: most of the evidence, from at least one close ticket. */
export function historyTradeOf(evidence: readonly TradeEvidence[]): string | undefined {
  const total = evidence.reduce((s, e) => s + e.weight, 0);
  const [lead] = evidence;
  return lead && lead.weight >= DECIDES_WEIGHT && lead.weight / total >= DECIDES_SHARE ? lead.trade : undefined;
}

/** The insight saying the caller's history changed who is sent. */
export function historyChangedInsight(kb: KnowledgeBase, evidence: readonly TradeEvidence[], from: string, to: string): string {
  const e = evidence.find((x) => x.trade === to);
  const vendorType = kb.tradeById.get(to)?.vendor_type ?? to;
  const fromType = kb.tradeById.get(from)?.vendor_type ?? from;
  const who = e?.vendors.length ? ` (${e.vendors.slice(0, 2).join(', ')})` : '';
  return `Your history changed this answer: ${e?.tickets ?? 0} similar closed work order(s) of yours went to ${vendorType}${who}, so ${vendorType} leads instead of ${fromType}.`;
}
