import { ConfigurableModuleBuilder, Inject, MiddlewareConsumer, Module, NestModule, RequestMethod } from '@nestjs/common';
import type { MulterModuleOptions } from '@nestjs/platform-express';
import { MULTER_MODULE_OPTIONS } from '@nestjs/platform-express/multer/files.constants';
import type { DataSource } from 'typeorm';
import { ApiTokenEntity } from '../auth/api-token.entity';
import { ApiTokenService } from '../auth/api-token.service';
import { clientAccessProviders } from '../auth/client-access';
import { ClientEntity } from '../auth/client.entity';
import { persistenceFor, WOI_DATA_SOURCE } from '../common/persistence';
import { requestIdMiddleware } from '../common/request-id';
import { joinRoutePath, routedController } from '../common/routed-controller';
import { llmPortFrom, MODULE_LLM } from '../llm/llm.module';
import { AssetIntelligenceController } from './asset-intelligence.controller';
import {
  ASSET_INTELLIGENCE_SETTINGS,
  AssetIntelligenceModuleExtras,
  AssetIntelligenceModuleOptions,
  AssetIntelligenceSettings,
  resolveAssetIntelligenceSettings,
} from './asset-intelligence.options';
import { AssetIntelligenceService } from './asset-intelligence.service';
import { AssetEntity } from './assets/asset.entity';
import { AssetProfileService } from './assets/asset-profile.service';
import { AssetRepository } from './assets/asset.repository';
import { NameplateService } from './nameplate/nameplate.service';
import { OcrPoolLifecycle } from './nameplate/ocr-pool.provider';

/** The entities this module reads and writes; list them in a data source without autoLoadEntities. */
export const ASSET_INTELLIGENCE_ENTITIES = [ClientEntity, ApiTokenEntity, AssetEntity];

const ROUTE_BASE = Symbol('ASSET_INTELLIGENCE_ROUTE_BASE');

export const { ConfigurableModuleClass: AssetIntelligenceConfigurableModule, MODULE_OPTIONS_TOKEN: ASSET_INTELLIGENCE_MODULE_OPTIONS } =
  new ConfigurableModuleBuilder<AssetIntelligenceModuleOptions>()
    .setClassMethodName('forRoot')
    .setExtras<AssetIntelligenceModuleExtras>({ dataSource: undefined, routePrefix: undefined }, (definition, extras) => {
      const persistence = persistenceFor(ASSET_INTELLIGENCE_ENTITIES, extras.dataSource);
      return {
        ...definition,
        imports: [...(definition.imports ?? []), ...persistence.imports],
        controllers: [routedController(AssetIntelligenceController, 'asset-intelligence', extras.routePrefix)],
        providers: [...(definition.providers ?? []), ...persistence.providers, { provide: ROUTE_BASE, useValue: joinRoutePath(extras.routePrefix, 'asset-intelligence') }],
      };
    })
    .build();

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
      useFactory: (settings: AssetIntelligenceSettings): MulterModuleOptions => ({ limits: { fileSize: settings.limits.uploadMaxBytes, files: 1, fields: 10, parts: 20 } }),
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
      .forRoutes({ path: `${this.routeBase}/analyze`, method: RequestMethod.POST }, { path: `${this.routeBase}/analyze-nameplate`, method: RequestMethod.POST });
  }
}
