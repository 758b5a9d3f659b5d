import * as http from 'node:http';
import type { AddressInfo } from 'node:net';

/** What the fake answers to the next request. */
export type FakeBehaviour =
  | { kind: 'json'; body: unknown }
  | { kind: 'text'; text: string }
  | { kind: 'status'; status: number; message?: string }
  | { kind: 'slow'; delayMs: number; then: FakeBehaviour }
  | { kind: 'drop' };

export interface RecordedRequest {
  method: string;
  path: string;
  headers: http.IncomingHttpHeaders;
  body: Record<string, unknown>;
}

/** Turns a behaviour into the provider's wire format. */
export interface WireFormat {
  /** Whether this request is a model call (others get 404). */
  matches(method: string, path: string): boolean;
  success(text: string, request: RecordedRequest): unknown;
  error(status: number, message: string): unknown;
}

/**
 * A real local HTTP server speaking a provider's wire format, for the real SDKs to talk to. It
 * records every request and answers from a queue of behaviours (then the default one): valid
 * JSON, raw text (malformed or truncated), an HTTP error status, slowness, or a dropped socket.
 */
export class FakeLlmServer {
  readonly requests: RecordedRequest[] = [];
  /** Slow answers the client was still waiting for when the delay ran out (0 when every slow call was abandoned in time). */
  slowAnswersAwaited = 0;
  private readonly queue: FakeBehaviour[] = [];
  private readonly server: http.Server;
  private readonly sockets = new Set<import('node:net').Socket>();
  defaultBehaviour: FakeBehaviour = { kind: 'status', status: 500, message: 'no behaviour configured' };
  /** Optional hook deciding the behaviour from the request (used to refuse json_schema, say). */
  intercept?: (request: RecordedRequest) => FakeBehaviour | undefined;

  constructor(private readonly wire: WireFormat) {
    this.server = http.createServer((req, res) => void this.handle(req, res));
    this.server.on('connection', (s) => {
      this.sockets.add(s);
      s.on('close', () => this.sockets.delete(s));
    });
  }

  async start(): Promise<string> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  async stop(): Promise<void> {
    for (const s of this.sockets) s.destroy();
    await new Promise((resolve) => this.server.close(resolve));
  }

  /** Queues behaviours for the next requests, in order. */
  enqueue(...behaviours: FakeBehaviour[]): this {
    this.queue.push(...behaviours);
    return this;
  }

  reset(): void {
    this.requests.length = 0;
    this.queue.length = 0;
    this.slowAnswersAwaited = 0;
  }

  private async handle(req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const raw = Buffer.concat(chunks).toString('utf8');
    const recorded: RecordedRequest = { method: req.method ?? '', path: req.url ?? '', headers: req.headers, body: raw ? JSON.parse(raw) : {} };
    if (!this.wire.matches(recorded.method, recorded.path)) {
      res.writeHead(404, { 'content-type': 'application/json' }).end(JSON.stringify(this.wire.error(404, `no route ${recorded.method} ${recorded.path}`)));
      return;
    }
    this.requests.push(recorded);
    await this.respond(this.intercept?.(recorded) ?? this.queue.shift() ?? this.defaultBehaviour, recorded, res);
  }

  private async respond(behaviour: FakeBehaviour, request: RecordedRequest, res: http.ServerResponse): Promise<void> {
    switch (behaviour.kind) {
      case 'slow':
        await new Promise((r) => setTimeout(r, behaviour.delayMs));
        if (res.destroyed || res.socket?.destroyed) return;
        this.slowAnswersAwaited++;
        return this.respond(behaviour.then, request, res);
      case 'drop':
        res.socket?.destroy();
        return;
      case 'status':
        res
          .writeHead(behaviour.status, { 'content-type': 'application/json' })
          .end(JSON.stringify(this.wire.error(behaviour.status, behaviour.message ?? `fake error ${behaviour.status}`)));
        return;
      case 'json':
        return this.respond({ kind: 'text', text: JSON.stringify(behaviour.body) }, request, res);
      case 'text':
        res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(this.wire.success(behaviour.text, request)));
        return;
    }
  }
}
