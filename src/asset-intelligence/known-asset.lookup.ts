/** What is stored about an asset a client analyzed, as another module may read it. */
export interface KnownAssetRecord {
  brand: string | null;
  modelNumber: string | null;
  serialNumber: string | null;
  /** e.g. 'split-system AC condenser'. */
  equipmentType: string | null;
  manufactureYear: number | null;
  /** 1-12, when the serial number gave it. */
  manufactureMonth: number | null;
  typicalLifeYears: number | null;
  /** Other years its serial fits as plausibly as `manufactureYear` (a repeating date code), newest first; absent or empty when none. */
  otherManufactureYears?: number[];
}

/**
 * The port through which other modules (WorkOrderModule) ask about a client's analyzed assets.
 * AssetIntelligenceModule provides it application-wide; a host may provide its own instead.
 */
export abstract class KnownAssetLookup {
  /** The client's most recently analyzed asset whose model or serial number is one of `identifiers` (no case, spaces or dashes), or null. */
  abstract findByIdentifiers(clientId: string, identifiers: string[]): Promise<KnownAssetRecord | null>;
}
