import type { INestApplication } from '@nestjs/common';
import type { NestExpressApplication } from '@nestjs/platform-express';
import helmet from 'helmet';
import { Logger } from 'nestjs-pino';
import { AllowedMethodsLookup, ErrorFilter } from './common/error.filter';
import { jsonBody, ndjsonBody } from './common/json-body.middleware';
import { requestIdMiddleware } from './common/request-id';
import { createValidationPipe } from './common/validation.pipe';
import type { AppConfig } from './config/app-config';
import { setupSwagger } from './swagger';

interface RouteLayer {
  route?: { path: string; methods: Record<string, boolean> };
  match(path: string): boolean;
}

/** Methods each registered route accepts, so a wrong method answers 405 rather than 404. */
function allowedMethodsLookup(app: NestExpressApplication): AllowedMethodsLookup {
  const express = app.getHttpAdapter().getInstance() as unknown as { router?: { stack: RouteLayer[] } };
  return (path) =>
    (express.router?.stack ?? [])
      // Middleware mounted on wildcard paths answers every method; only concrete routes count.
      .filter((layer) => layer.route && !layer.route.path.includes('*') && layer.match(path))
      .flatMap((layer) => Object.keys(layer.route!.methods).filter((m) => m !== '_all').map((m) => m.toUpperCase()));
}

/**
 * Everything the standalone service adds around its modules: security headers, request ids,
 * body parsing with limits, validation, the error shape and Swagger. Used by main.ts and e2e tests.
 */
export async function configureApp(app: NestExpressApplication, config: AppConfig): Promise<INestApplication> {
  app.useLogger(app.get(Logger));
  // A client that trickles a body (a slow or stalled upload) is cut off instead of holding memory.
  const server = app.getHttpServer() as import('node:http').Server;
  server.requestTimeout = config.http.requestTimeoutMs;
  server.headersTimeout = Math.min(server.headersTimeout, config.http.requestTimeoutMs);
  app.use(requestIdMiddleware);
  app.use(helmet());
  // History imports are bulk uploads: their own, larger limit, and NDJSON as text.
  app.use('/work-order/import', jsonBody(config.http.importBodyLimitBytes), ndjsonBody(config.http.importBodyLimitBytes));
  app.use(jsonBody(config.http.jsonBodyLimitBytes));
  app.useGlobalPipes(createValidationPipe());
  setupSwagger(app);
  app.useGlobalFilters(new ErrorFilter(allowedMethodsLookup(app)));
  await app.init();
  return app;
}
