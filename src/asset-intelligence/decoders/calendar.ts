/** Thursday of an ISO week: the day that fixes the week's month and year. */
export function isoWeekThursday(year: number, week: number): Date {
  const jan4 = new Date(Date.UTC(year, 0, 4));
  const mondayOfWeek1 = new Date(jan4.getTime() - ((jan4.getUTCDay() + 6) % 7) * 86_400_000);
  return new Date(mondayOfWeek1.getTime() + ((week - 1) * 7 + 3) * 86_400_000);
}

/** Number of ISO weeks in a year (52 or 53). */
export function isoWeeksInYear(year: number): number {
  return isoWeekThursday(year, 53).getUTCFullYear() === year ? 53 : 52;
}

/** The representative day of a (possibly partial) date: the week's Thursday, the 15th of the month, or 1 July. */
export function representativeDay(year: number, month: number | null, week: number | null): Date {
  if (week !== null) return isoWeekThursday(year, week);
  if (month !== null) return new Date(Date.UTC(year, month - 1, 15));
  return new Date(Date.UTC(year, 6, 1));
}

/** Years between a date and now, rounded to one decimal. */
export function yearsBetween(from: Date, now: Date): number {
  return Math.round(((now.getTime() - from.getTime()) / (365.2425 * 86_400_000)) * 10) / 10;
}

/** Whether a (possibly partial) date lies after `now`; a month or week in progress is not the future. */
export function isFuture(year: number, month: number | null, week: number | null, now: Date): boolean {
  const nowYear = now.getUTCFullYear();
  if (year !== nowYear) return year > nowYear;
  if (week !== null) return isoWeekThursday(year, week).getTime() - 3 * 86_400_000 > now.getTime();
  if (month !== null) return month > now.getUTCMonth() + 1;
  return false;
}
