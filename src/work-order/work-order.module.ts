import { Inject, MiddlewareConsumer, Module, NestModule, RequestMethod } from '@nestjs/common';
import type { DataSource } from 'typeorm';
import { AssetEntity } from '../asset-intelligence/assets/asset.entity';
import { AssetRepository } from '../asset-intelligence/assets/asset.repository';
import { ApiTokenEntity } from '../auth/api-token.entity';
import { ApiTokenService } from '../auth/api-token.service';
import { clientAccessProviders } from '../auth/client-access';
import { ClientEntity } from '../auth/client.entity';
import { jsonBody, ndjsonBody } from '../common/json-body.middleware';
import { WOI_DATA_SOURCE } from '../common/persistence';
import { buildProductModule, ROUTE_BASE } from '../common/product-module';
import { requestIdMiddleware } from '../common/request-id';
import { KNOWLEDGE_BASE, loadKnowledgeBase } from '../knowledge/knowledge-base';
import { withLaborRates } from '../knowledge/labor-rate-overrides';
import { llmPortFrom, MODULE_LLM } from '../llm/llm.module';
import { DiagnosisService } from './diagnosis/diagnosis.service';
import { CallbackRepository } from './fixes/callback.repository';
import { FixNormalizer } from './fixes/fix-normalizer';
import { createFixNormalizer, createProblemClassifier } from './fixes/fix-normalizer.factory';
import { ProblemClassifier } from './history/problem-classifier';
import { HistoryImportRequestHandler } from './history/history-import.request';
import { HistoryImportService } from './history/history-import.service';
import { HistoryRepository } from './history/history.repository';
import { HistoryService } from './history/history.service';
import { WorkOrderRecordEntity } from './history/work-order-record.entity';
import { SimilarWorkOrdersService } from './retrieval/similar-work-orders.service';
import { WorkOrderController } from './work-order.controller';
import { resolveWorkOrderSettings, WORK_ORDER_SETTINGS, WorkOrderModuleOptions, WorkOrderSettings } from './work-order.options';
import { WorkOrderService } from './work-order.service';

/** The entities this module reads and writes; list them in a data source without autoLoadEntities. */
export const WORK_ORDER_ENTITIES = [ClientEntity, ApiTokenEntity, WorkOrderRecordEntity, AssetEntity];

export const { ConfigurableModuleClass: WorkOrderConfigurableModule, MODULE_OPTIONS_TOKEN: WORK_ORDER_MODULE_OPTIONS } =
  buildProductModule<WorkOrderModuleOptions>(WORK_ORDER_ENTITIES, WorkOrderController, 'work-order');

/**
 * POST /work-order/enrich and /work-order/import. Registers nothing global: client resolution,
 * validation, body parsing and the error shape apply to this module's own routes only.
 */
@Module({
  providers: [
    { provide: WORK_ORDER_SETTINGS, inject: [WORK_ORDER_MODULE_OPTIONS], useFactory: resolveWorkOrderSettings },
    { provide: MODULE_LLM, inject: [WORK_ORDER_MODULE_OPTIONS], useFactory: (options: WorkOrderModuleOptions) => llmPortFrom(options.llm) },
    ...clientAccessProviders(WORK_ORDER_MODULE_OPTIONS),
    {
      provide: KNOWLEDGE_BASE,
      inject: [WORK_ORDER_SETTINGS],
      useFactory: (settings: WorkOrderSettings) => withLaborRates(loadKnowledgeBase(), settings.diagnosis.laborRates),
    },
    { provide: AssetRepository, inject: [WOI_DATA_SOURCE], useFactory: (dataSource: DataSource) => new AssetRepository(dataSource.getRepository(AssetEntity)) },
    { provide: FixNormalizer, inject: [KNOWLEDGE_BASE], useFactory: createFixNormalizer },
    { provide: ProblemClassifier, inject: [KNOWLEDGE_BASE], useFactory: createProblemClassifier },
    WorkOrderService,
    DiagnosisService,
    HistoryService,
    HistoryRepository,
    HistoryImportService,
    HistoryImportRequestHandler,
    SimilarWorkOrdersService,
    CallbackRepository,
  ],
  exports: [ApiTokenService, HistoryImportService, HistoryRepository],
})
export class WorkOrderModule extends WorkOrderConfigurableModule implements NestModule {
  constructor(
    @Inject(WORK_ORDER_SETTINGS) private readonly settings: WorkOrderSettings,
    @Inject(ROUTE_BASE) private readonly routeBase: string,
  ) {
    super();
  }

  configure(consumer: MiddlewareConsumer): void {
    const { jsonBodyBytes, importBodyBytes } = this.settings.limits;
    // Imports are bulk uploads: their own, larger limit, and NDJSON as text. A body the host
    // already parsed is left as it is.
    consumer
      .apply(requestIdMiddleware, jsonBody(importBodyBytes), ndjsonBody(importBodyBytes))
      .forRoutes({ path: `${this.routeBase}/import`, method: RequestMethod.POST });
    consumer.apply(requestIdMiddleware, jsonBody(jsonBodyBytes)).forRoutes({ path: `${this.routeBase}/enrich`, method: RequestMethod.POST });
  }
}
