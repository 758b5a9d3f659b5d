import * as http from 'node:http';
import * as net from 'node:net';
import request from 'supertest';
import { createTestApp, TestApp } from '../support/test-app';
import { expectErrorShape } from '../support/error-shape';

describe('HTTP errors and request ids', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('answers an unknown route with 404 JSON', async () => {
    const err = expectErrorShape(await request(t.http).get('/no/such/route'), 404, 'NOT_FOUND');
    expect(err.message).toContain('/no/such/route');
  });

  it('answers a wrong method on a known route with 405 and Allow', async () => {
    const res = await request(t.http).get('/work-order/enrich');
    expectErrorShape(res, 405, 'METHOD_NOT_ALLOWED');
    expect(res.headers.allow).toBe('POST');
  });

  it('answers a request line over 16 KB, refused by Node before any route, with 431 JSON', async () => {
    const server = t.http.listening ? t.http : t.http.listen(0);
    const { port } = server.address() as { port: number };
    const res = await fetch(`http://127.0.0.1:${port}/asset-intelligence/analyze?model_number=${'%E2%80%8B'.repeat(2000)}`, { method: 'POST' });
    expect(res.status).toBe(431);
    expect(res.headers.get('content-type')).toMatch(/application\/json/);
    const body = await res.json();
    expect(body).toEqual({
      statusCode: 431,
      error: 'HEADERS_TOO_LARGE',
      message: expect.stringContaining('16 KB'),
      details: [],
      requestId: res.headers.get('x-request-id'),
    });
  });

  it('serves a request whose Expect header it does not know, instead of a bare 417 without a body', async () => {
    const server = t.http.listening ? t.http : t.http.listen(0);
    const { port } = server.address() as { port: number };
    // node:http rather than supertest or fetch, which refuse to send an Expect header of this kind.
    const get = (path: string) =>
      new Promise<{ status?: number; type?: string; body: string }>((resolve, reject) => {
        const req = http.request({ host: '127.0.0.1', port, path, headers: { Expect: 'quick-answer' } }, (res) => {
          let body = '';
          res.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
          res.on('end', () => resolve({ status: res.statusCode, type: res.headers['content-type'], body }));
        });
        req.on('error', reject);
        req.end();
      });
    const missing = await get('/no/such/route');
    expect(missing.status).toBe(404);
    expect(missing.type).toMatch(/application\/json/);
    expect(JSON.parse(missing.body)).toMatchObject({ statusCode: 404, error: 'NOT_FOUND' });
    const health = await get('/health');
    expect(health.status).toBe(200);
    expect(JSON.parse(health.body)).toMatchObject({ status: 'ok' });
  });

  it('refuses an HTTP/1.1 request without a Host header with 400 JSON, where Node would answer without a body', async () => {
    const server = t.http.listening ? t.http : t.http.listen(0);
    const { port } = server.address() as { port: number };
    // Every HTTP client sends Host; only a raw socket can leave it out.
    const raw = await new Promise<string>((resolve, reject) => {
      const socket = net.connect(port, '127.0.0.1', () => socket.write('GET /health HTTP/1.1\r\nX-Request-Id: no-host-1\r\n\r\n'));
      let answer = '';
      socket.on('data', (chunk: Buffer) => (answer += chunk.toString('utf8')));
      socket.on('end', () => resolve(answer));
      socket.on('error', reject);
    });
    const [head, body] = raw.split('\r\n\r\n');
    expect(head).toMatch(/^HTTP\/1\.1 400 /);
    expect(head).toMatch(/content-type: application\/json/i);
    // The security headers of every answer, and no X-Powered-By.
    expect(head).toMatch(/x-content-type-options: nosniff/i);
    expect(head).not.toMatch(/x-powered-by/i);
    expect(JSON.parse(body)).toEqual({
      statusCode: 400,
      error: 'MALFORMED_BODY',
      message: 'An HTTP/1.1 request must carry a Host header',
      details: [{ field: 'Host', message: 'Host header is required' }],
      requestId: 'no-host-1',
    });
    // HTTP/1.0 had no Host header: still served.
    const old = await new Promise<string>((resolve, reject) => {
      const socket = net.connect(port, '127.0.0.1', () => socket.write('GET /health HTTP/1.0\r\n\r\n'));
      let answer = '';
      socket.on('data', (chunk: Buffer) => (answer += chunk.toString('utf8')));
      socket.on('end', () => resolve(answer));
      socket.on('error', reject);
    });
    expect(old).toMatch(/^HTTP\/1\.1 200 /);
  });

  it('echoes a sane X-Request-Id and generates one otherwise', async () => {
    const echoed = await request(t.http).get('/no/such/route').set('X-Request-Id', 'pm-sync-42');
    expect(echoed.headers['x-request-id']).toBe('pm-sync-42');
    expect(echoed.body.requestId).toBe('pm-sync-42');
    const generated = await request(t.http).get('/health').set('X-Request-Id', 'bad id with spaces');
    expect(generated.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('reports the database as up on /health', async () => {
    const res = await request(t.http).get('/health');
    expect(res.status).toBe(200);
    expect(res.body.info.database.status).toBe('up');
  });

  it('serves Swagger UI and an OpenAPI document listing the three product paths with bearer auth', async () => {
    const ui = await request(t.http).get('/docs');
    expect(ui.status).toBe(200);
    expect(ui.text).toContain('swagger-ui');
    const doc = (await request(t.http).get('/docs-json')).body;
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining(['/work-order/enrich', '/asset-intelligence/analyze-nameplate', '/asset-intelligence/analyze']),
    );
    expect(doc.components.securitySchemes.bearer).toMatchObject({ type: 'http', scheme: 'bearer' });
    const enrich = doc.paths['/work-order/enrich'].post;
    expect(enrich.security).toEqual([{ bearer: [] }]);
    expect(Object.keys(enrich.responses)).toEqual(expect.arrayContaining(['200', '400', '401', '413', '415', '429']));
    const upload = doc.paths['/asset-intelligence/analyze-nameplate'].post.requestBody.content['multipart/form-data'].schema;
    const uploadSchema = upload.$ref ? doc.components.schemas[upload.$ref.split('/').pop()] : upload;
    expect(uploadSchema.properties.photo).toMatchObject({ type: 'string', format: 'binary' });
    const input = doc.components.schemas.EnrichWorkOrderDto;
    expect(input.required).toEqual(['issue_description']);
    expect(Object.keys(input.properties)).toHaveLength(27);
    for (const [name, prop] of Object.entries<{ description?: string; example?: unknown }>(input.properties)) {
      expect({ name, described: Boolean(prop.description), example: prop.example !== undefined }).toEqual({ name, described: true, example: true });
    }
  });
});
