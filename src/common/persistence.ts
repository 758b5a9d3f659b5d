import type { Provider } from '@nestjs/common';
import type { DynamicModule } from '@nestjs/common';
import { getDataSourceToken, TypeOrmModule } from '@nestjs/typeorm';
import type { EntitySchema } from 'typeorm';

/** What TypeOrmModule.forFeature accepts: an entity class or an EntitySchema. */
// eslint-disable-next-line @typescript-eslint/no-unsafe-function-type -- the type TypeORM itself accepts
export type EntityClassOrSchema = Function | EntitySchema;

/** The TypeORM data source a module of this package reads and writes (the host's default or a named one). */
export const WOI_DATA_SOURCE = Symbol('WOI_DATA_SOURCE');

/**
 * Registers a module's entities on the chosen data source and exposes that data source under
 * WOI_DATA_SOURCE, so repositories never need to know its name.
 */
export function persistenceFor(entities: EntityClassOrSchema[], dataSourceName?: string): { imports: DynamicModule[]; providers: Provider[] } {
  return {
    imports: [TypeOrmModule.forFeature(entities, dataSourceName)],
    providers: [{ provide: WOI_DATA_SOURCE, useExisting: getDataSourceToken(dataSourceName) }],
  };
}
