/**
 * Issue 21, what stands behind the first diagnosis: when the top trade is wrong, what are the
 * second and third diagnoses, and where was the right trade? Per labelled real source and half,
 * and on every written dispatch request (`test/fixtures/dispatch`, the trades accepted within the
 * first three):
 *
 *   - wrong first: answers whose top trade is not accepted; of those, rescued by diagnosis 2 or 3;
 *   - the unrescued ones by how many trades the answer names (one trade three times, or two, ...),
 *     and where the right trade was: among the matcher's 4th-10th or 11th-40th candidates, the
 *     trade model's 2nd or 3rd trade, or nowhere the engine looked;
 *   - over all answers, how many trades they name: of the answers of three diagnoses unsure of
 *     their top trade (below 0.7), the share naming three trades; the share naming one trade only,
 *     below a 0.9 confidence (where the answer names alternatives) and from 0.9.
 *
 *   npm run eval:top3-trades                     tune halves and written requests, aggregates
 *   npm run eval:top3-trades -- --cases          also lists the unrescued cases of the tune halves and the written requests
 *   npm run eval:top3-trades -- --holdout        also the holdout halves' aggregates (their cases are never printed)
 */
import { loadSourceCases, REAL_SOURCES } from '../src/knowledge/eval/real-work-orders';
import { loadKnowledgeBase } from '../src/knowledge/knowledge-base';
import { tallyTop3, Top3Case, Top3Tally } from '../test/support/top3-trades';
import { writtenDispatchRows } from '../test/support/trade-shapes';

const args = new Set(process.argv.slice(2));
const kb = loadKnowledgeBase();
const summer = new Date('2026-06-15T12:00:00Z');

const pct = (k: number, n: number): string => (n === 0 ? '     -' : `${((100 * k) / n).toFixed(1).padStart(5)}%`);

function print(name: string, t: Top3Tally): void {
  const places = (['matcher 4-10', 'matcher 11-40', 'model 2-3 only', 'nowhere'] as const).map((p) => `${p} ${t.places.get(p) ?? 0}`).join(', ');
  console.log(
    `  ${name.padEnd(18)} ${String(t.cases).padStart(5)}  wrong first ${String(t.wrongFirst).padStart(3)}  rescued by 2-3 ${String(t.rescued).padStart(3)} (${pct(t.rescued, t.wrongFirst)})` +
      `  below 0.9: ${t.rescuedUnsure}/${t.wrongUnsure}  unrescued ${t.unrescued}: naming 1/2/3 trades ${t.unrescuedByTrades.slice(1).join('/')}; right trade at ${places}; model's 2nd-3rd ${t.modelRunnerUp}`,
  );
  console.log(
    `  ${''.padEnd(18)} three diagnoses below 0.7 naming three trades ${t.threeTradesUnsure}/${t.unsureOfThree} (${pct(t.threeTradesUnsure, t.unsureOfThree)}); one trade only: below 0.9 ${t.oneTradeUnsure}/${t.unsure} (${pct(t.oneTradeUnsure, t.unsure)}), from 0.9 ${t.oneTradeSure}/${t.sure} (${pct(t.oneTradeSure, t.sure)})`,
  );
}

const listing = (name: string) => (_c: Top3Case, line: string) => console.log(`    ${name} ${line}`);

console.log('When the first trade is wrong: what the second and third diagnoses are, and where the right trade was');
for (const source of REAL_SOURCES) {
  const { cases } = loadSourceCases(kb, source);
  if (!cases) {
    console.log(`  ${source.name}: texts not on this machine; skipped`);
    continue;
  }
  for (const split of ['tune', 'holdout'] as const) {
    if (split === 'holdout' && !args.has('--holdout')) continue;
    const chosen = cases.filter((c) => c.split === split).map((c) => ({ text: c.text, accepted: c.trades, entered: c.entered }));
    // Holdout cases are never printed: only their aggregates.
    print(`${source.name} ${split}`, tallyTop3(kb, chosen, split === 'tune' && args.has('--cases') ? listing(source.name) : undefined));
  }
}
const written: Top3Case[] = writtenDispatchRows().map((r) => ({ text: r.text, accepted: r.listed, entered: summer }));
print('written requests', tallyTop3(kb, written, args.has('--cases') ? listing('written') : undefined));
