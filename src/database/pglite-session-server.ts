import * as net from 'node:net';
import type { PGlite } from '@electric-sql/pglite';

const SSL_REQUEST = 80877103;
const GSSENC_REQUEST = 80877104;
const CANCEL_REQUEST = 80877102;
/** Messages after which the client waits for the server: the end of one unit of work. */
const UNIT_END = new Set(['S'.charCodeAt(0), 'Q'.charCodeAt(0)]);
const TERMINATE = 'X'.charCodeAt(0);

/** One client connection's queued unit of work: protocol messages up to a Sync or a Query. */
interface Unit {
  connection: Connection;
  messages: Uint8Array[];
}

class Connection {
  private buffer = Buffer.alloc(0);
  private started = false;
  private pending: Uint8Array[] = [];
  closed = false;

  constructor(
    readonly socket: net.Socket,
    private readonly scheduler: SessionScheduler,
  ) {
    socket.setNoDelay(true);
    socket.on('data', (chunk) => this.receive(chunk));
    socket.on('error', () => this.close());
    socket.on('close', () => this.close());
  }

  write(data: Uint8Array): void {
    if (!this.closed && data.length > 0) this.socket.write(Buffer.from(data));
  }

  private receive(chunk: Buffer): void {
    this.buffer = Buffer.concat([this.buffer, chunk]);
    for (;;) {
      if (!this.started) {
        if (this.buffer.length < 8) return;
        const length = this.buffer.readInt32BE(0);
        const code = this.buffer.readInt32BE(4);
        if (this.buffer.length < length) return;
        const message = this.buffer.subarray(0, length);
        this.buffer = this.buffer.subarray(length);
        if (code === SSL_REQUEST || code === GSSENC_REQUEST) {
          this.socket.write('N');
          continue;
        }
        if (code === CANCEL_REQUEST) {
          this.socket.end();
          return;
        }
        this.started = true;
        this.scheduler.submit(this, [new Uint8Array(message)]);
        continue;
      }
      if (this.buffer.length < 5) return;
      const total = 1 + this.buffer.readInt32BE(1);
      if (this.buffer.length < total) return;
      const type = this.buffer[0];
      const message = new Uint8Array(this.buffer.subarray(0, total));
      this.buffer = this.buffer.subarray(total);
      if (type === TERMINATE) {
        this.socket.end();
        return;
      }
      this.pending.push(message);
      if (UNIT_END.has(type)) {
        this.scheduler.submit(this, this.pending);
        this.pending = [];
      }
    }
  }

  private close(): void {
    if (this.closed) return;
    this.closed = true;
    this.scheduler.release(this);
  }
}

/**
 * Runs the units of all connections one at a time on PGlite's single session. A unit (an
 * extended-query sequence up to Sync, or a simple Query) is never interleaved with another
 * connection's messages, and while a connection holds an open transaction only its units run.
 */
class SessionScheduler {
  private queue: Unit[] = [];
  private draining = false;
  private owner: Connection | null = null;

  constructor(private readonly db: PGlite) {}

  submit(connection: Connection, messages: Uint8Array[]): void {
    this.queue.push({ connection, messages });
    void this.drain();
  }

  /** A closed connection's queued work is dropped and its open transaction rolled back. */
  release(connection: Connection): void {
    this.queue = this.queue.filter((u) => u.connection !== connection);
    if (this.owner === connection) {
      void this.db
        .runExclusive(() => this.db.exec('ROLLBACK'))
        .catch(() => undefined)
        .finally(() => {
          this.owner = null;
          void this.drain();
        });
    }
  }

  private async drain(): Promise<void> {
    if (this.draining) return;
    this.draining = true;
    try {
      for (;;) {
        const index = this.owner ? this.queue.findIndex((u) => u.connection === this.owner) : 0;
        if (index < 0 || this.queue.length === 0) return;
        const [unit] = this.queue.splice(index, 1);
        await this.db.runExclusive(async () => {
          for (const message of unit.messages) {
            await this.db.execProtocolRawStream(message, { onRawData: (data) => unit.connection.write(data) });
          }
        });
        this.owner = this.db.isInTransaction() && !unit.connection.closed ? unit.connection : null;
        if (this.db.isInTransaction() && unit.connection.closed) await this.db.runExclusive(() => this.db.exec('ROLLBACK'));
      }
    } finally {
      this.draining = false;
    }
  }
}

/**
 * Serves a PGlite database to ordinary PostgreSQL clients on a Unix socket. Written for this
 * service instead of using @electric-sql/pglite-socket's server, whose queue interleaves the
 * extended-protocol messages of concurrent connections (a Parse from one connection can land
 * between another's Parse and Bind, and the Bind then fails with a parameter-count error).
 * That is the open upstream issue electric-sql/pglite#1046 (interleaved extended-protocol
 * messages). When it is fixed, switch back to pglite-socket: test/medium/concurrent-sessions.medium-spec.ts
 * is the signal (it must pass on pglite-socket's server before this file can go).
 */
export class PGliteSessionServer {
  private readonly server: net.Server;
  private readonly scheduler: SessionScheduler;
  private readonly connections = new Set<net.Socket>();

  constructor(
    db: PGlite,
    private readonly options: { path: string; maxConnections: number },
  ) {
    this.scheduler = new SessionScheduler(db);
    this.server = net.createServer((socket) => {
      this.connections.add(socket);
      socket.on('close', () => this.connections.delete(socket));
      new Connection(socket, this.scheduler);
    });
    this.server.maxConnections = options.maxConnections;
  }

  start(): Promise<void> {
    return new Promise((resolve, reject) => {
      this.server.once('error', reject);
      this.server.listen(this.options.path, () => {
        this.server.off('error', reject);
        resolve();
      });
    });
  }

  stop(): Promise<void> {
    for (const socket of this.connections) socket.destroy();
    return new Promise((resolve) => this.server.close(() => resolve()));
  }
}
