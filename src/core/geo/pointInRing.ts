import type { LngLat } from './lngLat.js';

/**
 * Planar even-odd point-in-polygon test in lon/lat, for a closed or open ring (the test the seed
 * page ran on its footprints). Points exactly on an edge may go either way.
 */
export function pointInRing(point: LngLat, ring: readonly LngLat[]): boolean {
  const [x, y] = point;
  let inside = false;
  for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
    const [xi, yi] = ring[i];
    const [xj, yj] = ring[j];
    if (yi > y !== yj > y && x < ((xj - xi) * (y - yi)) / (yj - yi) + xi) inside = !inside;
  }
  return inside;
}
