/**
 * PostgreSQL's COPY text format (the default of `COPY … FROM STDIN`): one line per row, columns
 * separated by tabs, `\N` for NULL, and backslash escapes for the four characters that would
 * otherwise end a field or a row. Hand-written: the format is these few rules, and the one
 * dependency it would need (pg-copy-streams) only moves bytes; it does not encode rows.
 */

/** Characters that must be escaped inside a text field; NUL is matched so it can be refused. */
const SPECIAL = /[\\\t\n\r\0]/;
const SPECIAL_ALL = /[\\\t\n\r\0]/g;
const ESCAPES: Record<string, string> = { '\\': '\\\\', '\t': '\\t', '\n': '\\n', '\r': '\\r' };

/** Escapes one text value. PostgreSQL text cannot hold NUL at all, so a NUL is an error, never a silent change. */
export function copyTextField(value: string): string {
  if (!SPECIAL.test(value)) return value;
  return value.replace(SPECIAL_ALL, (c) => {
    if (c === '\0') throw new Error('COPY text cannot carry the NUL character (\\u0000)');
    return ESCAPES[c];
  });
}

/**
 * One value as a COPY text field. Dates are sent as ISO-8601 in UTC (the unnest path sends them
 * with the local offset; both denote the same instant). Numbers use JavaScript's shortest
 * round-trip form, as node-postgres sends them.
 */
export function copyField(value: unknown): string {
  if (value === null || value === undefined) return '\\N';
  if (typeof value === 'string') return copyTextField(value);
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) throw new Error(`COPY: ${value} is not a finite number`);
    return String(value);
  }
  if (value instanceof Date) return value.toISOString();
  if (typeof value === 'boolean') return value ? 't' : 'f';
  return copyTextField(JSON.stringify(value));
}

/** Rows as COPY text, the given keys of each row in order. */
export function copyText<T>(rows: readonly T[], keys: readonly (keyof T)[]): string {
  let out = '';
  for (const row of rows) {
    let line = '';
    for (let i = 0; i < keys.length; i++) line += (i === 0 ? '' : '\t') + copyField(row[keys[i]]);
    out += line + '\n';
  }
  return out;
}
