/**
 * Scores the serial date decoders on published worked examples (src/asset-intelligence/eval/serial-examples.json).
 *
 *   npm run eval:serials               figures for both halves, misses of the tune half
 *   npm run eval:serials -- --holdout  also lists the holdout half's misses (read them only to report, never to tune)
 *
 * "As of" is fixed (2026-11-22) so cyclic codes resolve the same way on every run.
 */
import { evaluateSerialExamples, SerialExampleResult } from '../src/asset-intelligence/eval/serial-eval';

const NOW = new Date('2026-11-22T12:00:00Z');
const showHoldout = process.argv.includes('--holdout');
const { tune, holdout, ambiguous } = evaluateSerialExamples(NOW);

const pct = (x: number): string => `${(x * 100).toFixed(1)}%`;
const line = (r: SerialExampleResult): string =>
  `  ${r.example.brand} ${r.example.serial}: expected ${r.example.year}, got ${r.year ?? 'none'} (candidates ${r.candidates.join(', ') || 'none'}) — ${r.example.source}`;

console.log(`Serial year accuracy on unambiguous published examples (as of ${NOW.toISOString().slice(0, 10)})`);
console.log(`  tune:    ${tune.exact}/${tune.scored} = ${pct(tune.accuracy)}`);
console.log(`  holdout: ${holdout.exact}/${holdout.scored} = ${pct(holdout.accuracy)}`);
const all = tune.scored + holdout.scored;
console.log(`  all:     ${tune.exact + holdout.exact}/${all} = ${pct(all > 0 ? (tune.exact + holdout.exact) / all : 0)}`);
if (tune.misses.length > 0) console.log(`Tune misses:\n${tune.misses.map(line).join('\n')}`);
if (holdout.misses.length > 0) {
  console.log(showHoldout ? `Holdout misses:\n${holdout.misses.map(line).join('\n')}` : `Holdout misses: ${holdout.misses.length} (listed with --holdout)`);
}
console.log(`Ambiguous by the published rule (not scored): ${ambiguous.length}`);
for (const r of ambiguous) console.log(`${line(r)}${r.example.note ? ` [${r.example.note}]` : ''}`);
