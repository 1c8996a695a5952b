/** Python's date.toordinal() (0001-01-01 is day 1), the day count pyccd's dates and models use. */
const UNIX_EPOCH_ORDINAL = 719_163;
const MS_PER_DAY = 86_400_000;

export function dateToOrdinal(date: string): number {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const t = new Date(0);
  t.setUTCFullYear(y, m - 1, d);
  return Math.round(t.getTime() / MS_PER_DAY) + UNIX_EPOCH_ORDINAL;
}

export function ordinalToDate(ordinal: number): string {
  return new Date((ordinal - UNIX_EPOCH_ORDINAL) * MS_PER_DAY).toISOString().slice(0, 10);
}
