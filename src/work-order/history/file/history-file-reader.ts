import * as fs from 'node:fs';
import { parse as parseCsv } from 'csv-parse';
import { ndjsonRows, ParsedRow } from '../ndjson';
import { JsonArraySplitter } from './json-array-splitter';

export type HistoryFileFormat = 'csv' | 'ndjson' | 'json';

/** One row of a history file, parsed or not. */
export type FileRow = ParsedRow;

/** Columns that are numbers in the work order shape. */
const NUMERIC_COLUMNS = new Set(['property_id', 'unit_id', 'estimated_cost', 'actual_cost']);
const EPOCH_COLUMNS = new Set(['ticket_open_date', 'ticket_close_date']);

export function formatOf(file: string): HistoryFileFormat {
  const lower = file.toLowerCase();
  if (lower.endsWith('.csv')) return 'csv';
  if (lower.endsWith('.ndjson') || lower.endsWith('.jsonl')) return 'ndjson';
  if (lower.endsWith('.json')) return 'json';
  throw new Error(`Cannot tell the format of ${file}; name it .csv, .ndjson/.jsonl or .json, or pass --format`);
}

/**
 * CSV cells are text: empty cells are absent, number columns become numbers when they look like
 * numbers, and the two epoch columns also accept ISO-8601 dates (converted to epoch milliseconds).
 * Anything else is left as text for validation to reject with a clear reason.
 */
export function csvRecordToWorkOrder(record: Record<string, string>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, raw] of Object.entries(record)) {
    const value = raw.trim();
    if (value === '') continue;
    if ((NUMERIC_COLUMNS.has(key) || EPOCH_COLUMNS.has(key)) && /^-?\d+(\.\d+)?$/.test(value)) out[key] = Number(value);
    else if (EPOCH_COLUMNS.has(key) && !Number.isNaN(Date.parse(value))) out[key] = Date.parse(value);
    else out[key] = value;
  }
  return out;
}

/** Why a CSV row could not be read as a row, in the words of the rejects file. */
function csvRefusal(error: Error & { code?: string; record?: unknown[] }, headerFields: number, lastFileLine: number): string {
  switch (error.code) {
    case 'CSV_RECORD_INCONSISTENT_COLUMNS':
      return `row has ${error.record?.length ?? 'more'} fields but the header names ${headerFields}; quote a field that holds a comma`;
    case 'CSV_QUOTE_NOT_CLOSED':
      return `a quoted field that starts on this row is never closed, so the rest of the file (to line ${lastFileLine}) could not be read as rows`;
    default:
      return `row is not valid CSV: ${error.message}`;
  }
}

/**
 * CSV rows as the maintenance systems write them: a quote inside an unquoted field is a character
 * (`Replaced 1/2" supply line`), \r\n and \n may both end rows in one file (lines added to an
 * exported file), and a row with fewer fields than the header leaves the rest absent. A row that
 * still cannot be read (more fields than the header: an unquoted comma would shift every column;
 * a quote never closed) is reported with its line and reason like an invalid row, and the rows
 * around it are imported.
 */
async function* csvRows(stream: fs.ReadStream): AsyncGenerator<FileRow> {
  // The parser reports refused rows by callback while it reads ahead of this loop; each waits
  // here until the rows before it in the file have been handed on, so indexes follow the file.
  const refused: { line: number; error: string }[] = [];
  let headerFields = 0;
  let lastLine = 1;
  const parser = stream.pipe(
    parseCsv({
      bom: true,
      columns: (header: string[]) => ((headerFields = header.length), header),
      relax_quotes: true,
      relax_column_count_less: true,
      record_delimiter: ['\r\n', '\n'],
      skip_empty_lines: true,
      skip_records_with_error: true,
      on_record: (record: Record<string, string>, info: { lines: number }) => ((lastLine = info.lines), { record, line: info.lines }),
      on_skip: (error: (Error & { lines?: number }) | undefined) => {
        if (!error) return;
        const end = error.lines ?? lastLine + 1;
        refused.push({ line: lastLine + 1, error: csvRefusal(error, headerFields, end) });
        lastLine = end;
      },
    }),
  );
  let index = 0;
  const refusedBefore = function* (line: number): Generator<FileRow> {
    while (refused.length > 0 && refused[0].line < line) yield { ok: false, row: { index: index++, ...refused.shift()! } };
  };
  for await (const { record, line } of parser as AsyncIterable<{ record: Record<string, string>; line: number }>) {
    yield* refusedBefore(line);
    yield { ok: true, row: { index: index++, line, value: csvRecordToWorkOrder(record) } };
  }
  yield* refusedBefore(Number.POSITIVE_INFINITY);
}

async function* jsonRows(stream: fs.ReadStream): AsyncGenerator<FileRow> {
  const splitter = new JsonArraySplitter();
  let index = 0;
  const parse = (element: { text: string; line: number }): FileRow => {
    try {
      return { ok: true, row: { index: index++, line: element.line, value: JSON.parse(element.text) } };
    } catch (e) {
      return { ok: false, row: { index: index++, line: element.line, error: `element is not valid JSON: ${(e as Error).message}` } };
    }
  };
  for await (const chunk of stream) for (const element of splitter.push(chunk as string)) yield parse(element);
  const rest = splitter.end();
  if (rest) yield parse(rest);
}

/** Streams the rows of a history file; memory stays bounded whatever the file size. */
export function readHistoryFile(file: string, format: HistoryFileFormat, onBytes?: (bytesRead: number) => void): AsyncGenerator<FileRow> {
  const stream = fs.createReadStream(file, { encoding: 'utf8', highWaterMark: 256 * 1024 });
  if (onBytes) stream.on('data', () => onBytes(stream.bytesRead));
  switch (format) {
    case 'csv':
      return csvRows(stream);
    case 'ndjson':
      return ndjsonRows(stream);
    case 'json':
      return jsonRows(stream);
    default:
      throw new Error(`Unknown format ${String(format)}; use csv, ndjson or json`);
  }
}
