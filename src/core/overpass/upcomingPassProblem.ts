import type { LngLat } from '../geo/lngLat.js';
import { predictOverpasses } from './overpass.js';

/** How far ahead a new subscription must have a pass: two 16-day WRS-2 cycles. */
export const UPCOMING_PASS_DAYS = 32;

/**
 * Why a point cannot be watched, or null when Landsat 8 or 9 passes over it within `days`. Points
 * no WRS-2 descending (daytime) scene covers, e.g. beyond about 82.6° N or S, never get a pass, and a
 * subscription there would only ever send its confirmation.
 */
export function upcomingPassProblem(lngLat: LngLat, now: Date, days = UPCOMING_PASS_DAYS): string | null {
  if (predictOverpasses(lngLat, now, days).length > 0) return null;
  const [lon, lat] = lngLat;
  return `No Landsat 8 or 9 daytime scene covers ${lat.toFixed(4)}, ${lon.toFixed(4)} in the next ${days} days (the satellites image land up to about 82.6° north and south), so there is no pass to announce. Pick a point closer to the equator.`;
}
