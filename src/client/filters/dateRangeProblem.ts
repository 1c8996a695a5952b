import { LANDSAT_8_FIRST_DATE, formatInputDate } from './dateWords.js';

/**
 * Why a date range cannot be searched, or null when it can. Dates are YYYY-MM-DD, so text order is
 * date order; messages write them as the date inputs show them (the browser's locale).
 */
export function dateRangeProblem(startDate: string, endDate: string, locale?: string | string[]): string | null {
  if (!startDate || !endDate) return 'Start Date and End Date are both required.';
  const show = (day: string) => formatInputDate(day, locale);
  if (startDate > endDate) return `Start Date (${show(startDate)}) is after End Date (${show(endDate)}); pick a start on or before the end.`;
  if (endDate < LANDSAT_8_FIRST_DATE) {
    return `The range ${show(startDate)} to ${show(endDate)} ends before Landsat 8's first scenes (${show(LANDSAT_8_FIRST_DATE)}): only Landsat 8 and 9 are searched. Pick an End Date on or after ${show(LANDSAT_8_FIRST_DATE)}.`;
  }
  return null;
}
