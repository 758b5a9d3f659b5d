import { Logger } from '@nestjs/common';
import type { DataSourceOptions } from 'typeorm';
import { MIGRATIONS } from './migrations';
import type { SocketConnection } from './embedded-postgres';

/** Where the database is: a connection string of a real server, or the embedded socket. */
export type DatabaseTarget = { url: string } | { socket: SocketConnection };

/** Longest one SQL statement may run on the server before it cancels it; 0 is no limit. */
export const DEFAULT_STATEMENT_TIMEOUT_MS = 30_000;
/** How much longer than the statement timeout the driver waits for an answer before giving up. */
const QUERY_TIMEOUT_MARGIN_MS = 5_000;
/** A session left idle inside a transaction (a stuck caller) is ended by the server after this. */
const IDLE_IN_TRANSACTION_TIMEOUT_MS = 60_000;

export interface DataSourceSettings {
  target: DatabaseTarget;
  /** The entities to map (src/schema.ts composes the service's); the database layer knows no feature. */
  entities: NonNullable<DataSourceOptions['entities']>;
  poolSize: number;
  /** Longest wait for a connection: for a free pool slot, and for the server to accept a new one. */
  connectTimeoutMs: number;
  /** Server-side limit of one statement (PostgreSQL `statement_timeout`); 0 is none. Default 30 s. */
  statementTimeoutMs?: number;
  /**
   * Client-side limit of one query, for a server that stops answering without closing the
   * connection (frozen host, network partition); 0 is none. Default: statement timeout + 5 s.
   */
  queryTimeoutMs?: number;
  /**
   * Streaming read replicas of a `url` target. Only reads made through `readFromReplica` use them;
   * everything else (writes, and reads that must see them) stays on the primary. Ignored when embedded.
   */
  replicaUrls?: string[];
}

const logger = new Logger('Database');

/** TypeORM options shared by the service, the CLI, the TypeORM CLI and the tests. */
export function buildDataSourceOptions(settings: DataSourceSettings): DataSourceOptions {
  const replicas = 'url' in settings.target ? (settings.replicaUrls ?? []) : [];
  const where =
    'url' in settings.target
      ? replicas.length > 0
        ? // defaultMode 'master': TypeORM would otherwise send every query-builder SELECT to a replica,
          // including reads that must see a write just made (tokens, stored assets).
          { replication: { master: { url: settings.target.url }, slaves: replicas.map((url) => ({ url })), defaultMode: 'master' as const } }
        : { url: settings.target.url }
      : { host: settings.target.socket.socketDir, username: settings.target.socket.user, database: settings.target.socket.database };
  const statementTimeoutMs = settings.statementTimeoutMs ?? DEFAULT_STATEMENT_TIMEOUT_MS;
  const queryTimeoutMs = settings.queryTimeoutMs ?? (statementTimeoutMs > 0 ? statementTimeoutMs + QUERY_TIMEOUT_MARGIN_MS : 0);
  return {
    type: 'postgres',
    ...where,
    entities: settings.entities,
    migrations: MIGRATIONS,
    migrationsTableName: 'migrations',
    migrationsTransactionMode: 'each',
    synchronize: false,
    // Extensions are created by migrations; gen_random_uuid() is built into PostgreSQL 13+.
    installExtensions: false,
    uuidExtension: 'pgcrypto',
    // A server that goes away makes idle pooled connections fail; they are dropped and replaced
    // on the next query. Without a handler the pool's 'error' event would crash the process.
    poolErrorHandler: (error: Error) => logger.warn(`A pooled database connection was lost (${error.message}); it is replaced on next use`),
    // Every wait has a bound, so an unreachable or stalled database turns into a quick 503, not a hang.
    // (PGlite ignores the server-side settings; the client-side timeouts still apply.)
    extra: {
      max: settings.poolSize,
      connectionTimeoutMillis: settings.connectTimeoutMs,
      idleTimeoutMillis: 30000,
      statement_timeout: statementTimeoutMs,
      idle_in_transaction_session_timeout: IDLE_IN_TRANSACTION_TIMEOUT_MS,
      ...(queryTimeoutMs > 0 ? { query_timeout: queryTimeoutMs } : {}),
      keepAlive: true,
      keepAliveInitialDelayMillis: 10_000,
    },
  };
}
