import { AssetEntity } from '../asset-intelligence/assets/asset.entity';
import { ApiTokenEntity } from '../auth/api-token.entity';
import { ClientEntity } from '../auth/client.entity';
import { WorkOrderRecordEntity } from '../work-order/history/work-order-record.entity';

/** Every TypeORM entity of the service. */
export const ENTITIES = [ClientEntity, ApiTokenEntity, WorkOrderRecordEntity, AssetEntity];
