/**
 * Typing slips in the words around a report ("teh toilet", "appartment door", "wtaer"): a word the
 * triage does not know is read as the one word it knows that the slip most likely stands for. Only
 * the two slips that rarely turn one real word into another: two neighbouring letters swapped into a
 * stop word ("teh", "taht") or into a rule's word of five letters or more ("wtaer", "strom"), and a
 * letter doubled in a rule's word of four letters or more ("appartment", "watter"). A word the
 * triage knows, or a form of one ("odors" of "odor"), is never changed, and a slip that could stand
 * for two known words is left alone.
 */
export class TriageSpelling {
  private readonly memo = new Map<string, string>();

  /**
   * `stopWords`: folded stop words; `known`: folded words of the rules and the vocabulary (keys and
   * values); `stem`: the stemmer the triage matches with.
   */
  constructor(
    private readonly stopWords: ReadonlySet<string>,
    private readonly known: ReadonlySet<string>,
    private readonly stem: (word: string) => string,
  ) {
    this.knownStems = new Set([...known].map(stem));
  }

  private readonly knownStems: ReadonlySet<string>;

  /** The folded text with each unknown word that is one slip from exactly one known word replaced by it. */
  respell(folded: string): string {
    // Words with an apostrophe ("won't", "doesn't") are the vocabulary's to read, as they are.
    return folded.replace(/[a-z']+/g, (word) => (word.includes("'") ? word : this.word(word)));
  }

  private word(word: string): string {
    if (word.length < 3 || this.stopWords.has(word) || this.known.has(word) || this.knownStems.has(this.stem(word))) return word;
    let fixed = this.memo.get(word);
    if (fixed === undefined) {
      const found = new Set<string>();
      for (let i = 0; i + 1 < word.length; i++) {
        if (word[i] !== word[i + 1]) {
          const swapped = word.slice(0, i) + word[i + 1] + word[i] + word.slice(i + 2);
          if (this.stopWords.has(swapped) || (swapped.length >= 5 && this.known.has(swapped))) found.add(swapped);
        } else {
          const single = word.slice(0, i) + word.slice(i + 1);
          if (single.length >= 4 && this.known.has(single)) found.add(single);
        }
      }
      fixed = found.size === 1 ? [...found][0] : word;
      if (this.memo.size < 50_000) this.memo.set(word, fixed);
    }
    return fixed;
  }
}

/** Keys of a rules file that hold prose for people, not words to match. */
const PROSE_KEYS: ReadonlySet<string> = new Set(['sources', 'reason', 'soft_reason', 'past_reason', 'version', 'about']);

/** The folded words of every phrase in some data (nested objects and arrays; keys of plain word maps too), prose left out. */
export function wordsOf(data: unknown, into: Set<string> = new Set()): Set<string> {
  if (typeof data === 'string') {
    for (const w of data.toLowerCase().split(/[^a-z]+/)) if (w) into.add(w);
  } else if (Array.isArray(data)) {
    for (const x of data) wordsOf(x, into);
  } else if (data && typeof data === 'object') {
    for (const [k, v] of Object.entries(data)) {
      if (PROSE_KEYS.has(k)) continue;
      wordsOf(k, into);
      wordsOf(v, into);
    }
  }
  return into;
}
