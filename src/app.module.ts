import { DynamicModule, Module } from '@nestjs/common';
import { AssetIntelligenceModule } from './asset-intelligence/asset-intelligence.module';
import type { AssetIntelligenceModuleOptions } from './asset-intelligence/asset-intelligence.options';
import { ThrottlerStorageRedisService } from '@nest-lab/throttler-storage-redis';
import { ClientAccessModule } from './auth/client-access.module';
import { FailOpenThrottlerStorage } from './auth/fail-open-throttler-storage';
import type { ClientAccessOptions } from './auth/client-access.options';
import { AppConfig } from './config/app-config';
import { AppConfigModule } from './config/config.module';
import { DatabaseTarget } from './database/data-source-options';
import { DatabaseModule } from './database/database.module';
import { HealthModule } from './health/health.module';
import { LlmModule } from './llm/llm.module';
import { LlmPort } from './llm/llm.port';
import { MetricsModule } from './metrics/metrics.module';
import { AppLoggerModule } from './logging/logger.module';
import { ENTITIES } from './schema';
import { WorkOrderModule } from './work-order/work-order.module';
import type { WorkOrderModuleOptions } from './work-order/work-order.options';

export interface AppModuleOptions {
  config: AppConfig;
  /** The database to use: a real server's URL, or the socket of the embedded one. */
  database: DatabaseTarget;
}

export function clientAccessOptionsFrom(config: AppConfig): ClientAccessOptions {
  if (!config.redisUrl) return { rateLimit: config.rateLimit };
  // Commands fail at once while Redis is unreachable (no offline queue, one retry), and the
  // fail-open wrapper lets the request through: a Redis outage suspends limits, not the API.
  const redis = new ThrottlerStorageRedisService(config.redisUrl, { enableOfflineQueue: false, maxRetriesPerRequest: 1 });
  const storage = new FailOpenThrottlerStorage(redis);
  // ioredis reconnects by itself; without a listener it prints every failed attempt as unhandled.
  redis.redis.on('error', (e: Error) => storage.reportFailure(e));
  return { rateLimit: config.rateLimit, storage };
}

export function workOrderOptionsFrom(config: AppConfig, llm: LlmPort): WorkOrderModuleOptions {
  return {
    llm: { port: llm },
    limits: { jsonBodyBytes: config.http.jsonBodyLimitBytes, importBodyBytes: config.http.importBodyLimitBytes },
    callbackWindowDays: config.history.callbackWindowDays,
    diagnosis: { ...config.diagnosis, redisUrl: config.redisUrl },
  };
}

export function assetIntelligenceOptionsFrom(config: AppConfig, llm: LlmPort): AssetIntelligenceModuleOptions {
  const { maxPixels, ...ocr } = config.ocr;
  return {
    llm: { port: llm },
    limits: { uploadMaxBytes: config.http.uploadMaxBytes, uploadMaxPixels: maxPixels },
    ocr,
  };
}

/**
 * Composition root of the standalone service: configuration from the environment, logging,
 * the database and health check, hosting the same modules another Nest application would import.
 * Both product modules share one LLM port (one circuit breaker) and one ClientAccessModule (one
 * token service, one rate-limit budget per token).
 */
@Module({})
export class AppModule {
  static forRoot({ config, database }: AppModuleOptions): DynamicModule {
    const llm = LlmModule.forRoot(config.llm);
    return {
      module: AppModule,
      imports: [
        AppConfigModule.forRoot(config),
        AppLoggerModule.forRoot(config),
        DatabaseModule.forRoot(database, ENTITIES),
        HealthModule,
        ...(config.metrics.enabled ? [MetricsModule] : []),
        ClientAccessModule.forRoot(clientAccessOptionsFrom(config)),
        WorkOrderModule.forRootAsync({ imports: [llm], inject: [LlmPort], useFactory: (port: LlmPort) => workOrderOptionsFrom(config, port) }),
        AssetIntelligenceModule.forRootAsync({ imports: [llm], inject: [LlmPort], useFactory: (port: LlmPort) => assetIntelligenceOptionsFrom(config, port) }),
      ],
    };
  }
}
