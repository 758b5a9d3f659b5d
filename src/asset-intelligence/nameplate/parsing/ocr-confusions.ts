/**
 * Characters OCR mixes up on nameplates: the spellings each can stand for, most likely first, and
 * the cost of reading it as each further one (how unlikely that misreading is). Turning a digit
 * into a letter costs more than the reverse: serials are mostly digits. Lower-case letters are
 * themselves a sign of confusion: plates print identifiers in capitals. Rounded letters (U, D, Q)
 * read as O or 0 cost most: worth trying only when a serial format then accepts the reading.
 */
const CONFUSABLE: Record<string, { options: string[]; costs: number[] }> = {
  O: { options: ['O', '0', 'U', 'Q', 'D'], costs: [0.1, 1.6, 1.6, 1.7] },
  '0': { options: ['0', 'O', 'U', 'D', 'Q'], costs: [0.1, 1.6, 1.7, 1.7] },
  o: { options: ['0', 'O'], costs: [0.05] },
  Q: { options: ['Q', 'O', '0'], costs: [0.5, 0.6] },
  I: { options: ['I', '1'], costs: [0.1] },
  '|': { options: ['1', 'I'], costs: [0.05] },
  '!': { options: ['1', 'I'], costs: [0.1] },
  l: { options: ['1', 'L'], costs: [0.05] },
  '1': { options: ['1', 'I'], costs: [0.3] },
  S: { options: ['S', '5'], costs: [0.3] },
  '5': { options: ['5', 'S'], costs: [0.5] },
  s: { options: ['S', '5'], costs: [0.2] },
  $: { options: ['5', 'S'], costs: [0.1] },
  B: { options: ['B', '8'], costs: [0.3] },
  '8': { options: ['8', 'B'], costs: [0.5] },
  Z: { options: ['Z', '2'], costs: [0.4] },
  '2': { options: ['2', 'Z'], costs: [0.6] },
  z: { options: ['Z', '2'], costs: [0.3] },
  G: { options: ['G', '6'], costs: [0.4] },
  '6': { options: ['6', 'G'], costs: [0.6] },
};

/** Upper-case characters that have a look-alike of the other kind (letter for digit or digit for letter). */
const LOOK_ALIKES = new Set(['O', '0', 'I', '1', 'S', '5', 'B', '8', 'Z', '2', 'G', '6']);

/** Letters manufacturers avoid in identifiers because they look like digits. */
const RARE_LETTERS = new Set(['O', 'I']);

/** Most spellings tried; positions beyond this budget keep their most likely reading. */
const MAX_SPELLINGS = 1024;

/** Most spellings a judge is asked about, the likeliest first. */
const MAX_JUDGED = 200;

/** A spelling of an identifier and how likely it is. */
export interface IdentifierCandidate {
  /** The spelling, upper-case. */
  value: string;
  /** Characters changed from what OCR read. */
  changes: number;
  /** Higher is more likely; only comparable between candidates of the same raw text. */
  score: number;
}

function isDigit(c: string): boolean {
  return c >= '0' && c <= '9';
}

function isLetter(c: string): boolean {
  return c >= 'A' && c <= 'Z';
}

/**
 * How identifier-like a spelling is, before the cost of the changes that produced it. A lone
 * letter between digits, or digit between letters, is where OCR most often swaps a look-alike
 * (though models do have some, like the A in 24ACC636A003); O and I are rarely used at all.
 */
export function identifierShape(value: string, loneLookAlikes = true): number {
  const kind = (c: string | undefined) => (c === undefined ? 'edge' : isDigit(c) ? 'digit' : isLetter(c) ? 'letter' : 'other');
  let penalty = 0;
  for (let i = 0; i < value.length; i++) {
    if (RARE_LETTERS.has(value[i])) penalty += 1;
    const [before, here, after] = [kind(value[i - 1]), kind(value[i]), kind(value[i + 1])];
    // Only a look-alike can be a misreading; other lone letters (the A in 24ACC636A003) are normal.
    const lone = (here === 'digit' || here === 'letter') && before === after && before !== here && (before === 'digit' || before === 'letter');
    if (loneLookAlikes && lone && LOOK_ALIKES.has(value[i])) penalty += 0.5;
  }
  return -penalty;
}

/**
 * Spellings an OCR-read identifier may stand for, best first. `accept`, when given, marks
 * spellings known to be valid (e.g. a serial format of the brand); they rank above the rest.
 * `loneLookAlikes` false trusts a lone letter between digits as read: model numbers are full of
 * them (QH7243G12, YCD036S41S1), and with no grammar to check, OCR is right more often than not.
 */
export function identifierCandidates(raw: string, accept?: (value: string) => boolean, limit = 5, loneLookAlikes = true): IdentifierCandidate[] {
  const chars = [...raw.replace(/\s+/g, '')];
  // Positions varied, left to right, while the number of spellings stays within budget.
  const varied: number[] = [];
  let spellings = 1;
  chars.forEach((c, i) => {
    const options = CONFUSABLE[c]?.options.length ?? 1;
    if (options > 1 && spellings * options <= MAX_SPELLINGS) {
      varied.push(i);
      spellings *= options;
    }
  });
  const candidates = new Map<string, IdentifierCandidate>();
  for (let n = 0; n < spellings; n++) {
    let changes = 0;
    let cost = 0;
    let rest = n;
    const picks = new Map<number, number>();
    for (const i of varied) {
      const count = CONFUSABLE[chars[i]].options.length;
      picks.set(i, rest % count);
      rest = Math.floor(rest / count);
    }
    const value = chars
      .map((c, i) => {
        const confusable = CONFUSABLE[c];
        if (!confusable) return c.toUpperCase();
        const pick = picks.get(i) ?? 0;
        if (pick > 0) cost += confusable.costs[pick - 1];
        const spelled = confusable.options[pick];
        if (spelled !== c.toUpperCase()) changes++;
        return spelled;
      })
      .join('');
    const score = identifierShape(value, loneLookAlikes) - cost;
    const known = candidates.get(value);
    if (!known || known.score < score) candidates.set(value, { value, changes, score });
  }
  // A format that allows a letter somewhere still rarely sees O or I there: an accepted spelling
  // with one gains less, so U read as O wins when the format takes either letter.
  const bonus = (value: string) => (accept?.(value) ? ([...value].some((c) => RARE_LETTERS.has(c)) ? 2 : 3) : 0);
  // Judging is the costly part (a serial decoder per spelling): only the likeliest spellings are judged.
  const likeliest = [...candidates.values()].sort((a, b) => b.score - a.score).slice(0, MAX_JUDGED);
  const ranked = likeliest.map((c) => ({ ...c, score: c.score + bonus(c.value) }));
  return ranked.sort((a, b) => b.score - a.score || a.changes - b.changes).slice(0, limit);
}

/** Repairs a token that should be a number ("l4.1" → "14.1", "8O" → "80"); undefined when it is not one. */
export function repairNumber(token: string): string | undefined {
  const fixed = token
    .replace(/[Oo]/g, '0')
    .replace(/[Il|!]/g, '1')
    .replace(/[Ss]/g, '5')
    .replace(/B/g, '8')
    .replace(/,(?=\d{3}(?:\D|$))/g, '')
    .replace(/,/g, '.');
  return /^\d+(?:\.\d+)?$/.test(fixed) ? fixed : undefined;
}

/** Folds characters OCR confuses onto one representative, so "CARR1ER" and "CARRIER" compare equal. */
export function foldConfusions(text: string): string {
  return text
    .toUpperCase()
    .replace(/[0Q]/g, 'O')
    .replace(/[1L|!]/g, 'I')
    .replace(/[5$]/g, 'S')
    .replace(/8/g, 'B')
    .replace(/2/g, 'Z')
    .replace(/6/g, 'G')
    .replace(/[^A-Z0-9]/g, '');
}
