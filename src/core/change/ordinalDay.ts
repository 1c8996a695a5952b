/**
 * Python's date.toordinal() (0001-01-01 is day 1), the day count pyccd's dates and models use.
 * Civil-date arithmetic (H. Hinnant's days_from_civil) rather than Date objects: a 40-year series
 * converts thousands of dates per call.
 */
const UNIX_EPOCH_ORDINAL = 719_163;
const MS_PER_DAY = 86_400_000;

const digits = (s: string, from: number, to: number) => {
  let v = 0;
  for (let i = from; i < to; i += 1) v = v * 10 + (s.charCodeAt(i) - 48);
  return v;
};

/** Ordinal day of a YYYY-MM-DD date (validated by the caller's schema). */
export function dateToOrdinal(date: string): number {
  const y0 = digits(date, 0, 4);
  const m = digits(date, 5, 7);
  const d = digits(date, 8, 10);
  const y = m <= 2 ? y0 - 1 : y0;
  const era = Math.floor(y / 400);
  const yoe = y - era * 400;
  const doy = Math.floor((153 * (m + (m > 2 ? -3 : 9)) + 2) / 5) + d - 1;
  const doe = yoe * 365 + Math.floor(yoe / 4) - Math.floor(yoe / 100) + doy;
  // days since 1970-01-01, then Python's ordinal
  return era * 146_097 + doe - 719_468 + UNIX_EPOCH_ORDINAL;
}

export function ordinalToDate(ordinal: number): string {
  return new Date((ordinal - UNIX_EPOCH_ORDINAL) * MS_PER_DAY).toISOString().slice(0, 10);
}
