import type { DataSource } from 'typeorm';
import type { ProblemClassifier } from './problem-classifier';

/** Tickets read and written per round of the backfill. */
const BATCH = 1000;

/** The next batch of tickets without a problem, in id order after `$1` (keyset paging: stable while rows are updated). */
const UNCLASSIFIED_SQL = `
  SELECT id, title, issue_description, fix_key FROM work_orders
  WHERE problem_id IS NULL AND ($1::uuid IS NULL OR id > $1::uuid)
  ORDER BY id LIMIT $2`;

const SET_PROBLEMS_SQL = `
  UPDATE work_orders w SET problem_id = p.problem_id, problem_trade = p.trade
  FROM unnest($1::uuid[], $2::text[], $3::text[]) AS p(id, problem_id, trade)
  WHERE w.id = p.id AND w.problem_id IS NULL`;

export interface BackfillResult {
  /** Tickets without a problem that were read. */
  read: number;
  /** Of those, tickets now tied to a knowledge-base problem. */
  classified: number;
}

/**
 * Ties tickets stored before problems were classified (or by an older knowledge base) to their
 * knowledge-base problem, as a write would, so retrieval's problem paths find them. Tickets that
 * read as no known problem stay without one. Safe to run again and while the service runs.
 */
export async function classifyStoredTickets(dataSource: DataSource, classifier: ProblemClassifier): Promise<BackfillResult> {
  const result: BackfillResult = { read: 0, classified: 0 };
  let after: string | null = null;
  for (;;) {
    const rows: { id: string; title: string | null; issue_description: string; fix_key: string | null }[] = await dataSource.query(UNCLASSIFIED_SQL, [
      after,
      BATCH,
    ]);
    if (rows.length === 0) return result;
    result.read += rows.length;
    after = rows[rows.length - 1].id;
    const found = rows
      .map((r) => ({ id: r.id, problem: classifier.classify([r.title, r.issue_description].filter(Boolean).join('. '), r.fix_key) }))
      .filter((r) => r.problem !== null);
    if (found.length > 0)
      await dataSource.query(SET_PROBLEMS_SQL, [found.map((f) => f.id), found.map((f) => f.problem!.problemId), found.map((f) => f.problem!.trade)]);
    result.classified += found.length;
  }
}
