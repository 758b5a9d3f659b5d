import * as net from 'node:net';
import { parse } from 'pg-connection-string';
import { DataSource, QueryFailedError } from 'typeorm';
import { buildDataSourceOptions } from '../../src/database/data-source-options';
import { initializeWithReplicas } from '../../src/database/database.module';
import { hasReplicas, readFromReplica } from '../../src/database/replica-reads';
import { ClientEntity } from '../../src/auth/client.entity';
import { ENTITIES } from '../../src/schema';
import { freePort } from '../support/processes';

/**
 * A "replica" that is the test database behind a TCP proxy we can cut: reads through it count
 * its connections, and closing it is a replica going away.
 */
class ReplicaProxy {
  /** Bytes the replica sent back: they grow only when a query runs on it. */
  bytesFromReplica = 0;
  private readonly sockets = new Set<net.Socket>();
  private readonly server: net.Server;

  constructor(private readonly target: net.NetConnectOpts) {
    this.server = net.createServer((client) => {
      const upstream = net.connect(this.target);
      for (const s of [client, upstream]) {
        this.sockets.add(s);
        s.on('close', () => this.sockets.delete(s));
        s.on('error', () => (client.destroy(), upstream.destroy()));
      }
      upstream.on('data', (chunk: Buffer) => (this.bytesFromReplica += chunk.length));
      client.pipe(upstream).pipe(client);
    });
  }

  async listen(): Promise<number> {
    const port = await freePort();
    await new Promise<void>((resolve) => this.server.listen(port, '127.0.0.1', resolve));
    return port;
  }

  async close(): Promise<void> {
    for (const s of this.sockets) s.destroy();
    await new Promise((resolve) => this.server.close(resolve));
  }
}

const primary = parse(process.env.DATABASE_URL!);
const primaryHost = decodeURIComponent(primary.host ?? 'localhost');
const upstream: net.NetConnectOpts = primaryHost.startsWith('/')
  ? { path: `${primaryHost}/.s.PGSQL.${primary.port || 5432}` }
  : { host: primaryHost, port: Number(primary.port || 5432) };
const credentials = `${encodeURIComponent(primary.user ?? 'postgres')}${primary.password ? `:${encodeURIComponent(primary.password)}` : ''}`;
const urlOnPort = (port: number) => `postgresql://${credentials}@127.0.0.1:${port}/${primary.database}`;

function withReplicas(replicaUrls: string[]) {
  return buildDataSourceOptions({ target: { url: process.env.DATABASE_URL! }, entities: ENTITIES, poolSize: 2, connectTimeoutMs: 5000, replicaUrls });
}

const countOrders = (ds: DataSource) => readFromReplica(ds, (runner) => runner.query('SELECT count(*)::int AS n FROM work_orders'));

describe('read replicas (TypeORM replication)', () => {
  let proxy: ReplicaProxy;
  let ds: DataSource;

  beforeEach(async () => {
    proxy = new ReplicaProxy(upstream);
    ds = await initializeWithReplicas(withReplicas([urlOnPort(await proxy.listen())]));
  });
  afterEach(async () => {
    await proxy.close().catch(() => undefined);
    if (ds.isInitialized) await ds.destroy();
  });

  it('sends lag-tolerant reads to the replica and everything else to the primary', async () => {
    expect(hasReplicas(ds)).toBe(true);
    const atStart = proxy.bytesFromReplica;
    const [{ n }] = await countOrders(ds);
    expect(n).toBeGreaterThanOrEqual(0);
    expect(proxy.bytesFromReplica).toBeGreaterThan(atStart);
    const afterRead = proxy.bytesFromReplica;
    // Plain queries, repository and query-builder reads stay on the primary (defaultMode 'master').
    await ds.query('SELECT 1');
    await ds.getRepository(ClientEntity).count();
    await ds.getRepository(ClientEntity).createQueryBuilder('c').getMany();
    expect(proxy.bytesFromReplica).toBe(afterRead);
  });

  it('reads from the primary when the replica goes away, for every read after it', async () => {
    expect(hasReplicas(ds)).toBe(true);
    await countOrders(ds);
    expect(proxy.bytesFromReplica).toBeGreaterThan(0);
    await proxy.close();
    for (let i = 0; i < 5; i++) {
      const [{ n }] = await countOrders(ds);
      expect(n).toBeGreaterThanOrEqual(0);
    }
  });

  it('does not retry a read that failed for another reason (a bad query stays an error)', async () => {
    expect(hasReplicas(ds)).toBe(true);
    await expect(readFromReplica(ds, (runner) => runner.query('SELECT no_such_column FROM work_orders'))).rejects.toBeInstanceOf(QueryFailedError);
  });
});

describe('a replica that cannot be reached at start', () => {
  it('starts on the primary alone and reads from it', async () => {
    const closedPort = await freePort();
    const ds = await initializeWithReplicas(withReplicas([urlOnPort(closedPort)]));
    try {
      expect(hasReplicas(ds)).toBe(false);
      const [{ n }] = await countOrders(ds);
      expect(n).toBeGreaterThanOrEqual(0);
    } finally {
      await ds.destroy();
    }
  });
});

describe('without replicas', () => {
  it('reads from the one database', async () => {
    const ds = await new DataSource(withReplicas([])).initialize();
    try {
      expect(hasReplicas(ds)).toBe(false);
      const [{ n }] = await countOrders(ds);
      expect(n).toBeGreaterThanOrEqual(0);
    } finally {
      await ds.destroy();
    }
  });
});
