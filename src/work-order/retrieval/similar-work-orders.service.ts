import { Inject, Injectable } from '@nestjs/common';
import { WOI_DATA_SOURCE } from '../../common/persistence';
import { LRUCache } from 'lru-cache';
import { DataSource, QueryRunner } from 'typeorm';
import { readFromReplica } from '../../database/replica-reads';
import { RetrievalStep, serviceMetrics } from '../../metrics/service-metrics';
import { LexemeFrequencies } from './lexeme-frequencies';
import { FULL_MATCH_TERMS, keyTerms, minimumMatchedTerms } from './query-terms';
import { similarityScore } from './similarity';
import { selectList } from '../history/work-order-columns';
import { FINISHED_STATUSES } from '../history/work-order-fields';

/** The incoming work order, as retrieval sees it. */
export interface SimilarityQuery {
  clientId: string;
  /** Title and issue description of the incoming work order. */
  text: string;
  unitKey: string | null;
  assetKey: string | null;
  propertyKey: string | null;
  locationKey: string | null;
  /** The caller's customer (the specification's client_id or client_number). */
  customerKey: string | null;
  /** Plausible knowledge-base problems of the incoming work order: tickets of these problems are similar. */
  problemIds: string[];
  /** The incoming work order's own id, never returned as similar to itself. */
  excludeWorkOrderId: string | null;
  now: Date;
}

/** A past ticket of the same client, with its similarity to the incoming one. */
export interface SimilarWorkOrder {
  id: string;
  workOrderId: string;
  title: string | null;
  issueDescription: string;
  resolution: string | null;
  closingDescription: string | null;
  vendorComments: string | null;
  customerClientId: string | null;
  propertyId: number | null;
  unitId: number | null;
  location: string | null;
  asset: string | null;
  statusNorm: string;
  urgencyNorm: string | null;
  openedAt: Date | null;
  closedAt: Date | null;
  actualCost: number | null;
  estimatedCost: number | null;
  /** Sum of the amounts in the ticket's invoices. */
  invoiceTotal: number | null;
  assignedVendors: string | null;
  unitKey: string | null;
  assetKey: string | null;
  fixKey: string | null;
  fixLabel: string | null;
  /** The knowledge-base problem the ticket is about, when it was classified. */
  problemId: string | null;
  problemTrade: string | null;
  similarity: number;
}

/** Candidates fetched per search before scoring. */
const CANDIDATES = 200;
/** Context candidates (same unit, asset or property) fetched first, so a unit's history is never crowded out. */
const CONTEXT_CANDIDATES = 100;
/** Newest tickets fetched per plausible problem of the incoming work order. */
const PROBLEM_CANDIDATES = 100;
/**
 * Similar tickets returned: previous fixes are voted on by all of them (a request that names no
 * part needs many similar past requests to show what fixed them); averages and the relevant work
 * orders use the first `CONTEXT_LIMIT`. The statements fetch up to `PROBLEM_CANDIDATES` per
 * problem plus the context and full-text candidates whatever this is; 300 instead of 150 keeps more
 * of them for fix voting (tune relevance of eval:fixes 274 → 282 of 519, BENCHMARKS.md issue 20),
 * and sends up to twice the fixed tickets to the callback check.
 */
export const SIMILAR_LIMIT = 300;
/** The most similar tickets that averages, insights and relevant work orders are drawn from. */
export const CONTEXT_LIMIT = 50;
/**
 * Descriptions up to this length also get trigram matching (short titles, misspellings). The
 * trigram index holds the summaries such a text can reach the similarity bar with
 * (INDEXED_SUMMARY_LENGTH, migration 1764500000000).
 */
const TRIGRAM_MAX_LENGTH = 45;
/** Longest summary the trigram index holds; the statement repeats the index's condition so the planner can use it. */
const INDEXED_SUMMARY_LENGTH = 104;
const TRIGRAM_MIN_SIMILARITY = 0.45;
/** Trigram search runs only when the other searches found fewer similar tickets than this. */
const TRIGRAM_WHEN_FEWER_THAN = 10;
/**
 * The client-wide full-text search runs only when the bounded problem and context paths found
 * fewer similar tickets than this. Kept at the context size, not SIMILAR_LIMIT: below that it would
 * run on nearly every request, the statement that dominated SQL time at 1M rows (BENCHMARKS.md).
 */
const FULL_TEXT_WHEN_FEWER_THAN = CONTEXT_LIMIT;

/** The work_orders columns a candidate carries; checked against the entity when the module loads. */
const CANDIDATE_COLUMNS: ReadonlyArray<Exclude<keyof CandidateRow, 'term_count' | 'matched' | 'trigram'>> = [
  'id',
  'work_order_id',
  'title',
  'issue_description',
  'resolution',
  'closing_description',
  'vendor_comments',
  'customer_client_id',
  'property_id',
  'unit_id',
  'location',
  'asset',
  'status_norm',
  'urgency_norm',
  'opened_at',
  'closed_at',
  'actual_cost',
  'estimated_cost',
  'invoice_total',
  'assigned_vendors',
  'unit_key',
  'asset_key',
  'property_key',
  'location_key',
  'customer_key',
  'fix_key',
  'fix_label',
  'problem_id',
  'problem_trade',
];
const SELECT_COLUMNS = selectList('w', CANDIDATE_COLUMNS);

/**
 * The lexemes PostgreSQL's english configuration makes of each key term. Key terms are single
 * [a-z] words, so a text's lexemes are the union of its terms' (each word is one token of the
 * parser), and a term's are remembered (`TERM_LEXEMES`): most requests then need no statement for
 * them, where one per search (and another for `fixedOnParts`) used to stem the whole text.
 */
const TERM_LEXEMES_SQL = `
  SELECT t.term, array_remove(array_agg(v.lexeme), NULL) AS lexemes
  FROM unnest($1::text[]) AS t(term) LEFT JOIN LATERAL unnest(to_tsvector('english', t.term)) AS v ON true
  GROUP BY t.term`;
/** Key terms whose lexemes are remembered: the words of maintenance requests are a few thousand. */
const TERM_LEXEMES = 50_000;

/**
 * How many of the lexemes `$LEX` a ticket's vector contains: full-text search ranking within a
 * candidate set. Read as the vector's lexemes found in the array, not as one `@@ lexeme::tsquery`
 * per lexeme: casting every lexeme to a tsquery for every candidate cost 20-45 ms for 300
 * candidates of a 20-word request at 1M rows, the array lookup under 2 ms (BENCHMARKS.md, issue 23).
 */
const MATCHED = (lexemes: string) =>
  `cardinality(${lexemes}::text[]) AS term_count, (SELECT count(*) FROM unnest(tsvector_to_array(w.search)) AS lexeme WHERE lexeme = ANY(${lexemes}::text[]))::int AS matched`;

/**
 * Full-text candidates for a prepared tsquery (`$2`, 'simple' configuration over the search
 * lexemes), ranked by the weighted vector. The GIN index answers it, but its posting lists hold
 * every client's tickets, so its cost grows with the table: it runs only when the problem path
 * below found too little, and it ranks a bounded set: the first `$6` matching tickets the bitmap
 * scan reads, not every match (a long text in common words matched 14,000 of a 100k-ticket
 * client's rows, all ranked: 190 ms at 1M rows; BENCHMARKS.md, issue 23).
 */
const FULL_TEXT_SQL = `
  SELECT ${SELECT_COLUMNS}, ${MATCHED('$3')}, 0::float AS trigram
  FROM (
    SELECT * FROM work_orders w
    WHERE w.client_id = $1 AND w.search @@ to_tsquery('simple', $2) AND ($4::text IS NULL OR w.work_order_id <> $4)
    LIMIT $6
  ) w
  ORDER BY ts_rank(w.search, to_tsquery('simple', $2)) DESC
  LIMIT $5`;

/** Matching tickets the full-text fallback ranks at most. */
const RANKED_CANDIDATES = 1000;

/**
 * The newest tickets of each plausible problem of the incoming work order (`$2`), read in index
 * order: one bounded index scan per problem, so the cost follows the number of tickets returned,
 * not the size of the client's history. Across the client it reads (client_id, problem_id,
 * opened_at DESC); at one property (`$6`), (client_id, property_key, problem_id, opened_at DESC),
 * since a property's history can run to thousands of tickets.
 */
const SAME_PROBLEM_SQL = (atProperty: boolean) => `
  SELECT c.* FROM unnest($2::text[]) AS p(problem_id)
  CROSS JOIN LATERAL (
    SELECT ${SELECT_COLUMNS}, ${MATCHED('$5')}, 0::float AS trigram
    FROM work_orders w
    WHERE w.client_id = $1 AND w.problem_id = p.problem_id AND ($4::text IS NULL OR w.work_order_id <> $4)
      ${atProperty ? 'AND w.property_key = $6' : ''}
    ORDER BY w.opened_at DESC
    LIMIT $3
  ) c`;

/**
 * The newest tickets of the same unit or asset that are about one of the problems or share key
 * terms, through the btree indexes on those keys: bounded by that unit's or asset's history.
 */
const SAME_UNIT_OR_ASSET_SQL = `
  SELECT ${SELECT_COLUMNS}, ${MATCHED('$3')}, 0::float AS trigram
  FROM work_orders w
  WHERE w.client_id = $1 AND (w.unit_key = $6 OR w.asset_key = $7)
    AND (w.problem_id = ANY($8::text[]) OR w.search @@ to_tsquery('simple', $2)) AND ($4::text IS NULL OR w.work_order_id <> $4)
  ORDER BY w.opened_at DESC
  LIMIT $5`;

/**
 * The newest finished tickets of each fix key (`$2`) of the client: the fixes of the parts a
 * request names, whatever problem their tickets were filed under (`fixedOnParts`). One bounded
 * read per key of (client_id, fix_key, opened_at DESC) (migration 1764600000000), so the cost
 * follows the keys asked for and `$6`, never the client's history.
 */
const FIXED_WITH_KEYS_SQL = `
  SELECT c.* FROM unnest($2::text[]) AS k(fix_key)
  CROSS JOIN LATERAL (
    SELECT ${SELECT_COLUMNS}, ${MATCHED('$5')}, 0::float AS trigram
    FROM work_orders w
    WHERE w.client_id = $1 AND w.fix_key = k.fix_key AND w.status_norm = ANY($3::text[]) AND ($4::text IS NULL OR w.work_order_id <> $4)
    ORDER BY w.opened_at DESC
    LIMIT $6
  ) c`;

/** Newest finished tickets read per fix key of a part the request names. */
export const TICKETS_PER_FIX_KEY = 10;

/**
 * A tsquery a candidate must satisfy: any lexeme when there are one or two, otherwise any two
 * (an OR of all pairs, which the GIN index answers without touching tickets that share only
 * one common word with the incoming one).
 */
export function candidateQuery(lexemes: string[]): string {
  if (lexemes.length <= 2) return lexemes.join(' | ');
  const pairs: string[] = [];
  for (let i = 0; i < lexemes.length; i++) for (let j = i + 1; j < lexemes.length; j++) pairs.push(`(${lexemes[i]} & ${lexemes[j]})`);
  return pairs.join(' | ');
}

/** Text match credited to a ticket of the same knowledge-base problem, whatever words it used. */
const SAME_PROBLEM_MATCH = 0.8;

const TRIGRAM_SQL = `
  SELECT ${SELECT_COLUMNS}, 0 AS term_count, 0 AS matched, similarity(w.summary, $2) AS trigram
  FROM work_orders w
  WHERE w.client_id = $1 AND length(w.summary) <= ${INDEXED_SUMMARY_LENGTH} AND w.summary % $2 AND ($4::text IS NULL OR w.work_order_id <> $4)
  ORDER BY w.summary <-> $2
  LIMIT $3`;

/**
 * The trigram search with pg_trgm's `%` threshold raised to the similarity scoring accepts: the
 * client-scoped GIN index then hands over only tickets sharing that many trigrams. At the default
 * 0.3 a short text made it recheck 6,000-18,000 of a 100k-ticket client's rows (0.3-0.6 s); at
 * 0.45, 15-4,100 (BENCHMARKS.md). Tickets between 0.3 and 0.45 were never accepted on trigram
 * evidence anyway. The setting is transaction-local, so it never leaks to the pooled connection.
 */
async function trigramMatches(runner: QueryRunner, params: unknown[]): Promise<CandidateRow[]> {
  const ownTransaction = !runner.isTransactionActive;
  if (ownTransaction) await runner.startTransaction();
  try {
    await runner.query(`SELECT set_config('pg_trgm.similarity_threshold', $1, true)`, [String(TRIGRAM_MIN_SIMILARITY)]);
    const rows: CandidateRow[] = await runner.query(TRIGRAM_SQL, params);
    if (ownTransaction) await runner.commitTransaction();
    return rows;
  } catch (e) {
    if (ownTransaction) await runner.rollbackTransaction().catch(() => undefined);
    throw e;
  }
}

interface CandidateRow {
  id: string;
  work_order_id: string;
  title: string | null;
  issue_description: string;
  resolution: string | null;
  closing_description: string | null;
  vendor_comments: string | null;
  customer_client_id: string | null;
  property_id: string | null;
  unit_id: string | null;
  location: string | null;
  asset: string | null;
  status_norm: string;
  urgency_norm: string | null;
  opened_at: Date | null;
  closed_at: Date | null;
  actual_cost: string | null;
  estimated_cost: string | null;
  invoice_total: string | null;
  assigned_vendors: string | null;
  unit_key: string | null;
  asset_key: string | null;
  property_key: string | null;
  location_key: string | null;
  customer_key: string | null;
  fix_key: string | null;
  fix_label: string | null;
  problem_id: string | null;
  problem_trade: string | null;
  term_count: number;
  matched: number;
  trigram: number;
}

const num = (v: string | null) => (v === null ? null : Number(v));

/** The similar tickets of a search and the statements it ran (`problem+full_text`, ...; `none` when it ran none). */
export interface SimilarSearch {
  tickets: SimilarWorkOrder[];
  path: string;
}

/** Finds the calling client's past work orders most similar to an incoming one. */
@Injectable()
export class SimilarWorkOrdersService {
  private readonly frequencies = new LexemeFrequencies();
  private readonly termLexemes = new LRUCache<string, string[]>({ max: TERM_LEXEMES });

  constructor(@Inject(WOI_DATA_SOURCE) private readonly dataSource: DataSource) {}

  /** Reads a replica when there is one: the incoming order is recorded after retrieval, so lag cannot hide it. */
  async find(query: SimilarityQuery): Promise<SimilarWorkOrder[]> {
    return (await this.search(query)).tickets;
  }

  /** Like `find`, with the path the search took (the X-Retrieval-Path header and the metrics). */
  async search(query: SimilarityQuery): Promise<SimilarSearch> {
    const steps: RetrievalStep[] = [];
    const tickets = await readFromReplica(this.dataSource, (runner) => this.findWith(runner, query, steps));
    const path = steps.length > 0 ? steps.join('+') : 'none';
    serviceMetrics.retrievalPaths.inc({ path });
    return { tickets, path };
  }

  /**
   * The client's newest finished tickets fixed with any of `fixKeys` (the wordings of the fixes of
   * the parts the request names, `ClientPartCounts.keysByPart`), up to `TICKETS_PER_FIX_KEY` per
   * key, less those in `known` (already retrieved). They are similar by the part their fix works
   * on, not by their words: scored as the other candidates, but never left out for sharing too few.
   */
  async fixedOnParts(query: SimilarityQuery, fixKeys: readonly string[], known: ReadonlySet<string>): Promise<SimilarWorkOrder[]> {
    if (fixKeys.length === 0) return [];
    const rows = await readFromReplica(this.dataSource, async (runner) => {
      const terms = keyTerms(query.text);
      const lexemes = terms.length > 0 ? await this.lexemesOf(runner, terms) : [];
      const end = serviceMetrics.retrievalStatements.startTimer({ step: 'named_part' });
      try {
        return (await runner.query(FIXED_WITH_KEYS_SQL, [
          query.clientId,
          fixKeys,
          FINISHED_STATUSES,
          query.excludeWorkOrderId,
          lexemes,
          TICKETS_PER_FIX_KEY,
        ])) as CandidateRow[];
      } finally {
        end();
      }
    });
    return rows.filter((r) => !known.has(r.id)).map((r) => this.toSimilar(r, query));
  }

  private async findWith(runner: QueryRunner, query: SimilarityQuery, steps: RetrievalStep[]): Promise<SimilarWorkOrder[]> {
    // Each statement is timed by step, so an operator sees which one grows with the table.
    const run = async <T>(step: RetrievalStep, statement: () => Promise<T>): Promise<T> => {
      steps.push(step);
      const end = serviceMetrics.retrievalStatements.startTimer({ step });
      try {
        return await statement();
      } finally {
        end();
      }
    };
    const terms = keyTerms(query.text);
    const candidates = new Map<string, CandidateRow>();
    // A ticket found by several searches keeps the best evidence of each.
    const keep = (rows: CandidateRow[]) =>
      rows.forEach((r) => {
        const seen = candidates.get(r.id);
        candidates.set(
          r.id,
          seen
            ? {
                ...r,
                term_count: Math.max(seen.term_count, r.term_count),
                matched: Math.max(seen.matched, r.matched),
                trigram: Math.max(seen.trigram, r.trigram),
              }
            : r,
        );
      });

    const lexemes = terms.length > 0 ? await this.lexemesOf(runner, terms) : [];
    // Tickets must share rarer words: the most common ones of the table, and past the
    // SEARCH_LEXEMES rarest, are left out of the tsquery (still counted when scoring).
    const tsquery = lexemes.length > 0 ? candidateQuery(await this.frequencies.searchLexemes(lexemes, runner)) : null;
    const similarSoFar = () => [...candidates.values()].filter((r) => this.textSimilar(r, query)).length;

    // Cost follows the answer: the problem and context paths are bounded btree reads; full-text
    // search over the client's whole history runs only when they found too little.
    if (query.problemIds.length > 0)
      keep(
        await run('problem', () =>
          runner.query(SAME_PROBLEM_SQL(false), [query.clientId, query.problemIds, PROBLEM_CANDIDATES, query.excludeWorkOrderId, lexemes]),
        ),
      );
    if ((query.unitKey || query.assetKey) && (tsquery || query.problemIds.length > 0))
      keep(
        await run('unit_or_asset', () =>
          runner.query(SAME_UNIT_OR_ASSET_SQL, [
            query.clientId,
            tsquery,
            lexemes,
            query.excludeWorkOrderId,
            CONTEXT_CANDIDATES,
            query.unitKey,
            query.assetKey,
            query.problemIds,
          ]),
        ),
      );
    if (query.propertyKey && query.problemIds.length > 0)
      keep(
        await run('property', () =>
          runner.query(SAME_PROBLEM_SQL(true), [query.clientId, query.problemIds, CONTEXT_CANDIDATES, query.excludeWorkOrderId, lexemes, query.propertyKey]),
        ),
      );
    if (tsquery && similarSoFar() < FULL_TEXT_WHEN_FEWER_THAN)
      keep(
        await run('full_text', () => runner.query(FULL_TEXT_SQL, [query.clientId, tsquery, lexemes, query.excludeWorkOrderId, CANDIDATES, RANKED_CANDIDATES])),
      );
    // Trigram similarity costs a comparison per row: use it only where stemming falls short, on
    // short texts (titles, misspellings) that the other searches matched poorly, and only when the
    // text reads as no known problem: the problem classifier already reads misspelled complaints
    // ("toilit clogd"), and a client without tickets of the problem gets nothing from trigrams that
    // the problem filter of the history would keep.
    const shortText = query.text.trim().toLowerCase();
    const trigramMayHelp = query.problemIds.length === 0 && shortText.length > 0 && shortText.length <= TRIGRAM_MAX_LENGTH;
    if (trigramMayHelp && similarSoFar() < TRIGRAM_WHEN_FEWER_THAN) {
      keep(await run('trigram', () => trigramMatches(runner, [query.clientId, shortText, SIMILAR_LIMIT, query.excludeWorkOrderId])));
    }
    return [...candidates.values()]
      .map((row) => this.score(row, query))
      .filter((s): s is SimilarWorkOrder => s !== undefined)
      .sort((a, b) => b.similarity - a.similarity || (b.openedAt?.getTime() ?? 0) - (a.openedAt?.getTime() ?? 0))
      .slice(0, SIMILAR_LIMIT);
  }

  /**
   * The distinct lexemes of the key terms, sorted (as the database's C ordering of [a-z0-9] words);
   * lexemes of [a-z] words are [a-z] words, and the filter keeps the tsquery text safe regardless.
   */
  private async lexemesOf(runner: QueryRunner, terms: string[]): Promise<string[]> {
    // Read into a map of this request's own, so a term remembered now cannot be evicted by the
    // ones stored after the statement before it is used.
    const byTerm = new Map(terms.map((term) => [term, this.termLexemes.get(term)]));
    const unknown = terms.filter((term) => byTerm.get(term) === undefined);
    if (unknown.length > 0) {
      const rows: { term: string; lexemes: string[] }[] = await runner.query(TERM_LEXEMES_SQL, [unknown]);
      for (const { term, lexemes } of rows) {
        this.termLexemes.set(term, lexemes);
        byTerm.set(term, lexemes);
      }
    }
    const lexemes = new Set([...byTerm.values()].flatMap((l) => l ?? []));
    return [...lexemes].filter((l) => /^[a-z0-9]+$/.test(l)).sort();
  }

  /** Whether a candidate is about the same problem or shares enough key terms to be similar. */
  private textSimilar(row: CandidateRow, query: SimilarityQuery): boolean {
    const sameProblem = row.problem_id !== null && query.problemIds.includes(row.problem_id);
    return sameProblem || (row.term_count > 0 && row.matched >= minimumMatchedTerms(row.term_count)) || row.trigram >= TRIGRAM_MIN_SIMILARITY;
  }

  /** Share of the key terms a candidate matched (full at `FULL_MATCH_TERMS`), at least `SAME_PROBLEM_MATCH` for a ticket of a plausible problem. */
  private termMatch(row: CandidateRow, query: SimilarityQuery): number {
    const sameProblem = row.problem_id !== null && query.problemIds.includes(row.problem_id);
    return Math.max(row.term_count > 0 ? Math.min(1, row.matched / Math.min(row.term_count, FULL_MATCH_TERMS)) : 0, sameProblem ? SAME_PROBLEM_MATCH : 0);
  }

  private score(row: CandidateRow, query: SimilarityQuery): SimilarWorkOrder | undefined {
    const termMatch = this.termMatch(row, query);
    if (!this.textSimilar(row, query)) return undefined;
    return this.toSimilar(row, query, termMatch);
  }

  /** A candidate as a similar ticket, scored by its text match (`termMatch`: by default its share of the key terms) and context. */
  private toSimilar(row: CandidateRow, query: SimilarityQuery, termMatch = this.termMatch(row, query)): SimilarWorkOrder {
    const context = {
      sameUnit: query.unitKey !== null && row.unit_key === query.unitKey,
      sameAsset: query.assetKey !== null && row.asset_key === query.assetKey,
      sameProperty: query.propertyKey !== null && row.property_key === query.propertyKey,
      sameLocation: query.locationKey !== null && row.location_key === query.locationKey,
      sameCustomer: query.customerKey !== null && row.customer_key === query.customerKey,
    };
    return {
      id: row.id,
      workOrderId: row.work_order_id,
      title: row.title,
      issueDescription: row.issue_description,
      resolution: row.resolution,
      closingDescription: row.closing_description,
      vendorComments: row.vendor_comments,
      customerClientId: row.customer_client_id,
      propertyId: num(row.property_id),
      unitId: num(row.unit_id),
      location: row.location,
      asset: row.asset,
      statusNorm: row.status_norm,
      urgencyNorm: row.urgency_norm,
      openedAt: row.opened_at,
      closedAt: row.closed_at,
      actualCost: num(row.actual_cost),
      estimatedCost: num(row.estimated_cost),
      invoiceTotal: num(row.invoice_total),
      assignedVendors: row.assigned_vendors,
      unitKey: row.unit_key,
      assetKey: row.asset_key,
      fixKey: row.fix_key,
      fixLabel: row.fix_label,
      problemId: row.problem_id,
      problemTrade: row.problem_trade,
      similarity: similarityScore(Math.max(termMatch, Number(row.trigram)), context, row.opened_at, query.now),
    };
  }
}
