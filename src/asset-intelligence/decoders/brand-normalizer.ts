import type { AssetKnowledge } from '../knowledge/knowledge.loader';
import type { Brand, EquipmentCategory } from '../knowledge/knowledge.types';

/** How a brand string was recognised. */
export type BrandMatchKind = 'exact' | 'prefix' | 'fuzzy' | 'unknown' | 'empty';

/** The result of normalizing a brand as written by a technician or read from a plate. */
export interface BrandMatch {
  /** The recognised brand; null when unknown. */
  brand: Brand | null;
  /** The input, trimmed. */
  input: string;
  /** How the brand was recognised. */
  matchedBy: BrandMatchKind;
  /** Confidence in the match, 0-1 (1 for an exact name or alias). */
  confidence: number;
  /** Other brands the input could also name. */
  alternatives: Brand[];
  /** Why this brand was chosen when the input was misspelled or shared; null otherwise. */
  note: string | null;
}

/** Hints that tell apart brands sharing a name (Amana HVAC vs Amana appliances). */
export interface BrandHints {
  /** Model number, checked against each brand's model patterns. */
  model?: string | null;
  /** Category of the equipment, when already known. */
  category?: EquipmentCategory | null;
}

const NOISE_WORDS = new Set(['inc', 'corp', 'corporation', 'company', 'co', 'llc', 'ltd', 'mfg', 'manufacturing', 'industries', 'usa', 'brand', 'the']);

interface BrandIndex {
  byKey: Map<string, Brand[]>;
  keys: string[];
  /** Nearest keys per misspelled key; per index, since the answer depends on the brands known. */
  nearest: Map<string, { best: number; bestKeys: string[] }>;
}

// Built once per knowledge object (in practice once per process): the index is what makes lookups cheap.
const indexes = new WeakMap<AssetKnowledge, BrandIndex>();

function getIndex(knowledge: AssetKnowledge): BrandIndex {
  const known = indexes.get(knowledge);
  if (known) return known;
  const byKey = new Map<string, Brand[]>();
  for (const brand of knowledge.brands) {
    for (const name of [brand.display, brand.id, ...brand.aliases]) {
      for (const key of new Set([brandKey(name), brandKey(name, true)])) {
        if (!key) continue;
        const list = byKey.get(key) ?? [];
        if (!list.includes(brand)) list.push(brand);
        byKey.set(key, list);
      }
    }
  }
  // Longest keys first so "americanstandard" wins over "american..." prefixes.
  const keys = [...byKey.keys()].sort((a, b) => b.length - a.length);
  const index = { byKey, keys, nearest: new Map() };
  indexes.set(knowledge, index);
  return index;
}

/** The comparison key of a brand string: lower-case letters and digits only, "&" read as "and". */
export function brandKey(raw: string, dropNoise = false): string {
  const words = raw
    .toLowerCase()
    .replace(/&/g, ' and ')
    .split(/[^a-z0-9]+/)
    .filter(Boolean);
  return (dropNoise ? words.filter((w) => !NOISE_WORDS.has(w)) : words).join('');
}

/** Optimal-string-alignment edit distance (insert, delete, substitute, swap neighbours); stops early once above `limit`. */
export function editDistance(a: string, b: string, limit = Infinity): number {
  // Three rolling rows are enough for the neighbour-swap rule and avoid a matrix per comparison.
  let prev2 = new Array<number>(b.length + 1).fill(0);
  let prev = Array.from({ length: b.length + 1 }, (_, j) => j);
  let row = new Array<number>(b.length + 1).fill(0);
  for (let i = 1; i <= a.length; i++) {
    row[0] = i;
    let rowMin = row[0];
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      row[j] = Math.min(prev[j] + 1, row[j - 1] + 1, prev[j - 1] + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) row[j] = Math.min(row[j], prev2[j - 2] + 1);
      if (row[j] < rowMin) rowMin = row[j];
    }
    if (rowMin > limit) return limit + 1;
    [prev2, prev, row] = [prev, row, prev2];
  }
  return prev[b.length];
}

function allowedDistance(length: number): number {
  if (length <= 3) return 0;
  if (length <= 6) return 1;
  if (length <= 11) return 2;
  return 3;
}

/** Recognises a brand from its name, an alias or a misspelling; never throws, flags unknown input. */
export function normalizeBrand(knowledge: AssetKnowledge, raw: string | null | undefined, hints: BrandHints = {}): BrandMatch {
  const input = (raw ?? '').trim();
  const key = brandKey(input, true) || brandKey(input);
  if (!key) return { brand: null, input, matchedBy: 'empty', confidence: 0, alternatives: [], note: 'No brand was given.' };
  const index = getIndex(knowledge);
  const { byKey, keys } = index;

  const exact = byKey.get(key) ?? byKey.get(brandKey(input));
  if (exact) return pick(input, exact, 'exact', 1, hints);

  const prefix = keys.find((k) => k.length >= 4 && key.startsWith(k));
  if (prefix) return pick(input, byKey.get(prefix)!, 'prefix', 0.8, hints, `"${input}" begins with the brand name`);

  const { best, bestKeys } = nearestKeys(key, keys, index.nearest);
  if (bestKeys.length > 0 && !readsAsOwnName(key, best, bestKeys)) {
    const brands = [...new Set(bestKeys.flatMap((k) => byKey.get(k)!))];
    const confidence = Math.round(Math.max(0.5, 0.95 - (0.6 * best) / key.length) * 100) / 100;
    return pick(input, brands, 'fuzzy', confidence, hints, `"${input}" read as a misspelling (${best} edit${best > 1 ? 's' : ''})`);
  }
  if (bestKeys.length > 0) {
    // Two edits turn one real company's name into another's ("Liebert" -> "Liberty"): keep the name the caller typed.
    const near = [...new Set(bestKeys.flatMap((k) => byKey.get(k)!))].map((b) => b.display).join(' or ');
    return {
      brand: null,
      input,
      matchedBy: 'unknown',
      confidence: 0,
      alternatives: [],
      note: `"${input}" is not in the knowledge base; it was kept as written rather than read as ${near}.`,
    };
  }
  return { brand: null, input, matchedBy: 'unknown', confidence: 0, alternatives: [], note: `"${input}" is not a known brand.` };
}

/**
 * Whether a name the brand list does not hold reads as a name of its own rather than a misspelling.
 * One slip (a doubled, missing, swapped or wrong letter) is a misspelling, but two edits in a
 * name under ten letters usually make another company's name ("Liebert" / "Liberty", "Mueller" /
 * "Miller", "Goodway" / "Goodman"), and so does another first letter in a short name ("Crane" /
 * "Trane"): people misspell the middle of a name, not its first letter.
 */
function readsAsOwnName(key: string, distance: number, nearest: string[]): boolean {
  if (distance >= 2 && key.length < 10) return true;
  return key.length <= 6 && nearest.every((k) => k[0] !== key[0]);
}

/** Keys within the allowed edit distance of `key`, closest first; memoised because technicians repeat the same misspellings. */
function nearestKeys(key: string, keys: string[], nearestCache: BrandIndex['nearest']): { best: number; bestKeys: string[] } {
  const cached = nearestCache.get(key);
  if (cached) return cached;
  let best = Infinity;
  let bestKeys: string[] = [];
  for (const k of keys) {
    const allowed = allowedDistance(Math.max(k.length, key.length));
    if (Math.abs(k.length - key.length) > allowed) continue;
    const d = editDistance(key, k, Math.min(allowed, best));
    if (d > allowed) continue;
    if (d < best) [best, bestKeys] = [d, [k]];
    else if (d === best) bestKeys.push(k);
  }
  if (nearestCache.size >= 1000) nearestCache.clear();
  const result = { best, bestKeys };
  nearestCache.set(key, result);
  return result;
}

function pick(input: string, brands: Brand[], matchedBy: BrandMatchKind, confidence: number, hints: BrandHints, why: string | null = null): BrandMatch {
  if (brands.length === 1) return { brand: brands[0], input, matchedBy, confidence, alternatives: [], note: why };
  const model = (hints.model ?? '').toUpperCase().replace(/[^A-Z0-9]/g, '');
  const byModel = model ? brands.filter((b) => b.modelPatterns.some((p) => p.test(model))) : [];
  const byCategory = hints.category ? brands.filter((b) => b.categories.includes(hints.category!)) : [];
  let chosen: Brand;
  let reason: string;
  if (byModel.length === 1) [chosen, reason] = [byModel[0], `model ${hints.model} follows ${byModel[0].manufacturer}'s nomenclature`];
  else if (byCategory.length === 1) [chosen, reason] = [byCategory[0], `the equipment is ${hints.category}`];
  else {
    chosen = brands.find((b) => b.isDefault) ?? brands[0];
    reason = 'nothing told them apart, so the more common one was assumed';
    confidence = Math.min(confidence, 0.6);
  }
  const others = brands.filter((b) => b !== chosen);
  const names = brands.map((b) => `${b.display} (${b.manufacturer})`).join(' or ');
  const note = `${why ? `${why}; ` : ''}"${input}" can mean ${names}; chose ${chosen.manufacturer} because ${reason}.`;
  return { brand: chosen, input, matchedBy, confidence, alternatives: others, note };
}
