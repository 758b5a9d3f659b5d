import type { KnowledgeBase } from './knowledge.types';
import { normalizerFor } from './symptom-index';

/** One text written for this project, labelled with the trade it goes to. */
export interface TradeExample {
  text: string;
  trade: string;
}

/** Additive smoothing of feature counts. */
const ALPHA = 0.3;

/**
 * A multinomial naive Bayes model of trades over stemmed words and word pairs, the linear
 * alternative to the BM25 symptom matcher. It is trained only on text the project may ship:
 * the knowledge base's own symptoms, keywords and names, plus any hand-written examples given.
 * Hand-written here because it is a few dozen lines over the project's own normalizer, and the
 * npm classifiers (natural, wink) bring their own tokenizers that ignore the vocabulary.
 */
export class TradeModel {
  private readonly logPrior = new Map<string, number>();
  private readonly logLikelihood = new Map<string, Map<string, number>>();
  private readonly logUnseen = new Map<string, number>();

  constructor(
    private readonly kb: KnowledgeBase,
    examples: readonly TradeExample[],
  ) {
    const counts = new Map<string, Map<string, number>>();
    const docs = new Map<string, number>();
    const vocabulary = new Set<string>();
    for (const e of examples) {
      docs.set(e.trade, (docs.get(e.trade) ?? 0) + 1);
      const byFeature = counts.get(e.trade) ?? new Map<string, number>();
      counts.set(e.trade, byFeature);
      for (const f of this.features(e.text)) {
        vocabulary.add(f);
        byFeature.set(f, (byFeature.get(f) ?? 0) + 1);
      }
    }
    const total = examples.length;
    for (const [trade, byFeature] of counts) {
      // A flat prior: the catalogue's problem counts per trade say nothing about how often a trade is needed.
      this.logPrior.set(trade, Math.log(1 / counts.size));
      const sum = [...byFeature.values()].reduce((a, b) => a + b, 0) + ALPHA * vocabulary.size;
      this.logLikelihood.set(trade, new Map([...byFeature].map(([f, c]) => [f, Math.log((c + ALPHA) / sum)])));
      this.logUnseen.set(trade, Math.log(ALPHA / sum));
    }
    if (total === 0) throw new Error('TradeModel needs at least one example');
  }

  /** Stemmed content words and adjacent pairs of a text. */
  private features(text: string): string[] {
    const stems = normalizerFor(this.kb)
      .tokens(text)
      .filter((t) => !t.stop)
      .map((t) => t.stem);
    return [...stems, ...stems.slice(1).map((s, i) => `${stems[i]}_${s}`)];
  }

  /** Probability of each trade for a text, highest first; empty when the text has no known feature. */
  predict(text: string): { trade: string; probability: number }[] {
    const features = this.features(text).filter((f) => [...this.logLikelihood.values()].some((m) => m.has(f)));
    if (features.length === 0) return [];
    const scores = [...this.logPrior].map(([trade, prior]) => {
      const table = this.logLikelihood.get(trade)!;
      const unseen = this.logUnseen.get(trade)!;
      return { trade, score: prior + features.reduce((s, f) => s + (table.get(f) ?? unseen), 0) };
    });
    const max = Math.max(...scores.map((s) => s.score));
    const sum = scores.reduce((s, x) => s + Math.exp(x.score - max), 0);
    return scores.map((s) => ({ trade: s.trade, probability: Math.exp(s.score - max) / sum })).sort((a, b) => b.probability - a.probability);
  }
}

/** The knowledge base's own texts as labelled examples: every symptom, keyword line and name of every problem. */
export function knowledgeExamples(kb: KnowledgeBase): TradeExample[] {
  return kb.problems.flatMap((p) => [
    ...p.symptoms.map((text) => ({ text, trade: p.trade })),
    ...p.symptoms_es.map((text) => ({ text, trade: p.trade })),
    { text: p.keywords.join(' '), trade: p.trade },
    { text: p.name, trade: p.trade },
  ]);
}
