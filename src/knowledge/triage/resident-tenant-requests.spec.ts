import * as path from 'node:path';
import { emergencyScores, itReadsEachRowAtItsLevel, loadTriageTable, triageLevelOf, WrittenTriageRequest } from '../../../test/support/triage-requests';

/**
 * Issue 21, round 13: residents, RAs and apartment tenants in their own words, half alarming-looking
 * requests a coordinator calls routine, half emergencies told by their consequence. See
 * `resident-tenant-requests.json` for how they were written and split.
 */
type Style = 'resident' | 'ra' | 'tenant-text' | 'mixed-spanish';
interface ResidentRequest extends WrittenTriageRequest<'emergency' | 'not-emergency'> {
  /** What makes it look alarming (near misses) or how the emergency is told. */
  kind: string;
  style: Style;
  /**
   * 1: written first; 2: after the first measurement, aimed at false alarms; 3: forms and callers who
   * play it down or up; 4: scored once blind after the third change, then read in full; 5: scored
   * once blind after the last change, held apart whole.
   */
  batch: 1 | 2 | 3 | 4 | 5;
  /** An emergency the rules still read lower. */
  known_miss?: boolean;
}
const table = loadTriageTable<ResidentRequest>(path.join(__dirname, 'resident-tenant-requests.json'));
const all = [...table.checked, ...table.held_apart];

describe('triageUrgency on residents and tenants in their own words (round 13)', () => {
  it('holds as many alarming-looking routine requests as emergencies, in every style', () => {
    expect(all.length).toBeGreaterThanOrEqual(350);
    expect(all.filter((r) => r.expected === 'not-emergency').length).toBeGreaterThanOrEqual(all.filter((r) => r.expected === 'emergency').length);
    for (const style of ['resident', 'ra', 'tenant-text', 'mixed-spanish'] as const)
      for (const expected of ['emergency', 'not-emergency'] as const) expect(all.some((r) => r.style === style && r.expected === expected)).toBe(true);
  });

  itReadsEachRowAtItsLevel(table.checked.filter((r) => !r.known_miss));

  const knownMisses = table.checked.filter((r) => r.known_miss).map((r): [string, ResidentRequest] => [r.text, r]);
  it.failing.each(knownMisses)('"%s" is an emergency (a known miss: move it back when a rule reads it)', (_text, r) => {
    expect(triageLevelOf(r)).toBe('emergency');
  });

  it('reads the held-apart third with emergency recall of at least 90% and precision of at least 90%', () => {
    const { emergencies, recall, precision } = emergencyScores(table.held_apart);
    expect(emergencies).toBeGreaterThanOrEqual(40);
    expect(recall).toBeGreaterThanOrEqual(0.9);
    expect(precision).toBeGreaterThanOrEqual(0.9);
  });

  it('raises a false alarm on at most one in ten of the held-apart routine requests that look alarming', () => {
    const routine = table.held_apart.filter((r) => r.expected === 'not-emergency');
    expect(routine.length).toBeGreaterThanOrEqual(30);
    expect(routine.filter((r) => triageLevelOf(r) === 'emergency').length / routine.length).toBeLessThanOrEqual(0.1);
  });
});
