/**
 * Retrieval by path, for the history benchmark: the service's similar-ticket search
 * (SimilarWorkOrdersService.search, every statement of it) beside PostgreSQL's own floor for the
 * same text, timed alternately in one run and grouped by the path each text took. The floor does
 * the same job in one statement: the caller's tickets holding any of the text's lexemes (an OR,
 * so long texts match as short ones do), ranked, top 10.
 */
import type { DataSource } from 'typeorm';
import type { ProblemClassifier } from '../../src/work-order/history/problem-classifier';
import type { SimilarityQuery, SimilarWorkOrdersService } from '../../src/work-order/retrieval/similar-work-orders.service';
import { percentiles } from './enrich-load';

const FLOOR_SQL = `
  SELECT id, ts_rank(search, q) AS rank
  FROM work_orders,
    (SELECT to_tsquery('simple', coalesce(string_agg(quote_literal(lexeme), ' | '), '')) AS q FROM unnest(to_tsvector('english', $2))) t
  WHERE client_id = $1 AND search @@ q
  ORDER BY rank DESC LIMIT 10`;

export interface RetrievalText {
  text: string;
  unitKey?: string | null;
  propertyKey?: string | null;
}

export interface PathTiming {
  path: string;
  texts: number;
  service_ms: ReturnType<typeof percentiles>;
  floor_ms: ReturnType<typeof percentiles>;
  /** Median service time over median floor time. */
  ratio: number;
}

async function timed<T>(work: () => Promise<T>): Promise<[number, T]> {
  const start = process.hrtime.bigint();
  const result = await work();
  return [Number(process.hrtime.bigint() - start) / 1e6, result];
}

/** Times each text's search (twice, the first warming its pages) against the floor, and groups by path. */
export async function timeRetrievalPaths(
  ds: DataSource,
  similar: SimilarWorkOrdersService,
  classifier: ProblemClassifier,
  clientId: string,
  texts: RetrievalText[],
): Promise<PathTiming[]> {
  const byPath = new Map<string, { service: number[]; floor: number[] }>();
  for (const t of texts) {
    const query: SimilarityQuery = {
      clientId,
      text: t.text,
      unitKey: t.unitKey ?? null,
      assetKey: null,
      propertyKey: t.propertyKey ?? null,
      locationKey: null,
      customerKey: null,
      problemIds: classifier.candidates(t.text).map((c) => c.problemId),
      excludeWorkOrderId: null,
      now: new Date(),
    };
    await similar.search(query);
    await ds.query(FLOOR_SQL, [clientId, t.text]);
    // Alternated, so cache warmth and background load fall on both alike.
    const [service, { path }] = await timed(() => similar.search(query));
    const [floor] = await timed(() => ds.query(FLOOR_SQL, [clientId, t.text]));
    const entry = byPath.get(path) ?? { service: [], floor: [] };
    entry.service.push(service);
    entry.floor.push(floor);
    byPath.set(path, entry);
  }
  return [...byPath.entries()]
    .map(([path, { service, floor }]) => {
      const s = percentiles(service);
      const f = percentiles(floor);
      return { path, texts: service.length, service_ms: s, floor_ms: f, ratio: Math.round((s.p50 / Math.max(f.p50, 0.001)) * 10) / 10 };
    })
    .sort((a, b) => b.texts - a.texts);
}

/** Size and vacuum state of work_orders, so runs on differently aged tables are not compared blindly. */
export async function tableState(ds: DataSource): Promise<Record<string, unknown>> {
  const [row] = await ds.query(`
    SELECT n_live_tup::bigint AS live, n_dead_tup::bigint AS dead,
      pg_size_pretty(pg_total_relation_size('work_orders')) AS total_size,
      last_vacuum, last_autovacuum, last_analyze, last_autoanalyze
    FROM pg_stat_user_tables WHERE relname = 'work_orders'`);
  return row ?? {};
}
