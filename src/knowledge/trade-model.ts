import type { KnowledgeBase } from './knowledge.types';
import { normalizerFor } from './symptom-index';
import { AFTERTHOUGHT_WEIGHT } from './text-normalizer';

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

  /**
   * The features of a request, each with the weight of its clause: an afterthought told after the
   * complaint ("... Also the closet door sticks.") says less of the trade than the complaint itself,
   * as in the symptom matcher. A pair counts with the weight of its second word.
   */
  private weightedFeatures(text: string): { feature: string; weight: number }[] {
    const clauses = normalizerFor(this.kb).clauseReadings(text);
    if (!clauses.some((c) => c.afterthought)) return this.features(text).map((feature) => ({ feature, weight: 1 }));
    const words: { stem: string; weight: number }[] = [];
    let weight = 1;
    for (const { tokens, afterthought } of clauses) {
      const content = tokens.filter((t) => !t.stop);
      if (afterthought && words.length > 0) weight *= AFTERTHOUGHT_WEIGHT;
      for (const t of content) words.push({ stem: t.stem, weight });
    }
    return [
      ...words.map((w) => ({ feature: w.stem, weight: w.weight })),
      ...words.slice(1).map((w, i) => ({ feature: `${words[i].stem}_${w.stem}`, weight: w.weight })),
    ];
  }

  /** Probability of each trade for a text, highest first; empty when the text has no known feature. */
  predict(text: string): { trade: string; probability: number }[] {
    const known = (f: string): boolean => [...this.logLikelihood.values()].some((m) => m.has(f));
    const features = this.weightedFeatures(text).filter(({ feature }) => known(feature));
    if (features.length === 0) return [];
    const scores = [...this.logPrior].map(([trade, prior]) => {
      const table = this.logLikelihood.get(trade)!;
      const unseen = this.logUnseen.get(trade)!;
      return { trade, score: prior + features.reduce((s, { feature, weight }) => s + weight * (table.get(feature) ?? unseen), 0) };
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
