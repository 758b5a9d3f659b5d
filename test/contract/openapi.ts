import Ajv, { ErrorObject, ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';
import type { SpecType } from './specification';

/**
 * Reading the OpenAPI 3.0 document the way a client generator does, and validating JSON against
 * its schemas with ajv. Kept apart from the tests so the document test and the live test read
 * the document the same way.
 */

export type Schema = Record<string, any>;
export type OpenApiDocument = Schema & {
  paths: Record<string, Record<string, Schema>>;
  components: { schemas: Record<string, Schema>; securitySchemes?: Record<string, Schema> };
};

/** Follows a local $ref ("#/components/schemas/X") to the schema it names. */
export function deref(doc: OpenApiDocument, schema: Schema | undefined): Schema | undefined {
  let current = schema;
  for (let hops = 0; current?.$ref && hops < 20; hops++) {
    const ref: string = current.$ref;
    if (!ref.startsWith('#/')) throw new Error(`Only local $refs are expected, got ${ref}`);
    current = ref
      .slice(2)
      .split('/')
      .reduce<Schema | undefined>((node, key) => node?.[key.replace(/~1/g, '/').replace(/~0/g, '~')], doc);
  }
  return current;
}

/**
 * The effective schema of a property: $refs followed and a lone `allOf: [{$ref}]` (how
 * @nestjs/swagger attaches a description to a nested object) merged into one object.
 */
export function effective(doc: OpenApiDocument, schema: Schema | undefined): Schema | undefined {
  const resolved = deref(doc, schema);
  if (!resolved?.allOf) return resolved;
  const { allOf, ...own } = resolved;
  return (allOf as Schema[]).reduce<Schema>((merged, part) => {
    const p = effective(doc, part) ?? {};
    return { ...p, ...merged, properties: { ...p.properties, ...merged.properties }, required: [...(p.required ?? []), ...(merged.required ?? [])] };
  }, own);
}

/** How a schema reads in the specification's words, e.g. "array of string"; integer counts as number. */
export function describeType(doc: OpenApiDocument, schema: Schema | undefined): string {
  const s = effective(doc, schema);
  if (!s) return 'missing';
  if (s.type === 'integer') return 'number';
  if (s.type === 'array') return `array of ${describeType(doc, s.items)}`;
  if (s.type === 'object' || (!s.type && s.properties)) return 'object';
  return s.type ?? 'untyped';
}

/** Whether a documented schema has the type the specification gives. */
export function typeMatches(doc: OpenApiDocument, schema: Schema | undefined, type: SpecType): boolean {
  const actual = describeType(doc, schema);
  switch (type) {
    case 'string':
    case 'number':
    case 'object':
    case 'array of string':
      return actual === type;
    case 'array':
      return actual.startsWith('array');
    case 'array of previous-fix objects':
    case 'array of diagnosis objects':
      return actual === 'array of object';
  }
}

/** The OpenAPI operation for a path and method, or undefined. */
export const operationOf = (doc: OpenApiDocument, path: string, method: string): Schema | undefined => doc.paths[path]?.[method];

/** The response object documented for a status: exact code first, then "4XX"-style ranges, then default. */
export function documentedResponse(operation: Schema, status: number): Schema | undefined {
  const responses: Record<string, Schema> = operation.responses ?? {};
  return responses[String(status)] ?? responses[`${String(status)[0]}XX`] ?? responses.default;
}

/**
 * OpenAPI 3.0 schema → JSON Schema for ajv: `nullable: true` becomes "null, or the schema" (which
 * also holds for a nullable `allOf: [{$ref}]`, where ajv's own `nullable` keyword would not),
 * local $refs point into the document registered under REGISTERED_ID, and objects refuse
 * properties they do not document, so a live field missing from the document is reported.
 */
const REGISTERED_ID = 'openapi';
function toJsonSchema(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(toJsonSchema);
  if (!node || typeof node !== 'object') return node;
  const out: Schema = {};
  for (const [key, value] of Object.entries(node)) {
    if (key === 'example' || key === 'examples') out[key] = value;
    else if (key === '$ref' && typeof value === 'string' && value.startsWith('#/')) out[key] = `${REGISTERED_ID}${value}`;
    else out[key] = toJsonSchema(value);
  }
  if (out.properties && out.additionalProperties === undefined && !out.allOf) out.additionalProperties = false;
  if (out.nullable === true) {
    const { nullable: _nullable, ...rest } = out;
    return { anyOf: [{ type: 'null' }, rest] };
  }
  return out;
}

const formatError = (e: ErrorObject) =>
  `${e.instancePath || '(body)'} ${e.message}${e.keyword === 'additionalProperties' ? `: "${e.params.additionalProperty}" is not in the document` : ''}`;

/** Validates bodies against the schemas of one document. */
export class SchemaValidator {
  private readonly ajv = new Ajv({ strict: false, allErrors: true, logger: false });
  private readonly cache = new Map<Schema, ValidateFunction>();

  constructor(readonly doc: OpenApiDocument) {
    addFormats(this.ajv);
    // OpenAPI's own formats: integer widths and binary are annotations for generators.
    for (const format of ['int32', 'int64', 'float', 'double', 'binary', 'byte', 'password']) this.ajv.addFormat(format, true);
    this.ajv.addSchema({ $id: REGISTERED_ID, components: toJsonSchema(doc.components) as Schema });
  }

  /** Problems of `value` against `schema` (an OpenAPI schema of this document); empty when valid. */
  problems(schema: Schema, value: unknown): string[] {
    let validate = this.cache.get(schema);
    if (!validate) {
      validate = this.ajv.compile(toJsonSchema(schema) as Schema);
      this.cache.set(schema, validate);
    }
    return validate(value) ? [] : (validate.errors ?? []).map(formatError);
  }

  /**
   * What is wrong with a live response of an operation: a status the operation does not document,
   * a body that is not JSON, or a body its documented schema refuses.
   */
  responseProblems(path: string, method: string, res: { status: number; headers: Record<string, string>; body: unknown; text?: string }): string[] {
    const operation = operationOf(this.doc, path, method);
    if (!operation) return [`${method.toUpperCase()} ${path} is not in the document`];
    const response = documentedResponse(operation, res.status);
    if (!response)
      return [`status ${res.status} is not documented for ${method.toUpperCase()} ${path} (documented: ${Object.keys(operation.responses ?? {}).join(', ')})`];
    const problems: string[] = [];
    if (!/^application\/json\b/.test(res.headers['content-type'] ?? '')) problems.push(`content-type is ${res.headers['content-type']}, not application/json`);
    const schema = response.content?.['application/json']?.schema;
    if (!schema) return [...problems, `status ${res.status} of ${method.toUpperCase()} ${path} documents no application/json schema`];
    return [...problems, ...this.problems(schema, res.body)];
  }
}
