import { Inject, MiddlewareConsumer, Module, NestModule, Optional } from '@nestjs/common';
import { assertClientAccess } from '../auth/client-access.module';
import { CLIENT_ACCESS_SETTINGS, ClientAccessSettings } from '../auth/client-access.options';
import { buildProductModule } from '../common/product-module';
import { requestIdMiddleware } from '../common/request-id';
import { KNOWLEDGE_BASE, loadKnowledgeBase } from '../knowledge/knowledge-base';
import type { KnowledgeBase } from '../knowledge/knowledge.types';
import { withLaborRates } from '../knowledge/labor-rate-overrides';
import { llmPortFrom, MODULE_LLM } from '../llm/llm.module';
import { DiagnosisService } from './diagnosis/diagnosis.service';
import { CallbackRepository } from './fixes/callback.repository';
import { FixFrequencyRepository } from './fixes/fix-frequency.repository';
import { FixNormalizer } from './fixes/fix-normalizer';
import { FixRelevance } from './fixes/fix-relevance';
import { createFixNormalizer, createProblemClassifier } from './fixes/fix-normalizer.factory';
import { ProblemClassifier } from './history/problem-classifier';
import { HistoryImportRequestHandler } from './history/history-import.request';
import { HistoryImportService } from './history/history-import.service';
import { HistoryRepository } from './history/history.repository';
import { HistoryService } from './history/history.service';
import { SimilarWorkOrdersService } from './retrieval/similar-work-orders.service';
import { WorkOrderImportController } from './work-order-import.controller';
import { WorkOrderController } from './work-order.controller';
import { WORK_ORDER_ENTITIES } from './work-order.entities';
import { resolveWorkOrderSettings, WORK_ORDER_SETTINGS, WorkOrderModuleOptions, WorkOrderSettings } from './work-order.options';
import { WorkOrderService } from './work-order.service';

export const { ConfigurableModuleClass: WorkOrderConfigurableModule, MODULE_OPTIONS_TOKEN: WORK_ORDER_MODULE_OPTIONS } =
  buildProductModule<WorkOrderModuleOptions>(WORK_ORDER_ENTITIES);

/**
 * POST /work-order/enrich and /work-order/import. Registers nothing global: client access comes
 * from ClientAccessModule; validation, body parsing and the error shape apply to this module's
 * own routes only. Known assets come from a KnownAssetLookup when one is provided
 * (AssetIntelligenceModule does); without it enrich simply has no asset-age insight.
 */
@Module({
  controllers: [WorkOrderController, WorkOrderImportController],
  providers: [
    { provide: WORK_ORDER_SETTINGS, inject: [WORK_ORDER_MODULE_OPTIONS], useFactory: resolveWorkOrderSettings },
    { provide: MODULE_LLM, inject: [WORK_ORDER_MODULE_OPTIONS], useFactory: (options: WorkOrderModuleOptions) => llmPortFrom(options.llm) },
    {
      provide: KNOWLEDGE_BASE,
      inject: [WORK_ORDER_SETTINGS],
      useFactory: (settings: WorkOrderSettings) => withLaborRates(loadKnowledgeBase(), settings.diagnosis.laborRates),
    },
    { provide: FixNormalizer, inject: [KNOWLEDGE_BASE], useFactory: createFixNormalizer },
    { provide: ProblemClassifier, inject: [KNOWLEDGE_BASE], useFactory: createProblemClassifier },
    { provide: FixRelevance, inject: [KNOWLEDGE_BASE], useFactory: (kb: KnowledgeBase) => new FixRelevance(kb) },
    WorkOrderService,
    DiagnosisService,
    HistoryService,
    HistoryRepository,
    HistoryImportService,
    HistoryImportRequestHandler,
    SimilarWorkOrdersService,
    CallbackRepository,
    FixFrequencyRepository,
  ],
  exports: [HistoryImportService, HistoryRepository],
})
export class WorkOrderModule extends WorkOrderConfigurableModule implements NestModule {
  constructor(
    @Inject(WORK_ORDER_SETTINGS) private readonly settings: WorkOrderSettings,
    @Optional() @Inject(CLIENT_ACCESS_SETTINGS) access?: ClientAccessSettings,
  ) {
    super();
    assertClientAccess('WorkOrderModule', access);
  }

  configure(consumer: MiddlewareConsumer): void {
    // Bound by controller, so the routes are found under any prefix the host adds (RouterModule,
    // global prefix). The bodies are read after the guards, by each route's interceptor
    // (work-order-body.interceptors.ts): imports are bulk uploads, with their own, larger limit
    // and NDJSON as text. A body the host already parsed is left as it is.
    consumer.apply(requestIdMiddleware).forRoutes(WorkOrderController, WorkOrderImportController);
  }
}
