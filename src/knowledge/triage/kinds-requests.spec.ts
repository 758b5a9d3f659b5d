import * as path from 'node:path';
import { emergencyScores, itReadsEachRowAtItsLevel, loadTriageTable, triageLevelOf, WrittenTriageRequest } from '../../../test/support/triage-requests';

/**
 * Issue 21, round 12: emergencies written kind by kind (active water, sewage, gas and smoke, a lost
 * building service, security, life safety, lab and utility failures, hazards) in five styles, each
 * kind beside near misses in the same words. See `kinds-requests.json` for how they were written and split.
 */
type Style = 'facilities' | 'desk-flag' | 'student-email' | 'tenant' | 'staff-note';
interface KindRequest extends WrittenTriageRequest<'emergency' | 'not-emergency'> {
  /** The kind of situation, from a facilities manager's list. */
  kind: string;
  style: Style;
  /** An emergency the rules still read lower. */
  known_miss?: boolean;
}
const table = loadTriageTable<KindRequest>(path.join(__dirname, 'kinds-requests.json'));
const all = [...table.checked, ...table.held_apart];

describe('triageUrgency on emergencies written kind by kind (round 12)', () => {
  it('holds every kind with emergencies, near misses in most kinds, and every style', () => {
    const kinds = new Set(all.map((r) => r.kind));
    expect(kinds.size).toBeGreaterThanOrEqual(15);
    for (const kind of kinds) expect(all.some((r) => r.kind === kind && r.expected === 'emergency')).toBe(true);
    expect([...kinds].filter((kind) => all.some((r) => r.kind === kind && r.expected === 'not-emergency')).length).toBeGreaterThanOrEqual(kinds.size - 2);
    for (const style of ['facilities', 'desk-flag', 'student-email', 'tenant', 'staff-note'] as const)
      expect(table.checked.some((r) => r.style === style && r.expected === 'emergency')).toBe(true);
  });

  itReadsEachRowAtItsLevel(table.checked.filter((r) => !r.known_miss));

  const knownMisses = table.checked.filter((r) => r.known_miss).map((r): [string, KindRequest] => [r.text, r]);
  it.failing.each(knownMisses)('"%s" is an emergency (a known miss: move it back when a rule reads it)', (_text, r) => {
    expect(triageLevelOf(r)).toBe('emergency');
  });

  it('reads the held-apart third with emergency recall of at least 85% and precision of at least 90%', () => {
    const { emergencies, recall, precision } = emergencyScores(table.held_apart);
    expect(emergencies).toBeGreaterThanOrEqual(30);
    expect(recall).toBeGreaterThanOrEqual(0.85);
    expect(precision).toBeGreaterThanOrEqual(0.9);
  });

  it('reads the institutional, security and hazard kinds of the held-apart third with emergency recall of at least 75%', () => {
    const { recall } = emergencyScores(
      table.held_apart.filter((r) => ['institutional', 'security', 'lockout', 'hazard', 'no-cooling-critical'].includes(r.kind)),
    );
    expect(recall).toBeGreaterThanOrEqual(0.75);
  });
});
