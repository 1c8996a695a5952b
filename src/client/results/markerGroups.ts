import { SENSOR_MARKERS, sensorKeyOf, type SensorMarker } from './sensorMarkers.js';
import { sceneIsSlcOff } from './satelliteWords.js';

/** Grey of points from scenes less than half clear. */
export const CLOUDY_GREY = '#9aa3ad';

/** One look of a point: its sensor's shape, an outline and a fill. */
export interface MarkerGroup<P> {
  pointStyle: SensorMarker['pointStyle'];
  borderColor: string;
  backgroundColor: string;
  points: P[];
}

/**
 * The points split by how they are drawn: their sensor's shape and colour, grey when cloudy, hollow
 * (white inside) when Landsat 7 SLC-off; in the points' order within each group.
 *
 * One dataset a look, not one dataset with a look per point: Chart.js shares a dataset's options
 * between its points only when none is given per point, and resolved them point by point otherwise,
 * ~0.3 s of the browser's main thread over the ten charts of a 40-year record (issue 33's page journey;
 * https://www.chartjs.org/docs/latest/general/performance.html).
 */
export function markerGroups<P extends { satellite?: string; sensor?: string; datetime?: string; cloudy?: boolean }>(points: readonly P[]): MarkerGroup<P>[] {
  const groups = new Map<string, MarkerGroup<P>>();
  for (const p of points) {
    const marker = SENSOR_MARKERS[sensorKeyOf(p)];
    const hollow = sceneIsSlcOff(p);
    const borderColor = p.cloudy ? CLOUDY_GREY : marker.color;
    const backgroundColor = hollow ? '#ffffff' : borderColor;
    const key = `${marker.pointStyle} ${borderColor} ${backgroundColor}`;
    let group = groups.get(key);
    if (!group) groups.set(key, (group = { pointStyle: marker.pointStyle, borderColor, backgroundColor, points: [] }));
    group.points.push(p);
  }
  return [...groups.values()];
}
