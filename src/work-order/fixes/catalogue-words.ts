import { BoundedMemo } from '../../common/bounded-memo';
import type { KnowledgeBase } from '../../knowledge/knowledge.types';
import { foldText, rawWords } from '../../knowledge/text-normalizer';

/*
 * The catalogue's own words, as reading a technician's note needs them: which words are the
 * trade's, which name parts and repairs, and a part misspelled by one slip read as the catalogue
 * spells it.
 */

const tradeWordsOf = new WeakMap<KnowledgeBase, ReadonlySet<string>>();

/**
 * The words the catalogue uses for equipment, parts, places and repairs (problem names, symptoms,
 * keywords, parts, fixes), folded: a note's first word that is one of them is the sentence's
 * capital, not a person's name ("Dryer vent cleaned out").
 */
export function tradeWords(kb: KnowledgeBase): ReadonlySet<string> {
  let words = tradeWordsOf.get(kb);
  if (!words) {
    const texts = kb.problems.flatMap((p) => [p.name, p.canonical_fix, ...p.fix_phrases, ...p.symptoms, ...p.keywords, ...p.parts.map((part) => part.name)]);
    words = new Set(texts.flatMap((t) => rawWords(foldText(t))));
    tradeWordsOf.set(kb, words);
  }
  return words;
}

const partWordsOf = new WeakMap<KnowledgeBase, ReadonlySet<string>>();

/** The words the catalogue names parts and repairs with (canonical fixes, fix phrases, part names), folded. */
export function partWords(kb: KnowledgeBase): ReadonlySet<string> {
  let words = partWordsOf.get(kb);
  if (!words) {
    const texts = kb.problems.flatMap((p) => [p.canonical_fix, ...p.fix_phrases, ...p.parts.map((part) => part.name)]);
    words = new Set(texts.flatMap((t) => rawWords(foldText(t))));
    partWordsOf.set(kb, words);
  }
  return words;
}

/** A misspelled part is read as the catalogue's word only from this length: shorter words one letter apart are often both real ("clamp", "lamp"; "duct", "dust"). */
const RESPELLED_FROM_LENGTH = 7;

const VOWELS: ReadonlySet<string> = new Set('aeiou');

/**
 * Whether two words are one edit apart (a letter changed, added, dropped, or two neighbours
 * swapped) before their last letter: an ending that differs is another form or another word
 * ("thermostats", "cleaner" and "cleaned"), not a slip inside the word.
 */
function oneSlipApart(a: string, b: string): boolean {
  if (a.length > b.length) [a, b] = [b, a];
  if (b.length - a.length > 1 || a === b) return false;
  let i = 0;
  while (i < a.length && a[i] === b[i]) i++;
  if (i >= a.length - 1) return false;
  if (a.length < b.length) return a.slice(i) === b.slice(i + 1);
  // One vowel for another more often makes another word ("suction", "section") than a slip.
  if (a.slice(i + 1) === b.slice(i + 1)) return !(VOWELS.has(a[i]) && VOWELS.has(b[i]));
  return i + 2 < a.length && a[i] === b[i + 1] && a[i + 1] === b[i] && a.slice(i + 2) === b.slice(i + 2);
}

/** Unknown words whose reading is remembered: a history repeats its technicians' slips. */
const REMEMBERED_SPELLINGS = 5_000;

const respellingsOf = new WeakMap<KnowledgeBase, { known: ReadonlySet<string>; targets: readonly string[]; memo: BoundedMemo<string> }>();

/**
 * A note's word as the catalogue spells it when it is a misspelling the vocabulary does not list:
 * a word the catalogue and vocabulary do not know, of at least `RESPELLED_FROM_LENGTH` letters,
 * one slip away from exactly one catalogue word ("thermostst" → "thermostat", "contatctor" →
 * "contactor"). Any other word is returned as written.
 */
export function respelled(kb: KnowledgeBase, word: string): string {
  let r = respellingsOf.get(kb);
  if (!r) {
    const vocabulary = [kb.vocabulary.misspellings, kb.vocabulary.abbreviations, kb.vocabulary.synonyms, kb.fixNotes.object_spellings].flatMap((map) =>
      Object.entries(map).flat(),
    );
    const known = new Set([...tradeWords(kb), ...vocabulary.flatMap((t) => rawWords(foldText(t)))]);
    // Only the words the catalogue names repairs and parts with: a symptom's or a place's word is no part.
    const targets = [...partWords(kb)].filter((w) => w.length >= RESPELLED_FROM_LENGTH - 1 && /^[a-z]+$/.test(w));
    r = { known, targets, memo: new BoundedMemo<string>(REMEMBERED_SPELLINGS) };
    respellingsOf.set(kb, r);
  }
  // A verb's form ("printed", "locking") is a real word the catalogue does not use, not a slip in a part.
  if (word.length < RESPELLED_FROM_LENGTH || r.known.has(word) || !/^[a-z]+$/.test(word) || /(?:ed|ing)$/.test(word)) return word;
  return r.memo.get(word, () => {
    const near = r.targets.filter((t) => Math.abs(t.length - word.length) <= 1 && oneSlipApart(t, word));
    return near.length === 1 ? near[0] : word;
  });
}
