import { Inject, Injectable } from '@nestjs/common';
import { bulkhead } from 'cockatiel';
import { WOI_DATA_SOURCE } from '../../common/persistence';
import { DataSource } from 'typeorm';
import { readFromReplica } from '../../database/replica-reads';
import { FINISHED_STATUSES } from '../history/work-order-fields';
import { FixRelevance } from './fix-relevance';
import type { PartCounts } from './previous-fixes';

/** How often each part was repaired in a client's finished tickets, per trade of the ticket's problem ('' when it has none). */
export type PartCountsByTrade = ReadonlyMap<string, PartCounts>;

/** A client's part counts: per trade, and per equipment kind its requests name (fix-notes.json `equipment_kinds`). */
export interface ClientPartCounts {
  byTrade: PartCountsByTrade;
  byEquipment: ReadonlyMap<string, PartCounts>;
  /**
   * Per part (`FixRelevance.partStem`), the fix keys of the client's finished tickets that work on
   * it, most often written first, at most `KEYS_PER_PART`: what a request naming the part looks up
   * (`SimilarWorkOrdersService.fixedOnParts`), whatever problem those tickets were filed under.
   */
  keysByPart: ReadonlyMap<string, readonly string[]>;
}

/**
 * Fix keys kept per part. A part's repairs are written a few dozen ways in a big history, most of
 * them once; the most frequent wordings hold most of its tickets, and each key kept is one bounded
 * index read per request naming the part.
 */
export const KEYS_PER_PART = 12;

/**
 * One aggregate over the client's finished fixed tickets. It reads all of the client's rows, so it
 * is not run per request: the answer is kept per client for `FIX_COUNTS_TTL_MS`, and dropped when
 * this instance imports rows of the client (another instance may use its counts until they
 * expire). Frequencies of a history of thousands of tickets barely move within that time, and the
 * fixes shown are still chosen from the tickets retrieved for the request; these counts only order
 * them.
 *
 * The same pass tells which equipment kinds each ticket's request names: the request's words are
 * the vector's weight-A lexemes (title and issue description, migration 1763900000000), matched
 * against each kind's phrases (`$3`, of kind `$4`; every word of a phrase, as `FixRelevance`
 * matches the incoming request). A ticket naming two kinds counts for both.
 */
const FIX_COUNTS_SQL = `
  WITH kinds AS MATERIALIZED (
    SELECT k.kind, plainto_tsquery('english', k.phrase) AS q
    FROM unnest($3::text[], $4::text[]) AS k(phrase, kind)
  )
  SELECT coalesce(w.problem_trade, '') AS trade, w.fix_key,
    ARRAY(SELECT DISTINCT kinds.kind FROM kinds WHERE numnode(kinds.q) > 0 AND r.request @@ kinds.q ORDER BY 1) AS equipment,
    count(*)::int AS n
  FROM work_orders w CROSS JOIN LATERAL (SELECT ts_filter(w.search, '{a}') AS request) r
  WHERE w.client_id = $1 AND w.fix_key IS NOT NULL AND w.status_norm = ANY($2::text[])
  GROUP BY 1, 2, 3`;

/** How long a client's counts are used before they are read again (in the background). */
export const FIX_COUNTS_TTL_MS = 10 * 60_000;
/**
 * How long a request waits for a client's first counts. The aggregate reads every finished ticket
 * of the client: a few milliseconds for thousands of tickets, but 1.9 s for a 100k-ticket client
 * of a 1M-row table with a cold cache (issue 23). Past this wait the request orders its fixes by
 * the retrieved tickets alone, and the counts arrive for the next ones.
 */
export const FIRST_READ_WAIT_MS = 100;
/** Clients whose counts are kept at once; the least recently read is dropped first. */
const MAX_CACHED_CLIENTS = 500;
/**
 * Counts read at once; the others queue. Each read holds a pooled connection for as long as the
 * aggregate runs (seconds for a big client), so after a restart the first requests of many clients
 * would otherwise take the whole pool and leave enrich's own statements waiting for a connection.
 */
export const CONCURRENT_READS = 2;

const NO_COUNTS: ClientPartCounts = { byTrade: new Map(), byEquipment: new Map(), keysByPart: new Map() };

interface Entry {
  at: number;
  counts?: ClientPartCounts;
  reading?: Promise<ClientPartCounts>;
}

/**
 * A client's part counts per trade, read at most once per `FIX_COUNTS_TTL_MS` per instance and
 * never waited for long: expired counts are served while fresh ones are read in the background.
 * Fix keys are reduced to their part (`FixRelevance.partStem`) as they are read, so what is kept
 * grows with the parts a client repairs (hundreds), not with the ways its technicians wrote the
 * fixes (only the `KEYS_PER_PART` most frequent wordings of each part are kept). A failed read orders by the retrieved tickets alone and is tried again on the next request.
 */
@Injectable()
export class FixFrequencyRepository {
  private readonly cache = new Map<string, Entry>();
  private readonly reads = bulkhead(CONCURRENT_READS, MAX_CACHED_CLIENTS);

  constructor(
    @Inject(WOI_DATA_SOURCE) private readonly dataSource: DataSource,
    private readonly relevance: FixRelevance,
  ) {}

  /** The client's part counts per trade. */
  partCountsByTrade(clientId: string, now = Date.now()): Promise<PartCountsByTrade> {
    return this.partCounts(clientId, now).then((counts) => counts.byTrade);
  }

  /** The client's part counts per trade and per equipment kind. */
  partCounts(clientId: string, now = Date.now()): Promise<ClientPartCounts> {
    const entry = this.cache.get(clientId) ?? { at: now };
    // Re-inserted so the Map's order is least recently read first.
    this.cache.delete(clientId);
    this.cache.set(clientId, entry);
    while (this.cache.size > MAX_CACHED_CLIENTS) this.cache.delete(this.cache.keys().next().value!);
    if (entry.counts && now - entry.at < FIX_COUNTS_TTL_MS) return Promise.resolve(entry.counts);
    const reading = (entry.reading ??= this.refresh(clientId, entry, now));
    if (entry.counts) return Promise.resolve(entry.counts);
    return Promise.race([reading, new Promise<ClientPartCounts>((resolve) => setTimeout(() => resolve(NO_COUNTS), FIRST_READ_WAIT_MS).unref())]);
  }

  /** Drops a client's counts (after an import), so the next request reads them again. */
  forget(clientId: string): void {
    this.cache.delete(clientId);
  }

  private refresh(clientId: string, entry: Entry, startedAt: number): Promise<ClientPartCounts> {
    return this.read(clientId).then(
      (counts) => {
        Object.assign(entry, { at: startedAt, counts, reading: undefined });
        return counts;
      },
      () => {
        entry.reading = undefined;
        return entry.counts ?? NO_COUNTS;
      },
    );
  }

  private async read(clientId: string): Promise<ClientPartCounts> {
    const { phrases, kinds } = this.relevance.equipmentPhrases();
    const rows: { trade: string; fix_key: string; equipment?: string[] | null; n: number }[] = await this.reads.execute(() =>
      readFromReplica(this.dataSource, (runner) => runner.query(FIX_COUNTS_SQL, [clientId, FINISHED_STATUSES, phrases, kinds])),
    );
    const byTrade = new Map<string, { counts: Map<string, number>; total: number }>();
    const byEquipment = new Map<string, { counts: Map<string, number>; total: number }>();
    const add = (side: Map<string, { counts: Map<string, number>; total: number }>, key: string, part: string | undefined, n: number) => {
      const entry = side.get(key) ?? { counts: new Map<string, number>(), total: 0 };
      // Every fixed ticket counts in the total, also those whose fix names no particular part.
      entry.total += n;
      if (part !== undefined) entry.counts.set(part, (entry.counts.get(part) ?? 0) + n);
      side.set(key, entry);
    };
    const keysOfPart = new Map<string, Map<string, number>>();
    for (const r of rows) {
      const n = Number(r.n);
      const part = this.relevance.partStem(r.fix_key);
      add(byTrade, r.trade, part, n);
      for (const kind of r.equipment ?? []) add(byEquipment, kind, part, n);
      if (part === undefined) continue;
      const keys = keysOfPart.get(part) ?? new Map<string, number>();
      keysOfPart.set(part, keys.set(r.fix_key, (keys.get(r.fix_key) ?? 0) + n));
    }
    const keysByPart = new Map(
      [...keysOfPart].map(([part, keys]) => [
        part,
        [...keys]
          .sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))
          .slice(0, KEYS_PER_PART)
          .map(([key]) => key),
      ]),
    );
    return { byTrade, byEquipment, keysByPart };
  }
}
