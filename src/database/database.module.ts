import { DynamicModule, Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import type { DataSourceOptions } from 'typeorm';
import { APP_CONFIG, AppConfig } from '../config/app-config';
import { buildDataSourceOptions, DatabaseTarget } from './data-source-options';

/** The service's TypeORM connection; migrations run on start, never `synchronize`. */
@Module({})
export class DatabaseModule {
  /** `entities`: what to map, composed by the caller (src/schema.ts). */
  static forRoot(target: DatabaseTarget, entities: NonNullable<DataSourceOptions['entities']>): DynamicModule {
    return {
      module: DatabaseModule,
      imports: [
        TypeOrmModule.forRootAsync({
          inject: [APP_CONFIG],
          useFactory: (config: AppConfig) => ({
            ...buildDataSourceOptions({ target, entities, ...config.database }),
            migrationsRun: true,
            // Fail fast at boot instead of TypeORM's default of retrying for 30 seconds.
            retryAttempts: 2,
            retryDelay: 1000,
          }),
        }),
      ],
    };
  }
}
