import type { INestApplication } from '@nestjs/common';
import type { NestExpressApplication } from '@nestjs/platform-express';
import helmet from 'helmet';
import { Logger } from 'nestjs-pino';
import { answerClientErrorsWithJson, hostHeaderMiddleware } from './common/client-error';
import { AllowedMethodsLookup, ErrorFilter } from './common/error.filter';
import { requestIdMiddleware } from './common/request-id';
import type { AppConfig } from './config/app-config';
import { recognizeDatabaseUnavailable } from './database/database-unavailable';
import { httpMetricsMiddleware } from './metrics/http-metrics.middleware';
import { setupSwagger } from './swagger';

interface RouteLayer {
  route?: { path: string; methods: Record<string, boolean> };
  match(path: string): boolean;
}

/** Methods each registered route accepts, so a wrong method answers 405 rather than 404. */
function allowedMethodsLookup(app: NestExpressApplication): AllowedMethodsLookup {
  const express = app.getHttpAdapter().getInstance() as unknown as { router?: { stack: RouteLayer[] } };
  // Middleware the modules bind to their routes shows up as route layers too: hence the Set.
  return (path) => [
    ...new Set(
      (express.router?.stack ?? [])
        // Middleware mounted on wildcard paths answers every method; only concrete routes count.
        .filter((layer) => layer.route && !layer.route.path.includes('*') && layer.match(path))
        .flatMap((layer) =>
          Object.keys(layer.route!.methods)
            .filter((m) => m !== '_all')
            .map((m) => m.toUpperCase()),
        ),
    ),
  ];
}

/**
 * Everything the standalone service adds around its modules: logging, security headers, request
 * ids, a request timeout, Swagger, and the error shape for paths no module serves (404, 405).
 * Body parsing, validation and the modules' own errors are the modules' business. Used by
 * main.ts and e2e tests.
 */
export async function configureApp(app: NestExpressApplication, config: AppConfig): Promise<INestApplication> {
  app.useLogger(app.get(Logger));
  // A client that trickles a body (a slow or stalled upload) is cut off instead of holding memory.
  const server = app.getHttpServer() as import('node:http').Server;
  server.requestTimeout = config.http.requestTimeoutMs;
  server.headersTimeout = Math.min(server.headersTimeout, config.http.requestTimeoutMs);
  // Node checks those timeouts on a timer (30 s by default); check often enough for the limit to hold.
  (server as typeof server & { connectionsCheckingInterval: number }).connectionsCheckingInterval = Math.max(
    250,
    Math.min(30_000, Math.floor(config.http.requestTimeoutMs / 4)),
  );
  answerClientErrorsWithJson(server);
  if (config.metrics.enabled) app.use(httpMetricsMiddleware);
  app.use(requestIdMiddleware);
  // Helmet's default CSP upgrades http to https, which leaves Swagger UI blank when the service
  // is opened over plain HTTP under any name but localhost.
  app.use(helmet({ contentSecurityPolicy: { directives: { upgradeInsecureRequests: null } } }));
  app.use(hostHeaderMiddleware);
  setupSwagger(app);
  app.useGlobalFilters(new ErrorFilter({ allowedMethods: allowedMethodsLookup(app), recognizers: [recognizeDatabaseUnavailable] }));
  await app.init();
  return app;
}
