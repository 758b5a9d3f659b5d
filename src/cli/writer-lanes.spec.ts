import type { HistoryRow } from '../work-order/history/history-row';
import { WriterLanes } from './writer-lanes';

const row = (id: string, n: number) => ({ work_order_id: id, issue_description: `copy ${n}` }) as unknown as HistoryRow;
const tick = () => new Promise((resolve) => setTimeout(resolve, 1));

describe('WriterLanes', () => {
  it('writes on several connections at once, and every copy of one id in file order on one lane', async () => {
    const written: { id: string; text: string }[] = [];
    let inFlight = 0;
    let mostInFlight = 0;
    const lanes = new WriterLanes(2, async (rows) => {
      inFlight++;
      mostInFlight = Math.max(mostInFlight, inFlight);
      await tick();
      for (const r of rows) written.push({ id: r.work_order_id, text: r.issue_description });
      inFlight--;
    });
    const ids = Array.from({ length: 40 }, (_, i) => `WO-${i}`);
    for (let batch = 0; batch < 5; batch++) await lanes.submit(ids.map((id) => row(id, batch)));
    await lanes.drain();

    expect(mostInFlight).toBe(2);
    expect(written).toHaveLength(200);
    for (const id of ids) expect(written.filter((w) => w.id === id).map((w) => w.text)).toEqual(['copy 0', 'copy 1', 'copy 2', 'copy 3', 'copy 4']);
  });

  it('keeps at most one batch per lane waiting while the next one is prepared', async () => {
    let release: () => void = () => undefined;
    const lanes = new WriterLanes(1, () => new Promise<void>((resolve) => (release = resolve)));
    await lanes.submit([row('A', 1)]);
    let second = false;
    const submitted = lanes.submit([row('A', 2)]).then(() => (second = true));
    await tick();
    expect(second).toBe(false);
    release();
    await submitted;
    expect(second).toBe(true);
  });

  it('reports a failed write and writes nothing more on its lane', async () => {
    const written: string[] = [];
    const lanes = new WriterLanes(1, async (rows) => {
      if (rows[0].issue_description === 'copy 1') throw new Error('database gone');
      written.push(rows[0].issue_description);
    });
    await lanes.submit([row('A', 0)]);
    await lanes.submit([row('A', 1)]);
    await expect(lanes.submit([row('A', 2)])).rejects.toThrow('database gone');
    await expect(lanes.drain()).rejects.toThrow('database gone');
    expect(written).toEqual(['copy 0']);
  });
});
