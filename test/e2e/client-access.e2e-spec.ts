import { randomUUID } from 'node:crypto';
import { CallHandler, CanActivate, ExecutionContext, Injectable, Module, NestInterceptor } from '@nestjs/common';
import { APP_GUARD, APP_INTERCEPTOR } from '@nestjs/core';
import type { NestExpressApplication } from '@nestjs/platform-express';
import type { Response } from 'express';
import type { Observable } from 'rxjs';
import request from 'supertest';
import { ApiTokenService, ClientAccessModule, WorkOrderModule, AssetIntelligenceModule } from '../../src';
import { HOST_SESSIONS, HostRequest, startHost } from '../embedding/host-app';
import { renderNameplate, SAMPLE_NAMEPLATES } from '../fixtures/nameplates/render-nameplate';
import { expectErrorShape } from '../support/error-shape';
import { createTestApp, TestApp } from '../support/test-app';

/**
 * Client access over all four product routes: one ClientAccessModule serves both product
 * modules, so a token has one budget across /work-order/* and /asset-intelligence/*, and refused
 * tokens from one address share one budget too.
 */

type Http = Parameters<typeof request>[0];

/** One product route, sent with a given Authorization header (or none), as a valid request otherwise. */
interface Route {
  name: string;
  /** `base`: a host's prefix, e.g. '/api'. */
  send(http: Http, authorization?: string, base?: string): request.Test;
}

let plate: Buffer;
const withAuth = (req: request.Test, authorization?: string) => (authorization === undefined ? req : req.set('Authorization', authorization));

const ROUTES: Route[] = [
  {
    name: 'POST /work-order/enrich',
    send: (http, auth, base = '') =>
      withAuth(request(http).post(`${base}/work-order/enrich`), auth).send({ issue_description: 'Kitchen sink leaking under cabinet' }),
  },
  {
    name: 'POST /work-order/import',
    send: (http, auth, base = '') =>
      withAuth(request(http).post(`${base}/work-order/import`), auth).send([
        { work_order_id: `CA-${randomUUID()}`, issue_description: 'Toilet keeps running' },
      ]),
  },
  {
    name: 'POST /asset-intelligence/analyze',
    send: (http, auth, base = '') =>
      withAuth(request(http).post(`${base}/asset-intelligence/analyze`), auth).query({
        brand_name: 'Carrier',
        model_number: '24ACC636A003',
        serial_number: '1014E12345',
      }),
  },
  {
    name: 'POST /asset-intelligence/analyze-nameplate',
    send: (http, auth, base = '') => withAuth(request(http).post(`${base}/asset-intelligence/analyze-nameplate`), auth).attach('photo', plate, 'plate.png'),
  },
];
const [ENRICH, IMPORT, ANALYZE, NAMEPLATE] = ROUTES;
const UNKNOWN = `Bearer woi_${'A'.repeat(43)}`;

beforeAll(async () => {
  plate = await renderNameplate('water-heater', SAMPLE_NAMEPLATES['water-heater'], { format: 'png' });
});

const unauthorized = (res: request.Response) => {
  const err = expectErrorShape(res, 401, 'UNAUTHENTICATED');
  expect(res.headers['www-authenticate']).toMatch(/^Bearer realm="api"/);
  return err;
};

const rateLimited = (res: request.Response) => {
  expectErrorShape(res, 429, 'RATE_LIMITED');
  expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
};

describe('authentication on every product route', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ OCR_WORKERS: '1' });
  });
  afterAll(() => t.close());

  it.each(ROUTES.map((r) => [r.name, r] as const))('%s: no token, a malformed one or an unknown one is 401 with the JSON shape', async (_name, route) => {
    expect(unauthorized(await route.send(t.http)).message).toMatch(/^Missing Authorization header/);
    expect(unauthorized(await route.send(t.http, 'Bearer not a token')).message).toMatch(/^Malformed Authorization header/);
    expect(unauthorized(await route.send(t.http, UNKNOWN)).message).toBe('Unknown or revoked token');
  });

  it.each(ROUTES.map((r) => [r.name, r] as const))('%s: a valid token is served', async (_name, route) => {
    const { token } = await t.newClientToken('access');
    expect((await route.send(t.http, `Bearer ${token}`)).status).toBe(200);
  });
});

describe('one budget per token across both modules (RATE_LIMIT_MAX=4)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ OCR_WORKERS: '1', RATE_LIMIT_MAX: '4', RATE_LIMIT_WINDOW_SECONDS: '60' });
  });
  afterAll(() => t.close());

  it('serves two work-order and two asset-intelligence calls, then answers 429 on every route', async () => {
    const auth = `Bearer ${(await t.newClientToken('budget')).token}`;
    for (const route of ROUTES) expect((await route.send(t.http, auth)).status).toBe(200);
    for (const route of ROUTES) rateLimited(await route.send(t.http, auth));
    // Another token of its own budget is unaffected.
    const other = `Bearer ${(await t.newClientToken('budget-other')).token}`;
    expect((await ANALYZE.send(t.http, other)).status).toBe(200);
  });

  it('counts calls of one module against the other: four asset-intelligence calls use up work-order too', async () => {
    const auth = `Bearer ${(await t.newClientToken('budget-ai')).token}`;
    for (let i = 0; i < 4; i++) expect((await ANALYZE.send(t.http, auth)).status).toBe(200);
    rateLimited(await ENRICH.send(t.http, auth));
    rateLimited(await IMPORT.send(t.http, auth));
  });
});

describe('refused tokens per address share one budget across both modules (RATE_LIMIT_MAX=4)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ OCR_WORKERS: '1', RATE_LIMIT_MAX: '4', RATE_LIMIT_WINDOW_SECONDS: '60' });
  });
  afterAll(() => t.close());

  it('answers 401 to four refused tokens spread over the modules, then 429 anywhere, even with a valid token', async () => {
    const valid = `Bearer ${(await t.newClientToken('refused')).token}`;
    unauthorized(await ENRICH.send(t.http, UNKNOWN));
    unauthorized(await IMPORT.send(t.http, UNKNOWN));
    unauthorized(await ANALYZE.send(t.http, UNKNOWN));
    unauthorized(await NAMEPLATE.send(t.http, UNKNOWN));
    for (const route of ROUTES) rateLimited(await route.send(t.http, UNKNOWN));
    rateLimited(await ENRICH.send(t.http, valid));
  });
});

/** The host's own view of the request after the modules' guards ran: its user and authInfo, as response headers. */
@Injectable()
class ReportHostUser implements NestInterceptor {
  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    const req = context.switchToHttp().getRequest<HostRequest & { authInfo?: unknown }>();
    const res = context.switchToHttp().getResponse<Response>();
    res.setHeader('X-Host-User', req.user?.user ?? 'none');
    res.setHeader('X-Host-Auth-Info', String(req.authInfo ?? 'none'));
    return next.handle();
  }
}

/** The host's authentication also leaves its own authInfo on the request (passport-style hosts do). */
@Injectable()
class SetHostAuthInfo implements CanActivate {
  canActivate(context: ExecutionContext): boolean {
    context.switchToHttp().getRequest<{ authInfo?: unknown }>().authInfo = 'host-info';
    return true;
  }
}

@Module({
  providers: [
    { provide: APP_GUARD, useClass: SetHostAuthInfo },
    { provide: APP_INTERCEPTOR, useClass: ReportHostUser },
  ],
})
class HostUserReportModule {}

describe('bearer tokens inside a host application with its own request.user', () => {
  let app: NestExpressApplication;
  let auth: string;
  const session = `erin-${randomUUID().slice(0, 8)}`;

  beforeAll(async () => {
    HOST_SESSIONS[session] = { user: 'erin', company: 'Elm Row' };
    // No resolveClient: the modules' bearer tokens decide the client; the host's session guard runs first.
    app = await startHost([
      { module: HostUserReportModule },
      ClientAccessModule.forRoot({}),
      WorkOrderModule.forRoot({}),
      AssetIntelligenceModule.forRoot({ ocr: { workers: 1, startAtBoot: false } }),
    ]);
    auth = `Bearer ${(await app.get(ApiTokenService).createToken(`host-bearer-${session}`)).token}`;
  });
  afterAll(() => app?.close());

  it.each(ROUTES.map((r) => [r.name, r] as const))('%s keeps the host user and authInfo, and is answered for the token', async (_name, route) => {
    const res = await route.send(app.getHttpServer(), auth, '/api').set('X-Session', session);
    expect(res.status).toBe(200);
    expect(res.headers['x-host-user']).toBe('erin');
    expect(res.headers['x-host-auth-info']).toBe('host-info');
  });

  it('refuses a signed-in host user without a token of the modules with their 401', async () => {
    const res = await ENRICH.send(app.getHttpServer(), undefined, '/api').set('X-Session', session);
    expect(unauthorized(res).message).toMatch(/^Missing Authorization header/);
  });
});
