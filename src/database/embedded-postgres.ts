import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { Extension, PGlite } from '@electric-sql/pglite';
import { PGliteSessionServer } from './pglite-session-server';
import { claimDataDir, DataDirAnnouncement, readHolder, releaseDataDir } from './data-dir-lock';

/** How a `pg` client reaches a PostgreSQL server over a Unix socket. */
export interface SocketConnection {
  /** Folder that holds the `.s.PGSQL.5432` socket (what libpq and `pg` call the host). */
  socketDir: string;
  user: string;
  database: string;
}

/** An embedded PGlite database served on a private Unix socket. */
export interface EmbeddedPostgres {
  connection: SocketConnection;
  stop(): Promise<void>;
}

// The package's typings for contrib/* are ESM-only; its CommonJS build is what Node loads here.
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { pg_trgm } = require('@electric-sql/pglite/contrib/pg_trgm') as { pg_trgm: Extension };
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { btree_gin } = require('@electric-sql/pglite/contrib/btree_gin') as { btree_gin: Extension };

const SOCKET_NAME = '.s.PGSQL.5432';
/** Unix socket paths are limited to ~107 bytes; longer data dirs get a private temp folder. */
const MAX_SOCKET_PATH = 100;
/** Clients share PGlite's single session one unit of work at a time; this must exceed the pool size. */
const MAX_SOCKET_CONNECTIONS = 32;

/**
 * PGlite's own start parameters plus a small WAL budget: single-user PostgreSQL has no
 * checkpointer, so WAL is only recycled at the checkpoints HistoryRepository asks for (every
 * 20,000 rows written by imports or enrich, and at the end of an import) and at shutdown, and
 * these keep what a checkpoint leaves behind to a few segments.
 */
const EMBEDDED_START_PARAMS = [...PGlite.defaultStartParams, '-c', 'max_wal_size=64MB', '-c', 'min_wal_size=32MB'];

export function socketConnection(socketDir: string): SocketConnection {
  return { socketDir, user: 'postgres', database: 'postgres' };
}

export class DataDirInUseError extends Error {
  constructor(
    readonly dataDir: string,
    readonly holder: DataDirAnnouncement,
  ) {
    super(`The embedded database in ${dataDir} is in use by ${holder.role} process ${holder.pid} (since ${holder.startedAt})`);
  }
}

function chooseSocketDir(dataDir: string): string {
  const preferred = path.join(dataDir, 'socket');
  if (path.join(preferred, SOCKET_NAME).length <= MAX_SOCKET_PATH) return preferred;
  return fs.mkdtempSync(path.join(os.tmpdir(), 'woi-pg-'));
}

/**
 * Opens the PGlite database under `dataDir` (creating it on first run) and serves it on a Unix
 * socket so TypeORM's ordinary `postgres` driver, and the CLI in another process, can use it.
 * Throws DataDirInUseError when another live process holds the directory.
 */
export async function startEmbeddedPostgres(dataDir: string, role: DataDirAnnouncement['role']): Promise<EmbeddedPostgres> {
  const socketDir = chooseSocketDir(dataDir);
  const announcement: DataDirAnnouncement = { pid: process.pid, role, socketDir, startedAt: new Date().toISOString() };
  const claim = claimDataDir(dataDir, announcement);
  if (!claim.claimed) throw new DataDirInUseError(dataDir, claim.holder);

  let db: PGlite | undefined;
  let server: PGliteSessionServer | undefined;
  try {
    fs.mkdirSync(socketDir, { recursive: true, mode: 0o700 });
    fs.rmSync(path.join(socketDir, SOCKET_NAME), { force: true });
    db = await PGlite.create({ dataDir: path.join(dataDir, 'pgdata'), extensions: { pg_trgm, btree_gin }, startParams: EMBEDDED_START_PARAMS });
    server = new PGliteSessionServer(db, { path: path.join(socketDir, SOCKET_NAME), maxConnections: MAX_SOCKET_CONNECTIONS });
    await server.start();
  } catch (e) {
    await server?.stop().catch(() => undefined);
    await db?.close().catch(() => undefined);
    releaseDataDir(dataDir);
    throw e;
  }

  let stopped = false;
  return {
    connection: socketConnection(socketDir),
    async stop() {
      if (stopped) return;
      stopped = true;
      await server!.stop();
      await db!.close();
      releaseDataDir(dataDir);
    },
  };
}

/** The socket of a live process already serving `dataDir`, if there is one. */
export function findRunningEmbeddedPostgres(dataDir: string): { connection: SocketConnection; holder: DataDirAnnouncement } | undefined {
  const holder = readHolder(dataDir);
  return holder ? { connection: socketConnection(holder.socketDir), holder } : undefined;
}
