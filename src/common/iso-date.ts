/**
 * The ISO-8601 forms the service reads: a calendar date, optionally with a time (a space may stand
 * for the T) and an offset. Week dates ("2026-W01"), ordinal dates ("2026-075") and the basic
 * format ("20260314") are valid ISO-8601 but are not read, so they are refused at validation
 * instead of becoming an unreadable date when the row is stored.
 */
const CALENDAR_DATE_TIME = /^\d{4}-\d{2}-\d{2}(?:[T ]\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}(?::?\d{2})?)?)?$/i;

/**
 * Reads an ISO-8601 date or date-time (already validated) as an instant. A date-time without an
 * offset is UTC, as a plain date is in JavaScript; the space form ("2026-01-02 14:00") is the same
 * as the T form. Without this, JavaScript would read both in the server's own time zone.
 */
export function parseIsoDate(value: string): Date {
  const text = value.trim().replace(/^(\d{4}-\d{2}-\d{2}) (?=\d)/, '$1T');
  const hasTime = /T\d/.test(text);
  const hasOffset = /(Z|[+-]\d{2}(:?\d{2})?)$/i.test(text);
  return new Date(hasTime && !hasOffset ? `${text}Z` : text);
}

/** Whether a text is one of the calendar forms above and reads as a real instant. */
export function isReadableIsoDate(value: string): boolean {
  return CALENDAR_DATE_TIME.test(value.trim()) && !Number.isNaN(parseIsoDate(value).getTime());
}
