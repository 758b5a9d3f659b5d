import type { OcrLine, OcrWord } from '../ocr/ocr-pool.types';
import { IDENTIFIER_LABELS } from './identifier-labels';

/** A label or name written without its spaces ("MODELNUMBER"), the spelling the parser knows, and what may follow it in the same word. */
interface Glued {
  squeezed: string;
  spelled: string;
  /** Whether the rest of the word is something else run into it. */
  splits: (rest: string) => boolean;
}

/** Words after a maker's name on its company line, run into the name by OCR ("WATERITEINC"). */
const COMPANY_WORDS =
  /^(?:INC|LTD|LIMITED|LLC|CORP|CORPORATION|COMPANY|CO|ENTERPRISES|INDUSTRIES|MANUFACTURING|MFG|PRODUCTS|PUMPS|GMBH|SA|AG|WATER|HEATING|ELECTRIC)/;

/** Values shorter than this after a glued label are left whole: "MODELE" is a label, not MODEL + "E". */
const MIN_VALUE_LENGTH = 4;

const squeeze = (text: string): string => text.toUpperCase().replace(/[^A-Z0-9#/]/g, '');

/** Every model and serial label without spaces and dots, longest first so "MODELNUMBER" wins over "MODEL". */
const GLUED: Glued[] = [...IDENTIFIER_LABELS.model, ...IDENTIFIER_LABELS.serial, ...IDENTIFIER_LABELS.glued_spec_labels]
  .map((spelled) => ({ squeezed: squeeze(spelled), spelled, splits: (rest: string) => rest.length >= MIN_VALUE_LENGTH && /\d/.test(rest) }))
  .filter((g) => g.squeezed.length >= 3)
  .sort((a, b) => b.squeezed.length - a.squeezed.length);

/**
 * Splits words where OCR ran a label into its value or its own words together: the recognizer
 * often drops narrow spaces ("MODELNUMBERXG50T06EC38U1"), and the parser finds labels by their
 * words; so are a maker's name and its company words ("A.O.SMITHENTERPRISES"), which hide the
 * brand. The value keeps its part of the word's box, in proportion to its characters.
 */
export function splitGluedLabels(lines: readonly OcrLine[], knownBrands: readonly string[] = []): OcrLine[] {
  const names: Glued[] = knownBrands
    .map((spelled) => ({ squeezed: squeeze(spelled), spelled, splits: (rest: string) => COMPANY_WORDS.test(squeeze(rest)) }))
    .filter((g) => g.squeezed.length >= 4);
  const glued = [...GLUED, ...names].sort((a, b) => b.squeezed.length - a.squeezed.length);
  return lines.map((line) => {
    const words = line.words.flatMap((word) => splitWord(word, glued));
    return words.length === line.words.length ? line : { ...line, words, text: words.map((w) => w.text).join(' ') };
  });
}

function splitWord(word: OcrWord, glued: readonly Glued[]): OcrWord[] {
  const upper = word.text.toUpperCase();
  for (const { squeezed, spelled, splits } of glued) {
    // Match the label's letters at the start of the word, allowing its dots and slashes to be there or not.
    let i = 0;
    let j = 0;
    while (i < upper.length && j < squeezed.length) {
      if (upper[i] === squeezed[j]) {
        i++;
        j++;
      } else if (/[.:\-/# ]/.test(upper[i])) i++;
      else break;
    }
    if (j < squeezed.length) continue;
    while (i < upper.length && /[.:\-#]/.test(upper[i])) i++;
    const rest = word.text.slice(i);
    if (rest === '') {
      // The whole word is the label: give it back its spaces.
      return spelled.includes(' ') ? spacedLabel(word, spelled) : [word];
    }
    if (!splits(rest)) continue;
    const split = word.bbox.x0 + ((word.bbox.x1 - word.bbox.x0) * i) / word.text.length;
    return [
      ...spacedLabel({ ...word, text: word.text.slice(0, i), bbox: { ...word.bbox, x1: split } }, spelled),
      { ...word, text: rest, bbox: { ...word.bbox, x0: split } },
    ];
  }
  return [word];
}

/** The label as the parser spells it, one word per part, sharing the label's box. */
function spacedLabel(word: OcrWord, spelled: string): OcrWord[] {
  const parts = spelled.split(' ');
  const width = (word.bbox.x1 - word.bbox.x0) / parts.length;
  return parts.map((text, k) => ({ ...word, text, bbox: { ...word.bbox, x0: word.bbox.x0 + k * width, x1: word.bbox.x0 + (k + 1) * width } }));
}
