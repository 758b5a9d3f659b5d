import { KnowledgeBase, StateRate } from './knowledge.types';
import { foldText } from './text-normalizer';

const ZIP = /^(\d{5})(?:-\d{4})?$/;
const namesByKb = new WeakMap<KnowledgeBase, Map<string, StateRate>>();

/** Letters only, folded: "District of Columbia" and "district-of-columbia" meet. */
function nameKey(text: string): string {
  return foldText(text).replace(/[^a-z]/g, '');
}

/**
 * The state a region string points at: a two-letter code ("TX"), a state name ("New York",
 * accents and case ignored) or a 5-digit ZIP code (ZIP+4 accepted) mapped by its 3-digit prefix.
 * Undefined for anything else, including territories and military ZIPs.
 */
export function resolveState(kb: KnowledgeBase, region?: string | null): StateRate | undefined {
  const text = region?.trim();
  if (!text) return undefined;

  const zip = ZIP.exec(text);
  if (zip) return stateOfZip(kb, zip[1]);

  if (/^[A-Za-z]{2}$/.test(text)) return kb.stateByCode.get(text.toUpperCase());

  let byName = namesByKb.get(kb);
  if (!byName) {
    byName = new Map([...kb.stateByCode.values()].map((s) => [nameKey(s.name), s]));
    byName.set('washingtondc', kb.stateByCode.get('DC') as StateRate);
    namesByKb.set(kb, byName);
  }
  return byName.get(nameKey(text));
}

/** Binary search of the sorted prefix ranges. */
function stateOfZip(kb: KnowledgeBase, zip: string): StateRate | undefined {
  const prefix = zip.slice(0, 3);
  let lo = 0;
  let hi = kb.zipPrefixes.length - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    const range = kb.zipPrefixes[mid];
    if (prefix < range.from) hi = mid - 1;
    else if (prefix > range.to) lo = mid + 1;
    else return kb.stateByCode.get(range.state);
  }
  return undefined;
}
