import type { LandsatDataEntry } from '../../shared/api/landsatData.js';

/** What a time chart needs of an entry: the scene and its band statistics (a landsatData entry, or an area scene put in that form). */
export interface TimeChartEntry {
  scene?: { id: string; satellite: string; sensor?: string; datetime: string };
  outputs?: LandsatDataEntry['outputs'];
}

/** One scene's statistics of one band, as the time chart and its table show them. */
export interface TimePoint {
  /** Acquisition time, ms since 1970 (UTC). */
  t: number;
  datetime: string;
  sceneId: string;
  satellite: string;
  /** TM, ETM+ or OLI/TIRS, as the answer names it. */
  sensor?: string;
  /** Mean and population standard deviation over the clear pixels, in the band's unit; null when none was clear. */
  mean: number | null;
  stDev: number | null;
  /** Clear pixels / all pixels of the area (0-1); fill, cloud and shadow count as not clear. */
  clearFraction: number;
  /** Less than `CLOUDY_BELOW` of the area was clear: greyed or hidden in the chart. */
  cloudy: boolean;
}

/** A scene whose area is less than half clear is called cloudy: its mean stands on few pixels. */
export const CLOUDY_BELOW = 0.5;

/**
 * Clear share of what the scene imaged in the area (its fill outside the footprint left out, so a
 * scene that only grazes the box is not called cloudy), or 0 when it imaged none of it.
 */
export function clearFraction(stats: { sampleCount?: number; noDataCount?: number; fillCount?: number } | undefined): number {
  const clear = stats?.sampleCount ?? 0;
  const total = clear + (stats?.noDataCount ?? 0) - (stats?.fillCount ?? 0);
  return total > 0 ? clear / total : 0;
}

/**
 * The /api/landsatData entries of one band as time points, oldest first, exactly the numbers the API
 * gave (no smoothing, no fill-in): the time chart and its table both draw from this.
 */
export function timeSeriesPoints(entries: readonly TimeChartEntry[], band: string): TimePoint[] {
  const points: TimePoint[] = [];
  for (const entry of entries) {
    const stats = entry.outputs?.data?.bands?.[band]?.stats;
    const scene = entry.scene;
    if (!stats || !scene) continue;
    const t = Date.parse(scene.datetime);
    if (!Number.isFinite(t)) continue;
    const fraction = clearFraction(stats);
    const mean = typeof stats.mean === 'number' && Number.isFinite(stats.mean) ? stats.mean : null;
    const stDev = typeof stats.stDev === 'number' && Number.isFinite(stats.stDev) ? stats.stDev : null;
    points.push({ t, datetime: scene.datetime, sceneId: scene.id, satellite: scene.satellite, sensor: scene.sensor, mean, stDev, clearFraction: fraction, cloudy: fraction < CLOUDY_BELOW });
  }
  return points.sort((a, b) => a.t - b.t);
}
