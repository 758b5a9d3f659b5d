import { BoundedMemo } from '../../common/bounded-memo';

/** A fix in canonical form: a grouping key and a readable label. */
export interface CanonicalFix {
  /** Tickets with the same key used the same fix. */
  key: string;
  /** Readable description of the fix. */
  label: string;
}

/** Turns free-text resolution or closing notes into a canonical fix. */
export abstract class FixNormalizer {
  /**
   * The canonical fix of a resolution text, or undefined when the text says nothing usable. The
   * ticket's request (title and description), when given, says whose part a note that names no
   * machine worked on ("cleaned condenser coils" on a refrigerator's ticket).
   */
  abstract normalize(resolutionText: string, requestText?: string): CanonicalFix | undefined;
}

/** Words that say what was done, not what it was done to. */
const ACTION_WORDS = new Set(
  'replace replaced replacing replacement install installed installing new fix fixed fixing repair repaired repairing swap swapped change changed put adjust adjusted tighten tightened reset clean cleaned clear cleared unclog unclogged snake snaked service serviced check checked test tested inspect inspected remove removed order ordered complete completed done work performed resolved'.split(
    ' ',
  ),
);
const STOP_WORDS = new Set(
  'a an the and or of in on at to for from with by was were is are be been it its this that these those as per after before into out up down off over under tenant resident unit apt apartment please also all no not ok okay tech technician vendor our we he she they them then now same'.split(
    ' ',
  ),
);
/** Fixture and room words: kept only when nothing more specific is left. */
const GENERIC_OBJECTS = new Set(
  'toilet tank sink kitchen bathroom bath room bedroom hall closet area wall floor ceiling unit fixture line system part parts'.split(' '),
);

function stem(word: string): string {
  if (word.length > 5 && word.endsWith('ing')) return word.slice(0, -3);
  if (word.length > 4 && word.endsWith('ies')) return `${word.slice(0, -3)}y`;
  if (word.length > 4 && word.endsWith('es') && /(ch|sh|ss|x)es$/.test(word)) return word.slice(0, -2);
  if (word.length > 3 && word.endsWith('s') && !word.endsWith('ss')) return word.slice(0, -1);
  return word;
}

/** The words of a resolution that name what was fixed, stemmed and deduplicated. */
export function fixObjectTokens(text: string): string[] {
  const words = text
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^a-z0-9\s]/g, ' ')
    .split(/\s+/)
    .filter((w) => w.length > 1 && !/^\d+$/.test(w) && !ACTION_WORDS.has(w) && !STOP_WORDS.has(w))
    .map(stem);
  const unique = [...new Set(words)];
  const specific = unique.filter((w) => !GENERIC_OBJECTS.has(w));
  return (specific.length > 0 ? specific : unique).sort();
}

/**
 * Text clustering without maintenance knowledge: two resolutions are the same fix when they
 * name the same specific objects ("replaced flapper", "new flapper installed" and "flapper
 * replaced in toilet tank" all reduce to {flapper}).
 */
export class TextClusterFixNormalizer extends FixNormalizer {
  normalize(resolutionText: string): CanonicalFix | undefined {
    const tokens = fixObjectTokens(resolutionText).slice(0, 8);
    if (tokens.length === 0) return undefined;
    const label = resolutionText.trim().replace(/\s+/g, ' ');
    return { key: `text:${tokens.join(' ')}`, label: label.length > 120 ? `${label.slice(0, 117)}...` : label };
  }
}

/**
 * Remembers the canonical fix of resolution texts already seen (technicians repeat the same few
 * phrasings, so an import normalizes each distinct text once). Bounded: oldest entries go first.
 */
export class CachedFixNormalizer extends FixNormalizer {
  private readonly cache: BoundedMemo<CanonicalFix | undefined>;

  constructor(
    private readonly inner: FixNormalizer,
    maxEntries = 50_000,
  ) {
    super();
    this.cache = new BoundedMemo(maxEntries);
  }

  /** Readings of a note alone are remembered; a reading with the ticket's request may depend on it and is not. */
  normalize(resolutionText: string, requestText?: string): CanonicalFix | undefined {
    if (requestText !== undefined) return this.inner.normalize(resolutionText, requestText);
    return this.cache.get(resolutionText, () => this.inner.normalize(resolutionText));
  }
}
