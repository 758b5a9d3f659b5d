import fc from 'fast-check';

/**
 * Shared fast-check arbitraries for hostile input: text that breaks naive handling, JSON that
 * JSON.stringify cannot produce, and values of every wrong type.
 */

/** Text that stresses SQL built by hand: quotes, comments, LIKE wildcards, casts, placeholders, tsquery operators. */
export const SQL_METACHARACTERS = [
  "'",
  "''",
  '"',
  "'; DROP TABLE work_orders; --",
  "' OR '1'='1",
  "'); DELETE FROM clients; --",
  '%',
  '_',
  '%_%',
  '\\',
  '\\\\',
  "\\'",
  '$1',
  '$2::text',
  '::text',
  '::regclass',
  '$$',
  '$tag$',
  '& | ! <-> :*',
  '!(a & b) | c:*',
  'a <2> b',
  '/* */',
  '--',
  ';',
  '\u0000',
] as const;

/** Unicode that breaks naive text handling: surrogates, direction marks, zero-width, emoji, combining marks, case mappings that change length. */
export const UNICODE_EDGE_CASES = [
  '\ud800',
  '\udfff',
  '\udc00\ud800',
  '\u202e',
  '\u200f',
  '\u061c',
  'مرحبا بالعالم',
  'שלום',
  '\u200b',
  '\u200d',
  '\u2060',
  '\ufeff',
  '😀',
  '👨‍👩‍👧‍👦',
  '🇺🇸',
  '🏳️‍🌈',
  '\ufe0f',
  'e\u0301',
  'Z\u0335\u0322\u0351\u0300\u0301\u0302\u0303',
  '\u0301\u0301\u0301',
  'İ',
  'ß',
  'ﬃ',
  'ŉ',
  'ΐ',
  '\u2028',
  '\u2029',
  '\r\n',
  '\t',
  '\u000b',
  '\u0085',
  '\u00a0',
  '\u0001',
  '\u001f',
  '\u007f',
  '\uffff',
  '\ufffd',
  '\ue000',
  '<script>alert(1)</script>',
  '{{7*7}}',
  '${process.exit(1)}',
  '__proto__',
  'null',
  'NaN',
] as const;

const WORDS = ['leak', 'sink', 'toilet running', 'no heat', 'water heater', 'unit 4B', 'breaker', 'roof', ' ', 'Carrier', '24ACC636A003'];

/** A JSON fragment emitted as is: numbers JSON.stringify cannot write (1e999, -0), escapes of lone surrogates or NUL. */
export class RawJson {
  constructor(readonly text: string) {}
}

/** A JSON object as its list of entries, so keys may repeat and `__proto__` stays an ordinary key. */
export class JsonObject {
  constructor(readonly entries: [string, unknown][]) {}
}

/** Writes a value holding RawJson and JsonObject nodes as JSON text. */
export function toJsonText(value: unknown): string {
  if (value instanceof RawJson) return value.text;
  if (value instanceof JsonObject) return `{${value.entries.map(([k, v]) => `${JSON.stringify(k)}:${toJsonText(v)}`).join(',')}}`;
  if (Array.isArray(value)) return `[${value.map(toJsonText).join(',')}]`;
  return JSON.stringify(value) ?? 'null';
}

/** A plain object as a JsonObject. */
export function jsonObject(value: Record<string, unknown>): JsonObject {
  return new JsonObject(Object.entries(value));
}

export interface TextOptions {
  /** Longest result in UTF-16 code units (so never more characters than that). */
  maxLength: number;
  /** Whether NUL may appear (PostgreSQL text cannot hold it). */
  allowNul?: boolean;
  /** Starts with a word, so trimming never leaves it blank. */
  nonBlank?: boolean;
}

/** Short hostile text: unicode edge cases, SQL metacharacters, arbitrary code points and words. */
export function nastyText({ maxLength, allowNul = false, nonBlank = false }: TextOptions): fc.Arbitrary<string> {
  const sql = SQL_METACHARACTERS.filter((s) => allowNul || !s.includes('\u0000'));
  const piece = fc.oneof(
    { weight: 4, arbitrary: fc.constantFrom(...UNICODE_EDGE_CASES) },
    { weight: 2, arbitrary: fc.constantFrom(...sql) },
    { weight: 3, arbitrary: fc.string({ maxLength: 6, unit: 'binary' }) },
    { weight: 2, arbitrary: fc.string({ maxLength: 6, unit: 'grapheme' }) },
    { weight: 2, arbitrary: fc.constantFrom(...WORDS) },
  );
  return fc.array(piece, { maxLength: 10 }).map((parts) => {
    let text = parts.join('');
    if (!allowNul) text = text.replaceAll('\u0000', '');
    if (nonBlank) text = `leak ${text}`;
    return text.slice(0, maxLength);
  });
}

/**
 * Pieces repeated to reach a size: plain letters, and characters whose case mapping or encoding
 * changes length, or that length counters disagree on ("a" + variation selector is one
 * character to class-validator, two to PostgreSQL).
 */
const SIZING_PIECES = ['a', 'İ', 'ß', 'ﬃ', '😀', 'e\u0301', '\u200b', "'", '\\', '%', ' x', 'ا', 'a\ufe0f', '❤️'];

/**
 * Long text around a documented limit. `within`: at most `limit` UTF-16 units, so valid.
 * `beyond`: `limit` pieces of one to three characters (at the limit or past it, by how one
 * counts), or more than `limit` characters, up to `factor` times the limit.
 */
export function sizedText(limit: number, mode: 'within' | 'beyond', { nonBlank = false, factor = 3 } = {}): fc.Arbitrary<string> {
  return fc.record({ piece: fc.constantFrom(...SIZING_PIECES), size: fc.constantFrom(0, 1, 2, 3) }).map(({ piece, size }) => {
    const prefix = nonBlank ? 'leak ' : '';
    if (mode === 'within') {
      const target = [limit, limit - 1, Math.floor(limit / 2), limit][size];
      return (prefix + piece.repeat(target)).slice(0, target);
    }
    const pieces = [limit, limit + 1, limit * 2, limit * factor][size];
    return prefix + piece.repeat(pieces);
  });
}

/** Numbers and number look-alikes that are not valid anywhere a bounded number is expected, and some that are. */
export const numberJunk: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom(-1, -0.5, 1.5, 0.1, 1e308, -1e308, Number.MAX_SAFE_INTEGER + 2, 2 ** 63, 1e21, 5e-324, 4102444800001, 10_000_001),
  fc.constantFrom('NaN', 'Infinity', '-Infinity', '1e308', '12', '0x10', '1,5', '', ' ', 'null', 'true', '١٢٣', '12abc'),
  fc.constantFrom(
    new RawJson('1e999'),
    new RawJson('-1e999'),
    new RawJson('-0'),
    new RawJson('1E+2'),
    new RawJson('123456789012345678901234567890'),
    new RawJson('0.1e-400'),
    new RawJson('-0.0'),
  ),
  fc.double(),
  fc.integer(),
);

/** Keys a body might carry besides the documented ones, including prototype-polluting names. */
export const junkKey: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom(
    '__proto__',
    'constructor',
    'prototype',
    'toString',
    'hasOwnProperty',
    'valueOf',
    '',
    ' ',
    'issue_description ',
    'ISSUE_DESCRIPTION',
    'a.b',
    '$where',
    'client_id',
    'clientId',
    'id',
  ),
  nastyText({ maxLength: 20, allowNul: true }),
);

/** JSON nested many levels deep: arrays or objects, within a few tens of kilobytes. */
export const deepJson: fc.Arbitrary<RawJson> = fc
  .record({ depth: fc.integer({ min: 50, max: 8000 }), kind: fc.constantFrom('array', 'object', 'mixed') })
  .map(({ depth, kind }) => {
    if (kind === 'array') return new RawJson('['.repeat(depth) + ']'.repeat(depth));
    if (kind === 'object') return new RawJson('{"a":'.repeat(depth) + '1' + '}'.repeat(depth));
    return new RawJson('[{"a":'.repeat(depth) + 'null' + '}]'.repeat(depth));
  });

const rawEscapes = fc.constantFrom(
  new RawJson('"\\ud800"'),
  new RawJson('"\\u0000"'),
  new RawJson('"\\uDEAD\\uBEEF"'),
  new RawJson('"a\\u0000b"'),
  new RawJson('"\\udbff\\udfff"'),
);

/** Any JSON value: nulls, wrong types, hostile text, nested arrays and objects, deep nesting. */
export const junkJson: fc.Arbitrary<unknown> = fc.letrec<{ tree: unknown; array: unknown[]; object: JsonObject }>((tie) => ({
  tree: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    fc.constant(null),
    fc.boolean(),
    numberJunk,
    nastyText({ maxLength: 40, allowNul: true }),
    rawEscapes,
    tie('array'),
    tie('object'),
  ),
  array: fc.array(tie('tree'), { maxLength: 4 }),
  object: fc.array(fc.tuple(junkKey, tie('tree')), { maxLength: 4 }).map((entries) => new JsonObject(entries)),
})).tree;

/** Valid strict ISO-8601 dates and date-times. */
export const isoDateValid: fc.Arbitrary<string> = fc
  .record({
    date: fc.date({ min: new Date('1970-01-01T00:00:00Z'), max: new Date('2099-12-31T00:00:00Z'), noInvalidDate: true }),
    form: fc.constantFrom(0, 1, 2, 3),
  })
  .map(({ date, form }) => {
    const iso = date.toISOString();
    return [iso, iso.slice(0, 10), `${iso.slice(0, 19)}Z`, `${iso.slice(0, 19)}+05:30`][form];
  });

/** Strings that look like dates but are not valid strict ISO-8601, and non-strings. */
export const isoDateJunk: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom(
    '2026-02-30',
    '2026-13-01',
    '2026-00-10',
    'yesterday',
    '2026-01-01T25:00:00Z',
    '0000-00-00',
    '',
    ' ',
    '2026/01/01',
    '01/02/2026',
    '+275760-09-13T00:00:00Z',
    '2026-01-01T00:00:00+25:00',
    '20260101T0000',
    '2026-W01',
    'NaN',
  ),
  numberJunk,
  fc.boolean(),
  nastyText({ maxLength: 30, allowNul: true }),
);

/** Percent-encodes every byte of the UTF-8 form except unreserved characters (lone surrogates become U+FFFD). */
export function percentEncode(text: string): string {
  let out = '';
  for (const byte of Buffer.from(text, 'utf8')) {
    const c = String.fromCharCode(byte);
    out += /[A-Za-z0-9\-._~]/.test(c) ? c : `%${byte.toString(16).toUpperCase().padStart(2, '0')}`;
  }
  return out;
}

/** What a string becomes after a trip through UTF-8 (lone surrogates turn into U+FFFD). */
export function throughUtf8(text: string): string {
  return Buffer.from(text, 'utf8').toString('utf8');
}

/** Ways to break a JSON text: truncation, stray characters, invalid UTF-8, BOM, comments, trailing commas. */
export function brokenJson(text: string): fc.Arbitrary<Buffer> {
  const bytes = Buffer.from(text, 'utf8');
  const at = fc.integer({ min: 0, max: Math.max(0, bytes.length - 1) });
  const insertBytes = (pos: number, extra: Buffer) => Buffer.concat([bytes.subarray(0, pos), extra, bytes.subarray(pos)]);
  return fc.oneof(
    at.map((pos) => bytes.subarray(0, pos)),
    fc
      .tuple(at, fc.constantFrom('"', '{', '}', ',', ':', '\\', '\u0000', '\n', "'", 'x', ']', '[', '\u2028'))
      .map(([pos, c]) => insertBytes(pos, Buffer.from(c))),
    fc.tuple(at, fc.constantFrom([0xc0, 0x80], [0xed, 0xa0, 0x80], [0xff], [0xfe, 0xff], [0xe2, 0x82])).map(([pos, b]) => insertBytes(pos, Buffer.from(b))),
    fc.constantFrom('\ufeff', "'", '/* c */', ',', ' x').map((prefix) => Buffer.concat([Buffer.from(prefix), bytes])),
    fc.constantFrom(',', '}', ']', ' trailing', '\u0000', '{}').map((suffix) => Buffer.concat([bytes, Buffer.from(suffix)])),
    fc.constant(Buffer.from(text.replace(/"/g, "'"))),
    fc.constant(Buffer.from(text.replace(/\}$/, ',}'))),
    fc.constantFrom(
      Buffer.alloc(0),
      Buffer.from('   '),
      Buffer.from('undefined'),
      Buffer.from('{"a":1}{"b":2}'),
      Buffer.from('NaN'),
      Buffer.from('{"issue_description":"x",}'),
    ),
  );
}
