import { ConfigurableModuleBuilder, Module } from '@nestjs/common';
import { ThrottlerStorageService } from '@nestjs/throttler';
import type { DataSource } from 'typeorm';
import { persistenceFor, WOI_DATA_SOURCE } from '../common/persistence';
import { ApiTokenEntity } from './api-token.entity';
import { ApiTokenService } from './api-token.service';
import { BearerStrategy } from './bearer.strategy';
import {
  CLIENT_ACCESS_SETTINGS,
  CLIENT_THROTTLER_STORAGE,
  ClientAccessOptions,
  ClientAccessSettings,
  resolveClientAccessSettings,
} from './client-access.options';
import { CLIENT_ACCESS_ENTITIES } from './client-access.entities';
import { ClientEntity } from './client.entity';
import { RefusedTokenThrottler } from './refused-token.throttler';

/** Fixed when ClientAccessModule is registered, because Nest maps repositories before async options resolve. */
export interface ClientAccessModuleExtras {
  /** Name of the TypeORM data source holding clients and tokens; default: the host's default data source. */
  dataSource?: string;
}

export const { ConfigurableModuleClass: ClientAccessConfigurableModule, MODULE_OPTIONS_TOKEN: CLIENT_ACCESS_MODULE_OPTIONS } =
  new ConfigurableModuleBuilder<ClientAccessOptions>()
    .setClassMethodName('forRoot')
    .setExtras<ClientAccessModuleExtras>({ dataSource: undefined }, (definition, extras) => {
      const persistence = persistenceFor(CLIENT_ACCESS_ENTITIES, extras.dataSource);
      return {
        ...definition,
        // Global like ThrottlerModule: registered once by the application, used by both product
        // modules' guards. What it exports are this package's own tokens; nothing is bound globally.
        global: true,
        imports: [...(definition.imports ?? []), ...persistence.imports],
        providers: [...(definition.providers ?? []), ...persistence.providers],
      };
    })
    .build();

/**
 * Who is calling and how often: clients and their API tokens, the 'woi-bearer' passport strategy
 * (or the host's resolver), and one ThrottlerStorage. Register it once; WorkOrderModule and
 * AssetIntelligenceModule both use it, so a token has one budget across all their routes.
 */
@Module({
  providers: [
    { provide: CLIENT_ACCESS_SETTINGS, inject: [CLIENT_ACCESS_MODULE_OPTIONS], useFactory: resolveClientAccessSettings },
    {
      provide: CLIENT_THROTTLER_STORAGE,
      inject: [CLIENT_ACCESS_MODULE_OPTIONS],
      useFactory: (options: ClientAccessOptions) => options.storage ?? new ThrottlerStorageService(),
    },
    {
      provide: ApiTokenService,
      inject: [WOI_DATA_SOURCE],
      useFactory: (dataSource: DataSource) => new ApiTokenService(dataSource.getRepository(ApiTokenEntity), dataSource.getRepository(ClientEntity)),
    },
    BearerStrategy,
    RefusedTokenThrottler,
  ],
  exports: [CLIENT_ACCESS_SETTINGS, CLIENT_THROTTLER_STORAGE, ApiTokenService, RefusedTokenThrottler],
})
export class ClientAccessModule extends ClientAccessConfigurableModule {}

/**
 * Thrown when a product module is registered without ClientAccessModule, which Nest would
 * otherwise report as an unresolved guard dependency.
 */
export function assertClientAccess(moduleName: string, settings: ClientAccessSettings | undefined): void {
  if (!settings) throw new Error(`${moduleName} needs ClientAccessModule: register ClientAccessModule.forRoot() (or forRootAsync) once in your application.`);
}
