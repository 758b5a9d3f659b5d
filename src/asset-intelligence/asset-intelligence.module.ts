import { Inject, MiddlewareConsumer, Module, NestModule, RequestMethod } from '@nestjs/common';
import type { MulterModuleOptions } from '@nestjs/platform-express';
import { MULTER_MODULE_OPTIONS } from '@nestjs/platform-express/multer/files.constants';
import type { DataSource } from 'typeorm';
import { ApiTokenEntity } from '../auth/api-token.entity';
import { ApiTokenService } from '../auth/api-token.service';
import { clientAccessProviders } from '../auth/client-access';
import { ClientEntity } from '../auth/client.entity';
import { WOI_DATA_SOURCE } from '../common/persistence';
import { buildProductModule, ROUTE_BASE } from '../common/product-module';
import { requestIdMiddleware } from '../common/request-id';
import { llmPortFrom, MODULE_LLM } from '../llm/llm.module';
import { AssetIntelligenceController } from './asset-intelligence.controller';
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
import { NameplateService } from './nameplate/nameplate.service';
import { OcrPoolLifecycle } from './nameplate/ocr/ocr-pool.provider';

/** The entities this module reads and writes; list them in a data source without autoLoadEntities. */
export const ASSET_INTELLIGENCE_ENTITIES = [ClientEntity, ApiTokenEntity, AssetEntity];

export const { ConfigurableModuleClass: AssetIntelligenceConfigurableModule, MODULE_OPTIONS_TOKEN: ASSET_INTELLIGENCE_MODULE_OPTIONS } =
  buildProductModule<AssetIntelligenceModuleOptions>(ASSET_INTELLIGENCE_ENTITIES, AssetIntelligenceController, 'asset-intelligence');

/**
 * POST /asset-intelligence/analyze and /asset-intelligence/analyze-nameplate, with the OCR
 * worker pool they share. Registers nothing global.
 */
@Module({
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
    ...clientAccessProviders(ASSET_INTELLIGENCE_MODULE_OPTIONS),
    { provide: AssetRepository, inject: [WOI_DATA_SOURCE], useFactory: (dataSource: DataSource) => new AssetRepository(dataSource.getRepository(AssetEntity)) },
    AssetIntelligenceService,
    AssetProfileService,
    NameplateService,
    OcrPoolLifecycle,
  ],
  exports: [ApiTokenService, AssetRepository],
})
export class AssetIntelligenceModule extends AssetIntelligenceConfigurableModule implements NestModule {
  constructor(@Inject(ROUTE_BASE) private readonly routeBase: string) {
    super();
  }

  configure(consumer: MiddlewareConsumer): void {
    consumer
      .apply(requestIdMiddleware)
      .forRoutes(
        { path: `${this.routeBase}/analyze`, method: RequestMethod.POST },
        { path: `${this.routeBase}/analyze-nameplate`, method: RequestMethod.POST },
      );
  }
}
