import request from 'supertest';
import { DataSource } from 'typeorm';
import { FixFrequencyRepository } from '../../src/work-order/fixes/fix-frequency.repository';
import { FixRelevance } from '../../src/work-order/fixes/fix-relevance';
import { createTestApp, TestApp } from '../support/test-app';
import { openTestDataSource } from '../support/test-database';

/** A client's history where drinking fountains need other parts than the rest of the cooling work. Notes written for this test. */
const HISTORY = [
  { id: 'F-1', request: 'Drinking fountain by room 102 water is warm', note: 'replaced compressor on fountain' },
  { id: 'F-2', request: 'Water fountain 2nd floor not cold', note: 'new compressor installed, cold now' },
  { id: 'F-3', request: 'Bottle filler in gym not cooling the water', note: 'replaced fan motor' },
  { id: 'F-4', request: 'Office too warm, air handler noisy', note: 'replaced the blower belt' },
  { id: 'F-5', request: 'Lab too warm this morning', note: 'changed belts on AHU-4' },
  { id: 'F-6', request: 'Ice maker in break room makes no ice', note: 'replaced water filter on ice machine' },
  // Named only in the technician's note, not in the request: not a fountain request.
  { id: 'F-7', request: 'Hallway too warm', note: 'replaced belt, checked fountain nearby' },
];

describe('part counts of a client by the kind of equipment its requests name', () => {
  let t: TestApp;
  let ds: DataSource;

  beforeAll(async () => {
    t = await createTestApp();
    ds = await openTestDataSource();
  });
  afterAll(async () => {
    await ds.destroy();
    await t.close();
  });

  it('counts the fixes of past requests naming each kind, by what the request says, not the note', async () => {
    const { token, client } = await t.newClientToken('equipment');
    const rows = HISTORY.map((h) => ({ work_order_id: h.id, issue_description: h.request, closing_description: h.note, work_order_status: 'Completed' }));
    const imported = await request(t.http).post('/work-order/import').set('Authorization', `Bearer ${token}`).send(rows);
    expect(imported.status).toBe(200);
    const [{ id }] = await ds.query('SELECT id FROM clients WHERE name = $1', [client]);
    const relevance = t.app.get(FixRelevance);
    const part = (key: string) => relevance.partStem(key)!;
    // A first read slower than FIRST_READ_WAIT_MS answers no counts and finishes in the background.
    const repository = t.app.get(FixFrequencyRepository);
    let counts = await repository.partCounts(id);
    for (let i = 0; i < 50 && counts.byTrade.size === 0; i++) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      counts = await repository.partCounts(id);
    }
    const { byEquipment, byTrade } = counts;
    const fountains = byEquipment.get('drinking fountain')!;
    expect(fountains.total).toBe(3);
    expect(fountains.counts.get(part('text:replaced compressor'))).toBe(2);
    expect(fountains.counts.get(part('text:replaced motor'))).toBe(1);
    expect(fountains.counts.get(part('text:replaced belt'))).toBeUndefined();
    expect(byEquipment.get('ice machine')?.total).toBe(1);
    expect(byEquipment.get('air handler')?.total).toBe(1);
    // Every fixed ticket still counts once in its trade.
    expect([...byTrade.values()].reduce((sum, c) => sum + c.total, 0)).toBe(HISTORY.length);
  });
});
