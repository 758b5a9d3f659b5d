import { OpenApiDocument, SchemaValidator, typeMatches } from './openapi';

/**
 * The live-response test is only as strict as this validator, so it is checked here on a small
 * document written the way @nestjs/swagger writes them (nullable, allOf around $refs).
 */
const DOC: OpenApiDocument = {
  openapi: '3.0.0',
  paths: {
    '/x': {
      post: {
        responses: {
          '200': { description: 'ok', content: { 'application/json': { schema: { $ref: '#/components/schemas/Thing' } } } },
          '400': { description: 'bad', content: { 'application/json': { schema: { $ref: '#/components/schemas/Problem' } } } },
        },
      },
    },
  },
  components: {
    schemas: {
      Problem: { type: 'object', properties: { error: { type: 'string' } }, required: ['error'] },
      Part: { type: 'object', properties: { name: { type: 'string' } }, required: ['name'] },
      Thing: {
        type: 'object',
        properties: {
          count: { type: 'integer', example: 3 },
          label: { type: 'string', nullable: true },
          part: { nullable: true, type: 'object', allOf: [{ $ref: '#/components/schemas/Part' }] },
          main: { description: 'not nullable', allOf: [{ $ref: '#/components/schemas/Part' }] },
          tags: { type: 'array', items: { type: 'string' } },
        },
        required: ['count', 'label', 'part', 'main', 'tags'],
      },
    },
  },
};

const json = (status: number, body: unknown) => ({ status, headers: { 'content-type': 'application/json; charset=utf-8' }, body });
const valid = { count: 3, label: null, part: null, main: { name: 'a' }, tags: ['x'] };

describe('SchemaValidator', () => {
  const validator = new SchemaValidator(DOC);

  it('accepts a valid body, with null where the schema is nullable (also around a $ref)', () => {
    expect(validator.responseProblems('/x', 'post', json(200, valid))).toEqual([]);
    expect(validator.responseProblems('/x', 'post', json(200, { ...valid, label: 'l', part: { name: 'p' } }))).toEqual([]);
  });

  it.each([
    ['a null where the schema is not nullable', { ...valid, count: null }, /\/count must be integer/],
    ['a null object behind a non-nullable $ref', { ...valid, main: null }, /\/main must be object/],
    ['a wrong item type', { ...valid, tags: [{ name: 'x' }] }, /\/tags\/0 must be string/],
    ['a missing required field', { count: 3, label: null, part: null, tags: [] }, /must have required property 'main'/],
    ['a field the document does not have', { ...valid, extra: 1 }, /"extra" is not in the document/],
    ['a nested field the document does not have', { ...valid, main: { name: 'a', price: '$1' } }, /"price" is not in the document/],
  ])('refuses %s', (_case, body, message) => {
    expect(validator.responseProblems('/x', 'post', json(200, body)).join('\n')).toMatch(message);
  });

  it('validates an error against the schema of its own status', () => {
    expect(validator.responseProblems('/x', 'post', json(400, { error: 'VALIDATION_FAILED' }))).toEqual([]);
    expect(validator.responseProblems('/x', 'post', json(400, valid)).length).toBeGreaterThan(0);
  });

  it('refuses a status the operation does not document, and a body that is not JSON', () => {
    expect(validator.responseProblems('/x', 'post', json(401, { error: 'UNAUTHENTICATED' }))).toEqual([expect.stringMatching(/status 401 is not documented/)]);
    expect(validator.responseProblems('/x', 'post', { status: 400, headers: { 'content-type': 'text/html' }, body: {} })).toEqual(
      expect.arrayContaining([expect.stringMatching(/not application\/json/)]),
    );
  });

  it('reads integer as the specification number, and arrays by their items', () => {
    const props = DOC.components.schemas.Thing.properties;
    expect(typeMatches(DOC, props.count, 'number')).toBe(true);
    expect(typeMatches(DOC, props.tags, 'array of string')).toBe(true);
    expect(typeMatches(DOC, props.main, 'object')).toBe(true);
    expect(typeMatches(DOC, props.main, 'string')).toBe(false);
    expect(typeMatches(DOC, { type: 'array', items: { $ref: '#/components/schemas/Part' } }, 'array of string')).toBe(false);
  });
});
