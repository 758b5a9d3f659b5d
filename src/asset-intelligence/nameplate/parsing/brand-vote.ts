import { editDistance, type BrandMatch } from './brand-matcher';
import { foldConfusions } from './ocr-confusions';

/** One reading of a brand name in the text. */
interface Mention {
  /** The name as spelled in the known list. */
  name: string;
  /** The brand it belongs to (its display name, or itself when no groups are given). */
  group: string;
  raw: string;
  /** Match quality, 0.5 to 0.95. */
  quality: number;
  /** Index of the non-blank line. */
  line: number;
  /** Whether it is the only text on its line (a logo). */
  alone: boolean;
  /** Whether the name is a company line ("Carrier Corporation", "LG Electronics"): often the parent, not the brand on the unit. */
  company: boolean;
}

/** Words that make a name a company line rather than a logo. */
const COMPANY_WORDS =
  /\b(?:CORP(?:ORATION)?|COMPANY|INC|LLC|MANUFACTURING|MFG|INDUSTRIES|INTERNATIONAL|ELECTRONICS|GLOBAL|TECHNOLOGIES|PRODUCTS|ENTERPRISES|APPLIANCES)\b/;

/** Lines from the top of the plate where the logo stands. */
const LOGO_LINES = 2;

function tolerance(length: number): number {
  if (length <= 4) return 0;
  return length <= 7 ? 1 : 2;
}

/**
 * All brand mentions of the text, longest name first where runs overlap. Names of four letters or
 * fewer must match exactly after folding; those of two letters (LG, GE) must also be written in
 * capitals as a word of their own, since "Lg" or "ge" in grain and scratches is not a logo.
 */
function mentions(text: string, knownBrands: readonly string[], groupOf: (name: string) => string): Mention[] {
  const brands = knownBrands.map((name) => ({ name, folded: foldConfusions(name) })).filter((b) => b.folded.length >= 2);
  const found: Mention[] = [];
  const lines = text.split('\n').filter((l) => l.trim() !== '');
  lines.forEach((line, lineIndex) => {
    const words = line.split(/\s+/).filter((w) => /[A-Za-z0-9]/.test(w));
    let start = 0;
    while (start < words.length) {
      let best: { name: string; raw: string; quality: number; count: number } | undefined;
      for (let count = Math.min(4, words.length - start); count >= 1 && !best; count--) {
        const raw = words.slice(start, start + count).join(' ');
        const folded = foldConfusions(raw);
        for (const { name, folded: target } of brands) {
          if (target.length <= 2 && raw.replace(/[^A-Za-z]/g, '') !== name.replace(/[^A-Za-z]/g, '').toUpperCase()) continue;
          const max = tolerance(target.length);
          const distance = folded === target ? 0 : editDistance(folded, target, max);
          if (distance > max) continue;
          const quality = Math.max(0.5, 0.95 - (0.2 * distance) / Math.max(1, max));
          if (!best || quality > best.quality || (quality === best.quality && name.length > best.name.length)) best = { name, raw, quality, count };
        }
      }
      if (!best) {
        start++;
        continue;
      }
      found.push({
        name: best.name,
        group: groupOf(best.name),
        raw: best.raw,
        quality: best.quality,
        line: lineIndex,
        alone: best.count === words.length,
        company: COMPANY_WORDS.test(best.name.toUpperCase()),
      });
      start += best.count;
    }
  });
  return found;
}

/** What a mention weighs in the vote: a logo at the top most, a company line least. */
function weight(m: Mention): number {
  const position = m.line < LOGO_LINES ? (m.alone ? 2 : 1.5) : 1;
  return m.quality * position * (m.company ? 0.5 : 1);
}

/**
 * The brand of a plate by vote: every mention counts, weighed by where it stands (the logo at the
 * top), how well it was read and whether it is the brand itself or a company line naming a parent
 * ("Carrier Corporation" on a Bryant plate). A two-letter brand needs support beyond its own
 * letters: a logo line of its own at the top, or another mention of the same brand.
 * Confidence grows with agreement and shrinks with a close rival.
 */
export function voteBrand(text: string, knownBrands: readonly string[], groups: Readonly<Record<string, string>> = {}): BrandMatch | undefined {
  const groupOf = (name: string) => groups[name] ?? name;
  const all = mentions(text, knownBrands, groupOf);
  const short = (m: Mention) => foldConfusions(m.name).length <= 2;
  const supported = all.filter((m) => !short(m) || (m.line < LOGO_LINES && m.alone) || all.some((o) => o !== m && o.group === m.group && !short(o)));
  if (supported.length === 0) return undefined;
  const tally = new Map<string, { score: number; best: Mention; count: number }>();
  for (const m of supported) {
    const entry = tally.get(m.group);
    if (!entry) tally.set(m.group, { score: weight(m), best: m, count: 1 });
    else {
      entry.score += weight(m);
      entry.count++;
      if (weight(m) > weight(entry.best)) entry.best = m;
    }
  }
  const ranked = [...tally.values()].sort((a, b) => b.score - a.score);
  const [winner, rival] = ranked;
  const margin = rival ? rival.score / winner.score : 0;
  const agreement = Math.min(0.1, 0.05 * (winner.count - 1));
  const confidence = Math.max(0.4, Math.min(0.99, winner.best.quality + agreement - 0.3 * margin));
  // With brand groups the brand is reported by its display name, not by the alias that was read.
  const brand = groups[winner.best.name] ?? winner.best.name;
  return { brand, raw: winner.best.raw, confidence: Math.round(confidence * 100) / 100 };
}
