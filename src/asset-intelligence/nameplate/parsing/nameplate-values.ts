import { repairNumber } from './ocr-confusions';

/** Refrigerants printed on residential equipment, digits and suffix as after the "R-". */
const REFRIGERANTS = new Set(['410A', '22', '454B', '32', '407C', '134A', '600A', '290', '404A', '448A', '449A', '513A', '1234YF', '744', '12', '502']);

const MONTHS = ['JAN', 'FEB', 'MAR', 'APR', 'MAY', 'JUN', 'JUL', 'AUG', 'SEP', 'OCT', 'NOV', 'DEC'];

/** First number of a text, OCR look-alikes repaired ("l4,1 A" → "14.1"). */
export function firstNumber(text: string): string | undefined {
  for (const token of text.split(/[\s:=()]+/)) {
    const fixed = repairNumber(token.replace(/^[#-]+|[.,;A]+$/g, ''));
    if (fixed) return fixed;
  }
  return undefined;
}

/** A number within a range, as a string ("73.0" stays "73.0"). */
export function numberIn(text: string, min: number, max: number): string | undefined {
  const n = firstNumber(text);
  return n !== undefined && Number(n) >= min && Number(n) <= max ? n : undefined;
}

/** Rated voltage: "208/230", "208-230 V" → "208/230"; "115" → "115". */
export function parseVoltage(text: string): string | undefined {
  const m = /^[\s:]*([0-9OIlS]{3})(?:\s*[/-]\s*([0-9OIlS]{3}))?(?![\d.])/.exec(text);
  if (!m) return undefined;
  const volts = [m[1], m[2]].filter((v): v is string => !!v).map((v) => repairNumber(v));
  if (volts.some((v) => !v || Number(v) < 100 || Number(v) > 600)) return undefined;
  return volts.join('/');
}

/** Phase: "1", "3", "single", "three" → "1" or "3". */
export function parsePhase(text: string): string | undefined {
  const upper = text.toUpperCase().trim();
  if (/^SINGLE/.test(upper)) return '1';
  if (/^THREE/.test(upper)) return '3';
  const m = /^[\s:]*([13Il|])(?![\d.])/.exec(text);
  return m ? (m[1] === '3' ? '3' : '1') : undefined;
}

/** Mains frequency: "60" or "50". */
export function parseHz(text: string): string | undefined {
  const m = /^[\s:]*([56][0O])(?![\d.])/.exec(text);
  return m ? repairNumber(m[1]) : undefined;
}

/** Combined "208/230-1-60", "115/1/60", "460-3-60" → voltage, phase, hertz. */
export function parseVoltsPhaseHz(text: string): { voltage: string; phase: string; hz: string } | undefined {
  const m = /(?<![\d.])(\d{3}(?:\s*\/\s*\d{3}|-\d{3}(?=\s*\/))?)\s*[/-]\s*([13])\s*[/-]\s*([56]0)(?![\d.])/.exec(text);
  const voltage = m ? parseVoltage(m[1]) : undefined;
  return m && voltage ? { voltage, phase: m[2], hz: m[3] } : undefined;
}

/** Refrigerant designation anywhere in the text: "R-41OA", "R410A", "HFC-410A" → "R-410A". */
export function findRefrigerant(text: string): { value: string; index: number; end: number } | undefined {
  for (const m of text.matchAll(/(?<![A-Z0-9])(?:R|HFC|HCFC|HFO)\s?-?\s?([0-9OIlSZB][0-9A-Za-z|]{1,5})(?![A-Za-z0-9])/gi)) {
    const body = m[1].toUpperCase();
    // The number may end in a letter that is also a digit look-alike (R-454B): try each split.
    for (const suffix of ['', 'A', 'B', 'C', 'YF']) {
      if (!body.endsWith(suffix)) continue;
      const digits = repairNumber(body.slice(0, body.length - suffix.length).replace(/Z/g, '2'));
      if (digits && REFRIGERANTS.has(digits + suffix)) return { value: `R-${digits}${suffix}`, index: m.index ?? 0, end: (m.index ?? 0) + m[0].length };
    }
  }
  return undefined;
}

/** Refrigerant charge: "7 LBS 10 OZ" → "7 lb 10 oz"; "4.2 OZ" → "4.2 oz"; "3.2 KG" → "3.2 kg". */
export function parseCharge(text: string): string | undefined {
  const upper = text.toUpperCase();
  const pounds = /(?<![\d.])([\dOIl]+(?:[.,]\d+)?)\s*(?:LBS?|#)\.?(?:\s*[-,]?\s*([\dOIl]+(?:[.,]\d+)?)\s*OZ)?/.exec(upper);
  if (pounds) {
    const lb = repairNumber(pounds[1]);
    const oz = pounds[2] ? repairNumber(pounds[2]) : undefined;
    if (lb) return oz ? `${lb} lb ${oz} oz` : `${lb} lb`;
  }
  const metric = /(?<![\d.])([\dOIl]+(?:[.,]\d+)?)\s*(OZ|KG|G)(?![A-Z])/.exec(upper);
  const amount = metric ? repairNumber(metric[1]) : undefined;
  return metric && amount ? `${amount} ${metric[2].toLowerCase()}` : undefined;
}

/** BTU per hour: "80,000", "80.000", "36 000 BTU/H" → "80000"; refuses numbers under 1,000. */
export function parseBtu(text: string): string | undefined {
  const m = /(?<![\d.,])(\d{1,3}(?:[,. ]\d{3})+|\d{4,7})(?![\d])/.exec(text.replace(/[Oo](?=\d|[,.]\d)|(?<=\d[,.]?)[Oo]/g, '0'));
  if (!m) return undefined;
  const value = Number(m[1].replace(/[,. ]/g, ''));
  return value >= 1000 && value <= 5_000_000 ? String(value) : undefined;
}

/** A month/year or full date, normalized to "YYYY-MM", "YYYY-MM-DD" or "YYYY"; undefined when not a plausible past date. */
export function parseDate(text: string, currentYear: number): string | undefined {
  const upper = text.toUpperCase().replace(/[Oo](?=\d)|(?<=\d)[Oo]/g, '0');
  const year = (y: string): number | undefined => {
    const n = y.length === 2 ? (Number(y) <= currentYear % 100 ? 2000 : 1900) + Number(y) : Number(y);
    return n >= 1950 && n <= currentYear ? n : undefined;
  };
  const month = (m: string | number): string | undefined => {
    const n = typeof m === 'number' ? m : Number(m);
    return n >= 1 && n <= 12 ? String(n).padStart(2, '0') : undefined;
  };
  const compose = (y?: number, m?: string, d?: string): string | undefined =>
    y === undefined ? undefined : [String(y), m, d].filter((p) => p !== undefined).join('-');
  let m: RegExpExecArray | null;
  if ((m = /(?<!\d)(\d{4})[/.-](\d{1,2})(?:[/.-](\d{1,2}))?(?!\d)/.exec(upper))) {
    const mm = month(m[2]);
    return mm ? compose(year(m[1]), mm, m[3] && Number(m[3]) <= 31 ? m[3].padStart(2, '0') : undefined) : undefined;
  }
  if ((m = /(?<!\d)(\d{1,2})[/.-](\d{1,2})[/.-](\d{4}|\d{2})(?!\d)/.exec(upper))) {
    const mm = month(m[1]);
    return mm && Number(m[2]) <= 31 ? compose(year(m[3]), mm, m[2].padStart(2, '0')) : undefined;
  }
  if ((m = /(?<!\d)(\d{1,2})\s?[/.-]\s?(\d{4}|\d{2})(?!\d)/.exec(upper))) {
    const mm = month(m[1]);
    return mm ? compose(year(m[2]), mm) : undefined;
  }
  if ((m = /(?<![A-Z])(JAN|FEB|MAR|APR|MAY|JUN|JUL|AUG|SEP|OCT|NOV|DEC)[A-Z]*\.?[\s,/-]*(\d{4}|\d{2})(?!\d)/.exec(upper))) {
    return compose(year(m[2]), month(MONTHS.indexOf(m[1]) + 1));
  }
  if ((m = /^[\s:]*(\d{4})(?!\d)/.exec(upper))) return compose(year(m[1]));
  return undefined;
}

/** Gas an appliance burns: "natural" or "lp", preferring a "for use with" statement over a passing mention. */
export function findGasType(text: string): { value: 'natural' | 'lp'; raw: string; stated: boolean } | undefined {
  const upper = text.toUpperCase();
  const natural = /NATURAL\s*GAS|NAT\.?\s*GAS|GAS\s*[:-]?\s*NATURAL/;
  const lp = /\bL\.?\s?P\.?\s*(?:G\b|GAS)|\bLPG\b|PROPANE|LIQUEFIED\s*PETROLEUM/;
  const stated = /(?:FOR\s*USE\s*WITH|GAS\s*TYPE|TYPE\s*OF\s*GAS|FUEL)\s*[:-]?\s*([^\n]{0,40})/.exec(upper);
  if (stated) {
    // The statement ends at a column gap; the next column is another field.
    const [raw] = stated[0].trim().split(/\s{2,}/);
    if (natural.test(raw)) return { value: 'natural', raw, stated: true };
    if (lp.test(raw) || /(?:WITH|TYPE|GAS|FUEL)\s*[:-]?\s*L\.?P\b/.test(raw)) return { value: 'lp', raw, stated: true };
  }
  const n = natural.exec(upper);
  const l = lp.exec(upper);
  if (n && (!l || n.index <= l.index)) return { value: 'natural', raw: n[0], stated: false };
  if (l) return { value: 'lp', raw: l[0], stated: false };
  return undefined;
}

/**
 * The identifier at the start of a value: the first word, joined with following words when OCR
 * split it ("24ACC 636A003"), but not with words that are clearly something else.
 */
export function identifierText(segment: string): string | undefined {
  const words = segment
    .split(/\s+/)
    .map((w) => w.replace(/^[:#.=-]+|[.,;:]+$/g, ''))
    .filter(Boolean);
  if (words.length === 0 || !isIdentifierWord(words[0])) return undefined;
  // A word without digits only starts an identifier as a split-off prefix ("Q 101412345").
  if (!/\d/.test(words[0]) && (words[0].length > 2 || !/\d/.test(words[1] ?? ''))) return undefined;
  let value = words[0];
  for (const next of words.slice(1, 3)) {
    const split = value.length < 6 || (next.length <= 4 && value === words[0]);
    if (!split || !isIdentifierWord(next) || !/\d/.test(next) || UNIT_WORD.test(next) || value.length + next.length > 20) break;
    value += next;
  }
  // A rating ("208/230", "460-3-60") printed where a column of values continues is not an identifier.
  if (/^\d{3}[/-]\d{1,3}(?:[/-]\d{2})?$/.test(value)) return undefined;
  return value.length >= 4 ? value : undefined;
}

/** A number with a unit ("115V", "60HZ", "6.5A"): the next field, not the rest of an identifier. */
const UNIT_WORD = /^[\d.]+(?:V|VAC|HZ|PH|A|AMPS?|W|KW|LBS?|OZ|KG|GAL|TONS?|PSI|PSIG|F|C)$/i;

function isIdentifierWord(word: string): boolean {
  return /^[A-Za-z0-9|!$][A-Za-z0-9|!$/-]*$/.test(word) && word.length <= 20;
}
