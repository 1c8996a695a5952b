const isoDate = /\b(\d{4})-(\d{2})-(\d{2})\b/g;

/**
 * A YYYY-MM-DD day written as a date input shows it in this browser's locale ("03/18/2013" in en-US,
 * "18/03/2013" in en-GB, "18.03.2013" in de): numeric day, month and year in the locale's order.
 */
export function formatInputDate(isoDay: string, locale?: string | string[]): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(isoDay);
  if (!m) return isoDay;
  const utc = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
  return new Intl.DateTimeFormat(locale, { year: 'numeric', month: '2-digit', day: '2-digit', timeZone: 'UTC' }).format(utc);
}

/** Every YYYY-MM-DD day in a message (e.g. the server's "No Landsat scene covers … between …") as the inputs show it. */
export function localizeIsoDates(message: string, locale?: string | string[]): string {
  return message.replace(isoDate, (day) => formatInputDate(day, locale));
}

/** A day in the local calendar as YYYY-MM-DD (what a date input's value holds). */
export function toIsoDay(date: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** The last 12 months up to today: what the date inputs start with. */
export function lastTwelveMonths(today: Date): { startDate: string; endDate: string } {
  const start = new Date(today.getFullYear(), today.getMonth() - 12, today.getDate());
  // 29 February minus a year has no day 29: JavaScript rolls over to 1 March, which is right here.
  return { startDate: toIsoDay(start), endDate: toIsoDay(today) };
}

/** The page's first date range: a link's dates win, each missing one is taken from the last 12 months. */
export function initialDateRange(url: { startDate?: string; endDate?: string }, today = new Date()): { startDate: string; endDate: string } {
  const fallback = lastTwelveMonths(today);
  return { startDate: url.startDate ?? fallback.startDate, endDate: url.endDate ?? fallback.endDate };
}
