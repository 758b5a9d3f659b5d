import { Injectable } from '@nestjs/common';
import { KnownAssetLookup, KnownAssetRecord } from '../known-asset.lookup';
import { otherPlausibleYears } from '../decoders/date-resolver';
import { AssetRepository } from './asset.repository';

/** KnownAssetLookup over the assets table. */
@Injectable()
export class StoredAssetLookup extends KnownAssetLookup {
  constructor(private readonly assets: AssetRepository) {
    super();
  }

  async findByIdentifiers(clientId: string, identifiers: string[]): Promise<KnownAssetRecord | null> {
    const [asset] = await this.assets.findByIdentifiers(clientId, identifiers);
    if (!asset) return null;
    const { brand, modelNumber, serialNumber, equipmentType, manufactureYear, manufactureMonth, typicalLifeYears } = asset;
    const otherManufactureYears = asset.profile?.manufacture_date ? otherPlausibleYears(asset.profile.manufacture_date) : [];
    return { brand, modelNumber, serialNumber, equipmentType, manufactureYear, manufactureMonth, typicalLifeYears, otherManufactureYears };
  }
}
