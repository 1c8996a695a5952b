import { formatInputDate } from './dateWords.js';
import { LEVEL2_RECORD_START } from '../../core/bands/missions.js';

/**
 * Why a date range cannot be searched, or null when it can. Dates are YYYY-MM-DD, so text order is
 * date order; messages write them as the date inputs show them (the browser's locale). Every archive,
 * the synthetic demo included, holds Landsat 4-9 from the first Level-2 day (1982-08-22).
 */
export function dateRangeProblem(startDate: string, endDate: string, locale?: string | string[]): string | null {
  if (!startDate || !endDate) return 'Start Date and End Date are both required.';
  const show = (day: string) => formatInputDate(day, locale);
  if (startDate > endDate) return `Start Date (${show(startDate)}) is after End Date (${show(endDate)}); pick a start on or before the end.`;
  if (endDate < LEVEL2_RECORD_START) {
    return `The range ${show(startDate)} to ${show(endDate)} ends before the first Landsat Level-2 scenes (Landsat 4 TM, ${show(LEVEL2_RECORD_START)}). Pick an End Date on or after ${show(LEVEL2_RECORD_START)}.`;
  }
  return null;
}
