/** What other feature modules may use of asset intelligence: its ports, nothing internal. */
export { KnownAssetLookup } from './known-asset.lookup';
export type { KnownAssetRecord } from './known-asset.lookup';
