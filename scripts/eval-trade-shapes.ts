/**
 * Issue 21, metamorphic robustness of the dispatch: every written dispatch request
 * (`test/fixtures/dispatch`) that the offline engine sends to an accepted trade as written,
 * rewritten in the triage's shapes that keep its meaning (`test/support/triage-shapes.ts`: a place
 * after the subject, politeness and hedges, tense, a split or joined sentence, capitals, missing
 * apostrophes, misspellings, a room or building code first, ...). Per rewrite: the share that keeps
 * an accepted trade first, within the first three trades, and the share turned into a confident
 * error (top trade wrong at 0.9 or more). A third of the rows, picked by a hash of the text
 * (`isKeptApart`), is kept apart and reported on its own; `--broken <shape>|all` prints the broken
 * rows of the other two thirds only.
 *
 *   npm run eval:trade-shapes [-- --broken <shape>|all]
 */
import { loadKnowledgeBase } from '../src/knowledge/knowledge-base';
import { offlineAnswer } from '../src/work-order/diagnosis/offline-answer';
import { isKeptApart } from '../test/support/triage-shapes';
import { scoreTradeShapes, TradeShapeScore, writtenDispatchRows } from '../test/support/trade-shapes';

const answer = offlineAnswer(loadKnowledgeBase());
const summer = new Date('2026-06-15T12:00:00Z');
const read = (text: string) => answer(text, summer);
const pct = (k: number, n: number): string => (n === 0 ? '     -' : `${((100 * k) / n).toFixed(1).padStart(5)}%`);

function print(title: string, scores: TradeShapeScore[]): void {
  console.log(title);
  console.log('  shape                  applied   first kept       top-3 kept   confident errors');
  const all = { applied: 0, keptFirst: 0, keptTop3: 0, confidentErrors: 0 };
  const line = (name: string, s: typeof all): string =>
    `  ${name.padEnd(22)} ${String(s.applied).padStart(7)}   ${pct(s.keptFirst, s.applied)} ${String(s.applied - s.keptFirst).padStart(4)} lost  ${pct(s.keptTop3, s.applied)}   ${pct(s.confidentErrors, s.applied)} (${s.confidentErrors})`;
  for (const s of scores) {
    console.log(line(s.shape, s));
    all.applied += s.applied;
    all.keptFirst += s.keptFirst;
    all.keptTop3 += s.keptTop3;
    all.confidentErrors += s.confidentErrors;
  }
  console.log(line('all', all));
}

const rows = writtenDispatchRows();
const work = rows.filter((r) => !isKeptApart(r.text));
const apart = rows.filter((r) => isKeptApart(r.text));
const workScores = scoreTradeShapes(work, read);
print(`Written dispatch requests rewritten in other shapes: two thirds (${work.length} rows, scored when right as written)`, workScores);
print(`The third kept apart (${apart.length} rows; aggregates only)`, scoreTradeShapes(apart, read));

const broken = process.argv.indexOf('--broken');
if (broken >= 0) {
  const which = process.argv[broken + 1] ?? 'all';
  for (const s of workScores.filter((x) => which === 'all' || x.shape === which))
    for (const b of s.broken)
      console.log(
        `[${s.shape}] [${b.row.first.join('/')} <- ${b.got.slice(0, 3).join(',')} ${b.confidence.toFixed(2)}] ${b.rewritten}\n      was: ${b.row.text}`,
      );
}
