/** A lexeme in more than this share of the table's tickets is too common to select candidates by. */
export const COMMON_LEXEME_SHARE = 0.05;
/** The rarest lexemes a candidate search pairs up (at most 15 pairs). */
export const SEARCH_LEXEMES = 6;
/** How long the statistics are used before they are read again. */
const REFRESH_MS = 10 * 60_000;

/**
 * The share of tickets holding each of the table's most common lexemes, from PostgreSQL's own
 * statistics of the search vector (ANALYZE keeps them in pg_stats; autovacuum refreshes them).
 * Lexemes outside that list are rarer than every lexeme in it. Per table, not per client: the
 * statistics cost nothing to read, and a word common to every portfolio ("leak", "unit") is
 * common in each client's history too.
 */
const FREQUENCIES_SQL = `
  SELECT most_common_elems::text::text[] AS elems, most_common_elem_freqs AS freqs
  FROM pg_stats
  WHERE tablename = 'work_orders' AND attname = 'search' AND schemaname = ANY (current_schemas(false))
  LIMIT 1`;

/**
 * Where the statistics are read: the connection the search already holds. Reading them through
 * the pool instead deadlocked a burst larger than the pool: every request held its connection
 * while waiting for the one read, which waited for a free connection (test/e2e/pool-burst).
 */
export interface StatisticsSource {
  query(sql: string): Promise<unknown>;
}

type StatisticsRow = { elems: string[] | null; freqs: number[] | null };

export class LexemeFrequencies {
  private shares = new Map<string, number>();
  private readAt = -Infinity;
  private reading?: Promise<void>;

  /**
   * The lexemes to select candidates by: the rarest `SEARCH_LEXEMES` that are not common, or the
   * two rarest when fewer than two are uncommon. Without statistics (a new table), all of them
   * up to the cap, in their own order. `source` reads the statistics when they are due.
   */
  async searchLexemes(lexemes: string[], source: StatisticsSource): Promise<string[]> {
    await this.fresh(source);
    const share = (l: string) => this.shares.get(l) ?? 0;
    const byRarity = [...lexemes].sort((a, b) => share(a) - share(b));
    const uncommon = byRarity.filter((l) => share(l) <= COMMON_LEXEME_SHARE);
    return (uncommon.length >= 2 ? uncommon : byRarity.slice(0, 2)).slice(0, SEARCH_LEXEMES);
  }

  /** Reads the statistics when they are older than REFRESH_MS; a failed read keeps the last ones. */
  private fresh(source: StatisticsSource): Promise<void> {
    if (Date.now() - this.readAt < REFRESH_MS) return Promise.resolve();
    this.reading ??= source
      .query(FREQUENCIES_SQL)
      .then((rows) => {
        const { elems, freqs } = (rows as StatisticsRow[])[0] ?? { elems: null, freqs: null };
        this.shares = new Map((elems ?? []).map((lexeme, i) => [lexeme, Number(freqs?.[i] ?? 0)]));
      })
      .catch(() => undefined)
      .finally(() => {
        this.readAt = Date.now();
        this.reading = undefined;
      });
    return this.reading;
  }
}
