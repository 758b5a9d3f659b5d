import { DynamicModule, Module } from '@nestjs/common';
import { LoggerModule } from 'nestjs-pino';
import type { AppConfig } from '../config/app-config';
import { LogFormat } from '../config/env.schema';
import { requestIdOf } from '../common/request-id';

/** Paths never written to logs: credentials and the bodies that may carry them. */
export const REDACTED_PATHS = [
  'req.headers.authorization',
  'req.headers.cookie',
  'req.headers["x-api-key"]',
  'req.query.access_token',
  'res.headers["set-cookie"]',
];

/** Tokens are only accepted in the Authorization header, but a caller may still put one in the URL. */
export function redactUrlCredentials(url: string): string {
  return url.replace(/([?&](?:access_token|token|api_key|key)=)[^&#]*/gi, '$1[redacted]');
}

/** Structured JSON logs (pretty in development) carrying each request's id. */
@Module({})
export class AppLoggerModule {
  static forRoot(config: AppConfig): DynamicModule {
    return {
      module: AppLoggerModule,
      imports: [
        LoggerModule.forRoot({
          pinoHttp: {
            level: config.log.level,
            genReqId: (req) => requestIdOf(req),
            redact: { paths: REDACTED_PATHS, censor: '[redacted]' },
            serializers: { req: (req: { url?: unknown }) => Object.assign(req, { url: redactUrlCredentials(String(req.url)) }) },
            customProps: (req) => ({ requestId: requestIdOf(req) }),
            transport: config.log.format === LogFormat.Pretty ? { target: 'pino-pretty', options: { singleLine: true } } : undefined,
            autoLogging: { ignore: (req) => req.url === '/health' },
          },
        }),
      ],
    };
  }
}
