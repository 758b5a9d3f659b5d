import { HttpException, type ArgumentsHost } from '@nestjs/common';
import { AppError, ERROR_CODES, ErrorCode } from './app-error';
import { ErrorFilter, type ErrorRecognizer } from './error.filter';

function run(exception: unknown, recognizers: ErrorRecognizer[] = []) {
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
  const filter = new ErrorFilter({ recognizers });
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

  it('answers with the domain error a recognizer makes of an error without a code, hiding the original', () => {
    const outage = new AppError(ErrorCode.DatabaseUnavailable, 'The database is unavailable; retry in a few seconds', [], { retryAfterSeconds: 5 });
    const recognize = (e: unknown) => (e instanceof Error && e.message.includes('PGSQL') ? outage : undefined);
    const sent = run(Object.assign(new Error('connect ENOENT /tmp/pg/.s.PGSQL.5432'), { code: 'ENOENT' }), [recognize]);
    expect(sent.status).toBe(503);
    expect(sent.headers).toEqual({ 'Retry-After': '5' });
    expect(sent.body).toEqual({
      statusCode: 503,
      error: 'SERVICE_UNAVAILABLE',
      message: 'The database is unavailable; retry in a few seconds',
      details: [],
      requestId: 'req-1',
    });
    expect(run(new Error('something else'), [recognize]).status).toBe(500);
  });

  it('answers an HttpException for 429 with RATE_LIMITED and the Retry-After it carries', () => {
    const sent = run(new HttpException({ message: 'slow down', retryAfter: 12.2 }, 429));
    expect(sent.status).toBe(429);
    expect(sent.headers).toEqual({ 'Retry-After': '13' });
    expect(sent.body).toMatchObject({ statusCode: 429, error: 'RATE_LIMITED', message: 'slow down' });
  });
});

/** What the client must see for each code: its status, `error` field, message and headers. */
interface Expected {
  status: number;
  error: string;
  /** The message when the filter replaces the domain's own (which may name internals). */
  message?: string;
  headers: Record<string, string>;
}

/** Retry-After the domain gave in the test below (7) and the one it gets when it gave none. */
const RETRY = { given: { 'Retry-After': '7' }, llm: { 'Retry-After': '30' }, ocr: { 'Retry-After': '5' }, database: { 'Retry-After': '5' } };

/** Typed as a Record over ErrorCode: a new code without an expectation here does not compile. */
const EXPECTED: Record<ErrorCode, Expected> = {
  [ErrorCode.ValidationFailed]: { status: 400, error: 'VALIDATION_FAILED', headers: RETRY.given },
  [ErrorCode.MalformedBody]: { status: 400, error: 'MALFORMED_BODY', headers: RETRY.given },
  [ErrorCode.Unauthenticated]: { status: 401, error: 'UNAUTHENTICATED', headers: { 'WWW-Authenticate': 'Bearer realm="api"' } },
  [ErrorCode.Forbidden]: { status: 403, error: 'FORBIDDEN', headers: RETRY.given },
  [ErrorCode.NotFound]: { status: 404, error: 'NOT_FOUND', headers: RETRY.given },
  [ErrorCode.MethodNotAllowed]: { status: 405, error: 'METHOD_NOT_ALLOWED', headers: { Allow: 'GET, HEAD' } },
  [ErrorCode.RequestTimeout]: { status: 408, error: 'REQUEST_TIMEOUT', headers: RETRY.given },
  [ErrorCode.PayloadTooLarge]: { status: 413, error: 'PAYLOAD_TOO_LARGE', headers: RETRY.given },
  [ErrorCode.UnsupportedMediaType]: { status: 415, error: 'UNSUPPORTED_MEDIA_TYPE', headers: RETRY.given },
  [ErrorCode.Unprocessable]: { status: 422, error: 'UNPROCESSABLE', headers: RETRY.given },
  [ErrorCode.RateLimited]: { status: 429, error: 'RATE_LIMITED', headers: RETRY.given },
  [ErrorCode.HeadersTooLarge]: { status: 431, error: 'HEADERS_TOO_LARGE', headers: RETRY.given },
  [ErrorCode.UpstreamFailed]: { status: 502, error: 'UPSTREAM_FAILED', headers: RETRY.given },
  [ErrorCode.Unavailable]: { status: 503, error: 'SERVICE_UNAVAILABLE', headers: RETRY.given },
  [ErrorCode.Internal]: { status: 500, error: 'INTERNAL_ERROR', headers: RETRY.given },
  [ErrorCode.LlmDisabled]: { status: 502, error: 'UPSTREAM_FAILED', headers: {} },
  [ErrorCode.LlmTimeout]: { status: 503, error: 'SERVICE_UNAVAILABLE', headers: RETRY.given },
  [ErrorCode.LlmRateLimited]: { status: 503, error: 'SERVICE_UNAVAILABLE', headers: RETRY.given },
  [ErrorCode.LlmUpstreamError]: { status: 502, error: 'UPSTREAM_FAILED', headers: {} },
  [ErrorCode.LlmConnectionFailed]: { status: 503, error: 'SERVICE_UNAVAILABLE', headers: RETRY.given },
  [ErrorCode.LlmInvalidOutput]: { status: 502, error: 'UPSTREAM_FAILED', headers: {} },
  [ErrorCode.LlmCircuitOpen]: { status: 503, error: 'SERVICE_UNAVAILABLE', headers: RETRY.given },
  [ErrorCode.LlmRequestRejected]: { status: 502, error: 'UPSTREAM_FAILED', headers: {} },
  [ErrorCode.OcrBusy]: { status: 503, error: 'SERVICE_UNAVAILABLE', message: 'All OCR workers are busy; try again shortly', headers: RETRY.given },
  [ErrorCode.OcrTimeout]: { status: 503, error: 'SERVICE_UNAVAILABLE', message: 'Nameplate reading failed (timeout); try again', headers: RETRY.given },
  [ErrorCode.OcrStopped]: { status: 503, error: 'SERVICE_UNAVAILABLE', message: 'Nameplate reading failed (stopped); try again', headers: RETRY.given },
  [ErrorCode.OcrNotStarted]: { status: 503, error: 'SERVICE_UNAVAILABLE', message: 'Nameplate reading failed (not_started); try again', headers: RETRY.given },
  [ErrorCode.OcrFailed]: { status: 503, error: 'SERVICE_UNAVAILABLE', message: 'Nameplate reading failed (failed); try again', headers: RETRY.given },
  [ErrorCode.ImageCorrupt]: { status: 422, error: 'UNPROCESSABLE', headers: {} },
  [ErrorCode.ImageTooSmall]: { status: 422, error: 'UNPROCESSABLE', headers: {} },
  [ErrorCode.ImageTooManyPixels]: { status: 413, error: 'PAYLOAD_TOO_LARGE', headers: {} },
  [ErrorCode.ImageUnsupported]: { status: 415, error: 'UNSUPPORTED_MEDIA_TYPE', headers: {} },
  [ErrorCode.NameplateUnreadable]: { status: 422, error: 'UNPROCESSABLE', headers: {} },
  [ErrorCode.DatabaseUnavailable]: { status: 503, error: 'SERVICE_UNAVAILABLE', headers: RETRY.given },
};

/** Codes whose Retry-After has a default when the domain gives none. */
const DEFAULT_RETRY_AFTER: Partial<Record<ErrorCode, Record<string, string>>> = {
  [ErrorCode.RateLimited]: { 'Retry-After': '60' },
  [ErrorCode.LlmTimeout]: RETRY.llm,
  [ErrorCode.LlmRateLimited]: RETRY.llm,
  [ErrorCode.LlmConnectionFailed]: RETRY.llm,
  [ErrorCode.LlmCircuitOpen]: RETRY.llm,
  [ErrorCode.OcrBusy]: RETRY.ocr,
  [ErrorCode.OcrTimeout]: RETRY.ocr,
  [ErrorCode.OcrStopped]: RETRY.ocr,
  [ErrorCode.OcrNotStarted]: RETRY.ocr,
  [ErrorCode.OcrFailed]: RETRY.ocr,
  [ErrorCode.DatabaseUnavailable]: RETRY.database,
};

describe('ErrorFilter, code by code', () => {
  it('has an expectation for every code and no other', () => {
    expect(Object.keys(EXPECTED).sort()).toEqual([...ERROR_CODES].sort());
  });

  it.each(ERROR_CODES.map((code) => [code]))('answers %s with its status, error code, message, details and headers', (code) => {
    const expected = EXPECTED[code];
    const sent = run(new AppError(code, 'because', [{ field: 'f', message: 'm' }], { retryAfterSeconds: 7, allowedMethods: ['GET', 'HEAD'] }));
    expect(sent.status).toBe(expected.status);
    expect(sent.headers).toEqual(expected.headers);
    expect(sent.body).toEqual({
      statusCode: expected.status,
      error: expected.error,
      message: expected.message ?? 'because',
      details: [{ field: 'f', message: 'm' }],
      requestId: 'req-1',
    });
  });

  it.each(ERROR_CODES.map((code) => [code]))('gives %s the default headers when the domain knows no retry time', (code) => {
    const sent = run(new AppError(code, 'because'));
    const expected = EXPECTED[code].headers;
    const fallback = expected === RETRY.given ? (DEFAULT_RETRY_AFTER[code] ?? {}) : expected;
    expect(sent.headers).toEqual(code === ErrorCode.MethodNotAllowed ? {} : fallback);
  });
});
