import request, { Response } from 'supertest';
import { renderNameplate, SAMPLE_NAMEPLATES } from '../fixtures/nameplates/render-nameplate';
import { daysAgo } from '../support/history-fixture';
import { FULL_WORK_ORDER } from '../support/full-work-order';
import { createTestApp, TestApp } from '../support/test-app';
import { OpenApiDocument, SchemaValidator } from './openapi';
import { ANALYZE, ANALYZE_NAMEPLATE, BOUNDS, ENRICH } from './specification';

/**
 * Live answers of the three operations, each validated against the schema the document gives
 * for that operation and that exact status. A status the operation does not document fails, and
 * so does a null where the schema does not allow one, or a field the document does not have.
 */
type Json = Record<string, any>;

interface Ctx {
  t: TestApp;
  auth: string;
}
interface Case {
  name: string;
  path: string;
  /** The status this request must get; several when the specification leaves it open. */
  status: number | number[];
  send(c: Ctx): Promise<Response>;
}

const UPLOAD_MAX_BYTES = 3_000_000;
const enrich = (body: unknown, auth?: string) => (c: Ctx) =>
  request(c.t.http)
    .post(ENRICH.path)
    .set('Authorization', auth ?? c.auth)
    .send(body as object);
const analyze = (query: Record<string, string>, auth?: string) => (c: Ctx) =>
  request(c.t.http)
    .post(ANALYZE.path)
    .set('Authorization', auth ?? c.auth)
    .query(query);
const upload = (photo: Buffer | (() => Promise<Buffer>), name: string, auth?: string) => async (c: Ctx) =>
  request(c.t.http)
    .post(ANALYZE_NAMEPLATE.path)
    .set('Authorization', auth ?? c.auth)
    .attach('photo', typeof photo === 'function' ? await photo() : photo, name);

/** A closed kitchen-sink ticket of the caller's history, recorded by enrich itself. */
const closedSinkLeak = (n: number, unit: number, resolution: string, cost: number) => ({
  work_order_id: `CT-SINK-${n}`,
  issue_description: 'Kitchen sink leaking under the cabinet, water on the cabinet floor',
  property_id: 1042,
  unit_id: unit,
  location: 'Kitchen',
  work_order_status: 'Completed',
  ticket_open_date: daysAgo(60 - n * 10),
  ticket_close_date: daysAgo(59 - n * 10),
  resolution,
  actual_cost: cost,
  assigned_vendors: 'Rapid Rooter Plumbing',
});

const UNKNOWN_TOKEN = `Bearer woi_${'A'.repeat(43)}`;

const CASES: Case[] = [
  { name: 'enrich, issue_description only', path: ENRICH.path, status: 200, send: enrich({ issue_description: 'Toilet keeps running after every flush' }) },
  { name: 'enrich, all 26 fields', path: ENRICH.path, status: 200, send: enrich(FULL_WORK_ORDER) },
  {
    name: 'enrich, a few fields',
    path: ENRICH.path,
    status: 200,
    send: enrich({
      issue_description: 'Bedroom outlet sparks when plugging in a lamp',
      title: 'Sparking outlet',
      location: 'Bedroom',
      urgency: 'Emergency',
      unit_id: 7,
    }),
  },
  { name: 'enrich, closed ticket 1 (history)', path: ENRICH.path, status: 200, send: enrich(closedSinkLeak(1, 12, 'Tightened P-trap slip nuts', 140)) },
  {
    name: 'enrich, closed ticket 2 (history)',
    path: ENRICH.path,
    status: 200,
    send: enrich(closedSinkLeak(2, 14, 'Replaced P-trap washer and tightened slip nuts', 165)),
  },
  {
    name: 'enrich, closed ticket 3 (history)',
    path: ENRICH.path,
    status: 200,
    send: enrich(closedSinkLeak(3, 16, 'Replaced supply line under kitchen sink', 210.25)),
  },
  {
    name: 'enrich, similar to the history',
    path: ENRICH.path,
    status: 200,
    send: enrich({ issue_description: 'Leak under the kitchen sink, cabinet floor is wet', property_id: 1042, unit_id: 20, location: 'Kitchen' }),
  },
  {
    name: 'enrich, no heat',
    path: ENRICH.path,
    status: 200,
    send: enrich({
      issue_description: 'No heat in the apartment since last night, furnace not igniting',
      property_detail: 'Maple Court, gas furnaces',
      urgency: 'High',
    }),
  },
  {
    name: 'enrich, water heater',
    path: ENRICH.path,
    status: 200,
    send: enrich({ issue_description: 'No hot water, water heater pilot light keeps going out', asset: 'Rheem 40 gal gas water heater' }),
  },
  {
    name: 'enrich, Spanish with typos',
    path: ENRICH.path,
    status: 200,
    send: enrich({ issue_description: 'fuga de agua en el baño, el inodoro gotea', ticket_open_date: daysAgo(2) }),
  },
  { name: 'enrich, empty body', path: ENRICH.path, status: 400, send: enrich({}) },
  { name: 'enrich, property_id as a string', path: ENRICH.path, status: 400, send: enrich({ issue_description: 'leak', property_id: '1042' }) },
  { name: 'enrich, issue_description as a number', path: ENRICH.path, status: 400, send: enrich({ issue_description: 42 }) },
  {
    name: 'enrich, malformed JSON',
    path: ENRICH.path,
    status: 400,
    send: (c) => request(c.t.http).post(ENRICH.path).set('Authorization', c.auth).set('Content-Type', 'application/json').send('{"issue_description": '),
  },
  { name: 'enrich, no token', path: ENRICH.path, status: 401, send: (c) => request(c.t.http).post(ENRICH.path).send({ issue_description: 'leak' }) },
  { name: 'enrich, unknown token', path: ENRICH.path, status: 401, send: enrich({ issue_description: 'leak' }, UNKNOWN_TOKEN) },
  {
    name: 'enrich, text/plain',
    path: ENRICH.path,
    status: 415,
    send: (c) => request(c.t.http).post(ENRICH.path).set('Authorization', c.auth).set('Content-Type', 'text/plain').send('issue_description=leak'),
  },
  { name: 'enrich, body over the limit', path: ENRICH.path, status: 413, send: enrich({ issue_description: 'leak', vendor_comments: 'x'.repeat(70_000) }) },
  {
    name: 'analyze, Carrier with serial',
    path: ANALYZE.path,
    status: 200,
    send: analyze({ brand_name: 'Carrier', model_number: '24ACC636A003', serial_number: '1014E12345' }),
  },
  {
    name: 'analyze, Rheem water heater',
    path: ANALYZE.path,
    status: 200,
    send: analyze({ brand_name: 'Rheem', model_number: 'XG50T06EC36U1', serial_number: 'Q0419E12345' }),
  },
  {
    name: 'analyze, unit past its expected life',
    path: ANALYZE.path,
    status: 200,
    send: analyze({ brand_name: 'Goodman', model_number: 'GSX140361', serial_number: '0503123456' }),
  },
  { name: 'analyze, without serial', path: ANALYZE.path, status: 200, send: analyze({ brand_name: 'Trane', model_number: '4TTR4036L1000A' }) },
  {
    name: 'analyze, unknown brand',
    path: ANALYZE.path,
    status: 200,
    send: analyze({ brand_name: 'Frobozz Thermal', model_number: 'FZ-9000', serial_number: 'ZZ123' }),
  },
  {
    name: 'analyze, oddly formatted serial',
    path: ANALYZE.path,
    status: [200, 400],
    send: analyze({ brand_name: 'carrier', model_number: '24acc636a003', serial_number: ' 10-14e 12345 ' }),
  },
  { name: 'analyze, brand_name missing', path: ANALYZE.path, status: 400, send: analyze({ model_number: '24ACC636A003' }) },
  { name: 'analyze, no parameters', path: ANALYZE.path, status: 400, send: analyze({}) },
  { name: 'analyze, unknown token', path: ANALYZE.path, status: 401, send: analyze({ brand_name: 'Carrier', model_number: '24ACC636A003' }, UNKNOWN_TOKEN) },
  {
    name: 'nameplate, rendered condenser plate',
    path: ANALYZE_NAMEPLATE.path,
    status: 200,
    send: upload(() => renderNameplate('condenser', SAMPLE_NAMEPLATES.condenser, { format: 'png' }), 'plate.png'),
  },
  {
    name: 'nameplate, a text file',
    path: ANALYZE_NAMEPLATE.path,
    status: 415,
    send: upload(Buffer.from('MODEL 24ACC636A003 SERIAL 1014E12345\n'), 'plate.txt'),
  },
  {
    name: 'nameplate, truncated JPEG',
    path: ANALYZE_NAMEPLATE.path,
    status: 422,
    send: upload(async () => (await renderNameplate('furnace', SAMPLE_NAMEPLATES.furnace, { format: 'jpeg' })).subarray(0, 600), 'plate.jpg'),
  },
  {
    name: 'nameplate, over the size limit',
    path: ANALYZE_NAMEPLATE.path,
    status: 413,
    send: upload(Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(UPLOAD_MAX_BYTES + 1024)]), 'huge.jpg'),
  },
  {
    name: 'nameplate, no photo field',
    path: ANALYZE_NAMEPLATE.path,
    status: 400,
    send: (c) => request(c.t.http).post(ANALYZE_NAMEPLATE.path).set('Authorization', c.auth).field('note', 'forgot the photo'),
  },
  {
    name: 'nameplate, JSON instead of multipart',
    path: ANALYZE_NAMEPLATE.path,
    status: 415,
    send: (c) => request(c.t.http).post(ANALYZE_NAMEPLATE.path).set('Authorization', c.auth).send({ photo: 'base64...' }),
  },
  { name: 'nameplate, no token', path: ANALYZE_NAMEPLATE.path, status: 401, send: upload(Buffer.from('not sent'), 'plate.png', '') },
];

/** Rules of the specification and the issue that a schema cannot say. */
function ruleProblems(path: string, res: Response): string[] {
  if (res.status !== 200) return [];
  const body = res.body as Json;
  if (path === ENRICH.path) {
    const diagnoses: Json[] = Array.isArray(body.top_3_diagnosis) ? body.top_3_diagnosis : [];
    const likelihoods = diagnoses.map((d) => d.likelihood);
    const problems: string[] = [];
    if ((body.top_5_previous_fixes?.length ?? 0) > BOUNDS.maxPreviousFixes) problems.push(`${body.top_5_previous_fixes.length} previous fixes`);
    if (diagnoses.length > BOUNDS.maxDiagnoses) problems.push(`${diagnoses.length} diagnoses`);
    if (likelihoods.some((l) => !(l >= BOUNDS.likelihood.minimum && l <= BOUNDS.likelihood.maximum)))
      problems.push(`likelihoods out of 0..1: ${likelihoods.join(', ')}`);
    if (likelihoods.some((l, i) => i > 0 && l > likelihoods[i - 1])) problems.push(`diagnoses not ordered by likelihood: ${likelihoods.join(', ')}`);
    // "vendor is a readable vendor type": an internal trade id such as "drains-sewer" is not.
    for (const d of diagnoses)
      if (/^[a-z]+(-[a-z]+)+$/.test(String(d.vendor))) problems.push(`diagnosis vendor "${d.vendor}" is an internal trade id, not a readable vendor type`);
    return problems;
  }
  return typeof body.remaining_life_years === 'number' && body.remaining_life_years < 0 ? [`remaining_life_years is ${body.remaining_life_years}`] : [];
}

describe('live responses validated against the OpenAPI document', () => {
  const ctx = {} as Ctx;
  let validator: SchemaValidator;
  const answers: { path: string; res: Response }[] = [];
  beforeAll(async () => {
    ctx.t = await createTestApp({ JSON_BODY_LIMIT_BYTES: '65536', UPLOAD_MAX_BYTES: String(UPLOAD_MAX_BYTES), OCR_WORKERS: '1' });
    ctx.auth = `Bearer ${(await ctx.t.newClientToken('contract')).token}`;
    validator = new SchemaValidator((await request(ctx.t.http).get('/docs-json')).body as OpenApiDocument);
  });
  afterAll(() => ctx.t.close());

  it('covers at least 24 requests across the three operations', () => {
    expect(CASES.length).toBeGreaterThanOrEqual(24);
    expect(new Set(CASES.map((c) => c.path))).toEqual(new Set([ENRICH.path, ANALYZE.path, ANALYZE_NAMEPLATE.path]));
  });

  // In order: the closed tickets recorded by the early enrich calls are the later calls' history.
  it.each(CASES.map((c) => [c.name, c] as const))('%s', async (_name, c) => {
    const res = await c.send(ctx);
    answers.push({ path: c.path, res });
    const allowed = ([] as number[]).concat(c.status);
    expect({ status: res.status, problems: [...validator.responseProblems(c.path, 'post', res), ...ruleProblems(c.path, res)] }).toEqual({
      status: allowed.includes(res.status) ? res.status : c.status,
      problems: [],
    });
  });

  // Without this the schema checks could pass on empty lists and never see a previous fix or part.
  it('exercised the nested objects: previous fixes, relevant work orders, parts, remaining life', () => {
    const ok = (path: string) => answers.filter((a) => a.path === path && a.res.status === 200).map((a) => a.res.body as Json);
    const enriched = ok(ENRICH.path);
    const profiles = [...ok(ANALYZE.path), ...ok(ANALYZE_NAMEPLATE.path)];
    expect({
      previousFixes: enriched.some((b) => b.top_5_previous_fixes?.length > 0),
      relevantWorkOrders: enriched.some((b) => b.context?.relevant_work_orders?.length > 0),
      parts: enriched.some((b) => b.top_3_diagnosis?.some((d: Json) => d.parts?.length > 0)),
      nameplateProfile: ok(ANALYZE_NAMEPLATE.path).length > 0,
      remainingLife: profiles.filter((p) => typeof p.remaining_life_years === 'number').length >= 2,
    }).toEqual({ previousFixes: true, relevantWorkOrders: true, parts: true, nameplateProfile: true, remainingLife: true });
  });
});
