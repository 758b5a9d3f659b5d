import type { KnownAssetLookup } from '../../asset-intelligence';
import type { EnrichWorkOrderDto } from '../dto/enrich-work-order.dto';
import { assetIdentifiers, identifierTokens } from '../history/work-order-fields';
import type { KnownAsset } from './insights';

export { identifierTokens };

/**
 * The client's analyzed asset this work order is about (by a model or serial number in its asset
 * field or its text); null when no lookup is provided (no AssetIntelligenceModule) or none matches.
 */
export async function findKnownAsset(
  assets: KnownAssetLookup | undefined,
  clientId: string,
  workOrder: EnrichWorkOrderDto,
  now: Date,
): Promise<KnownAsset | null> {
  if (!assets) return null;
  const identifiers = [
    ...new Set([...assetIdentifiers(workOrder.asset).identifiers, ...identifierTokens(`${workOrder.title ?? ''} ${workOrder.issue_description}`)]),
  ];
  const asset = await assets.findByIdentifiers(clientId, identifiers);
  if (!asset || asset.manufactureYear === null) return null;
  const ageOf = (year: number) => Math.max(0, (now.getTime() - Date.UTC(year, (asset.manufactureMonth ?? 7) - 1, 15)) / (365.25 * 86_400_000));
  const what = asset.equipmentType ?? 'asset';
  return {
    label: `${what} (${[asset.brand, asset.modelNumber].filter(Boolean).join(' ')})`,
    ageYears: ageOf(asset.manufactureYear),
    typicalLifeYears: asset.typicalLifeYears,
    madeIn: asset.manufactureYear,
    otherReadings: (asset.otherManufactureYears ?? []).filter((y) => y !== asset.manufactureYear).map((year) => ({ year, ageYears: ageOf(year) })),
  };
}
