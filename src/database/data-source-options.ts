import type { DataSourceOptions } from 'typeorm';
import { ENTITIES } from './entities';
import { MIGRATIONS } from './migrations';
import type { SocketConnection } from './embedded-postgres';

/** Where the database is: a connection string of a real server, or the embedded socket. */
export type DatabaseTarget = { url: string } | { socket: SocketConnection };

export interface DataSourceSettings {
  target: DatabaseTarget;
  poolSize: number;
  connectTimeoutMs: number;
}

/** TypeORM options shared by the service, the CLI, the TypeORM CLI and the tests. */
export function buildDataSourceOptions(settings: DataSourceSettings): DataSourceOptions {
  const where =
    'url' in settings.target
      ? { url: settings.target.url }
      : { host: settings.target.socket.socketDir, username: settings.target.socket.user, database: settings.target.socket.database };
  return {
    type: 'postgres',
    ...where,
    entities: ENTITIES,
    migrations: MIGRATIONS,
    migrationsTableName: 'migrations',
    migrationsTransactionMode: 'each',
    synchronize: false,
    // Extensions are created by migrations; gen_random_uuid() is built into PostgreSQL 13+.
    installExtensions: false,
    uuidExtension: 'pgcrypto',
    extra: {
      max: settings.poolSize,
      connectionTimeoutMillis: settings.connectTimeoutMs,
      idleTimeoutMillis: 30000,
    },
  };
}
