import { Repository } from 'typeorm';
import { readFromReplica } from '../../database/replica-reads';
import { fitKey } from '../../common/fit-key';
import type { LlmAssetFacts } from '../decoders/llm-merge';
import type { AssetProfileDto } from '../dto/asset-profile.dto';
import { AssetEntity } from './asset.entity';
import { mapAssetProfile, toStoredProfile } from './asset-profile.mapper';

const norm = (v: string | null | undefined) => (v ?? '').toUpperCase().replace(/[\s-]/g, '');

/** Width of the `assets.asset_key` column. */
const ASSET_KEY_WIDTH = 320;

/**
 * The key of an asset within a client: normalized brand, model and serial, kept within its
 * column (upper-casing can lengthen text: "ß" becomes "SS").
 */
export function assetKey(brand: string | null, model: string | null, serial: string | null): string {
  return fitKey([norm(brand), norm(model), norm(serial)].join('|'), ASSET_KEY_WIDTH)!;
}

/** An analyzed asset as the services see it: never the entity, whose jsonb shape belongs to storage. */
export interface StoredAsset {
  /** The profile, mapped to the API DTO. */
  profile: AssetProfileDto;
  /** What the LLM added, kept so a repeat analysis does not ask again. */
  llmFacts: LlmAssetFacts | null;
}

/** Analyzed assets per client. Built by the modules on their data source (see persistenceFor). */
export class AssetRepository {
  constructor(private readonly assets: Repository<AssetEntity>) {}

  /** A client's stored asset: its profile as the API shows it, and the LLM facts gathered for it. */
  async find(clientId: string, key: string): Promise<StoredAsset | null> {
    const row = await this.assets.findOneBy({ clientId, assetKey: key });
    return row && { profile: mapAssetProfile(row.profile), llmFacts: row.llmFacts };
  }

  /** Stores (or refreshes) an analyzed asset of a client. */
  async save(clientId: string, key: string, profile: AssetProfileDto, llmFacts: LlmAssetFacts | null): Promise<void> {
    await this.assets.upsert(
      {
        clientId,
        assetKey: key,
        brand: profile.brand,
        modelNumber: profile.model_number,
        serialNumber: profile.serial_number,
        equipmentType: profile.equipment_type,
        manufactureYear: profile.manufacture_date.year,
        manufactureMonth: profile.manufacture_date.month,
        typicalLifeYears: profile.expected_lifespan?.typical_years ?? null,
        profile: toStoredProfile(profile),
        llmFacts,
      },
      { conflictPaths: ['clientId', 'assetKey'] },
    );
  }

  /**
   * Assets of a client whose model or serial number is one of `identifiers` (compared without
   * case, spaces or dashes), most recently analyzed first. Read on a replica when there is one:
   * enrich's asset-age insight tolerates an asset analyzed a moment ago not being seen yet.
   */
  async findByIdentifiers(clientId: string, identifiers: string[]): Promise<AssetEntity[]> {
    const keys = [...new Set(identifiers.map(norm).filter((k) => k.length >= 4))];
    if (keys.length === 0) return [];
    return readFromReplica(this.assets.manager.connection, (runner) =>
      this.assets
        .createQueryBuilder('a', runner)
        .where('a.client_id = :clientId', { clientId })
        .andWhere(
          `(upper(a.model_number) = ANY(:keys) OR upper(a.serial_number) = ANY(:keys) OR replace(replace(upper(a.serial_number), ' ', ''), '-', '') = ANY(:keys))`,
          { keys },
        )
        .orderBy('a.updated_at', 'DESC')
        .limit(5)
        .getMany(),
    );
  }
}
