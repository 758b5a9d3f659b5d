import { execFileSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import request from 'supertest';
import ts from 'typescript';
import { FULL_WORK_ORDER } from '../support/full-work-order';
import { createTestApp, TestApp } from '../support/test-app';
import { ABSENT_WHEN_UNKNOWN, DIAGNOSIS_RESULT, ENRICH, NESTED_OBJECTS, SpecField } from './specification';

/**
 * What a user does first: generate TypeScript types from /docs-json with openapi-typescript and
 * type their work order with them. The payload is written as an object literal, so TypeScript's
 * excess-property check reports a field the document lacks, as it would in the user's code.
 */

// openapi-typescript is an ES module (its CommonJS build requires ES-only packages), which jest's
// module loader cannot load: it runs as its CLI, as users run it.
const OPENAPI_TS_CLI = path.join(path.dirname(require.resolve('openapi-typescript/package.json')), 'bin', 'cli.js');

const BODY_TYPE = `paths['${ENRICH.path}']['post']['requestBody']['content']['application/json']`;
const RESULT_TYPE = `paths['${ENRICH.path}']['post']['responses'][200]['content']['application/json']`;

/** The TypeScript type a user expects for a field of the specification's response tables. */
function expectedType(field: SpecField): string {
  const nested = NESTED_OBJECTS[field.name];
  const object = nested ? `{ ${nested.map((f) => `${f.name}${ABSENT_WHEN_UNKNOWN.has(f) ? '?' : ''}: ${expectedType(f)}`).join('; ')} }` : 'object';
  switch (field.type) {
    case 'string':
    case 'number':
      return field.type;
    case 'array of string':
      return 'string[]';
    case 'array':
      return 'unknown[]';
    case 'object':
      return object;
    case 'array of previous-fix objects':
    case 'array of diagnosis objects':
      return `${object}[]`;
  }
}

describe('TypeScript client generated from /docs-json with openapi-typescript', () => {
  let t: TestApp;
  let dir: string;
  beforeAll(async () => {
    t = await createTestApp();
    const document = (await request(t.http).get('/docs-json')).body;
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'woi-contract-client-'));
    fs.writeFileSync(path.join(dir, 'openapi.json'), JSON.stringify(document));
    execFileSync(process.execPath, [OPENAPI_TS_CLI, path.join(dir, 'openapi.json'), '--output', path.join(dir, 'api.ts')], { stdio: 'pipe' });
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  /** Compiles one file next to the generated api.ts with strict settings; returns the diagnostics. */
  function compile(name: string, source: string): string[] {
    const file = path.join(dir, name);
    fs.writeFileSync(file, source);
    const program = ts.createProgram([file], {
      strict: true,
      noEmit: true,
      target: ts.ScriptTarget.ES2022,
      lib: ['lib.es2022.d.ts'],
      module: ts.ModuleKind.CommonJS,
      types: [],
      skipLibCheck: false,
    });
    return ts.getPreEmitDiagnostics(program).map((d) => {
      const where = d.file && d.start !== undefined ? `${path.basename(d.file.fileName)}:${d.file.getLineAndCharacterOfPosition(d.start).line + 1} ` : '';
      return `${where}${ts.flattenDiagnosticMessageText(d.messageText, '\n')}`;
    });
  }

  const payloadFile = (payload: object) =>
    [
      `import type { paths } from './api';`,
      `export type EnrichBody = ${BODY_TYPE};`,
      `export const body: EnrichBody = ${JSON.stringify(payload, null, 2)};`,
      '',
    ].join('\n');

  it('generates types that compile on their own', () => {
    expect(compile('api-only.ts', `import type { paths } from './api';\nexport type Paths = keyof paths;\n`)).toEqual([]);
  });

  it('types the work order with all 26 fields as the enrich request body', () => {
    expect(Object.keys(FULL_WORK_ORDER)).toHaveLength(26);
    expect(compile('full-work-order.ts', payloadFile(FULL_WORK_ORDER))).toEqual([]);
  });

  // The two checks above must be able to fail. TypeScript names only the first unknown field of a
  // literal, so these use fields the document has had all along, not the full work order.
  it('reports a misspelled field name', () => {
    const diagnostics = compile('misspelled.ts', payloadFile({ issue_description: FULL_WORK_ORDER.issue_description, titel: FULL_WORK_ORDER.title }));
    expect(diagnostics.join('\n')).toMatch(/'"?titel"?' does not exist/);
  });

  it('reports a field of the wrong type', () => {
    const diagnostics = compile(
      'wrong-type.ts',
      payloadFile({ issue_description: FULL_WORK_ORDER.issue_description, property_id: String(FULL_WORK_ORDER.property_id) }),
    );
    expect(diagnostics.join('\n')).toMatch(/Type 'string' is not assignable to type 'number/);
  });

  it('types the diagnosis result with the specification fields and types', () => {
    const expected = `{ ${DIAGNOSIS_RESULT.map((f) => `${f.name}: ${expectedType(f)}`).join('; ')} }`;
    const source = [
      `import type { paths } from './api';`,
      `type Result = ${RESULT_TYPE};`,
      // A user's code reading the answer as the specification describes it: every field present
      // (not optional, except the figures left out when unknown), not null, with the specified
      // type. Extension fields do not get in the way.
      `export const read = (r: Result): ${expected} => r;`,
      '',
    ].join('\n');
    expect(compile('result.ts', source)).toEqual([]);
  });
});
