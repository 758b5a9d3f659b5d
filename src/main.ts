import 'reflect-metadata';
import cluster from 'node:cluster';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { NestFactory } from '@nestjs/core';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { Logger } from 'nestjs-pino';
import { pino } from 'pino';
import { AppModule } from './app.module';
import { configureApp } from './app.setup';
import { ApiTokenService } from './auth/api-token.service';
import { AppConfig, loadAppConfig } from './config/app-config';
import { NodeEnv } from './config/env.schema';
import type { DatabaseTarget } from './database/data-source-options';
import { EmbeddedPostgres, startEmbeddedPostgres } from './database/embedded-postgres';
import { seedDemoHistory } from './work-order/demo/demo-seeder';
import { HistoryImportService } from './work-order/history/history-import.service';
import { superviseServiceProcesses } from './service-processes';

/** Work orders seeded into the demo client on first run, so the first enrich shows real previous fixes. */
const DEMO_HISTORY_SIZE = 3000;

/**
 * On an empty embedded database, create a demo client with a token and a seeded history so the
 * API can be tried at once.
 */
async function bootstrapDemo(app: NestExpressApplication, config: AppConfig): Promise<void> {
  const tokens = app.get(ApiTokenService);
  if ((await tokens.countActiveTokens()) > 0) return;
  const { token, summary } = await tokens.createToken('demo', 'created on first run');
  const client = await tokens.clientByName(summary.client);
  const seeded = await seedDemoHistory(app.get(HistoryImportService), client.id, { count: DEMO_HISTORY_SIZE });
  app.get(Logger).log(`First run: seeded ${seeded.inserted} demo work orders into client "demo"`, 'Bootstrap');
  const file = path.join(config.database.dataDir, 'demo-token.txt');
  fs.writeFileSync(file, `${token}\n`, { mode: 0o600 });
  app.get(Logger).log(`First run: created client "demo" with token ${token} (also written to ${file})`, 'Bootstrap');
}

async function main(): Promise<void> {
  if (fs.existsSync('.env')) process.loadEnvFile('.env');
  const config = loadAppConfig();
  if (config.processes > 1 && cluster.isPrimary) {
    const log = pino({ level: config.log.level });
    superviseServiceProcesses(config.processes, (message) => log.info({ context: 'Processes' }, message));
    return;
  }
  let embedded: EmbeddedPostgres | undefined;
  let database: DatabaseTarget;
  if (config.database.url) {
    database = { url: config.database.url };
  } else {
    embedded = await startEmbeddedPostgres(config.database.dataDir, 'service');
    database = { socket: embedded.connection };
  }

  let app: NestExpressApplication | undefined;
  try {
    app = await NestFactory.create<NestExpressApplication>(AppModule.forRoot({ config, database }), {
      bodyParser: false,
      bufferLogs: true,
      abortOnError: false,
    });
    await configureApp(app, config);
    if (embedded && config.nodeEnv !== NodeEnv.Production) await bootstrapDemo(app, config);
    await app.listen(config.port);
    app
      .get(Logger)
      .log(
        `Listening on port ${config.port}; Swagger UI at /docs (${embedded ? `embedded database in ${config.database.dataDir}` : 'PostgreSQL'})`,
        'Bootstrap',
      );
  } catch (e) {
    await app?.close().catch(() => undefined);
    await embedded?.stop();
    throw e;
  }

  // Graceful shutdown: stop taking requests, close Nest (and TypeORM's pool), then the embedded
  // database, so PGlite flushes to disk and releases DATA_DIR. Nest's own enableShutdownHooks
  // re-raises the signal after closing, which would kill the process before the last step.
  // With several service processes, Ctrl-C reaches a worker twice (SIGINT from the terminal,
  // SIGTERM from the primary): the first signal shuts it down, a second one does nothing.
  let closing = false;
  const shutdown = async (signal: NodeJS.Signals) => {
    if (closing) return;
    closing = true;
    app!.get(Logger).log(`${signal} received, shutting down`, 'Bootstrap');
    try {
      await app!.close();
      await embedded?.stop();
    } finally {
      process.exit(0);
    }
  };
  for (const signal of ['SIGTERM', 'SIGINT'] as const) process.once(signal, (s) => void shutdown(s));
}

main().catch((e: unknown) => {
  console.error(e instanceof Error ? e.message : e);
  process.exit(1);
});
