import type { KnowledgeBase } from '../../src/knowledge/knowledge.types';
import { offlineCandidates } from '../../src/work-order/diagnosis/knowledge-diagnosis';
import { offlineDiagnoses, offlineInput } from '../../src/work-order/diagnosis/offline-answer';
import { topTradeConfidence } from './trade-shapes';

/**
 * Issue 21, what stands behind the first diagnosis (`npm run eval:top3-trades` and the ambiguous
 * trades spec): for requests with their accepted trades, how often a wrong first trade is rescued
 * by the second or third diagnosis, where the right trade was when it is not, and how many trades
 * the answers name.
 */

/** A request and the trades a coordinator accepts among its diagnoses. */
export interface Top3Case {
  text: string;
  accepted: string[];
  entered?: Date;
}

/** Where the right trade of an unrescued answer was. */
export type Place = 'matcher 4-10' | 'matcher 11-40' | 'model 2-3 only' | 'nowhere';

export interface Top3Tally {
  cases: number;
  wrongFirst: number;
  rescued: number;
  unrescued: number;
  /** Unrescued answers by the number of distinct trades they name. */
  unrescuedByTrades: number[];
  /** Unrescued answers by where the right trade was (first place that holds it). */
  places: Map<Place, number>;
  /** Unrescued answers whose right trade was the trade model's 2nd or 3rd. */
  modelRunnerUp: number;
  /** All answers naming one trade only, below a 0.9 confidence and from it. */
  oneTradeUnsure: number;
  unsure: number;
  oneTradeSure: number;
  sure: number;
  /** Answers of three diagnoses stated below 0.7 for their top trade, and of those the ones naming three trades. */
  unsureOfThree: number;
  threeTradesUnsure: number;
  /** Wrong first answers below 0.9 confidence, and of those rescued. */
  wrongUnsure: number;
  rescuedUnsure: number;
}

export function tallyTop3(kb: KnowledgeBase, cases: Top3Case[], onUnrescued?: (c: Top3Case, line: string) => void): Top3Tally {
  const diagnose = offlineDiagnoses(kb);
  const t: Top3Tally = {
    cases: 0,
    wrongFirst: 0,
    rescued: 0,
    unrescued: 0,
    unrescuedByTrades: [0, 0, 0, 0],
    places: new Map(),
    modelRunnerUp: 0,
    oneTradeUnsure: 0,
    unsure: 0,
    oneTradeSure: 0,
    sure: 0,
    wrongUnsure: 0,
    rescuedUnsure: 0,
    unsureOfThree: 0,
    threeTradesUnsure: 0,
  };
  for (const c of cases) {
    t.cases++;
    const { diagnoses } = diagnose(c.text, c.entered);
    const trades = diagnoses.map((d) => d.trade);
    const confidence = topTradeConfidence({ trades, likelihoods: diagnoses.map((d) => d.likelihood) });
    const distinct = new Set(trades).size;
    const unsure = confidence < 0.9;
    if (unsure) {
      t.unsure++;
      if (distinct <= 1) t.oneTradeUnsure++;
    } else {
      t.sure++;
      if (distinct <= 1) t.oneTradeSure++;
    }
    if (confidence < 0.7 && trades.length === 3) {
      t.unsureOfThree++;
      if (distinct === 3) t.threeTradesUnsure++;
    }
    if (c.accepted.includes(trades[0])) continue;
    t.wrongFirst++;
    if (unsure) t.wrongUnsure++;
    if (trades.some((tr) => c.accepted.includes(tr))) {
      t.rescued++;
      if (unsure) t.rescuedUnsure++;
      continue;
    }
    t.unrescued++;
    t.unrescuedByTrades[distinct]++;
    const { input } = offlineInput(kb, c.text, c.entered);
    const { trades: model, candidates } = offlineCandidates(kb, input);
    const at = candidates.findIndex((m) => c.accepted.includes(m.problem.trade));
    const modelRank = model.findIndex((m) => c.accepted.includes(m.trade));
    if (modelRank >= 1 && modelRank <= 2) t.modelRunnerUp++;
    const place: Place = at >= 0 && at < 10 ? 'matcher 4-10' : at >= 10 ? 'matcher 11-40' : modelRank >= 1 && modelRank <= 2 ? 'model 2-3 only' : 'nowhere';
    t.places.set(place, (t.places.get(place) ?? 0) + 1);
    onUnrescued?.(
      c,
      `[${c.accepted.join('/')} <- ${trades.join(',')}] conf ${confidence.toFixed(2)}; right trade: matcher #${at + 1 || '-'}, model #${modelRank + 1 || '-'}: ${c.text}`,
    );
  }
  return t;
}
