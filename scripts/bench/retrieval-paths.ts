/**
 * Retrieval by path, for the history benchmark: the service's similar-ticket search
 * (SimilarWorkOrdersService.find) beside PostgreSQL's own floor for the same text, the caller's
 * ranked full-text top 10, timed alternately in one run and reported as a ratio.
 */
import type { DataSource } from 'typeorm';
import { propertyKeyOf, unitKeyOf } from '../../src/work-order/history/history-row';
import type { ProblemClassifier } from '../../src/work-order/history/problem-classifier';
import type { SimilarityQuery, SimilarWorkOrdersService } from '../../src/work-order/retrieval/similar-work-orders.service';

/** The kinds of text retrieval must handle; each costs the database differently. */
export const RETRIEVAL_PATHS: { path: string; text: string; unitKey?: string | null; propertyKey?: string | null }[] = [
  { path: 'common complaint', text: 'Kitchen sink leaking under the cabinet' },
  { path: 'rare complaint', text: 'elevator stuck between floors, alarm bell ringing' },
  { path: 'short misspelled', text: 'toilit clogd' },
  // Reads as no knowledge-base problem, so it takes the full-text and trigram fallbacks.
  { path: 'short, no known problem', text: 'wifi router' },
  { path: 'with unit context', text: 'No heat in the apartment, thermostat set to 72', unitKey: unitKeyOf({ unit_id: 1001010 }) },
  { path: 'with property context', text: 'front door deadbolt stuck', propertyKey: propertyKeyOf({ property_id: 1004 }) },
];

const FLOOR_SQL = `
  SELECT id, ts_rank(search, q) AS rank
  FROM work_orders, plainto_tsquery('english', $2) q
  WHERE client_id = $1 AND search @@ q
  ORDER BY rank DESC LIMIT 10`;

export interface PathTiming {
  path: string;
  service_p50_ms: number;
  floor_p50_ms: number;
  ratio: number;
  found: number;
  /** Plausible problems the classifier gave the text (0: the fallback paths alone). */
  problems: number;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

async function timed(work: () => Promise<unknown>): Promise<number> {
  const start = process.hrtime.bigint();
  await work();
  return Number(process.hrtime.bigint() - start) / 1e6;
}

/** Times each path with the plausible problems the service would pass for its text. */
export async function timeRetrievalPaths(
  ds: DataSource,
  similar: SimilarWorkOrdersService,
  classifier: ProblemClassifier,
  clientId: string,
  samples = 40,
): Promise<PathTiming[]> {
  const results: PathTiming[] = [];
  for (const p of RETRIEVAL_PATHS) {
    const query: SimilarityQuery = {
      clientId,
      text: p.text,
      unitKey: p.unitKey ?? null,
      assetKey: null,
      propertyKey: p.propertyKey ?? null,
      locationKey: null,
      customerKey: null,
      problemIds: classifier.candidates(p.text).map((c) => c.problemId),
      excludeWorkOrderId: null,
      now: new Date(),
    };
    const service: number[] = [];
    const floor: number[] = [];
    let found = 0;
    for (let i = 0; i < samples; i++) {
      // Alternated, so cache warmth and background load fall on both alike.
      service.push(await timed(async () => (found = (await similar.find(query)).length)));
      floor.push(await timed(() => ds.query(FLOOR_SQL, [clientId, p.text])));
    }
    const s = median(service);
    const f = median(floor);
    results.push({ path: p.path, service_p50_ms: s, floor_p50_ms: f, ratio: s / Math.max(f, 0.001), found, problems: query.problemIds.length });
  }
  return results;
}

/** The table's state, which moves retrieval times by about 2× (vacuum, dead rows, size). */
export async function tableState(ds: DataSource): Promise<Record<string, unknown>> {
  const [row] = await ds.query(`
    SELECT n_live_tup::bigint AS live_rows, n_dead_tup::bigint AS dead_rows,
           last_vacuum, last_autovacuum, last_analyze, last_autoanalyze,
           pg_size_pretty(pg_total_relation_size('work_orders')) AS total_size
    FROM pg_stat_user_tables WHERE relname = 'work_orders'`);
  return row ?? {};
}
