import type { ManufactureDateCandidateDto, ManufactureDateDto } from '../dto/asset-profile.dto';
import { representativeDay, yearsBetween } from './calendar';
import type { SerialReading } from './serial-decoder';

/** What is known besides the serial that helps choose among readings. */
export interface DateContext {
  /** Date printed on the plate, when given. */
  plateDate?: { year: number; month?: number | null } | null;
  /** Production window of the model family, when the model is recognised. */
  modelYears?: { from: number; to: number | null; label: string } | null;
  /** Oldest believable age of this kind of equipment, years. */
  plausibleMaxAgeYears: number;
  /** Today. */
  now: Date;
}

/** The chosen manufacture date with the readings considered, and the warnings the choice raised. */
export interface ResolvedDate {
  /** Date as the profile reports it. */
  date: ManufactureDateDto;
  /** Conflicts and doubts for the profile's warnings. */
  warnings: string[];
}

/** The reason of a reading as plausible as the chosen one, set aside only because the newest is assumed. */
const OLDER_PLAUSIBLE_READING = 'Not chosen: older reading; the most recent plausible reading is preferred';

/**
 * The other years a profile's serial fits as plausibly as the one chosen (a 10-year code cycle
 * read as 2025 also fits 2015), newest first; none when the date is not in doubt.
 */
export function otherPlausibleYears(date: { candidates: ReadonlyArray<{ year: number; reason: string }> }): number[] {
  return [...new Set(date.candidates.filter((c) => c.reason === OLDER_PLAUSIBLE_READING).map((c) => c.year))];
}

const UNKNOWN_DATE: ManufactureDateDto = { year: null, month: null, week: null, confidence: 0, rule: null, candidates: [] };

/** Chooses a manufacture date: the plate date wins, then the model family's years, then the most recent plausible reading. */
export function resolveManufactureDate(allReadings: SerialReading[], ctx: DateContext): ResolvedDate {
  // Two formats that read the same date (a Daikin serial under Daikin's and Goodman's layouts) are
  // one reading, not a choice between two: it is listed and judged once, under the first format.
  const readings = allReadings.filter((r, i) => allReadings.findIndex((o) => o.year === r.year && o.month === r.month) === i);
  const plate = ctx.plateDate && Number.isInteger(ctx.plateDate.year) ? ctx.plateDate : null;
  const plateMonth = plate?.month && plate.month >= 1 && plate.month <= 12 ? plate.month : null;
  const fromPlate = (confidence: number, candidates: ManufactureDateCandidateDto[]): ManufactureDateDto => ({
    year: plate!.year,
    month: plateMonth,
    week: null,
    confidence,
    rule: 'Printed on the data plate',
    candidates,
  });
  if (readings.length === 0) return { date: plate ? fromPlate(0.95, []) : { ...UNKNOWN_DATE }, warnings: [] };

  const warnings: string[] = [];
  const reasons = new Map<SerialReading, string>();
  const ageOf = (r: SerialReading): number => yearsBetween(representativeDay(r.year, r.month, r.week), ctx.now);
  const sorted = [...readings].sort((a, b) => b.year - a.year || (b.month ?? 0) - (a.month ?? 0));
  const plausible = sorted.filter((r) => {
    if (ageOf(r) <= ctx.plausibleMaxAgeYears) return true;
    reasons.set(r, `Not chosen: would make the unit ${Math.floor(ageOf(r))} years old, beyond a plausible ${ctx.plausibleMaxAgeYears}`);
    return false;
  });
  const toCandidates = (chosen: SerialReading | null): ManufactureDateCandidateDto[] =>
    sorted.map((r) => ({ year: r.year, month: r.month, reason: reasons.get(r) ?? (r === chosen ? 'Chosen' : 'Not chosen') }));
  const dateOf = (r: SerialReading, confidence: number): ManufactureDateDto => ({
    year: r.year,
    month: r.month,
    week: r.week,
    confidence: Math.round(confidence * 100) / 100,
    rule: r.rule,
    candidates: toCandidates(r),
  });

  if (plate) {
    const nearest = [...sorted].sort((a, b) => Math.abs(a.year - plate.year) - Math.abs(b.year - plate.year) || b.year - a.year)[0];
    if (Math.abs(nearest.year - plate.year) <= 1) {
      for (const r of sorted) if (r !== nearest) reasons.set(r, `Not chosen: the plate date ${plate.year} rules it out`);
      reasons.set(nearest, `Chosen: agrees with the plate date ${plate.year}`);
      return { date: dateOf(nearest, Math.min(0.98, nearest.confidence + 0.08)), warnings };
    }
    for (const r of sorted) reasons.set(r, `Not chosen: disagrees with the plate date ${plate.year}`);
    warnings.push(
      `Serial date conflict: the serial reads ${describe(sorted)} but the plate says ${plate.year}; the plate date is used. Check that the serial belongs to this unit.`,
    );
    return { date: fromPlate(0.85, toCandidates(null)), warnings };
  }

  let pool = plausible;
  let why = '';
  let family: { from: number; to: number; label: string; window: string } | undefined;
  if (ctx.modelYears && pool.length > 0) {
    const { from, to, label } = ctx.modelYears;
    const window = `${from}-${to ?? 'today'}`;
    const inWindow = pool.filter((r) => r.year >= from - 1 && r.year <= (to ?? ctx.now.getUTCFullYear()) + 1);
    if (inWindow.length > 0 && inWindow.length < pool.length) {
      for (const r of pool) if (!inWindow.includes(r)) reasons.set(r, `Not chosen: outside the years the model family (${label}) was made, ${window}`);
      pool = inWindow;
      family = { from, to: to ?? ctx.now.getUTCFullYear(), label, window };
      why = `the model family (${label}) was made ${window}`;
    } else if (inWindow.length === 0) {
      // The serial's code reads a year the model did not exist in (a reused year code, a misread
      // serial, or a serial from another unit): stating that year would be stating a wrong age.
      for (const r of pool) reasons.set(r, `Not chosen: outside the years the model family (${label}) was made, ${window}`);
      warnings.push(
        `Serial date conflict: the serial reads ${describe(pool)}, but the model family (${label}) was made ${window}; the manufacture year is left unknown. Check the serial against the unit, or read the date on the plate.`,
      );
      return { date: { ...UNKNOWN_DATE, candidates: toCandidates(null) }, warnings };
    }
  }

  if (pool.length === 0) {
    const oldest = sorted[0];
    warnings.push(`Every reading of the serial (${describe(sorted)}) makes the unit older than plausible; the date is doubtful.`);
    reasons.set(oldest, 'Chosen with low confidence: every reading is older than plausible');
    return { date: dateOf(oldest, 0.2), warnings };
  }
  const chosen = pool[0];
  // A reading a year outside the family's years is kept (production dates straddle a model change),
  // but is not said to fall inside them: "the model family was made 1980-2004" beside 2005 reads as a mistake.
  if (family && (chosen.year < family.from || chosen.year > family.to))
    why = `the nearest reading to the years the model family (${family.label}) was made, ${family.window}`;
  const rivals = pool.slice(1).filter((r) => r.year !== chosen.year);
  for (const r of pool.slice(1)) reasons.set(r, rivals.length > 0 ? OLDER_PLAUSIBLE_READING : 'Not chosen: older reading; same year');
  if (rivals.length === 0) {
    const ruledOut = sorted.length > 1;
    reasons.set(
      chosen,
      why
        ? `Chosen: ${why}`
        : ruledOut
          ? 'Chosen: the only reading that is neither in the future nor beyond a plausible age'
          : 'Chosen: the only reading of this serial',
    );
    return { date: dateOf(chosen, chosen.confidence), warnings };
  }
  const years = [chosen, ...rivals].map((r) => r.year);
  const cycle = chosen.cycleYears ? ` (${chosen.cycleYears}-year code cycle)` : ' (several formats match)';
  reasons.set(chosen, `Chosen: most recent plausible reading${why ? `; ${why}` : ''}`);
  warnings.push(
    `Ambiguous date code${cycle}: the serial fits ${years.join(', ')}; ${chosen.year} was assumed as the most recent plausible year. Confirm with the plate date or installation records.`,
  );
  return { date: dateOf(chosen, Math.min(0.55, chosen.confidence * 0.6)), warnings };
}

function describe(readings: SerialReading[]): string {
  return [...new Set(readings.map((r) => (r.month ? `${String(r.month).padStart(2, '0')}/${r.year}` : String(r.year))))].join(' or ');
}
