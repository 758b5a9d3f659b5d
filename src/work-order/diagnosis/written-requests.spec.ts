import { WrittenRequest } from '../../../test/fixtures/dispatch/written-requests';
import { ALL_WRITTEN_REQUESTS, WRITTEN_REQUEST_SETS } from '../../../test/fixtures/dispatch/written-request-sets';
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

  describe.each(WRITTEN_REQUEST_SETS)('%s', (_name, requests: WrittenRequest[]) => {
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
    const all = ALL_WRITTEN_REQUESTS;
    const answers = all.map((r) => ({ accepted: r.trades, got: trades(r.text) }));
    const first = answers.filter((a) => a.accepted.includes(a.got[0])).length / all.length;
    const listed = answers.filter((a) => a.got.some((t) => a.accepted.includes(t))).length / all.length;
    expect(first).toBeGreaterThanOrEqual(0.95);
    expect(listed).toBeGreaterThanOrEqual(0.98);
    expect(new Set(all.flatMap((r) => r.trades))).toEqual(new Set(kb.trades.map((t) => t.id)));
  });
});
