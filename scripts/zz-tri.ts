import { readFileSync } from 'node:fs';
import { triageUrgency } from '../src/knowledge/triage/urgency-triage';
for (const line of readFileSync(process.argv[2], 'utf8').split('\n').filter(Boolean)) {
  const t = triageUrgency(line.split('\t')[0], { now: new Date(process.env.WHEN ?? '2026-01-15') });
  console.log(`[${t.level}] ${line.split('\t')[0].slice(0, 90)}\n     ${t.reasons.map((r) => `${r.category}:${r.level} "${r.evidence}"`).join(' | ')}`);
}
