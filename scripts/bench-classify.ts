/**
 * CPU of the import's per-row reading and of one offline answer, steady enough to read on a busy
 * machine (a script, not a test): process CPU time (`process.cpuUsage`), not wall time, median of
 * several runs, each run on a freshly built knowledge base so that no memo of an earlier run helps.
 *   node -r ts-node/register/transpile-only scripts/bench-classify.ts [--rows 12000] [--runs 3] [--answers 3000] [--out FILE] [--only row|classify|answer]
 * Rows are those of `bench:import --real` (distinct real requests with their technicians' notes,
 * generated ones when ../shared/data is absent). Three measures per run:
 * - row: `HistoryImportService.prepare` per row (validation, fix reading, problem classification, hash);
 * - classify: the CLI's problem classifier alone, with the fix keys found beforehand;
 * - answer: `offlineDiagnoses` per request text (the engine's part of an enrich without history).
 * --out writes every output (rows, classifications, candidates, top matches with scores, answers),
 * one JSON line per text, so a performance change can be checked byte for byte against another commit.
 * --only times one of the three measures (for `node --cpu-prof` of that part alone).
 */
import 'reflect-metadata';
import * as fs from 'node:fs';
import * as os from 'node:os';
import { buildKnowledgeBase, readKnowledgeFiles } from '../src/knowledge/knowledge-base';
import type { KnowledgeBase } from '../src/knowledge/knowledge.types';
import { matchProblems } from '../src/knowledge/symptom-matcher';
import { complaintText } from '../src/knowledge/work-order-text';
import { offlineDiagnoses } from '../src/work-order/diagnosis/offline-answer';
import { createFixNormalizer, createProblemClassifier } from '../src/work-order/fixes/fix-normalizer.factory';
import { HistoryImportService } from '../src/work-order/history/history-import.service';
import type { HistoryRepository } from '../src/work-order/history/history.repository';
import { benchTexts, realImportRows } from './bench/real-text';

const arg = (name: string, fallback: number): number => {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? Number(process.argv[i + 1]) : fallback;
};
const ROWS = arg('rows', 12_000);
const RUNS = arg('runs', 3);
const ANSWERS = arg('answers', 3_000);
const o = process.argv.indexOf('--out');
const OUT = o >= 0 ? process.argv[o + 1] : undefined;
const only = process.argv.indexOf('--only');
const ONLY = only >= 0 ? process.argv[only + 1] : undefined;
const timed = (measure: string) => ONLY === undefined || ONLY === measure;
/** The answers' clock: recency and opening hours weigh in the triage. */
const ENTERED = new Date('2026-11-27T10:00:00Z');

const rows = [...realImportRows(ROWS)];
const descriptions = rows.map((r) => String(r.issue_description));
const answerTexts = descriptions.slice(0, ANSWERS);

/** A fresh knowledge base: every reader, index and memo keyed by it starts empty. */
const freshKb = (): KnowledgeBase => buildKnowledgeBase(readKnowledgeFiles());
const importer = (kb: KnowledgeBase) => new HistoryImportService(null as unknown as HistoryRepository, createFixNormalizer(kb), createProblemClassifier(kb));
/** Rows are changed in place by `prepare` (notes cut, prototype keys dropped): each pass gets copies. */
const copies = () => rows.map((r) => ({ ...r }));

/** CPU microseconds of `work` per item. */
function cpuPerItem(items: number, work: () => void): number {
  const started = process.cpuUsage();
  work();
  const { user, system } = process.cpuUsage(started);
  return (user + system) / items;
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

function main(): void {
  // One untimed pass first (compiles the hot code), which also gives the fix keys and the outputs.
  const kb = freshKb();
  const service = importer(kb);
  const classifier = createProblemClassifier(kb);
  const answer = offlineDiagnoses(kb);
  const prepared = copies().map((r) => service.prepare(r));
  const fixKeys = prepared.map((p) => ('row' in p ? p.row.fix_key : null));
  if (OUT) {
    const lines = descriptions.map((d, i) =>
      JSON.stringify({
        row: prepared[i],
        classified: classifier.classify(d, fixKeys[i]),
        candidates: classifier.candidates(d),
        matches: matchProblems(kb, complaintText(d), { limit: 5 }).map((m) => [m.problem.id, m.score, m.likelihood]),
        answer: i < ANSWERS ? answer(d, ENTERED) : undefined,
      }),
    );
    fs.writeFileSync(OUT, lines.join('\n') + '\n');
  } else {
    if (timed('classify')) descriptions.forEach((d, i) => classifier.classify(d, fixKeys[i]));
    if (timed('answer')) answerTexts.forEach((d) => answer(d, ENTERED));
  }

  const measured: { row: number[]; classify: number[]; answer: number[] } = { row: [], classify: [], answer: [] };
  for (let run = 0; run < RUNS; run++) {
    if (timed('row')) {
      const input = copies();
      const rowService = importer(freshKb());
      measured.row.push(cpuPerItem(input.length, () => input.forEach((r) => rowService.prepare(r))));
    }
    if (timed('classify')) {
      const runClassifier = createProblemClassifier(freshKb());
      measured.classify.push(cpuPerItem(descriptions.length, () => descriptions.forEach((d, i) => runClassifier.classify(d, fixKeys[i]))));
    }
    if (timed('answer')) {
      const runAnswer = offlineDiagnoses(freshKb());
      measured.answer.push(cpuPerItem(answerTexts.length, () => answerTexts.forEach((d) => runAnswer(d, ENTERED))));
    }
  }
  const show = (xs: number[]) => (xs.length === 0 ? 'not timed' : `median ${median(xs).toFixed(1)} (runs ${xs.map((x) => x.toFixed(1)).join(', ')})`);
  console.log(benchTexts().source);
  console.log(
    `${rows.length} rows, ${RUNS} runs, load average ${os
      .loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')}`,
  );
  console.log(`CPU µs per imported row (prepare): ${show(measured.row)}`);
  console.log(`CPU µs per row, problem classification alone: ${show(measured.classify)}`);
  console.log(`CPU µs per offline answer (${answerTexts.length} texts): ${show(measured.answer)}`);
  if (OUT) console.log(`outputs of ${descriptions.length} texts written to ${OUT}`);
}

main();
