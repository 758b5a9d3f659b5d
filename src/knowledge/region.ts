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

/**
 * The state a free text such as property_detail points at ("120 Maple Ct, Columbus, OH 43215;
 * 1965 garden-style"): the last ZIP code in it, else a capitalized two-letter state code after a
 * comma or before a ZIP, else a state name written out after a comma. Undefined when it names none.
 */
export function regionFromText(kb: KnowledgeBase, text?: string | null): string | undefined {
  if (!text) return undefined;
  const zips = [...text.matchAll(/\b(\d{5})(?:-\d{4})?\b/g)].map((m) => m[1]).filter((zip) => resolveState(kb, zip));
  if (zips.length > 0) return zips[zips.length - 1];
  // Upper case only, so "in", "or" and "me" in prose are not read as states.
  for (const m of text.matchAll(/(?:,\s*|\s)([A-Z]{2})(?=\s*(?:$|[,;.)]|\d{5}))/g)) if (kb.stateByCode.has(m[1])) return m[1];
  // A state name counts after a comma ("Columbus, Ohio"), not inside a street name ("Washington Ave").
  for (const m of text.matchAll(/,\s*([A-Za-z][A-Za-z .]{2,25}?)(?=\s*(?:$|[,;.)]|\d{5}))/g)) {
    const state = resolveState(kb, m[1]);
    if (state) return state.code;
  }
  return undefined;
}
