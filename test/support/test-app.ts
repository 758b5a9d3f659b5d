import { randomUUID } from 'node:crypto';
import { NestFactory } from '@nestjs/core';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { AppModule } from '../../src/app.module';
import { configureApp } from '../../src/app.setup';
import { ApiTokenService } from '../../src/auth/api-token.service';
import { AppConfig, loadAppConfig } from '../../src/config/app-config';

export interface TestApp {
  app: NestExpressApplication;
  config: AppConfig;
  /** The Node HTTP server, for supertest. */
  http: ReturnType<NestExpressApplication['getHttpServer']>;
  /** Creates a client with a unique name and returns a token for it. */
  newClientToken(prefix?: string): Promise<{ token: string; client: string; tokenId: string }>;
  close(): Promise<void>;
}

/** Boots the real application (same modules and setup as main.ts) against the test database. */
export async function createTestApp(env: Record<string, string> = {}): Promise<TestApp> {
  const config = loadAppConfig({ ...process.env, NODE_ENV: 'test', ...env });
  const app = await NestFactory.create<NestExpressApplication>(AppModule.forRoot({ config, database: { url: config.database.url! } }), {
    bodyParser: false,
    logger: false,
    abortOnError: false,
  });
  await configureApp(app, config);
  const tokens = app.get(ApiTokenService);
  return {
    app,
    config,
    http: app.getHttpServer(),
    async newClientToken(prefix = 'client') {
      const client = `${prefix}-${randomUUID().slice(0, 8)}`;
      const { token, summary } = await tokens.createToken(client);
      return { token, client, tokenId: summary.id };
    },
    close: () => app.close(),
  };
}
