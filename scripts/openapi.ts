/**
 * Writes the OpenAPI document the service serves at /docs-json to a file (default
 * test-artifacts/openapi.json), for `npm run lint:openapi` and anyone who wants the contract as a
 * file. The document is built from the same booted application as /docs-json, so Nest needs a
 * database to start: a throwaway embedded one is opened in a temp folder and removed afterwards,
 * never DATABASE_URL, so writing the document cannot touch a real database.
 *
 * Usage: ts-node --transpile-only scripts/openapi.ts [output.json]
 */
import 'reflect-metadata';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { NestFactory } from '@nestjs/core';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { AppModule } from '../src/app.module';
import { configureApp } from '../src/app.setup';
import { loadAppConfig } from '../src/config/app-config';
import { startEmbeddedPostgres } from '../src/database/embedded-postgres';
import { buildOpenApiDocument } from '../src/swagger';

async function main(): Promise<void> {
  const output = path.resolve(process.argv[2] ?? 'test-artifacts/openapi.json');
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'woi-openapi-'));
  const { DATABASE_URL: _ignored, ...env } = process.env;
  const config = loadAppConfig({ ...env, NODE_ENV: 'test', DATA_DIR: dataDir });
  const embedded = await startEmbeddedPostgres(dataDir, 'service');
  let app: NestExpressApplication | undefined;
  try {
    app = await NestFactory.create<NestExpressApplication>(AppModule.forRoot({ config, database: { socket: embedded.connection } }), {
      bodyParser: false,
      logger: false,
      abortOnError: false,
    });
    await configureApp(app, config);
    fs.mkdirSync(path.dirname(output), { recursive: true });
    fs.writeFileSync(output, `${JSON.stringify(buildOpenApiDocument(app), null, 2)}\n`);
    console.log(`OpenAPI document written to ${path.relative(process.cwd(), output)}`);
  } finally {
    await app?.close();
    await embedded.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((e: unknown) => {
  console.error(e);
  process.exit(1);
});
