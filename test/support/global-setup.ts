import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { DataSource } from 'typeorm';
import { buildDataSourceOptions } from '../../src/database/data-source-options';
import { EmbeddedPostgres, startEmbeddedPostgres } from '../../src/database/embedded-postgres';
import { ENTITIES } from '../../src/schema';

declare global {
  var __TEST_EMBEDDED_POSTGRES__: { embedded: EmbeddedPostgres; dir: string } | undefined;
}

/**
 * With DATABASE_URL set, tests run against that PostgreSQL server. Without it, an embedded
 * PGlite database is started here, in jest's parent process, and served to the workers over
 * its Unix socket through an ordinary DATABASE_URL. Either way, migrations run once here.
 */
export default async function globalSetup(): Promise<void> {
  if (!process.env.DATABASE_URL) {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'woi-test-db-'));
    const embedded = await startEmbeddedPostgres(dir, 'service');
    globalThis.__TEST_EMBEDDED_POSTGRES__ = { embedded, dir };
    process.env.DATABASE_URL = `postgresql://postgres@localhost/postgres?host=${encodeURIComponent(embedded.connection.socketDir)}`;
    process.env.TEST_DATABASE_KIND = 'embedded PGlite';
  } else {
    process.env.TEST_DATABASE_KIND = 'PostgreSQL server';
  }
  const dataSource = new DataSource(
    buildDataSourceOptions({ target: { url: process.env.DATABASE_URL }, entities: ENTITIES, poolSize: 1, connectTimeoutMs: 10000 }),
  );
  await dataSource.initialize();
  await dataSource.runMigrations({ transaction: 'each' });
  await dataSource.destroy();
  console.log(`\nTests use ${process.env.TEST_DATABASE_KIND}.`);
}
