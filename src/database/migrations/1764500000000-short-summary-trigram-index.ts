import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The trigram index holds short summaries only. The trigram fallback serves short texts (up to
 * 45 characters) that read as no known problem, about 2% of enrich requests, and accepts a
 * ticket from similarity 0.45. pg_trgm's similarity is shared trigrams over all trigrams of
 * both, and a text of n characters has at most n + 1 trigrams, so a 45-character text reaches
 * 0.45 only with summaries of at most 102 trigrams: about 104 characters unless a summary
 * repeats itself. Longer summaries (half of the real requests measured, and most of their
 * trigrams) were indexed for nothing: on every import and every recorded enrich the trigram
 * index was the costliest part of writing a row (BENCHMARKS.md, issue 23).
 */
export class ShortSummaryTrigramIndex1764500000000 implements MigrationInterface {
  name = 'ShortSummaryTrigramIndex1764500000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(
      `CREATE INDEX idx_work_orders_client_short_summary_trgm ON work_orders USING gin (client_id, summary gin_trgm_ops) WHERE length(summary) <= 104`,
    );
    await q.query(`DROP INDEX idx_work_orders_client_summary_trgm`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`CREATE INDEX idx_work_orders_client_summary_trgm ON work_orders USING gin (client_id, summary gin_trgm_ops)`);
    await q.query(`DROP INDEX idx_work_orders_client_short_summary_trgm`);
  }
}
