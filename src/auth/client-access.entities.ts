import { ApiTokenEntity } from './api-token.entity';
import { ClientEntity } from './client.entity';

/** The entities client access reads and writes; list them in a data source without autoLoadEntities. */
export const CLIENT_ACCESS_ENTITIES = [ClientEntity, ApiTokenEntity];
