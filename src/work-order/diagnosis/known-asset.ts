import type { AssetRepository } from '../../asset-intelligence/assets/asset.repository';
import type { EnrichWorkOrderDto } from '../dto/enrich-work-order.dto';
import type { KnownAsset } from './insights';

/** Words of a text that look like model or serial numbers: letters and digits, six or more characters. */
export function identifierTokens(text: string): string[] {
  return (text.match(/\b[A-Za-z0-9-]{6,30}\b/g) ?? []).filter((t) => /\d/.test(t) && /[A-Za-z]/.test(t));
}

/** The client's analyzed asset this work order is about (by its model, serial, or one named in the text). */
export async function findKnownAsset(assets: AssetRepository, clientId: string, workOrder: EnrichWorkOrderDto, now: Date): Promise<KnownAsset | null> {
  const identifiers = [workOrder.asset_model, workOrder.asset_serial, ...identifierTokens(`${workOrder.title ?? ''} ${workOrder.issue_description}`)].filter((v): v is string => Boolean(v));
  const [asset] = await assets.findByIdentifiers(clientId, identifiers);
  if (!asset || asset.manufactureYear === null) return null;
  const made = Date.UTC(asset.manufactureYear, (asset.manufactureMonth ?? 7) - 1, 15);
  const ageYears = Math.max(0, (now.getTime() - made) / (365.25 * 86_400_000));
  const what = asset.equipmentType ?? 'asset';
  return { label: `${what} (${[asset.brand, asset.modelNumber].filter(Boolean).join(' ')})`, ageYears, typicalLifeYears: asset.typicalLifeYears };
}
