/**
 * Reads the pixel under each of many points of one scene, reading each tile of each band once
 * whatever the number of points in it: points are grouped by the tile that holds them and every
 * group is one read of that tile, decoding only its points' rows and columns (cogReader readTileSamples).
 */
import type { ArchiveAssetKey } from '../bands/bandCatalog.js';
import type { LngLat } from '../geo/lngLat.js';
import type { BlockCache } from '../raster/blockCache.js';
import { createByteSourceForHref, type ByteSource } from '../raster/byteSource.js';
import { createCogReader } from '../raster/cogReader.js';
import { sceneGridFromCogGeo } from '../raster/sceneGrid.js';
import { mapWithConcurrency } from '../landsat/mapWithConcurrency.js';

/**
 * Tile windows read at once across the scene's bands. A thousand sites touch most of a scene's ~225
 * tiles in each of 9 files: all at once would ask the archive for 2,000 ranges together (and hold
 * their bytes), and time out behind a slow link.
 */
const TILES_IN_FLIGHT = 32;

export interface ScenePointsOptions {
  cache: BlockCache;
  openSource?: (href: string) => ByteSource;
}

/** Per asset, one DN per point (null outside the raster or at the file's nodata value). */
export type PointDns = Partial<Record<ArchiveAssetKey, (number | null)[]>>;

export async function readScenePoints(
  hrefs: Partial<Record<ArchiveAssetKey, string>>,
  pointsLngLat: readonly LngLat[],
  { cache, openSource = (href) => createByteSourceForHref(href) }: ScenePointsOptions,
  signal?: AbortSignal,
): Promise<PointDns> {
  const out: PointDns = {};
  const sources: ByteSource[] = [];
  try {
    // Open every band, group its sites by tile, then read all the tile windows through one limit.
    const tasks: { tileKey: number; run: () => Promise<void> }[] = [];
    await Promise.all(
      (Object.entries(hrefs) as [ArchiveAssetKey, string][]).map(async ([asset, href]) => {
        const source = openSource(href);
        sources.push(source);
        const reader = await createCogReader(source, { cache, signal });
        const grid = sceneGridFromCogGeo(reader.geo);
        const level = reader.levels[0];
        const values: (number | null)[] = new Array(pointsLngLat.length).fill(null);
        out[asset] = values;
        const byTile = new Map<number, { index: number; col: number; row: number }[]>();
        pointsLngLat.forEach((lngLat, index) => {
          const p = grid.lngLatToPixel(lngLat);
          const col = Math.floor(p.col);
          const row = Math.floor(p.row);
          if (!grid.contains(col, row)) return;
          const key = Math.floor(row / level.tileHeight) * 1_000_000 + Math.floor(col / level.tileWidth);
          const group = byTile.get(key);
          if (group) group.push({ index, col, row });
          else byTile.set(key, [{ index, col, row }]);
        });
        const nodata = reader.geo.nodata;
        // In file order (tiles are stored row by row), as GDAL would read them.
        for (const key of [...byTile.keys()].sort((a, b) => a - b)) {
          const points = byTile.get(key)!;
          const run = async () => {
            // Only the sites' rows and columns of the tile are decoded (not the window around them).
            const dns = await reader.readTileSamples(points, signal);
            points.forEach((p, i) => (values[p.index] = dns[i] === nodata ? null : dns[i]));
          };
          tasks.push({ tileKey: key, run });
        }
      }),
    );
    // Tile by tile, every band of a tile together: an archive that makes a tile's bands together (the
    // demo synthesizes all nine at once, keeping a few) makes each once; each band stays in file order.
    tasks.sort((a, b) => a.tileKey - b.tileKey);
    await mapWithConcurrency(tasks, TILES_IN_FLIGHT, (task) => task.run());
  } finally {
    await Promise.all(sources.map((s) => s.close?.()));
  }
  return out;
}
