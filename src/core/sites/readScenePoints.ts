/**
 * Reads the pixel under each of many points of one scene, reading each tile of each band once
 * whatever the number of points in it: points are grouped by the tile that holds them and every
 * group is one window read (the smallest window around its points, inside that tile).
 */
import type { AssetKey } from '../bands/bandCatalog.js';
import type { LngLat } from '../geo/lngLat.js';
import type { BlockCache } from '../raster/blockCache.js';
import { createByteSourceForHref, type ByteSource } from '../raster/byteSource.js';
import { createCogReader } from '../raster/cogReader.js';
import { sceneGridFromCogGeo } from '../raster/sceneGrid.js';

export interface ScenePointsOptions {
  cache: BlockCache;
  openSource?: (href: string) => ByteSource;
}

/** Per asset, one DN per point (null outside the raster or at the file's nodata value). */
export type PointDns = Partial<Record<AssetKey, (number | null)[]>>;

export async function readScenePoints(
  hrefs: Partial<Record<AssetKey, string>>,
  pointsLngLat: readonly LngLat[],
  { cache, openSource = (href) => createByteSourceForHref(href) }: ScenePointsOptions,
  signal?: AbortSignal,
): Promise<PointDns> {
  const out: PointDns = {};
  await Promise.all(
    (Object.entries(hrefs) as [AssetKey, string][]).map(async ([asset, href]) => {
      const source = openSource(href);
      try {
        const reader = await createCogReader(source, { cache, signal });
        const grid = sceneGridFromCogGeo(reader.geo);
        const level = reader.levels[0];
        const values: (number | null)[] = new Array(pointsLngLat.length).fill(null);
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
        await Promise.all(
          [...byTile.values()].map(async (points) => {
            const c0 = Math.min(...points.map((p) => p.col));
            const r0 = Math.min(...points.map((p) => p.row));
            const c1 = Math.max(...points.map((p) => p.col)) + 1;
            const r1 = Math.max(...points.map((p) => p.row)) + 1;
            const win = await reader.readWindow([c0, r0, c1, r1], { signal });
            for (const p of points) {
              const v = win.data[(p.row - r0) * win.width + (p.col - c0)];
              values[p.index] = v === nodata ? null : v;
            }
          }),
        );
        out[asset] = values;
      } finally {
        await source.close?.();
      }
    }),
  );
  return out;
}
