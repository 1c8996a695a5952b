import type { LngLat } from '../geo/lngLat.js';
import { findWrs2Tiles, wrs2Tile, type Wrs2Tile } from './wrs2.js';
import { landFraction } from '../geo/landMask.js';

/** Samples per footprint side: ~5 km apart, so islands of a few km are found. */
const SAMPLES = 40;
const touches = new Map<number, boolean>();

/**
 * Landsat 8/9 image the daytime WRS-2 path/rows that hold land or coast (the long-term acquisition
 * plan skips open ocean: https://www.usgs.gov/landsat-missions/landsat-acquisition). True when the
 * footprint holds any Natural Earth land.
 */
export function pathRowTouchesLand(path: number, row: number): boolean {
  const key = path * 1000 + row;
  let v = touches.get(key);
  if (v === undefined) {
    const [ul, ur, lr, ll] = wrs2Tile(path, row).polygonLngLat;
    v = false;
    for (let j = 0; j <= SAMPLES && !v; j++) {
      const t = j / SAMPLES;
      for (let i = 0; i <= SAMPLES; i++) {
        const s = i / SAMPLES;
        const lon = (ul[0] * (1 - s) + ur[0] * s) * (1 - t) + (ll[0] * (1 - s) + lr[0] * s) * t;
        const lat = (ul[1] * (1 - s) + ur[1] * s) * (1 - t) + (ll[1] * (1 - s) + lr[1] * s) * t;
        if (landFraction(lon, lat) > 0) {
          v = true;
          break;
        }
      }
    }
    touches.set(key, v);
  }
  return v;
}

export interface ImagingAtPoint {
  /** Daytime WRS-2 tiles containing the point (none beyond the row limits, about 82 degrees north and south). */
  tiles: Wrs2Tile[];
  /** Those Landsat images: with land or coast in them. */
  imagedTiles: Wrs2Tile[];
}

export function imagingAtPoint(lngLat: LngLat): ImagingAtPoint {
  const tiles = findWrs2Tiles(lngLat);
  return { tiles, imagedTiles: tiles.filter((t) => pathRowTouchesLand(t.path, t.row)) };
}
