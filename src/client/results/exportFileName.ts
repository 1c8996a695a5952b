import type { LngLat } from '../../core/geo/lngLat.js';

/**
 * A download's name from the place and dates, so files from several field days do not collide:
 * `landsat-pixels_45.326700_-79.216500_2024-01-01_2024-12-31.csv` (latitude first, as people say it).
 */
export function exportFileName(kind: string, [lon, lat]: LngLat, startDate: string, endDate: string, extension: string): string {
  const safe = (s: string) => s.replace(/[^0-9A-Za-z.-]/g, '');
  return `landsat-${safe(kind)}_${lat.toFixed(6)}_${lon.toFixed(6)}_${safe(startDate)}_${safe(endDate)}.${extension}`;
}
