import { DataSource } from 'typeorm';
import { buildDataSourceOptions } from '../../src/database/data-source-options';
import { ENTITIES } from '../../src/schema';

/** A DataSource on the test database (already migrated by the global setup). */
export async function openTestDataSource(): Promise<DataSource> {
  const dataSource = new DataSource(
    buildDataSourceOptions({ target: { url: process.env.DATABASE_URL! }, entities: ENTITIES, poolSize: 2, connectTimeoutMs: 10000 }),
  );
  return dataSource.initialize();
}
