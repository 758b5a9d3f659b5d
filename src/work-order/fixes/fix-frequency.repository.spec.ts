import type { DataSource } from 'typeorm';
import { HistoryImportService, ImportTally } from '../history/history-import.service';
import type { HistoryRepository } from '../history/history.repository';
import type { ProblemClassifier } from '../history/problem-classifier';
import type { FixNormalizer } from './fix-normalizer';
import { loadKnowledgeBase } from '../../knowledge/knowledge-base';
import { CONCURRENT_READS, FIRST_READ_WAIT_MS, FIX_COUNTS_TTL_MS, FixFrequencyRepository, KEYS_PER_PART } from './fix-frequency.repository';
import { FixRelevance } from './fix-relevance';

const relevance = new FixRelevance(loadKnowledgeBase());

/** A data source without replicas whose query runner answers from a queue and counts the statements. */
function fakeDataSource(answers: Array<unknown[] | Error>) {
  const calls: unknown[][] = [];
  const runner = {
    query: async (_sql: string, params: unknown[]) => {
      calls.push(params);
      const next = answers.shift() ?? [];
      if (next instanceof Error) throw next;
      return next;
    },
    release: async () => undefined,
  };
  const dataSource = { options: {}, createQueryRunner: () => runner } as unknown as DataSource;
  return { dataSource, calls };
}

describe('fix counts of a client, per trade', () => {
  it('does not hold a request longer than FIRST_READ_WAIT_MS for a slow first read, and keeps its answer for the next requests', async () => {
    let finish: (rows: unknown[]) => void = () => undefined;
    const runner = { query: () => new Promise<unknown[]>((resolve) => (finish = resolve)), release: async () => undefined };
    const dataSource = { options: {}, createQueryRunner: () => runner } as unknown as DataSource;
    const repository = new FixFrequencyRepository(dataSource, relevance);
    const started = Date.now();
    const first = await repository.partCountsByTrade('big-client', 0);
    expect(first.size).toBe(0);
    expect(Date.now() - started).toBeGreaterThanOrEqual(FIRST_READ_WAIT_MS - 5);
    finish([{ trade: 'plumbing', fix_key: 'text:replaced flapper', n: 7 }]);
    await new Promise((resolve) => setImmediate(resolve));
    expect((await repository.partCountsByTrade('big-client', 1)).get('plumbing')?.total).toBe(7);
  });

  it('adds up the counts of each part by trade, and reads them once per client within the time they are kept', async () => {
    const { dataSource, calls } = fakeDataSource([
      [
        { trade: 'hvac-cooling', fix_key: 'text:replaced belt', n: 40 },
        { trade: 'hvac-cooling', fix_key: 'text:replaced belt ahu', n: 2 },
        { trade: 'hvac-cooling', fix_key: 'text:replaced motor fan', n: '6' },
        { trade: 'hvac-cooling', fix_key: 'text:replaced unit', n: 1 },
        { trade: '', fix_key: 'text:painted wall', n: 2 },
      ],
      [{ trade: 'hvac-cooling', fix_key: 'text:replaced belt', n: 41 }],
    ]);
    const repository = new FixFrequencyRepository(dataSource, relevance);
    const counts = await repository.partCountsByTrade('client-a', 1_000);
    const cooling = counts.get('hvac-cooling')!;
    // Two ways of writing a belt replacement count for one part; the total counts every fixed ticket.
    expect(cooling.counts.get(relevance.partStem('text:replaced belt')!)).toBe(42);
    expect(cooling.counts.get(relevance.partStem('text:replaced motor')!)).toBe(6);
    expect(cooling.total).toBe(49);
    expect(counts.get('')?.total).toBe(2);
    expect(await repository.partCountsByTrade('client-a', 1_000 + FIX_COUNTS_TTL_MS - 1)).toBe(counts);
    expect(calls).toHaveLength(1);
    expect(calls[0][0]).toBe('client-a');
    // Once kept long enough they are read again in the background, the old ones answering meanwhile.
    const stale = await repository.partCountsByTrade('client-a', 1_000 + FIX_COUNTS_TTL_MS);
    expect(stale).toBe(counts);
    expect(calls).toHaveLength(2);
    await new Promise((resolve) => setImmediate(resolve));
    const later = await repository.partCountsByTrade('client-a', 1_000 + FIX_COUNTS_TTL_MS + 1);
    expect(later.get('hvac-cooling')?.total).toBe(41);
    expect(calls).toHaveLength(2);
  });

  it('counts each part also per equipment kind the past requests name, a ticket naming two kinds counting for both', async () => {
    const { dataSource, calls } = fakeDataSource([
      [
        { trade: 'hvac-cooling', fix_key: 'text:replaced compressor', equipment: ['drinking fountain'], n: 4 },
        { trade: 'hvac-cooling', fix_key: 'text:replaced compressor', equipment: [], n: 2 },
        { trade: 'hvac-cooling', fix_key: 'text:replaced belt', equipment: null, n: 9 },
        { trade: 'plumbing', fix_key: 'text:replaced filter', equipment: ['drinking fountain', 'ice machine'], n: 3 },
      ],
    ]);
    const repository = new FixFrequencyRepository(dataSource, relevance);
    const { byTrade, byEquipment } = await repository.partCounts('client-e', 0);
    const compressor = relevance.partStem('text:replaced compressor')!;
    expect(byTrade.get('hvac-cooling')?.counts.get(compressor)).toBe(6);
    expect(byEquipment.get('drinking fountain')?.total).toBe(7);
    expect(byEquipment.get('drinking fountain')?.counts.get(compressor)).toBe(4);
    expect(byEquipment.get('ice machine')?.total).toBe(3);
    // The phrases and their kinds are sent along with the client, from fix-notes.json.
    const { phrases, kinds } = relevance.equipmentPhrases();
    expect(calls[0].slice(2)).toEqual([phrases, kinds]);
    // Both come from one read.
    expect(await repository.partCountsByTrade('client-e', 1)).toBe(byTrade);
    expect(calls).toHaveLength(1);
  });

  it("keeps each part's fix wordings, most often written first, at most KEYS_PER_PART, over every trade", async () => {
    const wordings = Array.from({ length: KEYS_PER_PART + 3 }, (_, i) => ({
      trade: 'hvac-cooling',
      fix_key: `text:replaced belt ${'x'.repeat(i + 1)}`,
      n: i + 1,
    }));
    const { dataSource } = fakeDataSource([
      [
        ...wordings,
        { trade: 'hvac-heating', fix_key: 'text:replaced belt', n: 30 },
        { trade: 'hvac-cooling', fix_key: 'text:replaced belt', n: 5 },
        { trade: 'plumbing', fix_key: 'text:cleared drain', n: 2 },
      ],
    ]);
    const { keysByPart } = await new FixFrequencyRepository(dataSource, relevance).partCounts('client-k', 0);
    const belts = keysByPart.get(relevance.partStem('text:replaced belt')!)!;
    expect(belts).toHaveLength(KEYS_PER_PART);
    // 35 tickets over two trades first, then the other wordings by their counts; the rarest left out.
    expect(belts[0]).toBe('text:replaced belt');
    expect(belts[1]).toBe(wordings.at(-1)!.fix_key);
    expect(belts).not.toContain(wordings[0].fix_key);
    expect(keysByPart.get(relevance.partStem('text:cleared drain')!)).toEqual(['text:cleared drain']);
  });

  it('reads the counts again once a client is forgotten (after an import), and only that client', async () => {
    const { dataSource, calls } = fakeDataSource([
      [{ trade: '', fix_key: 'text:replaced belt', n: 1 }],
      [{ trade: '', fix_key: 'text:cleared drain', n: 1 }],
      [{ trade: '', fix_key: 'text:replaced belt', n: 2 }],
    ]);
    const repository = new FixFrequencyRepository(dataSource, relevance);
    await repository.partCountsByTrade('client-a', 0);
    await repository.partCountsByTrade('client-c', 0);
    repository.forget('client-a');
    expect((await repository.partCountsByTrade('client-a', 1)).get('')?.total).toBe(2);
    expect((await repository.partCountsByTrade('client-c', 1)).get('')?.total).toBe(1);
    expect(calls.map((c) => c[0])).toEqual(['client-a', 'client-c', 'client-a']);
  });

  it('answers no counts when the read fails (the fixes are then ordered by the retrieved tickets), and reads again on the next request', async () => {
    const { dataSource, calls } = fakeDataSource([new Error('connection lost'), [{ trade: '', fix_key: 'text:cleared drain', n: 3 }]]);
    const repository = new FixFrequencyRepository(dataSource, relevance);
    expect((await repository.partCountsByTrade('client-b', 0)).size).toBe(0);
    expect((await repository.partCountsByTrade('client-b', 1)).get('')?.total).toBe(3);
    expect(calls).toHaveLength(2);
  });

  it('are forgotten when rows of the client are imported', async () => {
    const { dataSource, calls } = fakeDataSource([[], []]);
    const counts = new FixFrequencyRepository(dataSource, relevance);
    const repository = { upsertRounds: async () => [{ inserted: 1, updated: 0, unchanged: 0 }] } as unknown as HistoryRepository;
    const importer = new HistoryImportService(repository, null as unknown as FixNormalizer, null as unknown as ProblemClassifier, counts);
    await counts.partCountsByTrade('client-a', 0);
    await importer.writeBatch('client-a', [], new ImportTally());
    await counts.partCountsByTrade('client-a', 1);
    expect(calls).toHaveLength(2);
  });

  it(`reads at most ${CONCURRENT_READS} clients' counts at once, so slow reads never take the whole database pool`, async () => {
    const pending: Array<{ clientId: unknown; finish: (rows: unknown[]) => void }> = [];
    let inFlight = 0;
    let most = 0;
    const runner = {
      query: (_sql: string, params: unknown[]) =>
        new Promise<unknown[]>((resolve) => {
          most = Math.max(most, ++inFlight);
          pending.push({ clientId: params[0], finish: (rows) => (inFlight--, resolve(rows)) });
        }),
      release: async () => undefined,
    };
    const dataSource = { options: {}, createQueryRunner: () => runner } as unknown as DataSource;
    const repository = new FixFrequencyRepository(dataSource, relevance);
    const clients = ['a', 'b', 'c', 'd', 'e', 'f'];
    // Every first request waits FIRST_READ_WAIT_MS at most, then goes on without counts.
    expect((await Promise.all(clients.map((c) => repository.partCountsByTrade(c, 0)))).every((counts) => counts.size === 0)).toBe(true);
    const settle = () => new Promise((resolve) => setTimeout(resolve, 5));
    const read: unknown[] = [];
    while (read.length < clients.length) {
      await settle();
      const next = pending.shift();
      if (!next) break;
      read.push(next.clientId);
      next.finish([{ trade: 'plumbing', fix_key: 'text:replaced flapper', n: 1 }]);
    }
    expect(most).toBe(CONCURRENT_READS);
    expect([...read].sort()).toEqual(clients);
    await settle();
    // Queued reads were not lost: every client's counts arrived.
    for (const c of clients) expect((await repository.partCountsByTrade(c, 1)).get('plumbing')?.total).toBe(1);
  });
});
