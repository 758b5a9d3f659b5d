import { AssetEntity } from './assets/asset.entity';

/** The entities AssetIntelligenceModule reads and writes; list them in a data source without autoLoadEntities. */
export const ASSET_INTELLIGENCE_ENTITIES = [AssetEntity];
