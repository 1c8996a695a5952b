import type { BBox } from '../geo/lngLat.js';
import { findWrs2Tiles, seedBBoxFromTile } from './wrs2.js';

/** Degrees: the page sends the box as JavaScript prints the numbers, so a match is exact to far below this. */
const MATCH_TOLERANCE_DEG = 1e-7;

/**
 * The WRS-2 path/row whose seed box (seedBBoxFromTile: the page's "scene box") this box is, or null
 * for any other box. A scene box's statistics then use that path/row's scenes only: scenes of the
 * neighbouring paths and rows overlap the box only in part, and means over different ground would
 * mix in the series.
 */
export function pathRowOfSceneBox(box: BBox): { path: number; row: number } | null {
  const centre: [number, number] = [(box.minLon + box.maxLon) / 2, (box.minLat + box.maxLat) / 2];
  for (const tile of findWrs2Tiles(centre)) {
    const b = seedBBoxFromTile(tile);
    const same =
      Math.abs(b.minLon - box.minLon) < MATCH_TOLERANCE_DEG &&
      Math.abs(b.maxLon - box.maxLon) < MATCH_TOLERANCE_DEG &&
      Math.abs(b.minLat - box.minLat) < MATCH_TOLERANCE_DEG &&
      Math.abs(b.maxLat - box.maxLat) < MATCH_TOLERANCE_DEG;
    if (same) return { path: tile.path, row: tile.row };
  }
  return null;
}
