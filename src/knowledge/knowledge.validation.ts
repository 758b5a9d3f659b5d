import {
  COST_SCORES,
  CostScore,
  HoursRange,
  Part,
  Problem,
  SAFETY_FLAGS,
  SafetyFlag,
  SafetySignal,
  SEVERITIES,
  Severity,
  StateRate,
  Trade,
  ZipPrefixRange,
} from './knowledge.types';
import { costScoreFor, typicalTotalCents } from './pricing';

/** A data file entry that breaks the catalogue's rules; the message names file, entry and field. */
export class KnowledgeDataError extends Error {
  constructor(
    /** Data file, relative to the data folder. */
    readonly file: string,
    /** Id (or position) of the offending entry. */
    readonly entry: string,
    /** Offending field. */
    readonly field: string,
    detail: string,
  ) {
    super(`${file}: entry "${entry}", field "${field}": ${detail}`);
    this.name = 'KnowledgeDataError';
  }
}

const KEBAB = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/** Entry name of a reader over a whole file. */
export const FILE_ENTRY = '(file)';

/** Typed reads from one untyped JSON object, each failure naming where it happened. */
export class EntryReader {
  constructor(
    private readonly obj: Record<string, unknown>,
    /** Data file of the entry. */
    readonly file: string,
    /** Id or position of the entry. */
    readonly entry: string,
  ) {}

  /** Wraps a value that must be a JSON object. */
  static of(value: unknown, file: string, entry: string): EntryReader {
    if (typeof value !== 'object' || value === null || Array.isArray(value)) {
      throw new KnowledgeDataError(file, entry, '(entry)', 'must be a JSON object');
    }
    return new EntryReader(value as Record<string, unknown>, file, entry);
  }

  /** Throws a KnowledgeDataError for a field of this entry. */
  fail(field: string, detail: string): never {
    throw new KnowledgeDataError(this.file, this.entry, field, detail);
  }

  /** A non-blank string. */
  string(field: string): string {
    const v = this.obj[field];
    if (typeof v !== 'string' || v.trim() === '') this.fail(field, 'must be a non-empty string');
    return v;
  }

  /** A finite number within [min, max]. */
  number(field: string, min = 0, max = Number.MAX_SAFE_INTEGER): number {
    const v = this.obj[field];
    if (typeof v !== 'number' || !Number.isFinite(v) || v < min || v > max) this.fail(field, `must be a number from ${min} to ${max}`);
    return v;
  }

  /** An array of non-blank strings with at least `min` items and no duplicates. */
  strings(field: string, min = 0): string[] {
    const v = this.obj[field];
    if (!Array.isArray(v)) this.fail(field, 'must be an array of strings');
    v.forEach((s, i) => {
      if (typeof s !== 'string' || s.trim() === '') this.fail(`${field}[${i}]`, 'must be a non-empty string');
    });
    if (v.length < min) this.fail(field, `needs at least ${min} item(s), has ${v.length}`);
    const dup = v.find((s, i) => v.indexOf(s) !== i);
    if (dup !== undefined) this.fail(field, `repeats "${dup}"`);
    return v as string[];
  }

  /** One value of an allowed list. */
  oneOf<T extends string>(field: string, allowed: readonly T[]): T {
    const v = this.obj[field];
    if (typeof v !== 'string' || !allowed.includes(v as T)) this.fail(field, `must be one of ${allowed.join(', ')}, got ${JSON.stringify(v)}`);
    return v as T;
  }

  /** An array of objects, each read by `read`; an item is named by its `id` when it has one. */
  objects<T>(field: string, read: (r: EntryReader) => T, min = 0): T[] {
    const v = this.obj[field];
    if (!Array.isArray(v)) this.fail(field, 'must be an array');
    if (v.length < min) this.fail(field, `needs at least ${min} item(s), has ${v.length}`);
    return v.map((item, i) => {
      const id = (item as { id?: unknown } | null)?.id;
      const position = this.entry === FILE_ENTRY ? `${field}[${i}]` : `${this.entry} ${field}[${i}]`;
      return read(EntryReader.of(item, this.file, typeof id === 'string' && id !== '' ? id : position));
    });
  }

  /** The field names of this entry. */
  keys(): string[] {
    return Object.keys(this.obj);
  }

  /** A nested object. */
  object(field: string): EntryReader {
    return EntryReader.of(this.obj[field], this.file, `${this.entry} ${field}`);
  }

  /** A map of non-blank string keys to non-blank string values. */
  stringMap(field: string): Record<string, string> {
    const v = this.obj[field];
    if (typeof v !== 'object' || v === null || Array.isArray(v)) this.fail(field, 'must be an object of strings');
    for (const [k, s] of Object.entries(v)) {
      if (k.trim() === '' || typeof s !== 'string' || s.trim() === '') this.fail(`${field}.${k}`, 'must map a word to a non-empty string');
    }
    return v as Record<string, string>;
  }
}

/** Reads one trade. */
export function readTrade(r: EntryReader): Trade {
  const id = r.string('id');
  if (!KEBAB.test(id)) r.fail('id', 'must be kebab-case');
  const trade: Trade = {
    id,
    name: r.string('name'),
    vendor_type: r.string('vendor_type'),
    labor_rate: r.number('labor_rate', 20, 500),
    bls_occupation: r.string('bls_occupation'),
    bls_mean_hourly_wage: r.number('bls_mean_hourly_wage', 5, 200),
    billing_multiplier: r.number('billing_multiplier', 1, 6),
  };
  if (!Number.isInteger(trade.labor_rate)) r.fail('labor_rate', 'must be whole dollars');
  if (Math.abs(trade.bls_mean_hourly_wage * trade.billing_multiplier - trade.labor_rate) > 1) {
    r.fail('labor_rate', `must equal bls_mean_hourly_wage x billing_multiplier (${(trade.bls_mean_hourly_wage * trade.billing_multiplier).toFixed(2)})`);
  }
  return trade;
}

/** Reads one state multiplier. */
export function readState(r: EntryReader): StateRate {
  const code = r.string('code');
  if (!/^[A-Z]{2}$/.test(code)) r.fail('code', 'must be a two-letter uppercase code');
  return { code, name: r.string('name'), multiplier: r.number('multiplier', 0.5, 2) };
}

/** Reads one ZIP prefix range. */
export function readZipRange(r: EntryReader): ZipPrefixRange {
  const from = r.string('from');
  const to = r.string('to');
  if (!/^\d{3}$/.test(from)) r.fail('from', 'must be 3 digits');
  if (!/^\d{3}$/.test(to)) r.fail('to', 'must be 3 digits');
  if (from > to) r.fail('to', `must not be below from (${from})`);
  return { from, to, state: r.string('state') };
}

/** Reads one hazard signal. */
export function readSafetySignal(r: EntryReader): SafetySignal {
  return { flag: r.oneOf('flag', SAFETY_FLAGS), phrases: r.strings('phrases', 1) };
}

function readPart(r: EntryReader): Part {
  const part: Part = { name: r.string('name'), price_low: r.number('price_low', 0, 100_000), price_high: r.number('price_high', 0, 100_000) };
  if (part.price_low > part.price_high) r.fail('price_low', `${part.price_low} is above price_high ${part.price_high}`);
  return part;
}

function readHours(r: EntryReader): HoursRange {
  const hours = { low: r.number('low', 0.25, 200), high: r.number('high', 0.25, 200) };
  if (hours.low > hours.high) r.fail('low', `${hours.low} is above high ${hours.high}`);
  return hours;
}

/**
 * Reads one problem and checks it against the trades: known trade matching the file, kebab-case
 * id, Spanish symptoms, single-word keywords, known enums, emergencies carrying a hazard, and a
 * cost_score that matches the typical total at the trade's national rate.
 */
export function readProblem(r: EntryReader, fileTrade: string, rates: ReadonlyMap<string, number>): Problem {
  const id = r.string('id');
  if (!KEBAB.test(id)) r.fail('id', 'must be kebab-case');
  const trade = r.string('trade');
  if (!rates.has(trade)) r.fail('trade', `unknown trade "${trade}"`);
  if (trade !== fileTrade) r.fail('trade', `"${trade}" does not match the file's trade "${fileTrade}"`);
  const keywords = r.strings('keywords', 1);
  keywords.forEach((k, i) => {
    if (!/^[a-z0-9]+$/.test(k)) r.fail(`keywords[${i}]`, `"${k}" must be one lowercase word`);
  });
  const problem: Problem = {
    id,
    name: r.string('name'),
    trade,
    symptoms: r.strings('symptoms', 3),
    symptoms_es: r.strings('symptoms_es', 1),
    keywords,
    causes: r.strings('causes', 1),
    assessment: r.string('assessment'),
    severity: r.oneOf<Severity>('severity', SEVERITIES),
    resolution_steps: r.strings('resolution_steps', 2),
    parts: r.objects('parts', readPart),
    labor_hours: readHours(r.object('labor_hours')),
    cost_score: r.oneOf<CostScore>('cost_score', COST_SCORES),
    asset_specs: r.strings('asset_specs', 1),
    safety_flags: r.strings('safety_flags').map((f, i) => {
      if (!SAFETY_FLAGS.includes(f as SafetyFlag)) r.fail(`safety_flags[${i}]`, `unknown flag "${f}"`);
      return f as SafetyFlag;
    }),
    canonical_fix: r.string('canonical_fix'),
    fix_phrases: r.strings('fix_phrases', 2),
  };
  if (problem.assessment.length < 60) r.fail('assessment', 'must be two or three full sentences');
  if (problem.severity === 'emergency' && problem.safety_flags.length === 0) r.fail('safety_flags', 'an emergency must name at least one hazard');
  const total = typicalTotalCents(problem, rates.get(trade) as number);
  const expected = costScoreFor(total);
  if (problem.cost_score !== expected) {
    r.fail('cost_score', `"${problem.cost_score}" does not match the typical total $${(total / 100).toFixed(2)} ("${expected}")`);
  }
  return problem;
}
