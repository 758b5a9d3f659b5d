import type { AssetKnowledge } from '../knowledge/knowledge.loader';
import type { SerialFormat } from '../knowledge/knowledge.types';
import { isFuture, isoWeekThursday, isoWeeksInYear } from './calendar';

/** One way a serial can be read: a format and one of the years its code stands for. */
export interface SerialReading {
  /** Format that matched. */
  formatId: string;
  /** Family of the format. */
  family: string;
  /** Human description of the rule. */
  rule: string;
  /** Year of manufacture under this reading. */
  year: number;
  /** Month, given or derived from the week. */
  month: number | null;
  /** ISO week, when the format encodes it. */
  week: number | null;
  /** Base confidence of the format, 0-1. */
  confidence: number;
  /** Cycle of the year code in years (10, 12, 20, 21, 100); null when it never repeats. */
  cycleYears: number | null;
}

/** Every reading of a serial under the given families, and why formats that looked close were rejected. */
export interface SerialReadings {
  /** The serial as compared: upper case, spaces, dashes, dots and slashes removed. */
  normalized: string;
  /** Readings not in the future, within each format's era. */
  readings: SerialReading[];
  /** Why a format that matched the layout gave no date (invalid week, month...). */
  rejections: string[];
}

/** The serial as compared: upper case without spaces, dashes, dots or slashes. */
export function normalizeSerial(raw: string | null | undefined): string {
  return (raw ?? '').toUpperCase().replace(/[\s\-./_]+/g, '');
}

/** All readings of a serial under the formats of the given families, as of `now`. */
export function readSerial(knowledge: AssetKnowledge, raw: string | null | undefined, familyIds: string[], now: Date): SerialReadings {
  const normalized = normalizeSerial(raw);
  const readings: SerialReading[] = [];
  const rejections: string[] = [];
  if (!normalized) return { normalized, readings, rejections };
  for (const familyId of familyIds) {
    for (const format of knowledge.formatsByFamily.get(familyId) ?? []) {
      const match = format.pattern.exec(normalized);
      if (!match?.groups) continue;
      const result = readFormat(knowledge, format, match.groups, now);
      if (typeof result === 'string') rejections.push(`${format.label}: ${result}`);
      else readings.push(...result);
    }
  }
  return { normalized, readings, rejections };
}

function readFormat(knowledge: AssetKnowledge, format: SerialFormat, groups: Record<string, string | undefined>, now: Date): SerialReading[] | string {
  const code = format.year.groups.map((g) => groups[g] ?? '').join('');
  let anchor: number;
  let cycle: number | null;
  if (format.year.code === 'yy' || format.year.code === 'y') {
    anchor = 1900 + Number(code);
    cycle = format.year.code === 'yy' ? 100 : 10;
  } else {
    const table = knowledge.yearTables.get(format.year.code)!;
    const first = table.values.get(code);
    if (first === undefined) return `"${code}" is not a year code`;
    [anchor, cycle] = [first, table.cycleYears];
  }
  let month: number | null = null;
  if (format.month) {
    const text = groups[format.month.group] ?? '';
    month = format.month.code === 'mm' ? Number(text) : (knowledge.monthTables.get(format.month.code)!.values.get(text) ?? NaN);
    if (!Number.isInteger(month) || month < 1 || month > 12) return `"${text}" is not a valid month`;
  }
  let week: number | null = null;
  if (format.week) {
    week = Number(groups[format.week.group]);
    if (!Number.isInteger(week) || week < 1 || week > 53) return `week ${groups[format.week.group]} is not a valid week (01-53)`;
  }
  const lastYear = Math.min(format.eraTo ?? Infinity, now.getUTCFullYear());
  const years: number[] = [];
  if (cycle === null) years.push(anchor);
  else for (let y = anchor - cycle * Math.ceil((anchor - format.eraFrom) / cycle); y <= lastYear; y += cycle) years.push(y);
  const out: SerialReading[] = [];
  for (const year of years) {
    if (year < format.eraFrom || year > lastYear) continue;
    if (format.gaps.some(([from, to]) => year >= from && year <= to)) continue;
    if (week === 53 && isoWeeksInYear(year) < 53) continue;
    const readMonth = month ?? (week !== null ? isoWeekThursday(year, week).getUTCMonth() + 1 : null);
    if (isFuture(year, readMonth, week, now)) continue;
    out.push({
      formatId: format.id,
      family: format.family,
      rule: format.label,
      year,
      month: readMonth,
      week,
      confidence: format.confidence,
      cycleYears: cycle === 100 ? null : cycle,
    });
  }
  return out.length > 0 ? out : `no year within the format's era (${format.eraFrom}-${format.eraTo ?? 'today'}) that is not in the future`;
}
