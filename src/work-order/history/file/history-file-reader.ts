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

async function* csvRows(stream: fs.ReadStream): AsyncGenerator<FileRow> {
  const parser = stream.pipe(parseCsv({ columns: true, bom: true, relax_column_count: true, skip_empty_lines: true, info: true }));
  let index = 0;
  for await (const { record, info } of parser as AsyncIterable<{ record: Record<string, string>; info: { lines: number } }>) {
    yield { ok: true, row: { index: index++, line: info.lines, value: csvRecordToWorkOrder(record) } };
  }
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
