import { DataSource, DataSourceOptions } from 'typeorm';
import type { AppConfig } from '../config/app-config';
import { buildDataSourceOptions, DatabaseTarget } from './data-source-options';
import { findRunningEmbeddedPostgres, startEmbeddedPostgres } from './embedded-postgres';

/** A database opened outside Nest (CLI, scripts); `close` also stops an embedded server it started. */
export interface OpenedDatabase {
  dataSource: DataSource;
  /** How the database was reached, for messages. */
  description: string;
  close(): Promise<void>;
}

/**
 * Opens the configured database for a command-line process: the real server when DATABASE_URL
 * is set; otherwise the running service's embedded database through its socket; otherwise the
 * embedded data directory itself (only one process may open it). Migrations are applied. Read
 * replicas are not used: the command line imports and reads back what it wrote.
 * `entities`: what to map, usually ENTITIES from src/schema.ts.
 */
export async function openDatabase(config: AppConfig, entities: NonNullable<DataSourceOptions['entities']>): Promise<OpenedDatabase> {
  let target: DatabaseTarget;
  let description: string;
  let stopEmbedded = async () => undefined as void;
  if (config.database.url) {
    target = { url: config.database.url };
    description = 'PostgreSQL (DATABASE_URL)';
  } else {
    const running = findRunningEmbeddedPostgres(config.database.dataDir);
    if (running) {
      target = { socket: running.connection };
      description = `embedded database of running ${running.holder.role} process ${running.holder.pid}`;
    } else {
      const embedded = await startEmbeddedPostgres(config.database.dataDir, 'cli');
      target = { socket: embedded.connection };
      description = `embedded database in ${config.database.dataDir}`;
      stopEmbedded = () => embedded.stop();
    }
  }
  const dataSource = new DataSource(buildDataSourceOptions({ target, entities, ...config.database, poolSize: 2, replicaUrls: [] }));
  try {
    await dataSource.initialize();
    await dataSource.runMigrations({ transaction: 'each' });
  } catch (e) {
    if (dataSource.isInitialized) await dataSource.destroy();
    await stopEmbedded();
    throw e;
  }
  return {
    dataSource,
    description,
    async close() {
      await dataSource.destroy();
      await stopEmbedded();
    },
  };
}
