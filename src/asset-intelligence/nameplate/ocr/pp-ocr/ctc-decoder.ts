/**
 * Greedy CTC decoding of PP-OCR recognition output, limited to the characters a nameplate can
 * carry. The shipped model reads Chinese and Latin script (6,623 characters); on a plate printed
 * in Latin letters, a smudged "0" must not come back as a similar-looking ideograph, so the other
 * characters are never chosen.
 */

/** Characters a nameplate reading may contain: printable ASCII and the Latin-1 letters of French, Spanish, German and Portuguese plates. */
const PLATE_CHARACTERS = /^[\x20-\x7E\u00B0\u00B5\u00C0-\u00FF]$/u;

export interface DecodedLine {
  text: string;
  /** Mean probability of the characters kept, 0 to 1 (0 for an empty line). */
  confidence: number;
  /** Timestep (column of the model's output) of each character kept, for placing words. */
  steps: number[];
  /** Timesteps of the line's output. */
  totalSteps: number;
}

export class CtcDecoder {
  /** Class index → character; index 0 is CTC's blank. */
  private readonly characters: string[];
  /** Classes that may be chosen: blank and the plate characters. */
  private readonly allowed: number[];

  /** `dictionary`: the model's character list, one per line (the space class is appended, as PaddleOCR does). */
  constructor(dictionary: string) {
    const keys = dictionary.split(/\r?\n/);
    if (keys[keys.length - 1] === '') keys.pop();
    this.characters = ['', ...keys, ' '];
    this.allowed = this.characters.flatMap((c, i) => (i === 0 || PLATE_CHARACTERS.test(c) ? [i] : []));
  }

  /** Number of classes the model must output. */
  get classes(): number {
    return this.characters.length;
  }

  /** Decodes item `item` of a [batch, steps, classes] probability tensor. */
  decode(probabilities: Float32Array, item: number, steps: number): DecodedLine {
    const classes = this.characters.length;
    const chars: Array<{ char: string; p: number; t: number }> = [];
    let previous = -1;
    for (let t = 0; t < steps; t++) {
      const base = (item * steps + t) * classes;
      let best = 0;
      let bestP = -Infinity;
      for (const k of this.allowed) {
        const p = probabilities[base + k];
        if (p > bestP) {
          bestP = p;
          best = k;
        }
      }
      // CTC: a repeat without a blank between is one character.
      if (best !== 0 && best !== previous) chars.push({ char: this.characters[best], p: bestP, t });
      previous = best;
    }
    // Leading and trailing spaces carry no information, and their probabilities are left out too.
    while (chars.length > 0 && chars[0].char === ' ') chars.shift();
    while (chars.length > 0 && chars[chars.length - 1].char === ' ') chars.pop();
    const confidence = chars.length === 0 ? 0 : chars.reduce((sum, c) => sum + c.p, 0) / chars.length;
    return { text: chars.map((c) => c.char).join(''), confidence, steps: chars.map((c) => c.t), totalSteps: steps };
  }
}
