import * as fs from 'node:fs';
import * as path from 'node:path';
import { parse } from 'csv-parse/sync';
import type { KnowledgeBase } from '../knowledge.types';

/**
 * Real work orders labelled by this project. Only ids and labels are stored here; the texts are
 * measuring data that may not ship, so they are joined at run time from the shared folder beside
 * the repository (../shared/data/real-work-orders), and the evaluation skips when it is absent.
 */
export const REAL_LABELS_FILE = path.join(__dirname, 'real-work-orders.labels.json');
export const REAL_TEXTS_FILE = path.resolve(__dirname, '../../../../shared/data/real-work-orders/clemson-open-2024.csv');
/** The second source: a university's facilities requests (2015-2017), labelled by this project. */
export const ASU_LABELS_FILE = path.join(__dirname, 'asu-work-orders.labels.json');
export const ASU_TEXTS_FILE = path.resolve(__dirname, '../../../../shared/data/real-work-orders/asu-facilities-2015-2017.csv');
/** The ASU rows carry no date; they are read as written in May, outside the heating season (most are cooling requests). */
const ASU_ENTERED = new Date(Date.UTC(2016, 4, 15));

export type Urgency = 'emergency' | 'urgent' | 'routine';
export type Split = 'tune' | 'holdout';

export interface RealLabel {
  id: string;
  /** "tune" may be read while improving the engine; "holdout" is only ever measured. */
  split: Split;
  /** Trades a coordinator would accept sending, best first. */
  trades: string[];
  urgency: Urgency;
  /** The labeller could not place it well (kept, scored like the rest). */
  unclear?: boolean;
}

export interface RealCase extends RealLabel {
  text: string;
  /** When it was entered (the season matters for heat and cooling); undefined when unreadable. */
  entered?: Date;
}

const MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];

/** "14-Aug-24" as the CMMS export writes dates. */
function enteredDate(text: string | undefined): Date | undefined {
  const m = /^(\d{1,2})-([A-Za-z]{3})-(\d{2})$/.exec(text?.trim() ?? '');
  const month = m ? MONTHS.indexOf(m[2].toLowerCase()) : -1;
  return m && month >= 0 ? new Date(Date.UTC(2000 + Number(m[3]), month, Number(m[1]))) : undefined;
}

/** Reads and checks the labels (every trade must exist in the knowledge base). */
export function loadRealLabels(kb: KnowledgeBase, file: string = REAL_LABELS_FILE): RealLabel[] {
  return readRealLabels(file, (trade) => kb.tradeById.has(trade));
}

/** Reads and checks the labels against a list of known trades. */
export function readRealLabels(file: string, knownTrade: (trade: string) => boolean): RealLabel[] {
  const labels = (JSON.parse(fs.readFileSync(file, 'utf8')) as { labels: RealLabel[] }).labels;
  const seen = new Set<string>();
  labels.forEach((l, i) => {
    if (seen.has(l.id)) throw new Error(`${file}: label ${i} repeats id ${l.id}`);
    seen.add(l.id);
    if (l.split !== 'tune' && l.split !== 'holdout') throw new Error(`${file}: label ${l.id} has split ${String(l.split)}`);
    if (!['emergency', 'urgent', 'routine'].includes(l.urgency)) throw new Error(`${file}: label ${l.id} has urgency ${String(l.urgency)}`);
    if (!Array.isArray(l.trades) || l.trades.length === 0) throw new Error(`${file}: label ${l.id} has no trade`);
    for (const t of l.trades) if (!knownTrade(t)) throw new Error(`${file}: label ${l.id} names unknown trade "${t}"`);
  });
  return labels;
}

/** One labelled real source: where its labels and texts are, and how a row of its CSV reads. */
export interface RealSource {
  /** Short name used in reports. */
  name: string;
  labelsFile: string;
  textsFile: string;
  /** The id, text and date of a CSV row. */
  read(row: Record<string, string>): { id: string; text: string; entered?: Date };
}

export const CLEMSON_SOURCE: RealSource = {
  name: 'clemson',
  labelsFile: REAL_LABELS_FILE,
  textsFile: REAL_TEXTS_FILE,
  read: (r) => ({ id: r.id, text: r.description ?? '', entered: enteredDate(r.entered) }),
};

export const ASU_SOURCE: RealSource = {
  name: 'asu',
  labelsFile: ASU_LABELS_FILE,
  textsFile: ASU_TEXTS_FILE,
  read: (r) => ({ id: r.work_order, text: r.action_requested ?? '', entered: ASU_ENTERED }),
};

/** Every labelled real source, each measured apart. */
export const REAL_SOURCES: readonly RealSource[] = [CLEMSON_SOURCE, ASU_SOURCE];

/** The labelled cases with their texts, or undefined when the shared texts are not on this machine. */
export function loadRealCases(labels: RealLabel[], textsFile: string = REAL_TEXTS_FILE, source: RealSource = CLEMSON_SOURCE): RealCase[] | undefined {
  if (!fs.existsSync(textsFile)) return undefined;
  const rows = parse(fs.readFileSync(textsFile), { columns: true, bom: true, relax_column_count: true }) as Record<string, string>[];
  const byId = new Map(rows.map((r) => source.read(r)).map((r) => [r.id, r]));
  return labels.flatMap((l) => {
    const row = byId.get(l.id);
    return row?.text ? [{ ...l, text: row.text, entered: row.entered }] : [];
  });
}

/** A source's checked labels and, when the shared texts are present, its cases. */
export function loadSourceCases(kb: KnowledgeBase, source: RealSource): { labels: RealLabel[]; cases: RealCase[] | undefined } {
  const labels = loadRealLabels(kb, source.labelsFile);
  return { labels, cases: loadRealCases(labels, source.textsFile, source) };
}

/** One answer of the engine under evaluation, reduced to what the real labels can judge. */
export interface RealAnswer {
  /** Trades of the diagnoses, most likely first (at most three). */
  trades: string[];
  /** Likelihoods of those diagnoses. */
  likelihoods: number[];
  /** Whether the answer tells the coordinator it is an emergency (any diagnosis at emergency severity). */
  emergency: boolean;
}

export interface ReliabilityBin {
  from: number;
  to: number;
  count: number;
  meanConfidence: number;
  accuracy: number;
}

export interface RealReport {
  split: Split | 'all';
  cases: number;
  /** Share whose top diagnosis's trade is one the label accepts. */
  tradeAt1: number;
  /** Share with an accepted trade among the (up to three) diagnoses. */
  tradeAt3: number;
  emergencies: number;
  flagged: number;
  emergencyRecall: number;
  emergencyPrecision: number;
  /**
   * Expected calibration error of the answer's trade confidence (the summed likelihood of its
   * diagnoses of the top trade, the probability the dispatch decision rests on), against whether
   * that trade is accepted (ten equal bins).
   */
  calibrationError: number;
  reliability: ReliabilityBin[];
  /** Share of answers holding a single diagnosis. */
  singleShare: number;
  misses: { id: string; expected: string[]; got: string[]; urgency: Urgency; emergency: boolean }[];
}

/** Likelihood bins of the reliability table (0.0-0.1 ... 0.9-1.0). */
const BINS = 10;

/** Scores an engine on labelled real cases of one split (or all). */
export function evaluateReal(cases: RealCase[], answer: (text: string, entered?: Date) => RealAnswer, split: Split | 'all'): RealReport {
  const chosen = split === 'all' ? cases : cases.filter((c) => c.split === split);
  const bins = Array.from({ length: BINS }, (_, i) => ({ from: i / BINS, to: (i + 1) / BINS, count: 0, sum: 0, hits: 0 }));
  let single = 0;
  let at1 = 0;
  let at3 = 0;
  let emergencies = 0;
  let flagged = 0;
  let flaggedRight = 0;
  const misses: RealReport['misses'] = [];
  for (const c of chosen) {
    const a = answer(c.text, c.entered);
    const top = a.trades[0];
    const hit1 = top !== undefined && c.trades.includes(top);
    if (hit1) at1++;
    if (a.trades.some((t) => c.trades.includes(t))) at3++;
    if (a.trades.length === 1) single++;
    const confidence = a.trades.reduce((sum, t, i) => sum + (t === top ? a.likelihoods[i] : 0), 0);
    const bin = bins[Math.min(BINS - 1, Math.floor(confidence * BINS))];
    bin.count++;
    bin.sum += confidence;
    if (hit1) bin.hits++;
    const isEmergency = c.urgency === 'emergency';
    if (isEmergency) emergencies++;
    if (a.emergency) {
      flagged++;
      if (isEmergency) flaggedRight++;
    }
    if (!hit1 || a.emergency !== isEmergency) misses.push({ id: c.id, expected: c.trades, got: a.trades, urgency: c.urgency, emergency: a.emergency });
  }
  const n = Math.max(1, chosen.length);
  const reliability = bins.map((b) => ({
    from: b.from,
    to: b.to,
    count: b.count,
    meanConfidence: b.count ? b.sum / b.count : 0,
    accuracy: b.count ? b.hits / b.count : 0,
  }));
  return {
    split,
    cases: chosen.length,
    tradeAt1: at1 / n,
    tradeAt3: at3 / n,
    emergencies,
    flagged,
    emergencyRecall: emergencies ? flaggedRight / emergencies : 1,
    emergencyPrecision: flagged ? flaggedRight / flagged : 1,
    calibrationError: reliability.reduce((s, b) => s + (b.count / n) * Math.abs(b.meanConfidence - b.accuracy), 0),
    reliability,
    singleShare: single / n,
    misses,
  };
}
