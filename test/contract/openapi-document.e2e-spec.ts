import request from 'supertest';
import { createTestApp, TestApp } from '../support/test-app';
import { FULL_WORK_ORDER } from '../support/full-work-order';
import { deref, describeType, effective, OpenApiDocument, operationOf, Schema, SchemaValidator, typeMatches } from './openapi';
import {
  ABSENT_WHEN_UNKNOWN,
  ALLOWED_REQUEST_EXTENSIONS,
  ANALYZE,
  ANALYZE_NAMEPLATE,
  ANALYZE_QUERY,
  BOUNDS,
  DIAGNOSIS_RESULT,
  ENDPOINTS,
  ENRICH,
  EXTENSION_MARK,
  NESTED_OBJECTS,
  SpecField,
  WORK_ORDER_INPUT,
} from './specification';

/**
 * The OpenAPI document users generate clients from (/docs-json), held against the tables of the
 * specification. Each test collects every problem it finds, so one run lists them all.
 */
describe('OpenAPI document against the specification', () => {
  let t: TestApp;
  let doc: OpenApiDocument;
  beforeAll(async () => {
    t = await createTestApp();
    const res = await request(t.http).get('/docs-json');
    expect(res.status).toBe(200);
    doc = res.body;
  });
  afterAll(() => t.close());

  const requestSchema = (path: string, contentType: string) => effective(doc, operationOf(doc, path, 'post')?.requestBody?.content?.[contentType]?.schema);
  const okSchema = (path: string) => effective(doc, operationOf(doc, path, 'post')?.responses?.['200']?.content?.['application/json']?.schema);

  /**
   * Problems of an object schema against a specification table: every field present with its
   * type, not nullable, required (responses) unless it is a figure left out when unknown
   * (`ABSENT_WHEN_UNKNOWN`); anything more marked as an extension.
   */
  function objectProblems(schema: Schema | undefined, fields: readonly SpecField[], where: string): string[] {
    if (!schema?.properties) return [`${where}: no object schema with properties (found ${describeType(doc, schema)})`];
    const problems: string[] = [];
    for (const field of fields) {
      const property = schema.properties[field.name];
      if (!property) {
        problems.push(`${where}.${field.name}: missing`);
        continue;
      }
      if (!typeMatches(doc, property, field.type))
        problems.push(`${where}.${field.name}: documented as ${describeType(doc, property)}, the specification says ${field.type}`);
      if (deref(doc, property)?.nullable) problems.push(`${where}.${field.name}: documented as nullable, the specification says ${field.type}`);
      if (!(schema.required ?? []).includes(field.name) && !ABSENT_WHEN_UNKNOWN.has(field))
        problems.push(`${where}.${field.name}: not required, so generated clients type it as optional`);
      const nested = NESTED_OBJECTS[field.name];
      if (nested) {
        const inner = effective(doc, property);
        problems.push(
          ...objectProblems(
            inner?.type === 'array' ? effective(doc, inner.items) : inner,
            nested,
            field.type.startsWith('array') ? `${where}.${field.name}[]` : `${where}.${field.name}`,
          ),
        );
      }
    }
    problems.push(...extensionProblems(schema, fields, where));
    return problems;
  }

  /** Properties beyond the specification must say in their description that they are extensions. */
  function extensionProblems(schema: Schema, fields: readonly SpecField[], where: string, allowed?: readonly string[]): string[] {
    const names = new Set(fields.map((f) => f.name));
    return Object.entries(schema.properties as Record<string, Schema>)
      .filter(([name]) => !names.has(name))
      .flatMap(([name, property]) => {
        if (allowed && !allowed.includes(name)) return [`${where}.${name}: not in the specification and not an allowed extension (${allowed.join(', ')})`];
        const description: string = property.description ?? deref(doc, property)?.description ?? '';
        return EXTENSION_MARK.test(description)
          ? []
          : [`${where}.${name}: not in the specification, and its description does not start with "Extension" ("${description.slice(0, 60)}")`];
      });
  }

  it('has each specified operation, with bearer security and no version segment', () => {
    const bearer = Object.entries<Schema>(doc.components.securitySchemes ?? {}).find(([, s]) => s.type === 'http' && s.scheme === 'bearer')?.[0];
    expect(bearer).toBeDefined();
    const problems = ENDPOINTS.flatMap((e) => {
      const operation = operationOf(doc, e.path, e.method);
      if (!operation) return [`${e.method.toUpperCase()} ${e.path}: missing`];
      const security: Schema[] = operation.security ?? doc.security ?? [];
      return security.length > 0 && security.every((s) => bearer! in s)
        ? []
        : [`${e.path}: security is ${JSON.stringify(security)}, the specification requires the bearer token`];
    });
    expect(problems).toEqual([]);
  });

  it('enrich takes exactly application/json', () => {
    expect(Object.keys(operationOf(doc, ENRICH.path, 'post')?.requestBody?.content ?? {})).toEqual(['application/json']);
    expect(operationOf(doc, ENRICH.path, 'post')?.requestBody?.required).toBe(true);
  });

  it('enrich request: the 26 fields with their types, each described with an example', () => {
    const schema = requestSchema(ENRICH.path, 'application/json');
    expect(schema?.properties).toBeDefined();
    const problems = WORK_ORDER_INPUT.flatMap((field) => {
      const property = schema!.properties[field.name];
      if (!property) return [`${field.name}: missing`];
      const p: string[] = [];
      if (!typeMatches(doc, property, field.type)) p.push(`${field.name}: documented as ${describeType(doc, property)}, the specification says ${field.type}`);
      if (!property.description?.trim()) p.push(`${field.name}: no description`);
      if (property.example === undefined) p.push(`${field.name}: no example`);
      return p;
    });
    expect(problems).toEqual([]);
  });

  it('enrich request: only issue_description is required', () => {
    expect(requestSchema(ENRICH.path, 'application/json')?.required).toEqual(['issue_description']);
  });

  it('enrich request: nothing beyond the specification but the allowed extensions, marked as such', () => {
    const schema = requestSchema(ENRICH.path, 'application/json');
    expect(extensionProblems(schema ?? { properties: {} }, WORK_ORDER_INPUT, 'request', ALLOWED_REQUEST_EXTENSIONS)).toEqual([]);
  });

  it('enrich request schema accepts the work order with all 26 fields', () => {
    const schema = operationOf(doc, ENRICH.path, 'post')?.requestBody?.content?.['application/json']?.schema;
    expect(new SchemaValidator(doc).problems(schema ?? {}, FULL_WORK_ORDER)).toEqual([]);
  });

  it('enrich 200: the diagnosis result, its objects and their types as specified', () => {
    expect(objectProblems(okSchema(ENRICH.path), DIAGNOSIS_RESULT, 'result')).toEqual([]);
  });

  it('enrich 200: likelihood is documented as a number from 0 to 1', () => {
    const diagnosis = effective(doc, effective(doc, okSchema(ENRICH.path)?.properties?.top_3_diagnosis)?.items);
    const likelihood = effective(doc, diagnosis?.properties?.likelihood);
    expect({ type: likelihood?.type, minimum: likelihood?.minimum, maximum: likelihood?.maximum }).toEqual({ type: 'number', ...BOUNDS.likelihood });
  });

  it('analyze-nameplate takes multipart/form-data with a required binary photo', () => {
    const operation = operationOf(doc, ANALYZE_NAMEPLATE.path, 'post');
    expect(Object.keys(operation?.requestBody?.content ?? {})).toEqual(['multipart/form-data']);
    const schema = requestSchema(ANALYZE_NAMEPLATE.path, 'multipart/form-data');
    expect(effective(doc, schema?.properties?.photo)).toMatchObject({ type: 'string', format: 'binary' });
    expect(schema?.required).toContain('photo');
  });

  it('analyze takes model_number and brand_name (required) and serial_number in the query, and no body', () => {
    const operation = operationOf(doc, ANALYZE.path, 'post');
    expect(operation?.requestBody).toBeUndefined();
    const parameters = (operation?.parameters ?? []).map((p: Schema) => deref(doc, p)!);
    const documented = ANALYZE_QUERY.map(({ name }) => {
      const p = parameters.find((q: Schema) => q.name === name);
      return p && { name, in: p.in, type: describeType(doc, p.schema), required: p.required === true };
    });
    expect(documented).toEqual(ANALYZE_QUERY.map(({ name, type, required }) => ({ name, in: 'query', type, required })));
    // A required parameter the specification does not name would break every client built from it.
    expect(parameters.filter((p: Schema) => p.required && !ANALYZE_QUERY.some((q) => q.name === p.name)).map((p: Schema) => p.name)).toEqual([]);
  });

  it.each([ANALYZE_NAMEPLATE, ANALYZE])('$path documents a 200 JSON asset profile', ({ path }) => {
    const schema = okSchema(path);
    expect(describeType(doc, schema)).toBe('object');
    expect(Object.keys(schema?.properties ?? {}).length).toBeGreaterThan(0);
  });

  it('every operation documents its error answers with a JSON schema, 400 and 401 included', () => {
    const problems = ENDPOINTS.flatMap(({ path, method }) => {
      const responses: Record<string, Schema> = operationOf(doc, path, method)?.responses ?? {};
      const errors = Object.entries(responses).filter(([status]) => status !== '200');
      const missing = ['400', '401'].filter((s) => !responses[s]).map((s) => `${path}: ${s} not documented`);
      const unschemed = errors
        .filter(([, r]) => !deref(doc, r)?.content?.['application/json']?.schema)
        .map(([s]) => `${path} ${s}: no application/json schema`);
      return [...missing, ...unschemed];
    });
    expect(problems).toEqual([]);
  });
});
