import type { ArgumentsHost } from '@nestjs/common';
import { QueryFailedError } from 'typeorm';
import { AppError, ErrorCode } from './app-error';
import { ErrorFilter } from './error.filter';

function run(exception: unknown) {
  const sent: { status?: number; body?: Record<string, unknown>; headers: Record<string, string> } = { headers: {} };
  const res = {
    headersSent: false,
    setHeader: (k: string, v: string) => (sent.headers[k] = v),
    status(code: number) {
      sent.status = code;
      return this;
    },
    json: (body: Record<string, unknown>) => (sent.body = body),
  };
  const req = { id: 'req-1', method: 'POST', path: '/x', originalUrl: '/x' };
  const host = { switchToHttp: () => ({ getRequest: () => req, getResponse: () => res }) } as unknown as ArgumentsHost;
  const filter = new ErrorFilter();
  (filter as unknown as { logger: { error: () => void } }).logger = { error: () => undefined };
  filter.catch(exception, host);
  return sent;
}

describe('ErrorFilter', () => {
  it('hides the internals of an unexpected error behind a 500', () => {
    const sent = run(new Error('connection to 10.0.0.5 refused: password authentication failed for user admin'));
    expect(sent.status).toBe(500);
    expect(sent.body).toEqual({
      statusCode: 500,
      error: 'INTERNAL_ERROR',
      message: expect.not.stringMatching(/10\.0\.0\.5|password|admin/),
      details: [],
      requestId: 'req-1',
    });
    expect(JSON.stringify(sent.body)).not.toMatch(/stack|at .*\.ts/);
  });

  it.each([
    ['a stopped server', Object.assign(new Error('terminating connection due to administrator command'), { code: '57P01' })],
    ['a missing socket', Object.assign(new Error('connect ENOENT /tmp/pg/.s.PGSQL.5432'), { code: 'ENOENT', syscall: 'connect' })],
    ['a dropped connection', new QueryFailedError('SELECT 1', [], new Error('Connection terminated unexpectedly'))],
  ])('answers 503 with Retry-After when the database is unavailable (%s), without internals', (_name, error) => {
    const sent = run(error);
    expect(sent.status).toBe(503);
    expect(sent.headers['Retry-After']).toBe('5');
    expect(sent.body).toEqual({
      statusCode: 503,
      error: 'SERVICE_UNAVAILABLE',
      message: expect.stringMatching(/database is unavailable/),
      details: [],
      requestId: 'req-1',
    });
    expect(JSON.stringify(sent.body)).not.toMatch(/PGSQL|terminat|SELECT/);
  });

  it.each([
    [ErrorCode.UpstreamFailed, 502],
    [ErrorCode.Unavailable, 503],
    [ErrorCode.Unprocessable, 422],
  ])('maps %s to %d with the given message and headers', (code, status) => {
    const sent = run(new AppError(code, 'because', [{ field: 'f', message: 'm' }], { 'Retry-After': '5' }));
    expect(sent.status).toBe(status);
    expect(sent.body).toMatchObject({ statusCode: status, error: code, message: 'because', details: [{ field: 'f', message: 'm' }] });
    expect(sent.headers['Retry-After']).toBe('5');
  });
});
