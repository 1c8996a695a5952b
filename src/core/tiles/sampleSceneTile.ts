/**
 * One scene's DNs at the pixel centres of a WebMercatorQuad tile: nearest neighbour, read from the
 * overview GDAL would read for that tile (overviewForTile), through the COG reader's public window read
 * (so tiles share its block cache and range merging with every other read).
 */
import type { ArchiveAssetKey } from '../bands/bandCatalog.js';
import type { BlockCache } from '../raster/blockCache.js';
import { createByteSourceForHref, type ByteSource } from '../raster/byteSource.js';
import { createCogReader, type CogLevel, type CogReader } from '../raster/cogReader.js';
import { sceneGridFromCogGeo } from '../raster/sceneGrid.js';
import { tileSourceCoords } from './tileSourceCoords.js';
import { TILE_SIZE_PX, type TileAddress } from './webMercatorQuad.js';

export interface SceneTileSample {
  /** DNs per asset at each tile pixel centre, row-major 256 x 256; 0 (Landsat fill) outside the raster. */
  dn: Partial<Record<ArchiveAssetKey, Uint16Array>>;
  /** 0 = full resolution, n = the n-th internal overview. */
  overviewLevel: number;
  /** How many pixel centres fell inside the raster. */
  insideCount: number;
}

export interface SampleSceneTileOptions {
  cache: BlockCache;
  /** The asset's readable href (signed, resolved). */
  assetHref: (asset: ArchiveAssetKey) => Promise<string> | string;
  openSource?: (href: string) => ByteSource;
}

/**
 * GDAL_OVERVIEW_OVERSAMPLING_THRESHOLD's default for nearest-neighbour reads: GDAL reads the coarsest
 * overview whose downsampling factor is below 1.2 x the one asked for (GDALBandGetBestOverviewLevel2).
 */
export const OVERSAMPLING_THRESHOLD = 1.2;

/** The level GDAL picks for `desiredFactor` full-resolution pixels per output pixel. */
export function overviewForFactor(levels: readonly Pick<CogLevel, 'index' | 'factorX' | 'factorY'>[], desiredFactor: number): number {
  let best = 0;
  let bestFactor = 1;
  for (const level of levels) {
    if (level.index === 0) continue;
    const factor = Math.min(level.factorX, level.factorY);
    if (factor >= desiredFactor * OVERSAMPLING_THRESHOLD || factor <= bestFactor) continue;
    best = level.index;
    bestFactor = factor;
  }
  return best;
}

export async function sampleSceneTile(assets: ArchiveAssetKey[], tile: TileAddress, opts: SampleSceneTileOptions, signal?: AbortSignal): Promise<SceneTileSample> {
  const openSource = opts.openSource ?? ((href: string) => createByteSourceForHref(href));
  const readers: CogReader[] = [];
  try {
    for (const asset of assets) {
      const source = openSource(await opts.assetHref(asset));
      readers.push(await createCogReader(source, { cache: opts.cache, signal }));
    }
    const grid = sceneGridFromCogGeo(readers[0].geo);
    const { x, y } = tileSourceCoords(tile, grid.epsg);
    const n = TILE_SIZE_PX;
    // Source pixels per tile pixel, from the tile's extent in the scene's CRS.
    const spanX = Math.hypot(x[n - 1] - x[0], y[n - 1] - y[0]) / (n - 1);
    const spanY = Math.hypot(x[(n - 1) * n] - x[0], y[(n - 1) * n] - y[0]) / (n - 1);
    const desired = (spanX / grid.pixelSizeX + spanY / grid.pixelSizeY) / 2;
    const levelIndex = Number.isFinite(desired) ? overviewForFactor(readers[0].levels, desired) : 0;
    const level = readers[0].levels[levelIndex];
    const sizeX = grid.pixelSizeX * level.factorX;
    const sizeY = grid.pixelSizeY * level.factorY;
    // Each tile pixel's level pixel, -1 outside the raster.
    const index = new Int32Array(n * n).fill(-1);
    const cols = new Int32Array(n * n);
    const rows = new Int32Array(n * n);
    let [c0, r0, c1, r1] = [Infinity, Infinity, -Infinity, -Infinity];
    let insideCount = 0;
    for (let i = 0; i < n * n; i++) {
      const col = Math.floor((x[i] - grid.originX) / sizeX);
      const row = Math.floor((grid.originY - y[i]) / sizeY);
      if (!(col >= 0 && row >= 0 && col < level.width && row < level.height)) continue;
      cols[i] = col;
      rows[i] = row;
      index[i] = 0;
      insideCount++;
      if (col < c0) c0 = col;
      if (col > c1) c1 = col;
      if (row < r0) r0 = row;
      if (row > r1) r1 = row;
    }
    const dn: SceneTileSample['dn'] = {};
    if (insideCount === 0) {
      for (const asset of assets) dn[asset] = new Uint16Array(n * n);
      return { dn, overviewLevel: levelIndex, insideCount };
    }
    const width = c1 - c0 + 1;
    await Promise.all(
      readers.map(async (reader, k) => {
        const lvl = Math.min(levelIndex, reader.levels.length - 1);
        const win = await reader.readWindow([c0, r0, c1 + 1, r1 + 1], { level: lvl, signal });
        const out = new Uint16Array(n * n);
        for (let i = 0; i < n * n; i++) if (index[i] === 0) out[i] = win.data[(rows[i] - r0) * width + (cols[i] - c0)];
        dn[assets[k]] = out;
      }),
    );
    return { dn, overviewLevel: levelIndex, insideCount };
  } finally {
    await Promise.all(readers.map((r) => r.source.close?.()));
  }
}
