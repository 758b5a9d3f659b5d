import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AssetIntelligenceModule } from '../asset-intelligence/asset-intelligence.module';
import { AuthModule } from '../auth/auth.module';
import { APP_CONFIG, AppConfig } from '../config/app-config';
import { loadKnowledgeBase } from '../knowledge/knowledge-base';
import { withLaborRates } from '../knowledge/labor-rate-overrides';
import { DiagnosisService, KNOWLEDGE_BASE } from './diagnosis/diagnosis.service';
import { CallbackRepository } from './fixes/callback.repository';
import { FixNormalizer } from './fixes/fix-normalizer';
import { createFixNormalizer } from './fixes/fix-normalizer.factory';
import { HistoryImportRequestHandler } from './history/history-import.request';
import { HistoryImportService } from './history/history-import.service';
import { HistoryRepository } from './history/history.repository';
import { HistoryService } from './history/history.service';
import { WorkOrderRecordEntity } from './history/work-order-record.entity';
import { SimilarWorkOrdersService } from './retrieval/similar-work-orders.service';
import { WorkOrderController } from './work-order.controller';
import { WorkOrderService } from './work-order.service';

@Module({
  imports: [AuthModule, AssetIntelligenceModule, TypeOrmModule.forFeature([WorkOrderRecordEntity])],
  controllers: [WorkOrderController],
  providers: [
    WorkOrderService,
    DiagnosisService,
    { provide: KNOWLEDGE_BASE, inject: [APP_CONFIG], useFactory: (config: AppConfig) => withLaborRates(loadKnowledgeBase(), config.diagnosis.laborRates) },
    HistoryService,
    HistoryRepository,
    HistoryImportService,
    HistoryImportRequestHandler,
    SimilarWorkOrdersService,
    CallbackRepository,
    { provide: FixNormalizer, useFactory: createFixNormalizer },
  ],
  exports: [HistoryImportService, HistoryRepository],
})
export class WorkOrderModule {}
