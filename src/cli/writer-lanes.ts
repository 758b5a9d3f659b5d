import type { HistoryRow } from '../work-order/history/history-row';

/** FNV-1a of a work_order_id: which lane its rows always take. */
export function laneOf(workOrderId: string, lanes: number): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < workOrderId.length; i++) hash = Math.imul(hash ^ workOrderId.charCodeAt(i), 0x01000193);
  return (hash >>> 0) % lanes;
}

/**
 * Writes import batches over several database connections at once. Rows are split into lanes by
 * their work_order_id, and each lane writes its batches one after another, so every copy of a
 * repeated id lands in file order (the last one wins, as with one writer) while the lanes' COPY
 * and upsert run in parallel backends. At most one batch per lane is in flight.
 */
export class WriterLanes {
  private readonly lanes: Promise<void>[];

  constructor(
    count: number,
    private readonly write: (rows: HistoryRow[]) => Promise<void>,
  ) {
    this.lanes = Array.from({ length: Math.max(1, count) }, () => Promise.resolve());
  }

  /**
   * Queues `rows` on their lanes, each part starting as soon as its lane's previous batch is
   * written; resolves when the batches submitted before have all landed, so at most one batch per
   * lane waits while the next is read and validated. A failed write rejects here or in `drain`,
   * and its lane writes nothing more.
   */
  async submit(rows: HistoryRow[]): Promise<void> {
    const previous = [...this.lanes];
    const parts: HistoryRow[][] = this.lanes.map(() => []);
    for (const row of rows) parts[laneOf(row.work_order_id, this.lanes.length)].push(row);
    for (const [lane, part] of parts.entries()) {
      if (part.length === 0) continue;
      const writing = this.lanes[lane].then(() => this.write(part));
      writing.catch(() => undefined); // awaited by the next submit or by drain; this only stops an early "unhandled" crash
      this.lanes[lane] = writing;
    }
    await Promise.all(previous);
  }

  /** Waits for every lane's last batch. */
  async drain(): Promise<void> {
    await Promise.all(this.lanes);
  }
}
