import Ajv, { type ErrorObject, type ValidateFunction } from 'ajv';

/** A JSON Schema (draft-07) of one knowledge data file. */
export type DataSchema = Record<string, unknown>;

/**
 * A data file that breaks its schema or a rule checked after it. `path` is the JSON Pointer of
 * the offending value (`/problems/3/parts/0/price_low`); `entry` names the list entry it is in
 * by its id, so the message reads "problems/plumbing.json: /problems/0/trade (entry "toilet-flapper-worn"): ...".
 */
export class KnowledgeDataError extends Error {
  override readonly name = 'KnowledgeDataError';

  constructor(
    /** Data file, as the loader names it (relative to its data folder). */
    readonly file: string,
    /** JSON Pointer of the offending value; '' for the whole file. */
    readonly path: string,
    /** What is wrong with it. */
    readonly detail: string,
    /** Id of the list entry holding the value, or '(file)' outside any entry. */
    readonly entry: string = FILE_ENTRY,
  ) {
    super(`${file}: ${path || '(file)'}${entry === FILE_ENTRY ? '' : ` (entry "${entry}")`}: ${detail}`);
  }
}

/** Entry name of a value that sits in no list entry. */
export const FILE_ENTRY = '(file)';

/** Fields that name an entry, in the order they are tried. */
const ID_FIELDS = ['id', 'equipment_type', 'code', 'flag'] as const;

/** The id of the innermost list entry on a JSON Pointer path of `root` that has one. */
export function entryAt(root: unknown, path: string): string {
  let label = FILE_ENTRY;
  let node = root;
  for (const token of path.split('/').slice(1)) {
    const key = token.replace(/~1/g, '/').replace(/~0/g, '~');
    if (node === null || typeof node !== 'object') break;
    const isList = Array.isArray(node);
    node = (node as Record<string, unknown>)[key];
    if (isList && node !== null && typeof node === 'object') {
      const id = ID_FIELDS.map((f) => (node as Record<string, unknown>)[f]).find((v) => typeof v === 'string' && v !== '');
      if (typeof id === 'string') label = id;
    }
  }
  return label;
}

/** A KnowledgeDataError for a value of `root` found wrong by a check the schema cannot express. */
export function dataError(file: string, root: unknown, path: string, detail: string): KnowledgeDataError {
  return new KnowledgeDataError(file, path, detail, entryAt(root, path));
}

/** A JSON Pointer built from keys and indexes. */
export function pointer(...parts: Array<string | number>): string {
  return parts.map((p) => `/${String(p).replace(/~/g, '~0').replace(/\//g, '~1')}`).join('');
}

// One validator for every data file; compiled schemas are kept per schema object, because
// compiling is the expensive part and the same schema serves several files (problems/*.json).
// strictRequired is off only because the "sources or source" rule names properties inside anyOf.
// verbose: errors carry the offending value, which enum messages quote.
const ajv = new Ajv({ allErrors: false, strict: true, strictRequired: false, verbose: true });
const compiled = new WeakMap<DataSchema, ValidateFunction>();

/** Where an Ajv error points: the value itself, or for a missing or extra property the property. */
function errorPath(e: ErrorObject): string {
  const params = e.params as { missingProperty?: string; additionalProperty?: string };
  const prop = params.missingProperty ?? params.additionalProperty;
  return prop === undefined ? e.instancePath : `${e.instancePath}${pointer(prop)}`;
}

function errorDetail(e: ErrorObject): string {
  const params = e.params as { allowedValues?: unknown[]; additionalProperty?: string; missingProperty?: string };
  if (params.allowedValues) return `must be one of ${params.allowedValues.join(', ')}, got ${JSON.stringify(e.data)}`;
  if (params.additionalProperty !== undefined) return 'is not a known field';
  if (params.missingProperty !== undefined) return 'is required';
  return e.message ?? 'is invalid';
}

/** Checks one parsed data file against its schema; throws a KnowledgeDataError naming file and path of the first problem. */
export function validateDataFile<T>(file: string, data: unknown, schema: DataSchema): T {
  let validate = compiled.get(schema);
  if (!validate) {
    validate = ajv.compile(schema);
    compiled.set(schema, validate);
  }
  if (!validate(data)) {
    const error = validate.errors![0];
    const path = errorPath(error);
    throw new KnowledgeDataError(file, path, errorDetail(error), entryAt(data, path));
  }
  return data as T;
}
