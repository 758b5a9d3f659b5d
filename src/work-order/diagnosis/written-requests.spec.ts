import {
  CONTEXT_REQUESTS,
  FACILITY_AND_MISLEADING_REQUESTS,
  LESS_COVERED_TRADE_REQUESTS,
  REQUESTS_BY_TRADE,
  SECOND_ROUND_REQUESTS,
  THIRD_ROUND_REQUESTS,
  WrittenRequest,
} from '../../../test/fixtures/dispatch/written-requests';
import {
  HOUSING_CODE_REQUESTS,
  MISLEADING_REQUESTS,
  STUDENT_HOUSING_REQUESTS,
  UNIVERSITY_TICKET_REQUESTS,
} from '../../../test/fixtures/dispatch/fifth-round-requests';
import { CODE_CITATION_REQUESTS, RESIDENT_AND_RA_REQUESTS, UNIVERSITY_EQUIPMENT_REQUESTS } from '../../../test/fixtures/dispatch/sixth-round-requests';
import { loadKnowledgeBase } from '../../knowledge/knowledge-base';
import { offlineAnswer } from './offline-answer';

/**
 * Issue 21: the trade to send on requests nobody tuned on. Each request lists the trades a
 * coordinator would accept; the engine must put one first (rank 1) or among its diagnoses (rank 3).
 */
describe('dispatch on written requests (issue 21)', () => {
  const kb = loadKnowledgeBase();
  const answer = offlineAnswer(kb);
  const summer = new Date('2026-06-15T12:00:00Z');
  const trades = (text: string): string[] => answer(text, summer).trades;

  describe.each([
    ['requests for every trade', REQUESTS_BY_TRADE],
    ['facility equipment and misleading words', FACILITY_AND_MISLEADING_REQUESTS],
    ['context the catalogue reads', CONTEXT_REQUESTS],
    ['a second round: housing code, student housing, facilities, context and Spanish', SECOND_ROUND_REQUESTS],
    ['a third round: facilities tickets in capitals, long and terse tenant requests', THIRD_ROUND_REQUESTS],
    ['a fourth round for the trades covered least', LESS_COVERED_TRADE_REQUESTS],
    ['a fifth round: student housing residents and RAs', STUDENT_HOUSING_REQUESTS],
    ['a fifth round: university work orders', UNIVERSITY_TICKET_REQUESTS],
    ['a fifth round: housing-code violations', HOUSING_CODE_REQUESTS],
    ['a fifth round: words that point to the wrong trade', MISLEADING_REQUESTS],
    ['a sixth round: university equipment, shops and floor care', UNIVERSITY_EQUIPMENT_REQUESTS],
    ['a sixth round: residents and RAs in their own words', RESIDENT_AND_RA_REQUESTS],
    ['a sixth round: housing-code citations', CODE_CITATION_REQUESTS],
  ])('%s', (_name, requests: WrittenRequest[]) => {
    const atRank = (rank: number): [string, string[]][] => requests.filter((r) => r.rank === rank).map((r) => [r.text, r.trades]);

    it.each(atRank(1))('"%s" goes first to one of %p', (text, accepted) => {
      expect(accepted).toContain(trades(text)[0]);
    });

    if (atRank(3).length > 0)
      it.each(atRank(3))('"%s" has one of %p among its diagnoses', (text, accepted) => {
        expect(trades(text).some((t) => accepted.includes(t))).toBe(true);
      });
  });

  it('sends an accepted trade first on 95% of the set and lists one on 98%, every trade of the catalogue covered', () => {
    const all = [
      ...REQUESTS_BY_TRADE,
      ...FACILITY_AND_MISLEADING_REQUESTS,
      ...CONTEXT_REQUESTS,
      ...SECOND_ROUND_REQUESTS,
      ...THIRD_ROUND_REQUESTS,
      ...LESS_COVERED_TRADE_REQUESTS,
      ...STUDENT_HOUSING_REQUESTS,
      ...UNIVERSITY_TICKET_REQUESTS,
      ...HOUSING_CODE_REQUESTS,
      ...MISLEADING_REQUESTS,
      ...UNIVERSITY_EQUIPMENT_REQUESTS,
      ...RESIDENT_AND_RA_REQUESTS,
      ...CODE_CITATION_REQUESTS,
    ];
    const answers = all.map((r) => ({ accepted: r.trades, got: trades(r.text) }));
    const first = answers.filter((a) => a.accepted.includes(a.got[0])).length / all.length;
    const listed = answers.filter((a) => a.got.some((t) => a.accepted.includes(t))).length / all.length;
    expect(first).toBeGreaterThanOrEqual(0.95);
    expect(listed).toBeGreaterThanOrEqual(0.98);
    expect(new Set(all.flatMap((r) => r.trades))).toEqual(new Set(kb.trades.map((t) => t.id)));
  });
});
