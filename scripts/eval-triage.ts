/**
 * Scores the urgency triage on the labelled real work orders.
 *
 *   npx ts-node --transpile-only scripts/eval-triage.ts            tune split only
 *   npx ts-node --transpile-only scripts/eval-triage.ts --misses   tune split, with its misses
 *   npx ts-node --transpile-only scripts/eval-triage.ts --holdout  tune and holdout figures
 *
 * Labels (ids, split, urgency) live in the repository; the texts are measuring data that may not
 * ship, so they are read from ../shared beside the repository, and the script exits 0 with a
 * message when they are absent. Holdout texts are never printed: only its figures are.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { parse } from 'csv-parse/sync';
import { triageUrgency, TriageResult } from '../src/knowledge/triage/urgency-triage';

const ROOT = path.resolve(__dirname, '..');
const LABELS = path.join(ROOT, 'src/knowledge/eval/real-work-orders.labels.json');
const TEXTS = path.resolve(ROOT, '../shared/data/real-work-orders/clemson-open-2024.csv');
const LEVELS: Urgency[] = ['emergency', 'urgent', 'routine'];
const MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];

type Urgency = 'emergency' | 'urgent' | 'routine';

/** One labelled order: only ids and labels are stored in the repository. */
interface Label {
  id: string;
  /** "tune" may be studied; "holdout" is only ever measured. */
  split: 'tune' | 'holdout';
  urgency: Urgency;
}

interface Row {
  text: string;
  /** When the order was entered, so the season is the one the writer lived in. */
  entered?: Date;
}

interface Scored extends Label {
  text: string;
  predicted: TriageResult;
}

/** "14-Aug-24" as a UTC date; undefined when the cell has another shape. */
function parseEntered(cell: string | undefined): Date | undefined {
  const m = /^(\d{1,2})-([A-Za-z]{3})-(\d{2})$/.exec(cell?.trim() ?? '');
  const month = m ? MONTHS.indexOf(m[2].toLowerCase()) : -1;
  return m && month >= 0 ? new Date(Date.UTC(2000 + Number(m[3]), month, Number(m[1]))) : undefined;
}

function readLabels(file: string): Label[] {
  const labels = (JSON.parse(fs.readFileSync(file, 'utf8')) as { labels: Label[] }).labels;
  for (const l of labels) {
    if (!['tune', 'holdout'].includes(l.split) || !LEVELS.includes(l.urgency))
      throw new Error(`${file}: label ${l.id} has split ${l.split}, urgency ${l.urgency}`);
  }
  return labels;
}

function readTexts(file: string): Map<string, Row> {
  const rows = parse(fs.readFileSync(file), { columns: true, bom: true, relax_column_count: true }) as Record<string, string>[];
  return new Map(rows.map((r) => [r.id, { text: r.description ?? '', entered: parseEntered(r.entered) }]));
}

const pct = (n: number, d: number): string => (d === 0 ? '  n/a' : `${((100 * n) / d).toFixed(1).padStart(5)}%`);

/** Recall and precision of "predicted in `set`" against "labelled in `set`". */
function recallPrecision(cases: Scored[], set: Urgency[]): string {
  const labelled = cases.filter((c) => set.includes(c.urgency));
  const predicted = cases.filter((c) => set.includes(c.predicted.level));
  const both = labelled.filter((c) => set.includes(c.predicted.level));
  return `recall ${pct(both.length, labelled.length)} (${both.length}/${labelled.length})   precision ${pct(both.length, predicted.length)} (${both.length}/${predicted.length})`;
}

function confusion(cases: Scored[]): string {
  const lines = [`  ${'labelled \\ predicted'.padEnd(22)}${LEVELS.map((l) => l.padStart(11)).join('')}`];
  for (const truth of LEVELS) {
    const row = LEVELS.map((p) => String(cases.filter((c) => c.urgency === truth && c.predicted.level === p).length).padStart(11));
    lines.push(`  ${truth.padEnd(22)}${row.join('')}`);
  }
  return lines.join('\n');
}

function report(name: string, cases: Scored[]): void {
  console.log(`\n== ${name}: ${cases.length} orders`);
  console.log(`  emergency             ${recallPrecision(cases, ['emergency'])}`);
  console.log(`  urgent or emergency   ${recallPrecision(cases, ['emergency', 'urgent'])}`);
  console.log(confusion(cases));
}

function printMisses(cases: Scored[]): void {
  const misses = cases.filter((c) => c.predicted.level !== c.urgency);
  console.log(`\n== tune misses: ${misses.length}`);
  for (const c of misses.sort((a, b) => LEVELS.indexOf(a.urgency) - LEVELS.indexOf(b.urgency))) {
    const why = c.predicted.reasons.map((r) => `${r.category} <${r.evidence}>`).join('; ') || '-';
    console.log(`- ${c.id} labelled ${c.urgency}, predicted ${c.predicted.level} [${why}]\n    ${c.text}`);
  }
}

function main(): void {
  const args = process.argv.slice(2);
  if (!fs.existsSync(TEXTS)) {
    console.log(`Real work-order texts not found at ${TEXTS}; nothing to evaluate.`);
    return;
  }
  const texts = readTexts(TEXTS);
  const labels = readLabels(LABELS);
  const started = process.hrtime.bigint();
  const scored: Scored[] = labels.flatMap((l) => {
    const row = texts.get(l.id);
    return row ? [{ ...l, text: row.text, predicted: triageUrgency(row.text, { now: row.entered }) }] : [];
  });
  const ms = Number(process.hrtime.bigint() - started) / 1e6;
  console.log(
    `${scored.length} of ${labels.length} labelled orders found; ${(ms / Math.max(1, scored.length)).toFixed(3)} ms per order (first call builds the rules)`,
  );

  const tune = scored.filter((c) => c.split === 'tune');
  report('tune', tune);
  if (args.includes('--holdout'))
    report(
      'holdout',
      scored.filter((c) => c.split === 'holdout'),
    );
  if (args.includes('--misses')) printMisses(tune);
}

main();
