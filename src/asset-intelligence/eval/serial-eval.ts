import { createHash } from 'node:crypto';
import { normalizeBrand } from '../decoders/brand-normalizer';
import { resolveManufactureDate } from '../decoders/date-resolver';
import { readSerial } from '../decoders/serial-decoder';
import { loadAssetKnowledge } from '../knowledge/knowledge.loader';
import examplesFile from './serial-examples.json';

/** One published worked example of a serial date code. */
export interface SerialExample {
  /** Serial as published (trailing characters filled in where the source gave only the date characters). */
  serial: string;
  /** Brand named by the source. */
  brand: string;
  /** Year the source gives. */
  year: number;
  /** Month the source gives, when it gives one. */
  month: number | null;
  /** Where the example was published. */
  source: string;
  /** True when the published rule itself cannot decide the year (a repeating code and no other clue). */
  ambiguous?: boolean;
  /** How the example was read or completed. */
  note?: string;
}

/** How one example came out. */
export interface SerialExampleResult {
  example: SerialExample;
  /** Half of the set, fixed by a hash of the serial: tune may be studied, holdout is only measured. */
  split: 'tune' | 'holdout';
  /** Year the service chose; null when it gave none. */
  year: number | null;
  /** Every year the serial could stand for under the brand's formats. */
  candidates: number[];
}

/** Share of unambiguous examples with the exact year, per half. */
export interface SerialEvalFigures {
  scored: number;
  exact: number;
  /** exact / scored, 0-1. */
  accuracy: number;
  misses: SerialExampleResult[];
}

/** The published examples, as stored. */
export const SERIAL_EXAMPLES: SerialExample[] = (examplesFile as { examples: SerialExample[] }).examples;

/**
 * Fixed half of an example: the first byte of the serial's SHA-256, even = tune, odd = holdout.
 * A hash, not the list order, so adding examples never moves old ones between halves.
 */
export function splitOf(serial: string): 'tune' | 'holdout' {
  return createHash('sha256').update(serial.toUpperCase()).digest()[0] % 2 === 0 ? 'tune' : 'holdout';
}

/**
 * Reads one example the way the asset profile does without a model: every decodable serial family of the
 * brand, then the date resolver. The oldest believable age is generous (60 years) because the published
 * examples reach back to the 1960s; the cycle choice is what is measured, not the age limit.
 */
export function evaluateExample(example: SerialExample, now: Date): SerialExampleResult {
  const knowledge = loadAssetKnowledge();
  const brand = normalizeBrand(knowledge, example.brand).brand;
  const families = (brand?.serialFamilies ?? []).filter((id) => knowledge.families.get(id)?.decodable);
  const { readings } = readSerial(knowledge, example.serial, families, now);
  const { date } = resolveManufactureDate(readings, { plausibleMaxAgeYears: 60, now });
  const candidates = [...new Set(readings.map((r) => r.year))].sort((a, b) => b - a);
  return { example, split: splitOf(example.serial), year: date.year, candidates };
}

/** Year accuracy on the unambiguous examples of each half, and the ambiguous ones listed apart. */
export function evaluateSerialExamples(now: Date): { tune: SerialEvalFigures; holdout: SerialEvalFigures; ambiguous: SerialExampleResult[] } {
  const results = SERIAL_EXAMPLES.map((e) => evaluateExample(e, now));
  const figures = (split: 'tune' | 'holdout'): SerialEvalFigures => {
    const scored = results.filter((r) => r.split === split && !r.example.ambiguous);
    const misses = scored.filter((r) => r.year !== r.example.year);
    const exact = scored.length - misses.length;
    return { scored: scored.length, exact, accuracy: scored.length > 0 ? exact / scored.length : 0, misses };
  };
  return { tune: figures('tune'), holdout: figures('holdout'), ambiguous: results.filter((r) => r.example.ambiguous) };
}
