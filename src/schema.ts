import { ASSET_INTELLIGENCE_ENTITIES } from './asset-intelligence/asset-intelligence.entities';
import { CLIENT_ACCESS_ENTITIES } from './auth/client-access.entities';
import { WORK_ORDER_ENTITIES } from './work-order/work-order.entities';

/** Every TypeORM entity of the service: what each module registers, composed at the root. */
export const ENTITIES = [...CLIENT_ACCESS_ENTITIES, ...WORK_ORDER_ENTITIES, ...ASSET_INTELLIGENCE_ENTITIES];

/** Every migration of the service, in order; hosts that embed the modules run these too. */
export { MIGRATIONS } from './database/migrations';
