import * as path from 'node:path';
import { emergencyScores, itReadsEachRowAtItsLevel, loadTriageTable, triageLevelOf, WrittenTriageRequest } from '../../../test/support/triage-requests';

/**
 * Issue 21, round 28: requests written in the three styles of the customer's held-back sets (CMMS
 * titles, a housing inspector's notices, students' texts), in two batches each scored before the
 * rules were changed for it. See `round-28-requests.json` for how they were written and split.
 */
type Style = 'cmms' | 'inspector' | 'student';
interface Round28Request extends WrittenTriageRequest<'emergency' | 'not-emergency'> {
  style: Style;
  batch: 1 | 2;
  /** A row the rules still read wrong. */
  known_miss?: boolean;
}
const table = loadTriageTable<Round28Request>(path.join(__dirname, 'round-28-requests.json'));
const all = [...table.checked, ...table.held_apart];

describe('triageUrgency on requests written for round 28', () => {
  it('holds over 200 requests, about a quarter emergencies, in every style', () => {
    expect(all.length).toBeGreaterThanOrEqual(200);
    const share = all.filter((r) => r.expected === 'emergency').length / all.length;
    expect(share).toBeGreaterThan(0.2);
    expect(share).toBeLessThan(0.35);
    for (const style of ['cmms', 'inspector', 'student'] as const) {
      expect(table.checked.some((r) => r.style === style && r.expected === 'emergency')).toBe(true);
      expect(table.checked.some((r) => r.style === style && r.expected === 'not-emergency')).toBe(true);
    }
  });

  itReadsEachRowAtItsLevel(table.checked.filter((r) => !r.known_miss));

  const knownMisses = table.checked.filter((r) => r.known_miss).map((r): [string, Round28Request] => [r.text, r]);
  it.failing.each(knownMisses)('"%s" is read at its level (a known miss: move it back when a rule reads it)', (_text, r) => {
    expect(triageLevelOf(r) === 'emergency').toBe(r.expected === 'emergency');
  });

  it('reads the held-apart quarter with emergency recall of at least 90% and precision of at least 85%', () => {
    const { emergencies, recall, precision } = emergencyScores(table.held_apart);
    expect(emergencies).toBeGreaterThanOrEqual(20);
    expect(recall).toBeGreaterThanOrEqual(0.9);
    expect(precision).toBeGreaterThanOrEqual(0.85);
  });
});
