import { randomUUID } from 'node:crypto';
import { DataSource } from 'typeorm';
import { ClientEntity } from '../../src/auth/client.entity';
import { loadKnowledgeBase } from '../../src/knowledge/knowledge-base';
import { createFixNormalizer, createProblemClassifier } from '../../src/work-order/fixes/fix-normalizer.factory';
import { toHistoryRow, WorkOrderInput } from '../../src/work-order/history/history-row';
import { HistoryRepository } from '../../src/work-order/history/history.repository';
import { rederiveStoredTickets } from '../../src/work-order/history/ticket-rederive';
import { FULL_WORK_ORDER } from '../support/full-work-order';
import { openTestDataSource } from '../support/test-database';

interface StoredDerived {
  work_order_id: string;
  fix_key: string | null;
  fix_label: string | null;
  problem_id: string | null;
  problem_trade: string | null;
  content_hash: string;
  updated_at: Date;
}

/**
 * `cli classify --all` after an upgrade: every stored ticket's fix and problem are derived again
 * as an import of it would derive them; tickets that come out the same are not rewritten, and a
 * later import of the same source rows still finds them unchanged.
 */
describe('re-deriving stored tickets (classify --all)', () => {
  let ds: DataSource;
  let repository: HistoryRepository;
  const kb = loadKnowledgeBase();
  const fixes = createFixNormalizer(kb);
  const classifier = createProblemClassifier(kb);
  beforeAll(async () => {
    ds = await openTestDataSource();
    repository = new HistoryRepository(ds);
  });
  afterAll(() => ds.destroy());

  const INPUTS: WorkOrderInput[] = [
    { ...FULL_WORK_ORDER, work_order_id: 'R-1' },
    { work_order_id: 'R-2', issue_description: 'Toilet keeps running', resolution: 'Replaced flapper', actual_cost: 90, ticket_open_date: 1767258000 },
    {
      work_order_id: 'R-3',
      issue_description: 'Bedroom outlet dead',
      closing_description: 'Reset GFCI in bathroom',
      unit_id: 7,
      work_start_date: '2026-03-14',
    },
  ];
  const rows = () => INPUTS.map((w) => toHistoryRow(w, fixes, classifier));
  const stored = (clientId: string): Promise<StoredDerived[]> =>
    ds.query(
      `SELECT work_order_id, fix_key, fix_label, problem_id, problem_trade, content_hash, updated_at
       FROM work_orders WHERE client_id = $1 ORDER BY work_order_id`,
      [clientId],
    );

  it('corrects tickets stored with an older fix or problem, rewrites only those, and keeps re-import idempotent', async () => {
    const clientId = (await ds.getRepository(ClientEntity).save({ name: `rederive-${randomUUID().slice(0, 8)}` })).id;
    await repository.upsertBatch(clientId, rows());
    const current = await stored(clientId);
    expect(current.map((r) => [r.fix_key !== null, r.problem_id !== null])).toEqual([
      [true, true],
      [true, true],
      [true, true],
    ]);
    // As an older release wrote them: R-1 with another fix, R-2 with no problem, each with its own hash.
    await ds.query(
      `UPDATE work_orders SET fix_key = 'replace:old-key', fix_label = 'Old fix', content_hash = md5('older release R-1')
       WHERE client_id = $1 AND work_order_id = 'R-1'`,
      [clientId],
    );
    await ds.query(
      `UPDATE work_orders SET problem_id = NULL, problem_trade = NULL, content_hash = md5('older release R-2')
       WHERE client_id = $1 AND work_order_id = 'R-2'`,
      [clientId],
    );
    const stale = await stored(clientId);
    expect(stale[0].fix_key).toBe('replace:old-key');
    expect(stale[1].problem_id).toBeNull();

    const first = await rederiveStoredTickets(ds, fixes, classifier);
    expect(first.read).toBeGreaterThanOrEqual(INPUTS.length);
    expect(first.changed).toBeGreaterThanOrEqual(2);
    const corrected = await stored(clientId);
    const derived = (r: StoredDerived) => [r.work_order_id, r.fix_key, r.fix_label, r.problem_id, r.problem_trade, r.content_hash];
    expect(corrected.map(derived)).toEqual(current.map(derived));
    // Only the stale tickets were rewritten.
    expect(corrected.map((r, i) => r.updated_at.getTime() > stale[i].updated_at.getTime())).toEqual([true, true, false]);

    // A second run finds nothing of this client's to change.
    await rederiveStoredTickets(ds, fixes, classifier);
    expect(await stored(clientId)).toEqual(corrected);

    // The same source rows imported again are recognised as unchanged and not written.
    expect(await repository.upsertBatch(clientId, rows())).toEqual({ inserted: 0, updated: INPUTS.length, unchanged: INPUTS.length });
    expect(await stored(clientId)).toEqual(corrected);
  });
});
