import { Inject, MiddlewareConsumer, Module, NestModule, Optional } from '@nestjs/common';
import type { MulterModuleOptions } from '@nestjs/platform-express';
import { MULTER_MODULE_OPTIONS } from '@nestjs/platform-express/multer/files.constants';
import type { DataSource } from 'typeorm';
import { assertClientAccess } from '../auth/client-access.module';
import { CLIENT_ACCESS_SETTINGS, ClientAccessSettings } from '../auth/client-access.options';
import { WOI_DATA_SOURCE } from '../common/persistence';
import { buildProductModule } from '../common/product-module';
import { wellFormedQuery } from '../common/query-encoding';
import { requestIdMiddleware } from '../common/request-id';
import { llmPortFrom, MODULE_LLM } from '../llm/llm.module';
import { AssetIntelligenceController } from './asset-intelligence.controller';
import { ASSET_INTELLIGENCE_ENTITIES } from './asset-intelligence.entities';
import {
  ASSET_INTELLIGENCE_SETTINGS,
  AssetIntelligenceModuleOptions,
  AssetIntelligenceSettings,
  resolveAssetIntelligenceSettings,
} from './asset-intelligence.options';
import { AssetIntelligenceService } from './asset-intelligence.service';
import { AssetEntity } from './assets/asset.entity';
import { AssetProfileService } from './assets/asset-profile.service';
import { AssetRepository } from './assets/asset.repository';
import { assetKnowledgeProvider } from './knowledge/knowledge.loader';
import { StoredAssetLookup } from './assets/stored-asset.lookup';
import { KnownAssetLookup } from './known-asset.lookup';
import { NameplateService } from './nameplate/nameplate.service';
import { OcrPoolLifecycle } from './nameplate/ocr/ocr-pool.provider';

// Global so that WorkOrderModule finds KnownAssetLookup, the one thing exported, wherever the host registers both.
export const { ConfigurableModuleClass: AssetIntelligenceConfigurableModule, MODULE_OPTIONS_TOKEN: ASSET_INTELLIGENCE_MODULE_OPTIONS } =
  buildProductModule<AssetIntelligenceModuleOptions>(ASSET_INTELLIGENCE_ENTITIES, { global: true });

/**
 * POST /asset-intelligence/analyze and /asset-intelligence/analyze-nameplate, with the OCR
 * worker pool they share. Client access comes from ClientAccessModule. Registers nothing global
 * but the KnownAssetLookup port.
 */
@Module({
  controllers: [AssetIntelligenceController],
  providers: [
    {
      // What the controller's FileInterceptor reads. Memory storage: uploads never touch the
      // disk, so a rejected one leaves nothing behind.
      provide: MULTER_MODULE_OPTIONS,
      inject: [ASSET_INTELLIGENCE_SETTINGS],
      useFactory: (settings: AssetIntelligenceSettings): MulterModuleOptions => ({
        limits: { fileSize: settings.limits.uploadMaxBytes, files: 1, fields: 10, parts: 20 },
      }),
    },
    { provide: ASSET_INTELLIGENCE_SETTINGS, inject: [ASSET_INTELLIGENCE_MODULE_OPTIONS], useFactory: resolveAssetIntelligenceSettings },
    { provide: MODULE_LLM, inject: [ASSET_INTELLIGENCE_MODULE_OPTIONS], useFactory: (options: AssetIntelligenceModuleOptions) => llmPortFrom(options.llm) },
    { provide: AssetRepository, inject: [WOI_DATA_SOURCE], useFactory: (dataSource: DataSource) => new AssetRepository(dataSource.getRepository(AssetEntity)) },
    assetKnowledgeProvider,
    { provide: KnownAssetLookup, useClass: StoredAssetLookup },
    AssetIntelligenceService,
    AssetProfileService,
    NameplateService,
    OcrPoolLifecycle,
  ],
  exports: [KnownAssetLookup],
})
export class AssetIntelligenceModule extends AssetIntelligenceConfigurableModule implements NestModule {
  constructor(@Optional() @Inject(CLIENT_ACCESS_SETTINGS) access?: ClientAccessSettings) {
    super();
    assertClientAccess('AssetIntelligenceModule', access);
  }

  configure(consumer: MiddlewareConsumer): void {
    // By controller, so the routes are found under any prefix the host adds (RouterModule, global prefix).
    // analyze reads its identifiers from the query string, and stores them.
    consumer.apply(requestIdMiddleware, wellFormedQuery).forRoutes(AssetIntelligenceController);
  }
}
