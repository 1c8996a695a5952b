import { describe, expect, it } from 'vitest';
import { findWrs2Tiles, seedBBoxFromTile } from './wrs2.js';
import { pathRowOfSceneBox } from './sceneBoxPathRow.js';

describe('pathRowOfSceneBox', () => {
  it('finds the path/row of every tile holding a point from its seed box, the second tile too', () => {
    // The seed's default point lies where two rows overlap.
    const tiles = findWrs2Tiles([-79.2165, 45.3267]);
    expect(tiles.length).toBe(2);
    for (const t of tiles) expect(pathRowOfSceneBox(seedBBoxFromTile(t))).toEqual({ path: t.path, row: t.row });
  });

  it('survives the round trip through the query string', () => {
    const b = seedBBoxFromTile(findWrs2Tiles([2.35, 48.85])[0]);
    const sent = { minLon: Number(String(b.minLon)), maxLon: Number(String(b.maxLon)), minLat: Number(String(b.minLat)), maxLat: Number(String(b.maxLat)) };
    expect(pathRowOfSceneBox(sent)).not.toBeNull();
  });

  it('answers null for any other box (a square around the point, a slightly moved scene box)', () => {
    expect(pathRowOfSceneBox({ minLon: -79.3, maxLon: -79.1, minLat: 45.2, maxLat: 45.4 })).toBeNull();
    const b = seedBBoxFromTile(findWrs2Tiles([-79.2165, 45.3267])[0]);
    expect(pathRowOfSceneBox({ ...b, minLon: b.minLon + 0.01 })).toBeNull();
  });
});
