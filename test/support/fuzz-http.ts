import * as http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { TestApp } from './test-app';

/** A request exactly as it goes on the wire: nothing is added but Host and Content-Length. */
export interface RawRequest {
  method: string;
  /** Path and raw (already percent-encoded) query string. */
  path: string;
  headers: Record<string, string>;
  body?: Buffer;
  /** Send the body with chunked transfer encoding instead of a Content-Length. */
  chunked?: boolean;
}

export interface RawResponse {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
  /** Milliseconds from sending to the last byte of the answer. */
  ms: number;
}

const ERROR_KEYS = ['details', 'error', 'message', 'requestId', 'statusCode'];

/** Error codes the README documents, by HTTP status. */
export const DOCUMENTED_ERRORS: Record<number, string[]> = {
  400: ['VALIDATION_FAILED', 'MALFORMED_BODY'],
  401: ['UNAUTHENTICATED'],
  404: ['NOT_FOUND'],
  405: ['METHOD_NOT_ALLOWED'],
  413: ['PAYLOAD_TOO_LARGE'],
  415: ['UNSUPPORTED_MEDIA_TYPE'],
  422: ['UNPROCESSABLE'],
  429: ['RATE_LIMITED'],
  502: ['UPSTREAM_FAILED'],
  503: ['SERVICE_UNAVAILABLE'],
};

/**
 * The reasons a response breaks the contract every answer must keep: no 5xx, a JSON error body
 * of the documented shape for every non-200, the status repeated in it and the request id echoed.
 * Empty when the response is fine.
 */
export function errorShapeViolations(res: RawResponse): string[] {
  const problems: string[] = [];
  const requestIdHeader = res.headers['x-request-id'];
  if (typeof requestIdHeader !== 'string' || requestIdHeader.length === 0) problems.push('no X-Request-Id header');
  if (res.status >= 500) problems.push(`server error ${res.status}`);
  if (res.status === 200) return problems;
  if (!/^application\/json/.test(String(res.headers['content-type']))) problems.push(`content-type ${res.headers['content-type']}`);
  let body: Record<string, unknown>;
  try {
    body = JSON.parse(res.body.toString('utf8'));
  } catch {
    return [...problems, `body is not JSON: ${res.body.toString('utf8').slice(0, 200)}`];
  }
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return [...problems, 'body is not an object'];
  const keys = Object.keys(body).sort();
  if (keys.join() !== ERROR_KEYS.join()) problems.push(`keys ${keys.join()}`);
  if (body.statusCode !== res.status) problems.push(`statusCode ${String(body.statusCode)} != ${res.status}`);
  if (!(DOCUMENTED_ERRORS[res.status] ?? []).includes(body.error as string)) problems.push(`error ${String(body.error)} undocumented for ${res.status}`);
  if (typeof body.message !== 'string' || body.message.length === 0) problems.push('message is not a non-empty string');
  if (!Array.isArray(body.details)) problems.push('details is not an array');
  else
    for (const d of body.details as Record<string, unknown>[]) {
      const ok = typeof d === 'object' && d !== null && typeof d.message === 'string' && (d.field === undefined || typeof d.field === 'string');
      if (!ok) problems.push(`bad detail ${JSON.stringify(d)}`);
    }
  if (body.requestId !== requestIdHeader) problems.push(`requestId ${String(body.requestId)} != header ${String(requestIdHeader)}`);
  return problems;
}

/**
 * Sends raw requests to the app over real sockets: a keep-alive agent and a small pool of
 * requests in flight, so thousands of requests take seconds rather than minutes. Counts every
 * request that got an answer.
 */
export class FuzzHttpClient {
  /** Requests that got a complete answer. */
  answered = 0;
  private readonly agent = new http.Agent({ keepAlive: true, maxSockets: 8 });

  private constructor(
    private readonly port: number,
    readonly concurrency: number,
  ) {}

  /** Makes the app listen on a random local port and returns a client for it. */
  static async listen(t: TestApp, concurrency = 8): Promise<FuzzHttpClient> {
    await t.app.listen(0, '127.0.0.1');
    return new FuzzHttpClient((t.http.address() as AddressInfo).port, concurrency);
  }

  send(req: RawRequest): Promise<RawResponse> {
    const started = Date.now();
    return new Promise((resolve, reject) => {
      const headers: Record<string, string> = { ...req.headers };
      if (req.body && !req.chunked) headers['Content-Length'] = String(req.body.length);
      const outgoing = http.request({ host: '127.0.0.1', port: this.port, method: req.method, path: req.path, headers, agent: this.agent }, (incoming) => {
        const chunks: Buffer[] = [];
        incoming.on('data', (c: Buffer) => chunks.push(c));
        incoming.on('error', reject);
        incoming.on('end', () => {
          this.answered++;
          resolve({ status: incoming.statusCode ?? 0, headers: incoming.headers, body: Buffer.concat(chunks), ms: Date.now() - started });
        });
      });
      outgoing.on('error', reject);
      outgoing.end(req.body);
    });
  }

  /**
   * Runs `fn` over the items with at most `concurrency` of them in flight. The first failure
   * stops new items from starting; it is thrown once those in flight have settled.
   */
  async pool<T>(items: readonly T[], fn: (item: T, index: number) => Promise<void>): Promise<void> {
    let next = 0;
    let failure: { error: unknown } | undefined;
    const worker = async () => {
      while (next < items.length && !failure) {
        const index = next++;
        try {
          await fn(items[index], index);
        } catch (error) {
          failure ??= { error };
        }
      }
    };
    await Promise.all(Array.from({ length: Math.min(this.concurrency, items.length) }, worker));
    if (failure) throw failure.error;
  }

  close(): void {
    this.agent.destroy();
  }
}

/** Bytes a human can read in an assertion message: the start of the text, with its size. */
export function preview(body: Buffer | string | undefined, max = 300): string {
  if (body === undefined) return '(no body)';
  const text = typeof body === 'string' ? body : body.toString('utf8');
  return text.length <= max ? JSON.stringify(text) : `${JSON.stringify(text.slice(0, max))}… (${text.length} chars)`;
}
