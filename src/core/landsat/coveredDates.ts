import type { LandsatScene } from '../stac/landsatScene.js';

/** Which acquisition dates an answer really covers (inclusive, YYYY-MM-DD). */
export interface CoveredDates {
  /** First day covered: the requested start, or the oldest kept scene's day when the limit cut older ones. */
  coveredStartDate: string;
  /** Last day covered: the requested end (the newest scenes are always kept). */
  coveredEndDate: string;
}

/**
 * When more scenes qualify than the limit, the catalogs keep the newest (a person wants the latest),
 * so the answer covers from the oldest kept scene's day to the end of the range. Saying so lets the
 * page and the CSVs name the exact dates and how to reach the rest (end the range the day before).
 */
export function coveredDates(found: { scenes: readonly Pick<LandsatScene, 'datetime'>[]; truncated: boolean }, range: { startDate: string; endDate: string }): CoveredDates {
  if (!found.truncated || found.scenes.length === 0) return { coveredStartDate: range.startDate, coveredEndDate: range.endDate };
  const oldest = found.scenes.reduce((min, s) => (s.datetime < min ? s.datetime : min), found.scenes[0].datetime);
  return { coveredStartDate: oldest.slice(0, 10), coveredEndDate: range.endDate };
}
