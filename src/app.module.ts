import { DynamicModule, Module } from '@nestjs/common';
import { ThrottlerModule } from '@nestjs/throttler';
import { AssetIntelligenceModule } from './asset-intelligence/asset-intelligence.module';
import { AuthModule } from './auth/auth.module';
import { AppLoggerModule } from './common/logger.module';
import { AppConfig } from './config/app-config';
import { AppConfigModule } from './config/config.module';
import { DatabaseTarget } from './database/data-source-options';
import { DatabaseModule } from './database/database.module';
import { HealthModule } from './health/health.module';
import { LlmModule } from './llm/llm.module';
import { WorkOrderModule } from './work-order/work-order.module';

export interface AppModuleOptions {
  config: AppConfig;
  /** The database to use: a real server's URL, or the socket of the embedded one. */
  database: DatabaseTarget;
}

/** Composition root of the standalone service. */
@Module({})
export class AppModule {
  static forRoot({ config, database }: AppModuleOptions): DynamicModule {
    return {
      module: AppModule,
      imports: [
        AppConfigModule.forRoot(config),
        AppLoggerModule.forRoot(config),
        DatabaseModule.forRoot(database),
        ThrottlerModule.forRoot({
          throttlers: [{ ttl: config.rateLimit.windowSeconds * 1000, limit: Math.max(config.rateLimit.max, 1) }],
          skipIf: () => config.rateLimit.max === 0,
        }),
        LlmModule.forRoot(config.llm),
        AuthModule,
        HealthModule,
        WorkOrderModule,
        AssetIntelligenceModule,
      ],
    };
  }
}
