import { ConfigurableModuleBuilder } from '@nestjs/common';
import type { EntityClassOrSchema } from './persistence';
import { persistenceFor } from './persistence';

/** Fixed when a product module is registered, because Nest maps repositories before async options resolve. */
export interface ProductModuleExtras {
  /** Name of the TypeORM data source to use; default: the host's default data source. */
  dataSource?: string;
}

/**
 * The ConfigurableModuleBuilder result every product module is made of: forRoot/forRootAsync
 * taking options `O`, plus the `dataSource` extra that places its entities on a data source.
 * `global` makes the module's exports (ports for other modules) visible application-wide.
 */
export function buildProductModule<O extends object>(entities: EntityClassOrSchema[], options: { global?: boolean } = {}) {
  return new ConfigurableModuleBuilder<O>()
    .setClassMethodName('forRoot')
    .setExtras<ProductModuleExtras>({ dataSource: undefined }, (definition, extras) => {
      const persistence = persistenceFor(entities, extras.dataSource);
      return {
        ...definition,
        global: options.global ?? false,
        imports: [...(definition.imports ?? []), ...persistence.imports],
        providers: [...(definition.providers ?? []), ...persistence.providers],
      };
    })
    .build();
}
