import 'reflect-metadata';
import { DataSource } from 'typeorm';
import { loadAppConfig } from './src/config/app-config';
import { buildDataSourceOptions, DatabaseTarget } from './src/database/data-source-options';
import { findRunningEmbeddedPostgres } from './src/database/embedded-postgres';
import { ENTITIES } from './src/schema';

/**
 * The DataSource the TypeORM CLI uses (`npm run typeorm -- migration:show`). It reaches the
 * server in DATABASE_URL or, in embedded mode, the socket of the running service; to migrate an
 * embedded database that no service holds, use `npm run migration:run`.
 */
function target(): DatabaseTarget {
  const config = loadAppConfig();
  if (config.database.url) return { url: config.database.url };
  const running = findRunningEmbeddedPostgres(config.database.dataDir);
  if (running) return { socket: running.connection };
  throw new Error(`No DATABASE_URL and no running service holds ${config.database.dataDir}; run "npm run migration:run" instead.`);
}

export default new DataSource(buildDataSourceOptions({ target: target(), entities: ENTITIES, poolSize: 2, connectTimeoutMs: 5000 }));
