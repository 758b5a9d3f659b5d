import {
  HOUSING_CODE_LINES,
  PLACES_CALLERS_AND_WEATHER,
  RankedRequest,
  STUDENT_HOUSING_MESSAGES,
  UNIVERSITY_CMMS_TITLES,
} from '../../../test/fixtures/dispatch/eleventh-round-requests';
import { loadKnowledgeBase } from '../../knowledge/knowledge-base';
import { offlineAnswer } from './offline-answer';

/**
 * Issue 21, eleventh round: the trade to send first, and the trades named after it, on requests in
 * the styles the earlier rounds cover least. Each request lists the trades a coordinator would
 * accept first and the wider set it would accept among the diagnoses.
 */
describe('dispatch on the eleventh round of written requests (issue 21)', () => {
  const kb = loadKnowledgeBase();
  const answer = offlineAnswer(kb);
  const summer = new Date('2026-06-15T12:00:00Z');
  const trades = (text: string): string[] => answer(text, summer).trades;

  describe.each([
    ['university CMMS titles', UNIVERSITY_CMMS_TITLES],
    ['student housing residents and RAs', STUDENT_HOUSING_MESSAGES],
    ['housing-code inspectors', HOUSING_CODE_LINES],
    ['places that are not the complaint, relayed callers, questions and weather', PLACES_CALLERS_AND_WEATHER],
  ])('%s', (_name, requests: RankedRequest[]) => {
    const first = requests.filter((r) => r.rank === 1).map((r): [string, string[]] => [r.text, r.first]);
    const listed = requests.filter((r) => r.rank !== 0).map((r): [string, string[]] => [r.text, r.listed]);

    it.each(first)('"%s" goes first to one of %p', (text, accepted) => {
      expect(accepted).toContain(trades(text)[0]);
    });

    it.each(listed)('"%s" names one of %p among its diagnoses', (text, accepted) => {
      expect(trades(text).some((t) => accepted.includes(t))).toBe(true);
    });
  });

  it('sends an accepted trade first on 95% of the round and names one on 98%', () => {
    const all = [...UNIVERSITY_CMMS_TITLES, ...STUDENT_HOUSING_MESSAGES, ...HOUSING_CODE_LINES, ...PLACES_CALLERS_AND_WEATHER];
    const answers = all.map((r) => ({ request: r, got: trades(r.text) }));
    const first = answers.filter((a) => a.request.first.includes(a.got[0])).length / all.length;
    const listed = answers.filter((a) => a.got.some((t) => a.request.listed.includes(t))).length / all.length;
    expect(all.length).toBeGreaterThanOrEqual(300);
    expect(first).toBeGreaterThanOrEqual(0.95);
    expect(listed).toBeGreaterThanOrEqual(0.98);
  });

  it('labels every request consistently: the trades accepted first are accepted among the diagnoses too', () => {
    const known = new Set(kb.trades.map((t) => t.id));
    for (const r of [...UNIVERSITY_CMMS_TITLES, ...STUDENT_HOUSING_MESSAGES, ...HOUSING_CODE_LINES, ...PLACES_CALLERS_AND_WEATHER]) {
      expect(r.first.every((t) => r.listed.includes(t) && known.has(t))).toBe(true);
      expect(r.listed.every((t) => known.has(t))).toBe(true);
    }
  });
});
