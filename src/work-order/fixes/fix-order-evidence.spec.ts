import { FixMatch } from './fix-relevance';
import { rankPreviousFixes, UNSHARED_ONCE_WEIGHT } from './previous-fixes';
import type { SimilarWorkOrder } from '../retrieval/similar-work-orders.service';
import { similarWorkOrder } from '../../../test/support/similar-work-order';

/**
 * The order of previous fixes by the evidence each has of its own: a fix done once, on a past request
 * that shares no word with the incoming one, owes its place only to how often its part is repaired
 * in the trade. Requests and notes are written for these tests.
 */
function fixed(id: string, fixKey: string, issueDescription: string): SimilarWorkOrder {
  return similarWorkOrder(id, {
    issueDescription,
    resolution: fixKey,
    openedAt: new Date(0),
    closedAt: new Date(86_400_000),
    assignedVendors: 'Desert Air Mechanical',
    fixKey,
    fixLabel: fixKey.replace(/^text:/, ''),
  });
}

/** Each fix key's part is its last word ("text:Replaced run capacitor" works on the capacitor). */
const objectOf = (fixKey: string) => [fixKey.split(' ').at(-1)!.toLowerCase()];

describe('previous fixes ordered by their own evidence', () => {
  // Incoming: "The rooftop unit over the dental clinic hums but the outdoor fan never spins up."
  const humming = fixed('t1', 'text:Replaced run capacitor', 'Rooftop unit at the clinic hums, outdoor fan will not spin');
  const unrelated = fixed('t2', 'text:Replaced worn belt', 'Quarterly walk-through of the gym air handlers');
  const motor = [1, 2, 3, 4].map((n) => fixed(`m${n}`, 'text:Replaced condenser motor', `Condenser motor seized on unit ${n}`));
  // How often each part is repaired over the client's cooling work: belts more often than capacitors.
  const likelihood = new Map([
    ['motor', 0.3],
    ['belt', 0.1],
    ['capacitor', 0.07],
  ]);
  const closeness = new Map([
    ['t1', 0.3],
    ['t2', 0],
    ['m1', 0.1],
  ]);

  it('puts a fix done once on a request like this one above a fix done once on a request about something else, though the latter part is repaired more often', () => {
    const fixes = rankPreviousFixes(
      [unrelated, humming, ...motor],
      new Set(),
      () => FixMatch.SameProblemOrPart,
      (t) => closeness.get(t.id) ?? 0,
      { objectOf, likelihood },
    );
    expect(fixes.map((f) => f.fix)).toEqual(['Replaced condenser motor', 'Replaced run capacitor', 'Replaced worn belt']);
  });

  it('still shows the fix of the more common part first when its request shares words with this one too', () => {
    const alike = fixed('t2', 'text:Replaced worn belt', 'Rooftop unit squeals and the outdoor fan spins slowly');
    const fixes = rankPreviousFixes(
      [alike, humming, ...motor],
      new Set(),
      () => FixMatch.SameProblemOrPart,
      (t) => (t.id === 't2' ? 0.2 : (closeness.get(t.id) ?? 0)),
      { objectOf, likelihood },
    );
    expect(fixes.map((f) => f.fix)).toEqual(['Replaced condenser motor', 'Replaced worn belt', 'Replaced run capacitor']);
  });

  it('still shows a fix done more than once first when its part is likelier, whatever its requests share', () => {
    const twice = [
      fixed('t2', 'text:Replaced worn belt', 'Quarterly walk-through of the gym air handlers'),
      fixed('t3', 'text:Replaced worn belt', 'Library AHU filters and belts due'),
    ];
    const fixes = rankPreviousFixes(
      [...twice, humming, ...motor],
      new Set(),
      () => FixMatch.SameProblemOrPart,
      (t) => closeness.get(t.id) ?? 0,
      { objectOf, likelihood },
    );
    expect(fixes.map((f) => f.fix)).toEqual(['Replaced condenser motor', 'Replaced worn belt', 'Replaced run capacitor']);
  });

  it('weighs such a fix by less than one, and leaves it shown', () => {
    expect(UNSHARED_ONCE_WEIGHT).toBeGreaterThan(0);
    expect(UNSHARED_ONCE_WEIGHT).toBeLessThan(1);
    const fixes = rankPreviousFixes(
      [unrelated],
      new Set(),
      () => FixMatch.SameProblemOrPart,
      () => 0,
      { objectOf, likelihood },
    );
    expect(fixes.map((f) => f.fix)).toEqual(['Replaced worn belt']);
  });
});
