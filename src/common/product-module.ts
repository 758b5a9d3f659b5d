import { ConfigurableModuleBuilder, Type } from '@nestjs/common';
import type { EntityClassOrSchema } from './persistence';
import { persistenceFor } from './persistence';
import { joinRoutePath, routedController } from './routed-controller';

/** Fixed when a product module is registered, because Nest maps routes and repositories before async options resolve. */
export interface ProductModuleExtras {
  /** Name of the TypeORM data source to use; default: the host's default data source. */
  dataSource?: string;
  /** Path in front of the module's routes, e.g. 'maintenance' serves /maintenance/work-order/enrich. */
  routePrefix?: string;
}

/** The path of a product module's routes within the application, e.g. 'maintenance/work-order'. */
export const ROUTE_BASE = Symbol('ROUTE_BASE');

/**
 * The ConfigurableModuleBuilder result every product module is made of: forRoot/forRootAsync
 * taking options `O`, plus the extras that place its entities on a data source and its
 * controller under a prefix.
 */
export function buildProductModule<O extends object>(entities: EntityClassOrSchema[], controller: Type, basePath: string) {
  return new ConfigurableModuleBuilder<O>()
    .setClassMethodName('forRoot')
    .setExtras<ProductModuleExtras>({ dataSource: undefined, routePrefix: undefined }, (definition, extras) => {
      const persistence = persistenceFor(entities, extras.dataSource);
      return {
        ...definition,
        imports: [...(definition.imports ?? []), ...persistence.imports],
        controllers: [routedController(controller, basePath, extras.routePrefix)],
        providers: [...(definition.providers ?? []), ...persistence.providers, { provide: ROUTE_BASE, useValue: joinRoutePath(extras.routePrefix, basePath) }],
      };
    })
    .build();
}
