import { DynamicModule, Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { Logger } from '@nestjs/common';
import { DataSource, DataSourceOptions } from 'typeorm';
import { APP_CONFIG, AppConfig } from '../config/app-config';
import { buildDataSourceOptions, DatabaseTarget } from './data-source-options';

const logger = new Logger('Database');

/**
 * TypeORM opens a pool per replica at start and fails when one cannot be reached; a replica down
 * at boot must not keep the service from starting, so it then starts on the primary alone.
 */
export async function initializeWithReplicas(options: DataSourceOptions): Promise<DataSource> {
  try {
    return await new DataSource(options).initialize();
  } catch (e) {
    if (options.type !== 'postgres' || !options.replication) throw e;
    logger.warn(`Starting without read replicas: one could not be opened (${(e as Error).message}); all reads go to the primary`);
    const { replication, ...rest } = options;
    return new DataSource({ ...rest, url: replication.master.url } as DataSourceOptions).initialize();
  }
}

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
          dataSourceFactory: (options) => initializeWithReplicas(options!),
        }),
      ],
    };
  }
}
