/** Letters whose spoken name starts with a vowel sound ("an F", "an HVAC", "an LG", "an RTU"). */
const VOWEL_SOUND_LETTER_NAMES = new Set(['A', 'E', 'F', 'H', 'I', 'L', 'M', 'N', 'O', 'R', 'S', 'X']);
/** Words that start with a vowel letter but a consonant sound ("a unit", "a one-ton", "a Eurostar"). */
const CONSONANT_SOUND_START = /^(?:uni|use|usu|uti|ure|eu|one|once|ubi)/i;
/** Words that start with a silent h ("an hour", "an honest"). */
const SILENT_H_START = /^(?:hour|honest|honor|honour|heir)/i;

/**
 * The indefinite article for a word or name, by its sound: "an InSinkErator", "an A. O. Smith unit",
 * "an LG", "a GE", "a York", "a unit". A name written in capitals without vowels, or two or three capitals,
 * is read letter by letter.
 */
export function indefiniteArticle(word: string): 'a' | 'an' {
  const w = word.trim().replace(/^[^A-Za-z0-9]+/, '');
  if (!w) return 'a';
  const first = /^[A-Za-z0-9]+/.exec(w)?.[0] ?? w;
  // "an 8-ton", "an 11-year", "an 18,000 BTU/h": numbers said with a leading vowel sound.
  if (/^\d/.test(first)) return /^(?:8|11(?!\d)|18(?!\d))/.test(w) ? 'an' : 'a';
  const spelled = /^[A-Z]{2,4}$/.test(first) && (!/[AEIOU]/.test(first) || first.length <= 2);
  if (spelled || /^[A-Z]$/.test(first) || /^[A-Z]\./.test(w)) return VOWEL_SOUND_LETTER_NAMES.has(first[0].toUpperCase()) ? 'an' : 'a';
  if (SILENT_H_START.test(first)) return 'an';
  if (CONSONANT_SOUND_START.test(first)) return 'a';
  return /^[aeiou]/i.test(first) ? 'an' : 'a';
}

/** The word or name with its indefinite article: "an InSinkErator", "a Trane". */
export function withArticle(word: string): string {
  return `${indefiniteArticle(word)} ${word}`;
}
