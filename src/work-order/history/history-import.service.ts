import { Injectable, Optional } from '@nestjs/common';
import { plainToInstance } from 'class-transformer';
import { validateSync } from 'class-validator';
import type { ErrorDetail } from '../../common/app-error';
import { compileAcceptance } from '../../common/compiled-validation';
import { blankAsAbsentProperties, trimmedTextProperties } from '../../common/field.decorators';
import { MAX_JSON_DEPTH, nestedDeeperThan, stripPrototypeKeys } from '../../common/untrusted-json';
import { flattenValidationErrors } from '../../common/validation.pipe';
import { EnrichWorkOrderDto, NOTE_MAX_CHARACTERS } from '../dto/enrich-work-order.dto';
import { ImportResultDto, ImportWarningDto, RejectedRowDto } from '../dto/import-result.dto';
import { FixNormalizer } from '../fixes/fix-normalizer';
import { FixFrequencyRepository } from '../fixes/fix-frequency.repository';
import { HistoryRow, toHistoryRow } from './history-row';
import { BulkWriteMode, HistoryRepository } from './history.repository';
import { ProblemClassifier } from './problem-classifier';
import { serviceMetrics } from '../../metrics/service-metrics';

/** One row as it arrived: its position, its source line when known, and the parsed value. */
export interface IncomingRow {
  index: number;
  line?: number;
  value: unknown;
}

/** A row that could not be parsed at all (e.g. broken JSON on an NDJSON line). */
export interface UnparsableRow {
  index: number;
  line?: number;
  error: string;
}

const MAX_REPORTED_REJECTIONS = 1000;
const MAX_REPORTED_WARNINGS = 1000;
/** The free-text notes a CMMS fills with technicians' logs; an import keeps their first 5,000 characters rather than refusing the row. */
const NOTE_FIELDS = ['closing_description', 'resolution', 'vendor_comments'] as const;

/**
 * Cuts notes longer than the field limit to their first NOTE_MAX_CHARACTERS characters (code
 * points, as the validator counts), in place, and says which were cut.
 */
export function truncateLongNotes(row: Record<string, unknown>): { field: string; message: string }[] {
  const cut: { field: string; message: string }[] = [];
  for (const field of NOTE_FIELDS) {
    const value = row[field];
    if (typeof value !== 'string' || value.length <= NOTE_MAX_CHARACTERS) continue;
    const chars = Array.from(value);
    if (chars.length <= NOTE_MAX_CHARACTERS) continue;
    row[field] = chars.slice(0, NOTE_MAX_CHARACTERS).join('');
    cut.push({ field, message: `${field} was ${chars.length} characters; stored truncated to the first ${NOTE_MAX_CHARACTERS}` });
  }
  return cut;
}

/** The import's fast path: accepts exactly the rows class-validator accepts, without its per-row overhead. */
const certainlyValid = compileAcceptance(EnrichWorkOrderDto);
const VALIDATION = { whitelist: true, forbidUnknownValues: true, stopAtFirstError: true };
/** The DTO's text properties that class-transformer trims: the one change it makes to a row the fast path accepts. */
const TRIMMED = trimmedTextProperties(EnrichWorkOrderDto);
/** Those whose blank text it reads as absent (the ISO dates). */
const BLANK_AS_ABSENT = blankAsAbsentProperties(EnrichWorkOrderDto);

/**
 * The row as `plainToInstance(EnrichWorkOrderDto, row)` reads it when the compiled check then
 * accepts it (every declared property a string, a number or null): a copy with the trimmed
 * properties trimmed (a blank date left out). class-transformer's generic work per key cost more per row than the
 * validation itself; any row this copy does not pass still goes through class-transformer and
 * class-validator. history-import-validation.spec.ts compares the two paths on generated rows.
 */
function flatCopy(row: Record<string, unknown>): EnrichWorkOrderDto {
  const copy: Record<string, unknown> = {};
  for (const key of Object.keys(row)) {
    const value = row[key];
    if (typeof value !== 'string' || !TRIMMED.has(key)) copy[key] = value;
    else if (value.trim() !== '' || !BLANK_AS_ABSENT.has(key)) copy[key] = value.trim();
  }
  return copy as unknown as EnrichWorkOrderDto;
}

/** Splits rows so no batch holds the same work_order_id twice (an upsert cannot touch a row twice). */
function withoutRepeats(rows: HistoryRow[]): HistoryRow[][] {
  const batches: HistoryRow[][] = [];
  const seen = new Map<string, number>();
  for (const row of rows) {
    const round = seen.get(row.work_order_id) ?? 0;
    seen.set(row.work_order_id, round + 1);
    (batches[round] ??= []).push(row);
  }
  return batches;
}

/** Running totals of an import, kept by whoever streams the rows in. */
export class ImportTally {
  readonly result: ImportResultDto = { received: 0, inserted: 0, updated: 0, unchanged: 0, rejected: 0, rejected_rows: [], warnings: [] };

  /** @param onReject sees every rejected row (the result keeps only the first 1,000). */
  constructor(private readonly onReject?: (row: RejectedRowDto) => void) {}

  reject(row: RejectedRowDto): void {
    this.result.rejected++;
    serviceMetrics.importRows.inc({ outcome: 'rejected' });
    if (this.result.rejected_rows.length < MAX_REPORTED_REJECTIONS) this.result.rejected_rows.push(row);
    this.onReject?.(row);
  }

  warn(warning: ImportWarningDto): void {
    if (this.result.warnings.length < MAX_REPORTED_WARNINGS) this.result.warnings.push(warning);
  }
}

/** Validates rows one by one and upserts the valid ones in batches; a bad row never blocks a good one. */
@Injectable()
export class HistoryImportService {
  constructor(
    private readonly repository: HistoryRepository,
    private readonly fixes: FixNormalizer,
    private readonly classifier: ProblemClassifier,
    // Absent in the command-line import, a process of its own whose counts nobody reads.
    @Optional() private readonly fixCounts?: FixFrequencyRepository,
  ) {}

  /** Validates one row; returns the stored shape or the reasons it is rejected. */
  prepare(value: unknown): { row: HistoryRow; warnings: { field: string; message: string }[] } | { errors: ErrorDetail[] } {
    if (typeof value !== 'object' || value === null || Array.isArray(value)) return { errors: [{ message: 'row must be a JSON object' }] };
    if (nestedDeeperThan(value, MAX_JSON_DEPTH)) return { errors: [{ message: `row is nested more than ${MAX_JSON_DEPTH} levels deep` }] };
    stripPrototypeKeys(value);
    const warnings = truncateLongNotes(value as Record<string, unknown>);
    const flat = flatCopy(value as Record<string, unknown>);
    if (certainlyValid(flat)) return { row: toHistoryRow(flat, this.fixes, this.classifier), warnings };
    const dto = plainToInstance(EnrichWorkOrderDto, value);
    if (!certainlyValid(dto)) {
      // Rejected rows (and anything the fast path cannot vouch for) get class-validator's own verdict and messages.
      const errors = validateSync(dto, VALIDATION);
      if (errors.length > 0) return { errors: flattenValidationErrors(errors) };
    }
    return { row: toHistoryRow(dto, this.fixes, this.classifier), warnings };
  }

  /**
   * Validates a batch: counts every row as received, tallies the rejected ones and returns the
   * valid rows ready to write.
   */
  prepareBatch(incoming: IncomingRow[], unparsable: UnparsableRow[], tally: ImportTally): HistoryRow[] {
    tally.result.received += incoming.length + unparsable.length;
    for (const bad of unparsable) tally.reject({ index: bad.index, line: bad.line, errors: [{ message: bad.error }] });
    const valid: HistoryRow[] = [];
    for (const item of incoming) {
      const prepared = this.prepare(item.value);
      if ('row' in prepared) {
        valid.push(prepared.row);
        for (const w of prepared.warnings) tally.warn({ index: item.index, line: item.line, ...w });
      } else tally.reject({ index: item.index, line: item.line, errors: prepared.errors });
    }
    return valid;
  }

  /**
   * Writes validated rows of one client and adds the outcome to the tally. A batch is one
   * transaction (COPY into a staging table and one upsert on PostgreSQL, one unnest upsert on
   * the embedded database; several upserts when ids repeat), so an interruption such as a
   * database outage leaves whole batches or nothing of a batch.
   */
  async writeBatch(clientId: string, rows: HistoryRow[], tally: ImportTally): Promise<void> {
    for (const outcome of await this.repository.upsertRounds(clientId, withoutRepeats(rows))) {
      tally.result.inserted += outcome.inserted;
      tally.result.updated += outcome.updated;
      tally.result.unchanged += outcome.unchanged;
      // Counted as the rows land, so an import cut off midway shows what it wrote.
      serviceMetrics.importRows.inc({ outcome: 'inserted' }, outcome.inserted);
      serviceMetrics.importRows.inc({ outcome: 'updated' }, outcome.updated - outcome.unchanged);
      serviceMetrics.importRows.inc({ outcome: 'unchanged' }, outcome.unchanged);
    }
    // The client's fix counts changed: this instance reads them again on the next request.
    this.fixCounts?.forget(clientId);
  }

  /** Called when an import has written its last batch (a checkpoint on the embedded database). */
  finishImport(): Promise<void> {
    return this.repository.finishImport();
  }

  /** How batches reach the table on this database (for messages and the benchmark). */
  writeMode(): Promise<BulkWriteMode> {
    return this.repository.bulkWriteMode();
  }

  /** Validates and writes one batch. */
  async importBatch(clientId: string, incoming: IncomingRow[], unparsable: UnparsableRow[], tally: ImportTally): Promise<void> {
    await this.writeBatch(clientId, this.prepareBatch(incoming, unparsable, tally), tally);
  }
}
