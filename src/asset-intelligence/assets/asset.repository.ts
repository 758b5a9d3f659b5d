import { Repository } from 'typeorm';
import { fitKey } from '../../common/fit-key';
import type { LlmAssetFacts } from '../decoders/llm-merge';
import type { AssetProfileDto } from '../dto/asset-profile.dto';
import { AssetEntity } from './asset.entity';

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

/** Analyzed assets per client. Built by the modules on their data source (see persistenceFor). */
export class AssetRepository {
  constructor(private readonly assets: Repository<AssetEntity>) {}

  find(clientId: string, key: string): Promise<AssetEntity | null> {
    return this.assets.findOneBy({ clientId, assetKey: key });
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
        profile,
        llmFacts,
      },
      { conflictPaths: ['clientId', 'assetKey'] },
    );
  }

  /**
   * Assets of a client whose model or serial number is one of `identifiers` (compared without
   * case, spaces or dashes), most recently analyzed first.
   */
  async findByIdentifiers(clientId: string, identifiers: string[]): Promise<AssetEntity[]> {
    const keys = [...new Set(identifiers.map(norm).filter((k) => k.length >= 4))];
    if (keys.length === 0) return [];
    return this.assets
      .createQueryBuilder('a')
      .where('a.client_id = :clientId', { clientId })
      .andWhere(
        `(upper(a.model_number) = ANY(:keys) OR upper(a.serial_number) = ANY(:keys) OR replace(replace(upper(a.serial_number), ' ', ''), '-', '') = ANY(:keys))`,
        { keys },
      )
      .orderBy('a.updated_at', 'DESC')
      .limit(5)
      .getMany();
  }
}
