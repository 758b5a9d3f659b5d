import type { IncomingRow, UnparsableRow } from './history-import.service';

/** Splits NDJSON text into parsed rows and unparsable lines; blank lines are skipped. */
export function parseNdjson(text: string): { rows: IncomingRow[]; unparsable: UnparsableRow[] } {
  const rows: IncomingRow[] = [];
  const unparsable: UnparsableRow[] = [];
  let index = 0;
  text.split(/\r?\n/).forEach((raw, i) => {
    if (raw.trim() === '') return;
    try {
      rows.push({ index, line: i + 1, value: JSON.parse(raw) });
    } catch (e) {
      unparsable.push({ index, line: i + 1, error: `line is not valid JSON: ${(e as Error).message}` });
    }
    index++;
  });
  return { rows, unparsable };
}
