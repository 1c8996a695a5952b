/**
 * Calendar checks for dates people type. `new Date()` quietly rolls an impossible day forward
 * (2023-02-31 becomes 3 March), so every date an API accepts is checked field by field here first.
 */

const DAYS_IN_MONTH = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

function isLeapYear(year: number): boolean {
  return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
}

/** Whether year, month (1-12) and day name a day of the Gregorian calendar. */
export function isCalendarDay(year: number, month: number, day: number): boolean {
  if (!Number.isInteger(year) || !Number.isInteger(month) || !Number.isInteger(day)) return false;
  if (month < 1 || month > 12 || day < 1) return false;
  const last = month === 2 && isLeapYear(year) ? 29 : DAYS_IN_MONTH[month - 1];
  return day <= last;
}

/** `YYYY-MM-DD` naming a real day (2024-02-29 yes, 2023-02-29 and 2023-02-31 no). */
export function isCalendarDate(value: string): boolean {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  return m !== null && isCalendarDay(Number(m[1]), Number(m[2]), Number(m[3]));
}

/**
 * ISO 8601 date and time with a zone (`2019-01-14T14:30:00Z`, `…+05:30`) whose every field is in
 * range: a real day, hour 00-23, minute and second 00-59, zone offset at most 14:00.
 */
export function isCalendarDateTime(value: string): boolean {
  const m = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2})(?:\.\d+)?)?(Z|[+-](\d{2}):?(\d{2}))$/i.exec(value);
  if (!m || !isCalendarDay(Number(m[1]), Number(m[2]), Number(m[3]))) return false;
  if (Number(m[4]) > 23 || Number(m[5]) > 59 || (m[6] !== undefined && Number(m[6]) > 59)) return false;
  if (m[8] !== undefined && (Number(m[8]) > 14 || Number(m[9]) > 59)) return false;
  return !Number.isNaN(Date.parse(value));
}
