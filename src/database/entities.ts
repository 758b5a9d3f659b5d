import { ApiTokenEntity } from '../auth/api-token.entity';
import { ClientEntity } from '../auth/client.entity';

/** Every TypeORM entity of the service. */
export const ENTITIES = [ClientEntity, ApiTokenEntity];
