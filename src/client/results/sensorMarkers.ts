/**
 * How the charts mark a point by the instrument that took it, in colour and shape both (so neither
 * colour vision nor print is needed to tell them apart): Landsat 4/5 TM triangles, Landsat 7 ETM+
 * squares, Landsat 8/9 OLI circles. Colours are Okabe-Ito.
 */
export type SensorKey = 'TM' | 'ETM+' | 'OLI/TIRS';

export interface SensorMarker {
  label: string;
  color: string;
  /** Chart.js point style. */
  pointStyle: 'triangle' | 'rect' | 'circle';
  /** The same shape as a character, for legends and tables. */
  glyph: string;
}

export const SENSOR_MARKERS: Record<SensorKey, SensorMarker> = {
  TM: { label: 'Landsat 4/5 TM', color: '#CC79A7', pointStyle: 'triangle', glyph: '▲' },
  'ETM+': { label: 'Landsat 7 ETM+', color: '#009E73', pointStyle: 'rect', glyph: '■' },
  'OLI/TIRS': { label: 'Landsat 8/9 OLI', color: '#0072B2', pointStyle: 'circle', glyph: '●' },
};

const BY_SATELLITE: Record<string, SensorKey> = { 'landsat-4': 'TM', 'landsat-5': 'TM', 'landsat-7': 'ETM+', 'landsat-8': 'OLI/TIRS', 'landsat-9': 'OLI/TIRS' };

/** The point's sensor as the answer names it, else from its satellite (answers of older servers). */
export function sensorKeyOf(point: { sensor?: string; satellite?: string }): SensorKey {
  if (point.sensor === 'TM' || point.sensor === 'ETM+' || point.sensor === 'OLI/TIRS') return point.sensor;
  return BY_SATELLITE[point.satellite ?? ''] ?? 'OLI/TIRS';
}

/** The sensors among the points, oldest instrument first: what the legend lists. */
export function sensorsPresent(points: readonly { sensor?: string; satellite?: string }[]): SensorKey[] {
  const present = new Set(points.map(sensorKeyOf));
  return (['TM', 'ETM+', 'OLI/TIRS'] as const).filter((s) => present.has(s));
}
