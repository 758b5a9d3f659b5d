import { Inject, Module, OnApplicationShutdown, OnModuleInit } from '@nestjs/common';
import { getDataSourceToken } from '@nestjs/typeorm';
import type { Pool } from 'pg';
import type { DataSource } from 'typeorm';
import { answerClusterMetrics, isServiceWorker } from './cluster-metrics';
import { MetricsController } from './metrics.controller';
import { serviceMetrics } from './service-metrics';

/** The pg pool behind a TypeORM postgres data source (its master pool when replicas are configured). */
function poolOf(dataSource: DataSource): Pool | undefined {
  const driver = dataSource.driver as unknown as { master?: Pool };
  return driver.master;
}

/**
 * GET /metrics for the standalone service, with Node's process metrics and the database pool's
 * gauges. A host application that imports the product modules records into the same instruments
 * (`serviceMetrics.registry`) and serves them its own way.
 */
@Module({ controllers: [MetricsController] })
export class MetricsModule implements OnModuleInit, OnApplicationShutdown {
  private unwatch?: () => void;

  constructor(@Inject(getDataSourceToken()) private readonly dataSource: DataSource) {}

  onModuleInit(): void {
    serviceMetrics.collectProcessMetrics();
    if (isServiceWorker()) answerClusterMetrics(serviceMetrics.registry);
    this.unwatch = serviceMetrics.watchDatabasePool(() => {
      const pool = poolOf(this.dataSource);
      return { total: pool?.totalCount ?? 0, idle: pool?.idleCount ?? 0, waiting: pool?.waitingCount ?? 0 };
    });
  }

  onApplicationShutdown(): void {
    this.unwatch?.();
  }
}
