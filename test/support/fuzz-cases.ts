import * as zlib from 'node:zlib';
import fc from 'fast-check';
import {
  brokenJson,
  deepJson,
  isoDateJunk,
  isoDateValid,
  JsonObject,
  junkJson,
  junkKey,
  nastyText,
  numberJunk,
  percentEncode,
  sizedText,
  throughUtf8,
  toJsonText,
} from './arbitraries';
import type { RawRequest } from './fuzz-http';
import { pngDeclaring } from '../fixtures/nameplates/png-declaring';

export type Endpoint = 'enrich' | 'import' | 'analyze' | 'nameplate';

/** What a correct 200 answer to a valid request holds. */
export type ValidExpectation =
  | { endpoint: 'enrich'; vendors?: string[]; emergency?: boolean }
  | { endpoint: 'import'; received: number; mustStore: number[]; idsKnown: boolean }
  | { endpoint: 'analyze'; brand?: string; model: string; serial: string | null; year?: number; equipmentType?: string }
  | { endpoint: 'nameplate'; brand: string; model: string; serial: string };

/** One generated request and what its answer may be. */
export interface FuzzCase {
  endpoint: Endpoint;
  /** What the case tries, e.g. `enrich/junk-fields`. */
  kind: string;
  request: RawRequest;
  /** Statuses the answer may have; when absent any status below 500 (200 included). */
  expectStatus?: number[];
  /** For a valid request: the 200 it must get and what its body holds. */
  valid?: ValidExpectation;
}

/** Limits the fuzzed app runs with (small, so oversized bodies stay cheap to send). */
export const FUZZ_LIMITS = { jsonBodyBytes: 65_536, importBodyBytes: 1_048_576, uploadBytes: 1_000_000 };

/** Env for createTestApp matching FUZZ_LIMITS. */
export const FUZZ_ENV = {
  JSON_BODY_LIMIT_BYTES: String(FUZZ_LIMITS.jsonBodyBytes),
  IMPORT_BODY_LIMIT_BYTES: String(FUZZ_LIMITS.importBodyBytes),
  UPLOAD_MAX_BYTES: String(FUZZ_LIMITS.uploadBytes),
  OCR_WORKERS: '1',
};

type FieldSpec =
  { type: 'text'; max: number; required?: true } | { type: 'int'; max: number } | { type: 'number'; max: number } | { type: 'epoch' } | { type: 'iso' };

const text = (max: number): FieldSpec => ({ type: 'text', max });

/** Every field of the work order input (enrich and import rows), with its documented type and limit. */
export const WORK_ORDER_FIELDS: Record<string, FieldSpec> = {
  issue_description: { type: 'text', max: 5000, required: true },
  client_id: text(100),
  client_number: text(100),
  ticket_open_date: { type: 'epoch' },
  ticket_close_date: { type: 'epoch' },
  location: text(200),
  title: text(200),
  property_id: { type: 'int', max: Number.MAX_SAFE_INTEGER },
  unit_id: { type: 'int', max: Number.MAX_SAFE_INTEGER },
  vendor_comments: text(5000),
  closing_description: text(5000),
  resolution: text(5000),
  estimated_cost: { type: 'number', max: 10_000_000 },
  actual_cost: { type: 'number', max: 10_000_000 },
  work_order_status: text(100),
  urgency: text(50),
  assigned_vendors: text(500),
  tags: text(500),
  invoices: text(2000),
  property_detail: text(1000),
  unit_detail: text(500),
  work_start_date: { type: 'iso' },
  work_complete_date: { type: 'iso' },
  estimated_complete_date: { type: 'iso' },
  last_updated: { type: 'iso' },
  asset: text(500),
  work_order_id: text(100),
};

/** The text fields of a work order. */
export const WORK_ORDER_TEXT_FIELDS = Object.entries(WORK_ORDER_FIELDS)
  .filter(([, spec]) => spec.type === 'text')
  .map(([name]) => name);

/** A value the field accepts: hostile but within type and limit. */
function validValue(spec: FieldSpec): fc.Arbitrary<unknown> {
  switch (spec.type) {
    case 'text': {
      const nonBlank = spec.required === true;
      const value = fc.oneof(
        { weight: 4, arbitrary: nastyText({ maxLength: Math.min(spec.max, 80), nonBlank }) },
        { weight: 1, arbitrary: sizedText(spec.max, 'within', { nonBlank }) },
      );
      return nonBlank ? value : fc.oneof({ weight: 9, arbitrary: value }, { weight: 1, arbitrary: fc.constantFrom(null, '', '   ') });
    }
    case 'int':
      return fc.oneof(fc.integer({ min: 0, max: 1_000_000 }), fc.constantFrom(0, spec.max), fc.constant(null));
    case 'number':
      return fc.oneof(fc.double({ min: 0, max: spec.max, noNaN: true, noDefaultInfinity: true }), fc.integer({ min: 0, max: spec.max }), fc.constant(null));
    case 'epoch':
      return fc.oneof(
        fc.integer({ min: 0, max: 99_999_999_999 }),
        fc.integer({ min: 100_000_000_000, max: 4_102_444_800_000 }),
        fc.double({ min: 0, max: 4_102_444_800_000, noNaN: true }),
        fc.constant(null),
      );
    case 'iso':
      return fc.oneof({ weight: 5, arbitrary: isoDateValid }, { weight: 1, arbitrary: fc.constant(null) });
  }
}

/** A value of the wrong type, out of range, too long, or otherwise refused (some may still be accepted). */
function invalidValue(spec: FieldSpec): fc.Arbitrary<unknown> {
  const wrongShape = fc.oneof(fc.boolean(), junkJson, deepJson);
  switch (spec.type) {
    case 'text':
      return fc.oneof(
        numberJunk,
        wrongShape,
        sizedText(spec.max, 'beyond'),
        nastyText({ maxLength: 40, allowNul: true }),
        fc.constantFrom('', ' \t\n ', '\u0000', 'a\u0000b'),
      );
    case 'int':
    case 'number':
    case 'epoch':
      return fc.oneof(
        { weight: 3, arbitrary: numberJunk },
        { weight: 1, arbitrary: wrongShape },
        { weight: 1, arbitrary: fc.constantFrom(1.5, 0.001, 99.99, -0.0001, 'abc') },
      );
    case 'iso':
      return fc.oneof(isoDateJunk, wrongShape);
  }
}

/** A work order whose every field is valid (hostile text, extreme but allowed numbers). */
export const validWorkOrder: fc.Arbitrary<Record<string, unknown>> = fc.record(
  Object.fromEntries(Object.entries(WORK_ORDER_FIELDS).map(([name, spec]) => [name, validValue(spec)])),
  { requiredKeys: ['issue_description'] },
);

/** A work order whose fields are each missing, valid or invalid, with extra junk keys and repeated keys. */
export const junkWorkOrder: fc.Arbitrary<JsonObject> = fc
  .tuple(
    fc.tuple(
      ...Object.entries(WORK_ORDER_FIELDS).map(([name, spec]) =>
        fc
          .oneof({ weight: 5, arbitrary: fc.constant(undefined) }, { weight: 1, arbitrary: validValue(spec) }, { weight: 2, arbitrary: invalidValue(spec) })
          .map((v) => [name, v] as [string, unknown]),
      ),
    ),
    fc.array(fc.tuple(junkKey, junkJson), { maxLength: 3 }),
    fc.option(fc.tuple(fc.constantFrom(...Object.keys(WORK_ORDER_FIELDS)), junkJson), { freq: 5 }),
  )
  .map(([fields, extra, repeated]) => {
    const entries = [...fields.filter(([, v]) => v !== undefined), ...extra];
    if (repeated) entries.push(repeated);
    return new JsonObject(entries);
  });

/** Descriptions the offline knowledge engine must diagnose, with the trades acceptable first. */
export const KNOWN_PROBLEMS: { description: string; vendors: string[]; emergency?: boolean }[] = [
  { description: 'Toilet keeps running after flush', vendors: ['plumbing'] },
  { description: 'Gas smell near the stove', vendors: ['appliance', 'plumbing'], emergency: true },
  { description: 'Kitchen sink leaking under the cabinet', vendors: ['plumbing', 'drains-sewer'] },
  { description: 'Outlet sparking in the bedroom', vendors: ['electrical'], emergency: true },
  { description: 'AC not cooling, blowing warm air', vendors: ['hvac-cooling'] },
  { description: 'No hot water from the water heater', vendors: ['water-heater'] },
];

/** A known problem with benign context: the answer is checked against the expected trade. */
const knownEnrichBody = fc
  .record({
    problem: fc.constantFrom(...KNOWN_PROBLEMS),
    property_detail: fc.constantFrom('Maple Court, Columbus, OH', 'Bay View, San Jose, CA 95112', '43215', 'Austin TX', undefined),
    unit_detail: fc.constantFrom('Unit 4B', '2BR, electric range', undefined),
    property_id: fc.option(fc.integer({ min: 1, max: 10_000 }), { nil: undefined }),
  })
  .map(({ problem, ...context }) => ({ body: { issue_description: problem.description, ...context }, problem }));

/** Authorization headers that must be refused. */
const badAuthorization = fc.constantFrom(
  undefined,
  '',
  'Bearer',
  'Bearer ',
  'Basic dXNlcjpwYXNz',
  'Bearer woi_AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA',
  'Bearer woi_',
  'Bearer null',
  'Bearer \u00ff\u00fe',
  'Token abc',
);

/** X-Request-Id values: sane (echoed), absent, or refused (replaced by a fresh id). */
export const requestIdHeader = fc.option(
  fc.oneof(
    fc.constantFrom('fuzz-1', 'a:b.c_d-e', 'x'.repeat(128), 'x'.repeat(129), 'has space', '<script>', 'ÿ-latin1', ''),
    fc.stringMatching(/^[A-Za-z0-9._:-]{1,40}$/),
  ),
  { freq: 3 },
);

/** Content types for a JSON body: mostly right, sometimes odd but acceptable, sometimes wrong. */
const jsonContentType = fc.oneof(
  { weight: 10, arbitrary: fc.constant('application/json') },
  {
    weight: 3,
    arbitrary: fc.constantFrom(
      'application/json; charset=utf-8',
      'APPLICATION/JSON',
      'application/json;charset=UTF-8',
      'application/json ; charset=utf-8',
      'application/json; boundary=x',
    ),
  },
  {
    weight: 4,
    arbitrary: fc.constantFrom(
      undefined,
      '',
      'text/plain',
      'text/json',
      'application/x-www-form-urlencoded',
      'multipart/form-data; boundary=xyz',
      'application/vnd.api+json',
      'application/x-ndjson',
      'application/json; charset=latin1',
      'application/json; charset=utf-16',
      'application/json; charset=nonsense',
      'application/json, text/plain',
      'json',
      '*/*',
      'application/',
      ';;;',
      'image/jpeg',
    ),
  },
);

interface HeaderOptions {
  token: string;
  contentType?: string;
  requestId?: string | null;
}

function headers({ token, contentType, requestId }: HeaderOptions): Record<string, string> {
  const h: Record<string, string> = { Authorization: `Bearer ${token}` };
  if (contentType !== undefined) h['Content-Type'] = contentType;
  if (requestId !== undefined && requestId !== null) h['X-Request-Id'] = requestId;
  return h;
}

/** Wraps a JSON body in a content encoding: valid gzip, a gzip bomb, or bytes that do not match the declared encoding. */
const encodedBody = (body: Buffer, limit: number) =>
  fc.constantFrom('gzip', 'deflate', 'br', 'gzip-bomb', 'gzip-lie', 'compress', 'identity', 'GZIP').map((encoding): { body: Buffer; encoding: string } => {
    switch (encoding) {
      case 'gzip':
        return { body: zlib.gzipSync(body), encoding };
      case 'deflate':
        return { body: zlib.deflateSync(body), encoding };
      case 'br':
        return { body: zlib.brotliCompressSync(body), encoding };
      case 'gzip-bomb':
        return {
          body: zlib.gzipSync(Buffer.concat([Buffer.from('{"issue_description":"'), Buffer.alloc(limit * 4, 0x61), Buffer.from('"}')])),
          encoding: 'gzip',
        };
      case 'gzip-lie':
        return { body, encoding: 'gzip' };
      default:
        return { body, encoding };
    }
  });

/** Requests with the wrong method, path or credentials for a route; all must be refused. */
function refusedRequest(endpoint: Endpoint, path: string, token: string): fc.Arbitrary<FuzzCase> {
  return fc.oneof(
    fc.record({ method: fc.constantFrom('GET', 'PUT', 'DELETE', 'PATCH', 'OPTIONS'), requestId: requestIdHeader }).map(({ method, requestId }) => ({
      endpoint,
      kind: `${endpoint}/wrong-method`,
      request: { method, path, headers: headers({ token, requestId }) },
      expectStatus: [405],
    })),
    fc.constantFrom(`${path}/x`, `${path}//`, `${path.replace(/\/[^/]+$/, '')}/%00`, `${path}%2F..`, `${path.toUpperCase()}/..%2F..%2Fhealth`).map((p) => ({
      endpoint,
      kind: `${endpoint}/wrong-path`,
      request: { method: 'POST', path: p, headers: headers({ token, contentType: 'application/json' }), body: Buffer.from('{}') },
      expectStatus: [400, 404, 405, 415],
    })),
    badAuthorization.map((authorization) => {
      const h = headers({ token, contentType: 'application/json' });
      if (authorization === undefined) delete h.Authorization;
      else h.Authorization = authorization;
      return {
        endpoint,
        kind: `${endpoint}/bad-token`,
        request: { method: 'POST', path, headers: h, body: Buffer.from('{"issue_description":"leak"}') },
        expectStatus: [401],
      };
    }),
  );
}

/** Cases for POST /work-order/enrich. */
export function enrichCase(token: string): fc.Arbitrary<FuzzCase> {
  const path = '/work-order/enrich';
  const json = (body: unknown, contentType = 'application/json', requestId?: string | null): RawRequest => ({
    method: 'POST',
    path,
    headers: headers({ token, contentType, requestId }),
    body: Buffer.from(toJsonText(body)),
  });
  return fc.oneof(
    {
      weight: 2,
      arbitrary: fc.tuple(knownEnrichBody, requestIdHeader).map(([{ body, problem }, requestId]) => ({
        endpoint: 'enrich' as const,
        kind: 'enrich/known-problem',
        request: json(body, 'application/json', requestId),
        valid: { endpoint: 'enrich' as const, vendors: problem.vendors, emergency: problem.emergency },
      })),
    },
    {
      weight: 4,
      arbitrary: validWorkOrder.map((body) => ({
        endpoint: 'enrich' as const,
        kind: 'enrich/hostile-valid',
        request: json(body),
        valid: { endpoint: 'enrich' as const },
      })),
    },
    {
      weight: 50,
      arbitrary: fc
        .tuple(junkWorkOrder, requestIdHeader)
        .map(([body, requestId]) => ({ endpoint: 'enrich' as const, kind: 'enrich/junk-fields', request: json(body, 'application/json', requestId) })),
    },
    {
      weight: 5,
      arbitrary: fc
        .oneof(junkJson, deepJson, fc.array(validWorkOrder, { maxLength: 2 }))
        .map((body) => ({ endpoint: 'enrich' as const, kind: 'enrich/not-an-object', request: json(body) })),
    },
    {
      weight: 15,
      arbitrary: fc
        .oneof(junkWorkOrder.map(toJsonText), validWorkOrder.map(toJsonText))
        .chain((t) => brokenJson(t))
        .map((body) => ({
          endpoint: 'enrich' as const,
          kind: 'enrich/broken-json',
          request: { method: 'POST', path, headers: headers({ token, contentType: 'application/json' }), body },
        })),
    },
    {
      weight: 5,
      arbitrary: fc
        .tuple(fc.oneof({ weight: 1, arbitrary: validWorkOrder }, { weight: 2, arbitrary: junkWorkOrder }), jsonContentType)
        .map(([body, contentType]) => ({ endpoint: 'enrich' as const, kind: 'enrich/content-type', request: json(body, contentType as string) })),
    },
    {
      weight: 2,
      arbitrary: fc.oneof(validWorkOrder, junkWorkOrder).chain((body) =>
        encodedBody(Buffer.from(toJsonText(body)), FUZZ_LIMITS.jsonBodyBytes).map(({ body: bytes, encoding }) => ({
          endpoint: 'enrich' as const,
          kind: 'enrich/content-encoding',
          request: { method: 'POST', path, headers: { ...headers({ token, contentType: 'application/json' }), 'Content-Encoding': encoding }, body: bytes },
        })),
      ),
    },
    {
      weight: 1,
      arbitrary: fc.constantFrom('a', '😀', 'İ').map((piece) => ({
        endpoint: 'enrich' as const,
        kind: 'enrich/oversized-body',
        request: json({ issue_description: piece.repeat(FUZZ_LIMITS.jsonBodyBytes) }),
        expectStatus: [413],
      })),
    },
    {
      weight: 1,
      arbitrary: fc.oneof(
        validWorkOrder.map((body) => ({
          endpoint: 'enrich' as const,
          kind: 'enrich/chunked',
          request: { ...json(body), chunked: true },
          valid: { endpoint: 'enrich' as const },
        })),
        junkWorkOrder.map((body) => ({ endpoint: 'enrich' as const, kind: 'enrich/chunked', request: { ...json(body), chunked: true } })),
      ),
    },
    { weight: 3, arbitrary: refusedRequest('enrich', path, token) },
  );
}

/** An import row: valid (must be stored), junk (may be rejected), or not an object (must be rejected). */
const importRow = fc.oneof(
  { weight: 2, arbitrary: validWorkOrder.map((row) => ({ row: row as unknown, valid: true })) },
  { weight: 2, arbitrary: junkWorkOrder.map((row) => ({ row: row as unknown, valid: false })) },
  { weight: 1, arbitrary: junkJson.map((row) => ({ row, valid: false })) },
);

/** Cases for POST /work-order/import. */
export function importCase(token: string): fc.Arbitrary<FuzzCase> {
  const path = '/work-order/import';
  const send = (body: Buffer, contentType: string | undefined): RawRequest => ({ method: 'POST', path, headers: headers({ token, contentType }), body });
  const mustStore = (rows: { valid: boolean }[]) => rows.flatMap((r, i) => (r.valid ? [i] : []));
  return fc.oneof(
    {
      weight: 40,
      arbitrary: fc.array(importRow, { minLength: 1, maxLength: 6 }).map((rows) => ({
        endpoint: 'import' as const,
        kind: 'import/json-rows',
        request: send(Buffer.from(toJsonText(rows.map((r) => r.row))), 'application/json'),
        valid: { endpoint: 'import' as const, received: rows.length, mustStore: mustStore(rows), idsKnown: false },
      })),
    },
    {
      weight: 5,
      arbitrary: fc
        .uniqueArray(fc.tuple(fc.uuid(), fc.constantFrom(...KNOWN_PROBLEMS)), { minLength: 1, maxLength: 5, selector: ([id]) => id })
        .map((rows) => ({
          endpoint: 'import' as const,
          kind: 'import/known-rows',
          request: send(
            Buffer.from(
              JSON.stringify(
                rows.map(([id, p]) => ({
                  work_order_id: `fz-${id}`,
                  issue_description: p.description,
                  work_order_status: 'Closed',
                  resolution: 'Replaced part',
                  actual_cost: 100,
                })),
              ),
            ),
            'application/json',
          ),
          valid: { endpoint: 'import' as const, received: rows.length, mustStore: rows.map((_, i) => i), idsKnown: true },
        })),
    },
    {
      weight: 15,
      arbitrary: fc
        .tuple(
          fc.array(
            fc.oneof(
              { weight: 3, arbitrary: importRow.map((r) => ({ line: toJsonText(r.row), valid: r.valid })) },
              {
                weight: 1,
                arbitrary: fc
                  .constantFrom('', '   ', '\t', '{', 'not json', '[1,', '\u0000', '{"issue_description":"leak"', '\ufeff{}')
                  .map((line) => ({ line, valid: false })),
              },
            ),
            { minLength: 1, maxLength: 8 },
          ),
          fc.constantFrom('\n', '\r\n'),
          fc.constantFrom('application/x-ndjson', 'application/ndjson', 'application/jsonl', 'application/x-ndjson; charset=utf-8'),
        )
        .map(([lines, eol, contentType]) => {
          const nonBlank = lines.filter((l) => l.line.trim() !== '');
          const stored = nonBlank.flatMap((l, i) => (l.valid ? [i] : []));
          return {
            endpoint: 'import' as const,
            kind: 'import/ndjson',
            request: send(Buffer.from(lines.map((l) => l.line).join(eol)), contentType),
            ...(nonBlank.length === 0
              ? { expectStatus: [400] }
              : { valid: { endpoint: 'import' as const, received: nonBlank.length, mustStore: stored, idsKnown: false } }),
          };
        }),
    },
    {
      weight: 4,
      arbitrary: fc
        .constantFrom(
          ['[]', 'application/json'],
          ['', 'application/x-ndjson'],
          ['\n\n  \n', 'application/x-ndjson'],
          ['{}', 'application/json'],
          ['null', 'application/json'],
          ['"rows"', 'application/json'],
          ['42', 'application/json'],
        )
        .map(([body, ct]) => ({
          endpoint: 'import' as const,
          kind: 'import/empty-or-not-array',
          request: send(Buffer.from(body), ct),
          expectStatus: [400],
        })),
    },
    {
      weight: 6,
      arbitrary: fc
        .oneof(junkWorkOrder, junkJson, deepJson)
        .map((body) => ({ endpoint: 'import' as const, kind: 'import/not-an-array', request: send(Buffer.from(toJsonText(body)), 'application/json') })),
    },
    {
      weight: 10,
      arbitrary: fc
        .array(importRow, { minLength: 1, maxLength: 3 })
        .chain((rows) => brokenJson(toJsonText(rows.map((r) => r.row))))
        .map((body) => ({ endpoint: 'import' as const, kind: 'import/broken-json', request: send(body, 'application/json') })),
    },
    {
      weight: 10,
      arbitrary: fc.tuple(fc.array(importRow, { minLength: 1, maxLength: 3 }), jsonContentType).map(([rows, contentType]) => ({
        endpoint: 'import' as const,
        kind: 'import/content-type',
        request: send(Buffer.from(toJsonText(rows.map((r) => r.row))), contentType as string),
      })),
    },
    {
      weight: 1,
      arbitrary: fc.constantFrom('application/json', 'application/x-ndjson').map((ct) => ({
        endpoint: 'import' as const,
        kind: 'import/oversized-body',
        request: send(
          Buffer.from(
            ct === 'application/json'
              ? `[${'{"issue_description":"leak"},'.repeat(FUZZ_LIMITS.importBodyBytes / 20)}{}]`
              : '{"issue_description":"leak"}\n'.repeat(FUZZ_LIMITS.importBodyBytes / 20),
          ),
          ct,
        ),
        expectStatus: [413],
      })),
    },
    { weight: 3, arbitrary: refusedRequest('import', path, token) },
  );
}

/** Known assets whose decoded facts are checked. */
export const KNOWN_ASSETS = [
  { brand_name: 'Carrier', model_number: '24ACC636A003', serial_number: '1014E12345', brand: 'Carrier', year: 2014 },
  { brand_name: 'goodman', model_number: 'GSX140361', serial_number: '1503123456', brand: 'Goodman', year: 2015 },
  { brand_name: 'Trane', model_number: '4TTR4036L1000A', serial_number: '14251KAD4F', brand: 'Trane', equipmentType: 'split-system AC condenser' },
];

const QUERY_KEYS = ['model_number', 'brand_name', 'serial_number'];
const MAX_QUERY_CHARS = 12_000;

/** A raw query string from [key, already-encoded value] pairs. */
const queryString = (pairs: [string, string | null][]) => pairs.map(([k, v]) => (v === null ? k : `${k}=${v}`)).join('&');

/** Query parameter values: hostile text, over the limit, empty, or malformed percent-encoding. */
const queryValue: fc.Arbitrary<string | null> = fc.oneof(
  { weight: 4, arbitrary: nastyText({ maxLength: 60, allowNul: true }).map(percentEncode) },
  { weight: 1, arbitrary: sizedText(100, 'beyond', { factor: 5 }).map(percentEncode) },
  { weight: 1, arbitrary: sizedText(100, 'within').map(percentEncode) },
  { weight: 2, arbitrary: fc.constantFrom('', '%', '%zz', '%E0%A4', '%ED%A0%80', '%00', '+', '++', '%2B', 'a%', '%%41', '%C0%AF', '%FF%FE', null) },
);

const queryKey = fc.oneof(
  { weight: 6, arbitrary: fc.constantFrom(...QUERY_KEYS) },
  {
    weight: 2,
    arbitrary: fc.constantFrom(
      'model_number[]',
      'brand_name[x]',
      'model_number[0]',
      '__proto__',
      '__proto__[brand_name]',
      'constructor[prototype]',
      'MODEL_NUMBER',
      'model%5Fnumber',
      '',
      'brand_name%00',
      'serial_number[]',
    ),
  },
  { weight: 1, arbitrary: nastyText({ maxLength: 12 }).map(percentEncode) },
);

/** Cases for POST /asset-intelligence/analyze. */
export function analyzeCase(token: string): fc.Arbitrary<FuzzCase> {
  const path = '/asset-intelligence/analyze';
  const post = (query: string, extra: Partial<RawRequest> = {}, requestId?: string | null): RawRequest => ({
    method: 'POST',
    path: query ? `${path}?${query}` : path,
    headers: headers({ token, requestId }),
    ...extra,
  });
  return fc.oneof(
    {
      weight: 5,
      arbitrary: fc.tuple(fc.constantFrom(...KNOWN_ASSETS), fc.constantFrom('', ' ', '\t'), requestIdHeader).map(([a, pad, requestId]) => ({
        endpoint: 'analyze' as const,
        kind: 'analyze/known-asset',
        request: post(
          queryString([
            ['brand_name', percentEncode(pad + a.brand_name + pad)],
            ['model_number', percentEncode(a.model_number)],
            ['serial_number', percentEncode(a.serial_number)],
          ]),
          {},
          requestId,
        ),
        valid: { endpoint: 'analyze' as const, brand: a.brand, model: a.model_number, serial: a.serial_number, year: a.year, equipmentType: a.equipmentType },
      })),
    },
    {
      weight: 12,
      arbitrary: fc
        .record({
          brand: fc.oneof(
            nastyText({ maxLength: 100, nonBlank: true }),
            sizedText(100, 'within', { nonBlank: true }),
            fc.constantFrom('Carrier', 'Rheem', 'Whirlpool'),
          ),
          model: fc.oneof(nastyText({ maxLength: 100, nonBlank: true }), sizedText(100, 'within', { nonBlank: true })),
          serial: fc.option(fc.oneof(nastyText({ maxLength: 100 }), sizedText(100, 'within')), { nil: undefined }),
        })
        .map(({ brand, model, serial }) => {
          const pairs: [string, string][] = [
            ['model_number', percentEncode(model)],
            ['brand_name', percentEncode(brand)],
          ];
          if (serial !== undefined) pairs.push(['serial_number', percentEncode(serial)]);
          const serialSent = serial === undefined ? null : throughUtf8(serial).trim() || null;
          return {
            endpoint: 'analyze' as const,
            kind: 'analyze/hostile-valid',
            request: post(queryString(pairs)),
            valid: { endpoint: 'analyze' as const, model: throughUtf8(model).trim(), serial: serialSent },
          };
        }),
    },
    {
      weight: 50,
      arbitrary: fc.array(fc.tuple(queryKey, queryValue), { maxLength: 6 }).map((generated) => {
        // Node answers a request line over 16 KB itself (431, before the app); stay under it.
        const pairs = generated.filter((_, i) => queryString(generated.slice(0, i + 1)).length <= MAX_QUERY_CHARS);
        const counts = new Map<string, number>();
        for (const [k] of pairs) counts.set(k, (counts.get(k) ?? 0) + 1);
        const repeated = QUERY_KEYS.some((k) => (counts.get(k) ?? 0) > 1);
        return { endpoint: 'analyze' as const, kind: 'analyze/junk-query', request: post(queryString(pairs)), ...(repeated ? { expectStatus: [400] } : {}) };
      }),
    },
    {
      weight: 6,
      arbitrary: fc
        .tuple(fc.constantFrom(...KNOWN_ASSETS), fc.constantFrom('model_number', 'brand_name', 'serial_number'), queryValue)
        .map(([a, key, extra]) => ({
          endpoint: 'analyze' as const,
          kind: 'analyze/repeated-param',
          request: post(`brand_name=${a.brand_name}&model_number=${a.model_number}&serial_number=${a.serial_number}&${key}=${extra ?? ''}`),
          expectStatus: [400],
        })),
    },
    {
      weight: 8,
      arbitrary: fc
        .tuple(
          fc.constantFrom(...KNOWN_ASSETS),
          fc.oneof(
            junkWorkOrder.map((b) => Buffer.from(toJsonText(b))),
            fc.uint8Array({ maxLength: 200 }).map((b) => Buffer.from(b)),
          ),
          jsonContentType,
        )
        .map(([a, body, contentType]) => ({
          endpoint: 'analyze' as const,
          kind: 'analyze/with-body',
          request: post(`brand_name=${a.brand_name}&model_number=${a.model_number}`, {
            body,
            headers: headers({ token, contentType: contentType as string | undefined }),
          }),
        })),
    },
    { weight: 4, arbitrary: refusedRequest('analyze', path, token) },
  );
}

/** One part of a multipart body. */
interface Part {
  headers: string[];
  body: Buffer;
}

function multipart(boundary: string, parts: Part[], closing = true): Buffer {
  const chunks: Buffer[] = [];
  for (const p of parts) chunks.push(Buffer.from(`--${boundary}\r\n${p.headers.join('\r\n')}\r\n\r\n`, 'latin1'), p.body, Buffer.from('\r\n'));
  if (closing) chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return Buffer.concat(chunks);
}

const filePart = (name: string, filename: string, body: Buffer, type = 'image/jpeg'): Part => ({
  headers: [`Content-Disposition: form-data; name="${name}"; filename="${filename}"`, `Content-Type: ${type}`],
  body,
});

const MAGIC: Record<string, number[]> = {
  jpeg: [0xff, 0xd8, 0xff],
  png: [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a],
  webp: [0x52, 0x49, 0x46, 0x46, 1, 0, 0, 0, 0x57, 0x45, 0x42, 0x50],
  tiff: [0x49, 0x49, 0x2a, 0x00],
};

/** Small images that are not nameplates (fewer than 32 pixels a side): cheap to refuse. Rendered by the caller with sharp. */
export interface TinyImages {
  images: Buffer[];
}

/** Photo payloads that are cheap to refuse, each with the statuses it may get. */
interface Payload {
  bytes: Buffer;
  kind: string;
  status: number[];
}

function photoPayload(tiny: TinyImages): fc.Arbitrary<Payload> {
  return fc.oneof(
    {
      weight: 6,
      arbitrary: fc
        .uint8Array({ minLength: 1, maxLength: 2000 })
        .filter((b) => ![0xff, 0x89, 0x52, 0x49, 0x4d].includes(b[0]))
        .map((b) => ({ bytes: Buffer.from(b), kind: 'random-bytes', status: [415] })),
    },
    {
      weight: 3,
      arbitrary: fc
        .constantFrom('GIF89a', '%PDF-1.7', 'BM', '<svg xmlns="http://www.w3.org/2000/svg"/>', 'PK\u0003\u0004', '\u0000\u0000\u0001\u0000')
        .map((s) => ({ bytes: Buffer.from(s + 'x'.repeat(64), 'latin1'), kind: 'other-format', status: [415] })),
    },
    {
      weight: 6,
      arbitrary: fc
        .tuple(fc.constantFrom(...Object.keys(MAGIC)), fc.uint8Array({ maxLength: 600 }))
        .map(([f, rest]) => ({ bytes: Buffer.concat([Buffer.from(MAGIC[f]), Buffer.from(rest)]), kind: `${f}-magic-then-junk`, status: [413, 422] })),
    },
    {
      weight: 4,
      arbitrary: fc
        .tuple(fc.constantFrom(...tiny.images), fc.nat())
        .map(([img, cut]) => ({ bytes: img.subarray(0, 4 + (cut % Math.max(1, img.length - 4))), kind: 'truncated-image', status: [413, 415, 422] })),
    },
    { weight: 3, arbitrary: fc.constantFrom(...tiny.images).map((img) => ({ bytes: img, kind: 'tiny-image', status: [422] })) },
    {
      weight: 3,
      arbitrary: fc
        .constantFrom([30000, 30000], [100000, 1], [1, 100000], [65535, 65535], [0, 0], [1, 1], [4, 8])
        .map(([w, h]) => ({ bytes: pngDeclaring(w, h), kind: `png-declaring-${w}x${h}`, status: [413, 422] })),
    },
    { weight: 1, arbitrary: fc.constant<Payload>({ bytes: Buffer.alloc(0), kind: 'empty-file', status: [400] }) },
    {
      weight: 1,
      arbitrary: fc.constant<Payload>({
        bytes: Buffer.concat([Buffer.from(MAGIC.jpeg), Buffer.alloc(FUZZ_LIMITS.uploadBytes)]),
        kind: 'over-upload-limit',
        status: [413],
      }),
    },
  );
}

/** File names that never break the part header (hostile ones are a case of their own). */
const filenames = fc.constantFrom('plate.jpg', '../../etc/passwd', 'x\\y.tif', 'photo.exe', '.jpg', 'a'.repeat(300), 'plate (1).JPG');

/** File names with quotes, control characters and unicode: the multipart parser may refuse the part header. */
const hostileFilenames = fc.oneof(fc.constantFrom('a"b.png', '', 'ß😀.png', '\u0000.jpg', 'a\rb.jpg'), nastyText({ maxLength: 30, allowNul: true }));

/** Cases for POST /asset-intelligence/analyze-nameplate: cheap refusals, never a real nameplate. */
export function nameplateCase(token: string, tiny: TinyImages): fc.Arbitrary<FuzzCase> {
  const path = '/asset-intelligence/analyze-nameplate';
  const boundary = fc.constantFrom('----fuzzboundary', 'x', 'a'.repeat(70), '----WebKitFormBoundary7MA4YWxkTrZu0gW', '"quoted"');
  const post = (contentType: string | undefined, body: Buffer, kind: string, expectStatus?: number[]): FuzzCase => ({
    endpoint: 'nameplate',
    kind: `nameplate/${kind}`,
    request: { method: 'POST', path, headers: headers({ token, contentType }), body },
    expectStatus,
  });
  const ct = (b: string) => `multipart/form-data; boundary=${b}`;
  const bare = (b: string) => b.replace(/"/g, '');
  return fc.oneof(
    {
      weight: 40,
      arbitrary: fc
        .tuple(boundary, photoPayload(tiny), filenames, fc.constantFrom('image/jpeg', 'image/png', 'application/octet-stream', 'text/plain', ''))
        .map(([b, p, filename, type]) => post(ct(b), multipart(bare(b), [filePart('photo', filename, p.bytes, type)]), p.kind, p.status)),
    },
    {
      weight: 5,
      arbitrary: fc
        .tuple(boundary, photoPayload(tiny), hostileFilenames)
        .map(([b, p, filename]) =>
          post(ct(b), multipart(bare(b), [filePart('photo', filename, p.bytes)]), `hostile-filename-${p.kind}`, filename === '' ? [400] : [400, ...p.status]),
        ),
    },
    {
      weight: 10,
      arbitrary: fc
        .tuple(boundary, fc.constantFrom('file', 'Photo', 'photo[]', 'image', '', 'photo ', 'ph\u00f6to'), photoPayload(tiny))
        .map(([b, name, p]) => post(ct(b), multipart(bare(b), [filePart(name, 'p.jpg', p.bytes)]), 'wrong-field-name', [400, 413])),
    },
    {
      weight: 5,
      arbitrary: fc
        .tuple(boundary, photoPayload(tiny))
        .map(([b, p]) => post(ct(b), multipart(bare(b), [filePart('photo', 'a.jpg', p.bytes), filePart('photo', 'b.jpg', p.bytes)]), 'two-photos', [400, 413])),
    },
    {
      weight: 5,
      arbitrary: fc
        .tuple(boundary, nastyText({ maxLength: 50, allowNul: true }))
        .map(([b, value]) =>
          post(
            ct(b),
            multipart(bare(b), [{ headers: ['Content-Disposition: form-data; name="photo"'], body: Buffer.from(value) }]),
            'photo-as-text-field',
            [400],
          ),
        ),
    },
    {
      weight: 5,
      arbitrary: fc.tuple(boundary, fc.integer({ min: 11, max: 40 })).map(([b, n]) =>
        post(
          ct(b),
          multipart(
            bare(b),
            Array.from({ length: n }, (_, i) => ({ headers: [`Content-Disposition: form-data; name="f${i}"`], body: Buffer.from('v') })),
          ),
          'too-many-fields',
          [400, 413],
        ),
      ),
    },
    {
      weight: 20,
      arbitrary: fc.tuple(boundary, photoPayload(tiny), fc.nat()).chain(([b, p, cut]) => {
        const good = multipart(bare(b), [filePart('photo', 'p.jpg', p.bytes)]);
        return fc
          .constantFrom(
            () => post(ct('other-boundary'), good, 'boundary-mismatch'),
            () => post('multipart/form-data', good, 'no-boundary'),
            () => post('multipart/form-data; boundary=', good, 'empty-boundary'),
            () => post(ct(b), multipart(bare(b), [filePart('photo', 'p.jpg', p.bytes)], false), 'no-closing-boundary'),
            () => post(ct(b), good.subarray(0, cut % good.length), 'truncated-body'),
            () => post(ct(b), multipart(bare(b), [{ headers: [], body: p.bytes }]), 'part-without-headers'),
            () => post(ct(b), multipart(bare(b), [{ headers: ['Content-Disposition: form-data'], body: p.bytes }]), 'part-without-name'),
            () =>
              post(
                ct(b),
                multipart(bare(b), [{ headers: ['Content-Disposition: attachment; name=photo; filename=x.jpg'], body: p.bytes }]),
                'not-form-data-part',
              ),
            () => post(ct(b), Buffer.from(`--${bare(b)}\r\nContent-Disposition: form-data; name="photo"; filename="a.jpg"\r\n`), 'headers-never-end'),
            () => post(ct(b), Buffer.alloc(0), 'empty-body'),
            () => post(`multipart/mixed; boundary=${bare(b)}`, good, 'multipart-mixed', [415]),
            () => post('image/jpeg', p.bytes, 'raw-image-body', [415]),
            () => post(undefined, good, 'no-content-type', [415]),
            () => post('application/json', Buffer.from('{"photo":"AAAA"}'), 'json-body', [415]),
            () => post(`${ct(b)}; charset=utf-16`, good, 'charset-param'),
            () => post(ct(b), Buffer.concat([Buffer.from('preamble junk\r\n'), good, Buffer.from('epilogue')]), 'preamble-epilogue'),
          )
          .map((make) => make());
      }),
    },
    { weight: 3, arbitrary: refusedRequest('nameplate', path, token) },
  );
}
