/**
 * Reads Landsat Collection 2 Level-2 pixels of one scene by asset key: a neighbourhood around a
 * [lon, lat] point, or a box (from an internal overview when the box is large). Bands are read
 * concurrently; all reads share one BlockCache and honour the caller's AbortSignal.
 */
import type { ArchiveAssetKey } from '../bands/bandCatalog.js';
import { ExplainedError } from '../explainedError.js';
import type { BBox, LngLat } from '../geo/lngLat.js';
import type { BlockCache } from './blockCache.js';
import { createByteSourceForHref, type ByteSource, type ByteSourceStats, type InsideRuns, type TileSamplePiece } from './byteSource.js';
import { windowPlan } from './windowPlan.js';
import { insideJobs } from './insideJobs.js';
import { countCogWindow, countsInDecodeWorkers } from './cogTileCounts.js';
import { createDnSum, type DnCounts } from '../landsat/dnCounts.mjs';
import { createCogReader, type CogGeo, type CogLevel, type CogReader } from './cogReader.js';
import { createSceneGrid, sceneGridFromCogGeo, type ProjectedBounds, type SceneGrid } from './sceneGrid.js';

export interface SceneReaderOptions {
  /**
   * Resolves an asset to a readable href (absolute path or http(s) URL), e.g. after SAS signing.
   * Method syntax on purpose: a resolver that only knows the OLI keys (AssetKey) stays accepted.
   */
  assetHref(asset: ArchiveAssetKey): Promise<string> | string;
  cache: BlockCache;
  /** Byte source factory; default picks file or HTTP by the href. */
  openSource?: (href: string) => ByteSource;
}

export interface NeighborhoodRead {
  /** Pixel (of the first asset's grid) containing the point; may lie outside the raster. */
  pixel: { col: number; row: number };
  crs: string;
  /** The first asset's grid (pixel corners for footprints). */
  grid: SceneGrid;
  /** (2r+1) x (2r+1) DNs per asset, rows north to south; [r][r] is the pixel containing the point.
   * null outside the raster or where the DN equals the file's nodata value. */
  dn: Partial<Record<ArchiveAssetKey, (number | null)[][]>>;
  /** Range requests and bytes fetched per asset by this call (cache hits fetch nothing). */
  fetchStats: Partial<Record<ArchiveAssetKey, ByteSourceStats>>;
}

export interface BoxReadOptions {
  /** Largest output width/height in pixels; picks the overview and decimates to fit. */
  maxSize: number;
  /**
   * Smallest acceptable width/height (default maxSize): a coarser overview that still holds this many
   * pixels across is read instead, as is, so fewer tiles are read (GDAL likewise reads an overview
   * slightly coarser than asked, GDAL_OVERVIEW_OVERSAMPLING_THRESHOLD).
   */
  minSize?: number;
  /** false: the window is not kept in the block cache (the statistics keep their own answers: boxStatisticsMemo.ts). Default true. */
  keepWindow?: boolean;
}

export interface BoxRead {
  width: number;
  height: number;
  /** Row-major DNs per asset, `width * height` long; 0 is fill. */
  dn: Partial<Record<ArchiveAssetKey, Uint16Array>>;
  /** 0 = full resolution, n = n-th internal overview. */
  overviewLevel: number;
  /** Ground size of one output pixel along x (metres). */
  pixelSizeM: number;
  crs: string;
  /** Projected bounds of the output grid (pixel corners), in `crs`. */
  boundsProjected: ProjectedBounds;
  fetchStats: Partial<Record<ArchiveAssetKey, ByteSourceStats>>;
}

export interface FullWindowRead {
  /** The grid of the level read (the first asset's; bands of one scene share it): the full resolution unless the choice named an overview. */
  grid: SceneGrid;
  /** 0 = full resolution, n = n-th internal overview (as chosen). */
  level: number;
  /** [col0, row0, col1) x [row0, row1) in pixels of `grid`. */
  window: [number, number, number, number];
  width: number;
  height: number;
  /** Row-major DNs per asset of the level read, as the file holds them (never resampled here); 0 is the files' nodata. */
  dn: Partial<Record<ArchiveAssetKey, Uint16Array>>;
}

/** A window of the full resolution, or of one internal overview (`level` 1..) in that level's own pixels. */
export type WindowChoice = [number, number, number, number] | { level: number; window: [number, number, number, number] };

export interface SceneReader {
  /**
   * The file's own pixels of a window the caller chooses (a GeoTIFF export or an area needs the source
   * pixels themselves, never resampled): on the full-resolution grid, or on one of the internal
   * overviews' grids (`levelGrids[0]` is `grid`; overview k spans the same extent with its own pixel
   * count, as GDAL georeferences overviews). `chooseWindow` may throw to refuse before any read.
   */
  readFullWindow(assets: ArchiveAssetKey[], chooseWindow: (grid: SceneGrid, levelGrids: SceneGrid[]) => WindowChoice, signal?: AbortSignal): Promise<FullWindowRead>;
  /** `keepWindow: false` leaves the windows out of the block cache (a caller that keeps its own answer from them). */
  readNeighborhood(lngLat: LngLat, assets: ArchiveAssetKey[], radius?: number, signal?: AbortSignal, opts?: { keepWindow?: boolean }): Promise<NeighborhoodRead>;
  readBox(bboxLngLat: BBox, assets: ArchiveAssetKey[], opts: BoxReadOptions, signal?: AbortSignal): Promise<BoxRead>;
  /**
   * What readBox(box, [...assets, 'qa_pixel']) then countWindowDns(qa, maskBits, bands) give, counted
   * where a computed scene makes its samples (ByteSource.sampleCounter: the demo's synthesis worker),
   * so no pixels cross threads; null when the scene's files cannot count (archive files: read the box).
   */
  countBox(bboxLngLat: BBox, assets: ArchiveAssetKey[], opts: Pick<BoxReadOptions, 'maxSize' | 'minSize'>, maskBits: number, signal?: AbortSignal): Promise<BoxCounts | null>;
  /**
   * What readFullWindow (full resolution) then countWindowDns(qa, maskBits, bands, inside) give, for
   * the window and inside-runs `chooseWindow` picks (an area's strip and polygon), counted where a
   * computed scene makes its samples, in jobs of a few tiles, or for archive files of DEFLATE tiles
   * where the tiles are decoded (cogTileCounts.ts). The same counts, the DNs in another order (for
   * statistics that sort by value), but for the assets other than QA_PIXEL only over clear pixels:
   * their masked DNs are not listed (an area's statistics use the clear ones), so that archive tiles
   * under no clear pixel need not be inflated. null, before `chooseWindow` is called, when the files
   * cannot count (other compressions: read the window). `qaFirst`: archive files fetch QA_PIXEL's tiles
   * first and the others' only where it shows a clear pixel (a cloudy scene: fewer bytes, one more round trip).
   */
  countFullWindow(
    assets: ArchiveAssetKey[],
    /** Given the full-resolution grid and every level's (as readFullWindow) and each level's tile height (strips aligned to tile rows decode no tile twice), the window and inside-runs to count, on `level` (default 0). */
    chooseWindow: (grid: SceneGrid, levelGrids: SceneGrid[], tileHeights: number[]) => { window: [number, number, number, number]; inside: InsideRuns; level?: number },
    maskBits: number,
    signal?: AbortSignal,
    opts?: { qaFirst?: boolean },
  ): Promise<{ window: [number, number, number, number]; counts: DnCounts[] } | null>;
}

export type BoxCounts = Omit<BoxRead, 'dn' | 'fetchStats'> & {
  /** Per asset asked, in order: the box's pixels counted per DN, classed by QA_PIXEL (dnCounts.mjs). */
  counts: DnCounts[];
};

/** The raster is not a readable COG (truncated, corrupt, not a TIFF): the archive's fault, so servers map it to 502. */
export class CogFormatError extends Error {
  override readonly name = 'CogFormatError';
}

/**
 * Errors that already say what went wrong pass through unchanged: ours (ExplainedError: upstream
 * failures, refusals) and the platform's cancellations and timeouts (DOMException, told apart by name).
 */
const passesThrough = (err: Error) => err instanceof ExplainedError || err.name === 'AbortError' || err.name === 'TimeoutError';

function asCogFormatError(sourceId: string) {
  return (err: unknown): never => {
    if (!(err instanceof Error) || passesThrough(err)) throw err;
    throw new CogFormatError(`${sourceId} is truncated or corrupt: ${err.message}`, { cause: err });
  };
}

interface OpenedAsset {
  asset: ArchiveAssetKey;
  reader: CogReader;
  grid: SceneGrid;
}

/**
 * Picks the coarsest level that still has at least `maxSize` pixels across the window's larger
 * side, so the output is never upsampled from a too-coarse overview.
 */
export function chooseOverviewLevel(levels: CogLevel[], windowWidthFull: number, windowHeightFull: number, maxSize: number): number {
  const largest = Math.max(windowWidthFull, windowHeightFull);
  let best = 0;
  for (const l of levels) {
    const across = largest / Math.max(l.factorX, l.factorY);
    if (across >= maxSize) best = l.index;
  }
  return best;
}

/** Grids per parsed header (headers are cached, so a warm series builds no grid at all). */
const grids = new WeakMap<CogGeo, SceneGrid>();
function gridOf(geo: CogGeo): SceneGrid {
  let grid = grids.get(geo);
  if (!grid) grids.set(geo, (grid = sceneGridFromCogGeo(geo)));
  return grid;
}

/** An overview's grid: the full extent over the level's pixel count (GDAL's overview geotransform). */
function levelGrid(full: SceneGrid, level: CogLevel): SceneGrid {
  if (level.index === 0) return full;
  return createSceneGrid({
    epsg: full.epsg,
    originX: full.originX,
    originY: full.originY,
    pixelSizeX: (full.pixelSizeX * full.width) / level.width,
    pixelSizeY: (full.pixelSizeY * full.height) / level.height,
    width: level.width,
    height: level.height,
  });
}

interface BoxGeometry {
  levelIndex: number;
  /** The window in the level's pixels, widened to whole level pixels covering the box. */
  window: [number, number, number, number];
  width: number;
  height: number;
  boundsProjected: ProjectedBounds;
  levelPixelX: number;
  crs: string;
}

/** Which level and window of the first asset's file a box read takes, and its output size. */
function boxGeometry(first: OpenedAsset, bboxLngLat: BBox, maxSize: number, minSize: number): BoxGeometry {
  const grid = first.grid;
  const [c0, r0, c1, r1] = grid.bboxToPixelWindow(bboxLngLat);
  const fullW = c1 - c0;
  const fullH = r1 - r0;
  const levelIndex = fullW > 0 && fullH > 0 ? chooseOverviewLevel(first.reader.levels, fullW, fullH, Math.min(minSize, maxSize)) : 0;
  const level = first.reader.levels[levelIndex];
  // Window in the level's pixels, widened to whole level pixels covering the full-res window.
  const lc0 = Math.floor(c0 / level.factorX);
  const lr0 = Math.floor(r0 / level.factorY);
  const lc1 = Math.min(level.width, Math.ceil(c1 / level.factorX));
  const lr1 = Math.min(level.height, Math.ceil(r1 / level.factorY));
  const levelW = Math.max(0, lc1 - lc0);
  const levelH = Math.max(0, lr1 - lr0);
  // Nearest-neighbour decimation keeps DNs exact (fill stays 0, QA bits stay valid).
  const step = Math.max(1, levelW / maxSize, levelH / maxSize);
  const width = levelW === 0 ? 0 : Math.min(maxSize, Math.max(1, Math.round(levelW / step)));
  const height = levelH === 0 ? 0 : Math.min(maxSize, Math.max(1, Math.round(levelH / step)));
  const levelPixelX = grid.pixelSizeX * level.factorX;
  const levelPixelY = grid.pixelSizeY * level.factorY;
  const boundsProjected: ProjectedBounds = {
    minX: grid.originX + lc0 * levelPixelX,
    maxX: grid.originX + lc1 * levelPixelX,
    maxY: grid.originY - lr0 * levelPixelY,
    minY: grid.originY - lr1 * levelPixelY,
  };
  return { levelIndex, window: [lc0, lr0, lc1, lr1], width, height, boundsProjected, levelPixelX, crs: grid.crs };
}

/** What a box read says about its grid, whatever it read. */
function boxAnswer({ width, height, levelIndex, boundsProjected, levelPixelX, crs }: BoxGeometry) {
  return {
    width,
    height,
    overviewLevel: levelIndex,
    pixelSizeM: width > 0 ? (boundsProjected.maxX - boundsProjected.minX) / width : levelPixelX,
    crs,
    boundsProjected,
  };
}

export function createSceneReader(opts: SceneReaderOptions): SceneReader {
  const openSource = opts.openSource ?? ((href: string) => createByteSourceForHref(href));

  /** Opens one asset; `opened` collects it (in asset order) once its header is read, for closing and statistics. */
  async function openAsset(asset: ArchiveAssetKey, signal: AbortSignal | undefined, opened?: OpenedAsset[]): Promise<OpenedAsset> {
    const href = await opts.assetHref(asset);
    const source = openSource(href);
    const reader = await createCogReader(source, { cache: opts.cache, signal }).catch(asCogFormatError(source.id));
    const one = { asset, reader, grid: gridOf(reader.geo) };
    opened?.push(one);
    return one;
  }

  async function openAssets(assets: ArchiveAssetKey[], signal?: AbortSignal): Promise<OpenedAsset[]> {
    return Promise.all(assets.map((asset) => openAsset(asset, signal)));
  }

  async function closeAll(opened: OpenedAsset[]) {
    await Promise.all(opened.map((o) => o.reader.source.close?.()));
  }

  const statsOf = (opened: OpenedAsset[]) =>
    Object.fromEntries(opened.map((o) => [o.asset, { ...o.reader.source.stats }])) as Partial<Record<ArchiveAssetKey, ByteSourceStats>>;

  return {
    async readNeighborhood(lngLat, assets, radius = 1, signal, opts = {}) {
      if (assets.length === 0) throw new RangeError('no assets requested');
      // Each file's window is read as soon as its own header is parsed, not after every file's header:
      // a cold point read is two round trips per file (header, then tile), and waiting for the slowest
      // header of the scene before any tile request made it up to four.
      const opened: OpenedAsset[] = [];
      const dn: NeighborhoodRead['dn'] = {};
      const size = 2 * radius + 1;
      try {
        const located = await Promise.all(
          assets.map(async (asset) => {
            const one = await openAsset(asset, signal, opened);
            const { reader, grid } = one;
            const q = grid.lngLatToPixel(lngLat);
            const col = Math.floor(q.col);
            const row = Math.floor(q.row);
            const win = await reader
              .readWindow([col - radius, row - radius, col + radius + 1, row + radius + 1], { signal, ...(opts.keepWindow === false ? { keep: false } : {}) })
              .catch(asCogFormatError(reader.source.id));
            const nodata = reader.geo.nodata;
            const rows: (number | null)[][] = [];
            for (let r = 0; r < size; r++) {
              const line: (number | null)[] = [];
              for (let c = 0; c < size; c++) {
                const cc = col - radius + c;
                const rr = row - radius + r;
                const v = win.data[r * size + c];
                line.push(!grid.contains(cc, rr) || v === nodata ? null : v);
              }
              rows.push(line);
            }
            dn[asset] = rows;
            return { one, q };
          }),
        );
        const { one: first, q } = located[0];
        return { pixel: { col: Math.floor(q.col), row: Math.floor(q.row) }, crs: first.grid.crs, grid: first.grid, dn, fetchStats: statsOf(located.map((l) => l.one)) };
      } finally {
        await closeAll(opened);
      }
    },

    async readFullWindow(assets, chooseWindow, signal) {
      if (assets.length === 0) throw new RangeError('no assets requested');
      const opened = await openAssets(assets, signal);
      try {
        const levelGrids = opened[0].reader.levels.map((l) => levelGrid(opened[0].grid, l));
        const choice = chooseWindow(levelGrids[0], levelGrids);
        const { level, window } = Array.isArray(choice) ? { level: 0, window: choice } : choice;
        const grid = levelGrids[level];
        if (!grid) throw new RangeError(`no overview level ${level}`);
        const [c0, r0, c1, r1] = window;
        const width = Math.max(0, c1 - c0);
        const height = Math.max(0, r1 - r0);
        const dn: FullWindowRead['dn'] = {};
        await Promise.all(
          opened.map(async ({ asset, reader }) => {
            dn[asset] =
              width === 0 || height === 0
                ? new Uint16Array(0)
                : await reader
                    .readWindow(window, { level: Math.min(level, reader.levels.length - 1), signal })
                    .then((win) => win.data)
                    .catch(asCogFormatError(reader.source.id));
          }),
        );
        return { grid, level, window, width, height, dn };
      } finally {
        await closeAll(opened);
      }
    },

    async readBox(bboxLngLat, assets, { maxSize, minSize = maxSize, keepWindow = true }, signal) {
      if (assets.length === 0) throw new RangeError('no assets requested');
      if (!(maxSize >= 1)) throw new RangeError(`maxSize must be >= 1, got ${maxSize}`);
      const opened = await openAssets(assets, signal);
      try {
        const box = boxGeometry(opened[0], bboxLngLat, maxSize, minSize);
        const { width, height, levelIndex, window } = box;
        const dn: BoxRead['dn'] = {};
        await Promise.all(
          opened.map(async ({ asset, reader }) => {
            if (width === 0 || height === 0) {
              dn[asset] = new Uint16Array(0);
              return;
            }
            const lvl = Math.min(levelIndex, reader.levels.length - 1);
            // Decimated while the tiles are decoded, and cached by the reader (a repeated image or statistics call redoes nothing).
            dn[asset] = await reader
              .readWindow(window, { level: lvl, signal, size: { width, height }, keep: keepWindow })
              .then((win) => win.data)
              .catch(asCogFormatError(reader.source.id));
          }),
        );
        return { ...boxAnswer(box), dn, fetchStats: statsOf(opened) };
      } finally {
        await closeAll(opened);
      }
    },

    async countBox(bboxLngLat, assets, { maxSize, minSize = maxSize }, maskBits, signal) {
      if (!(maxSize >= 1)) throw new RangeError(`maxSize must be >= 1, got ${maxSize}`);
      const opened = await openAssets([...assets, 'qa_pixel'], signal);
      try {
        const counters = opened.map((o) => o.reader.source.sampleCounter);
        const first = counters[0];
        if (!first || !counters.every((c) => c?.scene === first.scene)) return null;
        const box = boxGeometry(opened[0], bboxLngLat, maxSize, minSize);
        const { width, height, levelIndex, window } = box;
        const empty = () => ({ fill: 0, clearDns: new Uint16Array(0), clearCounts: new Uint32Array(0), maskedDns: new Uint16Array(0), maskedCounts: new Uint32Array(0) });
        if (width === 0 || height === 0) return { ...boxAnswer(box), counts: assets.map(empty) };
        const reader = opened[opened.length - 1].reader;
        const level = reader.levels[Math.min(levelIndex, reader.levels.length - 1)];
        // The window and output size exactly as readWindow plans them (cogReader.ts), so the same pixels are counted.
        const [col0, row0, col1, row1] = window;
        const same = width === col1 - col0 && height === row1 - row0;
        const plan = windowPlan(reader.header, level, window, same ? undefined : { width, height });
        let covered = 0;
        const pieces: TileSamplePiece[] = plan.tiles.map(({ index, rows, cols, xs, xe, ys, ye }) => {
          covered += (xe - xs) * (ye - ys);
          const rowFirstY = new Int32Array(rows.length);
          const rowRepeat = new Int32Array(rows.length);
          for (let y = ys, k = -1, previous = -1; y < ye; y++) {
            if (plan.rowAt[y] !== previous) {
              k += 1;
              previous = plan.rowAt[y];
              rowFirstY[k] = y;
            }
            rowRepeat[k] += 1;
          }
          return { index, rows, cols, rowFirstY, rowRepeat, x0: xs };
        });
        signal?.throwIfAborted();
        const counts = await first.count(level.index, pieces, counters.slice(0, -1).map((c) => c!.band), counters[counters.length - 1]!.band, maskBits, plan.outW, signal);
        // Pixels no tile holds (outside the raster, or sparse tiles) are 0 in a read window: fill.
        const outside = plan.outW * plan.outH - covered;
        return { ...boxAnswer(box), counts: counts.map((c) => ({ ...c, fill: c.fill + outside })) };
      } finally {
        await closeAll(opened);
      }
    },

    async countFullWindow(assets, chooseWindow, maskBits, signal, { qaFirst = false } = {}) {
      const opened = await openAssets([...assets, 'qa_pixel'], signal);
      try {
        const counters = opened.map((o) => o.reader.source.sampleCounter);
        const first = counters[0];
        const levelGrids = opened[0].reader.levels.map((l) => levelGrid(opened[0].grid, l));
        const tileHeights = opened[0].reader.levels.map((l) => l.tileHeight);
        if (!first || !counters.every((c) => c?.scene === first.scene)) {
          // Archive files: counted where their tiles are decoded, each file once, QA_PIXEL first (its sparse tiles are fill).
          const files = [...new Set(['qa_pixel' as ArchiveAssetKey, ...assets])];
          const readers = files.map((asset) => opened.find((o) => o.asset === asset)!.reader);
          if (!countsInDecodeWorkers(readers)) return null;
          const { window, inside, level = 0 } = chooseWindow(levelGrids[0], levelGrids, tileHeights);
          const counts = await countCogWindow(readers, { level, window, inside, bands: assets.map((a) => files.indexOf(a)), qaFile: 0, maskBits, clearBandsOnly: true, qaFirst }, signal).catch(asCogFormatError(readers[0].source.id));
          return { window, counts };
        }
        const { window, inside, level = 0 } = chooseWindow(levelGrids[0], levelGrids, tileHeights);
        const [c0, r0, c1, r1] = window;
        const width = Math.max(0, c1 - c0);
        const height = Math.max(0, r1 - r0);
        const reader = opened[opened.length - 1].reader;
        if (!reader.levels[level]) throw new RangeError(`no overview level ${level}`);
        const plan = windowPlan(reader.header, reader.levels[level], window);
        const { jobs, covered } = insideJobs(plan.tiles, inside);
        signal?.throwIfAborted();
        const bands = counters.slice(0, -1).map((c) => c!.band);
        const qaBand = counters[counters.length - 1]!.band;
        const sum = createDnSum(assets.length);
        await Promise.all(jobs.map((pieces) => first.count(level, pieces, bands, qaBand, maskBits, width, signal, inside).then((part) => sum.add(part))));
        // Pixels of no piece (outside the polygon, the raster, or sparse tiles) are fill, as outside `inside` in countWindowDns.
        const counts = sum.finish(width * height - covered);
        return { window, counts: counts.map((c, k) => (assets[k] === 'qa_pixel' ? c : { ...c, maskedDns: new Uint16Array(0), maskedCounts: new Uint32Array(0) })) };
      } finally {
        await closeAll(opened);
      }
    },
  };
}
