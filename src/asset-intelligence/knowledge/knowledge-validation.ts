/** Raised when a knowledge data file holds an invalid entry; the message names file, entry and field. */
export class KnowledgeDataError extends Error {
  override readonly name = 'KnowledgeDataError';
}

type Json = Record<string, unknown>;

/** Reads and checks the fields of one data-file entry, failing with file, entry and field named. */
export class EntryReader {
  constructor(
    private readonly file: string,
    private readonly entry: string,
    private readonly raw: Json,
  ) {}

  /** Opens the entries of `list` in `file`, failing when the list is missing or an entry is not an object. */
  static list(file: string, root: unknown, list: string): EntryReader[] {
    if (!isObject(root) || !Array.isArray(root[list])) throw new KnowledgeDataError(`${file}: "${list}" must be an array`);
    return root[list].map((raw, index) => {
      if (!isObject(raw)) throw new KnowledgeDataError(`${file}: entry #${index} of "${list}" must be an object`);
      const label = typeof raw.id === 'string' ? raw.id : typeof raw.equipment_type === 'string' ? raw.equipment_type : `#${index}`;
      return new EntryReader(file, label, raw);
    });
  }

  /** Fails naming this entry and the field. */
  fail(field: string, problem: string): never {
    throw new KnowledgeDataError(`${this.file}: entry "${this.entry}": field "${field}" ${problem}`);
  }

  /** Whether the field is present and not null. */
  has(field: string): boolean {
    return this.raw[field] !== undefined && this.raw[field] !== null;
  }

  /** A required non-empty string. */
  str(field: string): string {
    const v = this.raw[field];
    if (typeof v !== 'string' || v.trim() === '') this.fail(field, 'must be a non-empty string');
    return v;
  }

  /** An optional string; null when absent. */
  optStr(field: string): string | null {
    return this.has(field) ? this.str(field) : null;
  }

  /** A required number within bounds. */
  num(field: string, min: number, max: number, integer = true): number {
    const v = this.raw[field];
    if (typeof v !== 'number' || !Number.isFinite(v) || v < min || v > max || (integer && !Number.isInteger(v))) {
      this.fail(field, `must be ${integer ? 'an integer' : 'a number'} from ${min} to ${max}`);
    }
    return v;
  }

  /** A number within bounds, or null. */
  nullableNum(field: string, min: number, max: number): number | null {
    return this.has(field) ? this.num(field, min, max) : null;
  }

  /** A required array of non-empty strings (may be empty unless `nonEmpty`). */
  strings(field: string, nonEmpty = false): string[] {
    const v = this.raw[field];
    if (!Array.isArray(v) || v.some((s) => typeof s !== 'string' || s.trim() === '')) this.fail(field, 'must be an array of non-empty strings');
    if (nonEmpty && v.length === 0) this.fail(field, 'must not be empty');
    return v as string[];
  }

  /** An optional boolean; `fallback` when absent. */
  bool(field: string, fallback: boolean): boolean {
    const v = this.raw[field];
    if (v === undefined) return fallback;
    if (typeof v !== 'boolean') this.fail(field, 'must be true or false');
    return v;
  }

  /** A nested object read with its own reader, or null when absent. */
  optObject(field: string): EntryReader | null {
    if (!this.has(field)) return null;
    const v = this.raw[field];
    if (!isObject(v)) this.fail(field, 'must be an object');
    return new EntryReader(this.file, `${this.entry}.${field}`, v);
  }

  /** The raw value of a field, for shapes the helpers do not cover. */
  rawField(field: string): unknown {
    return this.raw[field];
  }

  /** A regular expression compiled from a string field; it must start with ^. */
  regex(field: string, flags = ''): RegExp {
    const source = this.str(field);
    if (!source.startsWith('^')) this.fail(field, 'must be anchored with ^');
    try {
      return new RegExp(source, flags);
    } catch (error) {
      return this.fail(field, `is not a valid regular expression (${(error as Error).message})`);
    }
  }

  /** A string-to-string map; null when absent. */
  stringMap(field: string): Record<string, string> | null {
    if (!this.has(field)) return null;
    const v = this.raw[field];
    if (!isObject(v) || Object.values(v).some((x) => typeof x !== 'string')) this.fail(field, 'must map codes to strings');
    return v as Record<string, string>;
  }

  /** Identifies the entry in messages. */
  get label(): string {
    return `${this.file}: entry "${this.entry}"`;
  }
}

/** Whether a value is a plain JSON object. */
export function isObject(v: unknown): v is Json {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** The file-level `source_note`, required in every knowledge file. */
export function sourceNote(file: string, root: unknown): string {
  if (!isObject(root) || typeof root.source_note !== 'string' || root.source_note.trim() === '') {
    throw new KnowledgeDataError(`${file}: "source_note" must name the sources of the file`);
  }
  return root.source_note;
}
