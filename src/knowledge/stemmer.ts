/**
 * A deliberately small suffix stripper for maintenance English (and harmless on Spanish): it only
 * has to make "leaks", "leaking", "leaked" and "leak" meet, and "clogged" meet "clog". Both the
 * catalogue and incoming text go through it, so its stems only need to be consistent, not words.
 */
const VOWELS = /[aeiouy]/;

/** Reduces a lowercase word to its stem: plural, -ing, -ed, final -e and doubled consonants removed. */
export function stem(word: string): string {
  let w = word;
  if (w.length <= 3) return w;
  if (w.endsWith('ies') && w.length > 4) w = `${w.slice(0, -3)}y`;
  else if (w.endsWith('sses')) w = w.slice(0, -2);
  else if (w.endsWith('s') && !w.endsWith('ss') && !w.endsWith('us') && !w.endsWith('is')) w = w.slice(0, -1);

  if (w.endsWith('ing') && w.length > 5 && VOWELS.test(w.slice(0, -3))) w = undouble(w.slice(0, -3));
  else if (w.endsWith('ed') && w.length > 4 && VOWELS.test(w.slice(0, -2))) w = undouble(w.slice(0, -2));

  if (w.endsWith('y') && w.length > 3) w = `${w.slice(0, -1)}i`;
  if (w.endsWith('e') && w.length > 4) w = w.slice(0, -1);
  return w;
}

/** "clogg" becomes "clog", "runn" becomes "run"; "ll", "ss" and "zz" stay ("fill", "press"). */
function undouble(w: string): string {
  const last = w[w.length - 1];
  if (w.length > 2 && last === w[w.length - 2] && !'lsz'.includes(last) && !VOWELS.test(last)) return w.slice(0, -1);
  return w;
}
