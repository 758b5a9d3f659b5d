/**
 * Issue 21, metamorphic robustness of the triage: every written request (the four
 * `src/knowledge/triage/*requests*.json` sets) rewritten in shapes that keep its meaning (a place
 * after the subject, politeness and hedges, tense, a split or joined sentence, capitals, missing
 * apostrophes, misspellings, a room code first), and for each rewrite the share of emergencies
 * still read as emergencies and of other requests still read below emergency. Only rows read right
 * as written count. A third of the rows, picked by a hash of the text, is kept apart and reported
 * on its own; `--broken <shape>` prints the broken rows of the other two thirds only.
 *
 *   npx ts-node --transpile-only scripts/eval-triage-shapes.ts [--broken <shape>|all]
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { triageUrgency } from '../src/knowledge/triage/urgency-triage';
import { isKeptApart, scoreShapes, ShapeRow, ShapeScore } from '../test/support/triage-shapes';

const dir = path.join(__dirname, '..', 'src', 'knowledge', 'triage');
const rows: ShapeRow[] = fs
  .readdirSync(dir)
  .filter((f) => /requests\.json$/.test(f))
  .flatMap((f) => {
    const table = JSON.parse(fs.readFileSync(path.join(dir, f), 'utf8')) as { checked: ShapeRow[]; held_apart: ShapeRow[] };
    return [...table.checked, ...table.held_apart];
  });

const isEmergency = (text: string, row: ShapeRow): boolean => triageUrgency(text, { coldSeason: row.season === 'cold' }).level === 'emergency';
const pct = (k: number, n: number): string => (n === 0 ? '     -' : `${((100 * k) / n).toFixed(1).padStart(5)}%`);

function print(title: string, scores: ShapeScore[]): void {
  console.log(title);
  console.log('  shape                  emergencies kept        others kept (no false alarm)');
  let [e, ek, o, ok] = [0, 0, 0, 0];
  for (const s of scores) {
    console.log(
      `  ${s.shape.padEnd(22)} ${pct(s.emergenciesKept, s.emergencies)} (${s.emergenciesKept}/${s.emergencies})`.padEnd(50) +
        `${pct(s.othersKept, s.others)} (${s.othersKept}/${s.others})`,
    );
    [e, ek, o, ok] = [e + s.emergencies, ek + s.emergenciesKept, o + s.others, ok + s.othersKept];
  }
  console.log(`  ${'all'.padEnd(22)} ${pct(ek, e)} (${ek}/${e})`.padEnd(50) + `${pct(ok, o)} (${ok}/${o})`);
}

const work = rows.filter((r) => !isKeptApart(r.text));
const apart = rows.filter((r) => isKeptApart(r.text));
const workScores = scoreShapes(work, isEmergency);
print(`Written requests rewritten in other shapes: two thirds (${work.length} rows)`, workScores);
print(`The third kept apart (${apart.length} rows; aggregates only)`, scoreShapes(apart, isEmergency));

const broken = process.argv.indexOf('--broken');
if (broken >= 0) {
  const which = process.argv[broken + 1] ?? 'all';
  for (const s of workScores.filter((x) => which === 'all' || x.shape === which)) {
    for (const b of s.broken) console.log(`[${s.shape}] ${b.row.expected}${b.row.season ? ' (cold)' : ''}: ${b.rewritten}\n      was: ${b.row.text}`);
  }
}
