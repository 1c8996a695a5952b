import { LANDSAT_8_FIRST_DATE, formatInputDate } from './dateWords.js';
import { LEVEL2_RECORD_START } from '../../core/bands/missions.js';

/**
 * Why a date range cannot be searched, or null when it can. Dates are YYYY-MM-DD, so text order is
 * date order; messages write them as the date inputs show them (the browser's locale). A real archive
 * holds Landsat 4-9 from 1982 (`allMissions`); the synthetic demo archive Landsat 8 and 9 only.
 */
export function dateRangeProblem(startDate: string, endDate: string, locale?: string | string[], archive: { allMissions?: boolean } = {}): string | null {
  if (!startDate || !endDate) return 'Start Date and End Date are both required.';
  const show = (day: string) => formatInputDate(day, locale);
  if (startDate > endDate) return `Start Date (${show(startDate)}) is after End Date (${show(endDate)}); pick a start on or before the end.`;
  if (archive.allMissions) {
    if (endDate < LEVEL2_RECORD_START) {
      return `The range ${show(startDate)} to ${show(endDate)} ends before the first Landsat Level-2 scenes (Landsat 4 TM, ${show(LEVEL2_RECORD_START)}). Pick an End Date on or after ${show(LEVEL2_RECORD_START)}.`;
    }
    return null;
  }
  if (endDate < LANDSAT_8_FIRST_DATE) {
    return `The range ${show(startDate)} to ${show(endDate)} ends before Landsat 8's first scenes (${show(LANDSAT_8_FIRST_DATE)}): only Landsat 8 and 9 are searched. Pick an End Date on or after ${show(LANDSAT_8_FIRST_DATE)}.`;
  }
  return null;
}
