/**
 * Reads pixel windows of single-band Cloud-Optimized GeoTIFFs through a ByteSource.
 *
 * The header comes from cogHeader.ts (one range request); the tiles a window touches are fetched as
 * runs of adjacent byte ranges (one request each, as GDAL merges them) and decoded by tileDecoder.ts.
 * Parsed headers, extracted windows and compressed tiles live in the shared BlockCache keyed by the
 * source id, i.e. the URL without its query string, so a re-signed Planetary Computer URL still hits
 * the cache. Returned window arrays are shared through the cache: read-only.
 */
import { setMaxListeners } from 'node:events';
import type { BlockCache } from './blockCache.js';
import type { ByteSource } from './byteSource.js';
import { decodeTile, decodesInWorker, pickFromTilePrefix, pickTileSamples, tilePrefixToRead } from './tileDecoder.js';
import { headerBytes, parseCogHeader, type CogGeo, type CogHeader, type CogLevel } from './cogHeader.js';
import { windowPlan } from './windowPlan.js';

export { parseCogHeader };
export type { CogGeo, CogHeader, CogLevel };

/** Pixel window [col0, row0, col1, row1): end-exclusive, in the pixels of the level read. */
export type PixelWindow = [col0: number, row0: number, col1: number, row1: number];

export interface RasterWindow {
  data: Uint16Array;
  width: number;
  height: number;
  level: number;
}

export interface CogReader {
  readonly source: ByteSource;
  readonly header: CogHeader;
  readonly geo: CogGeo;
  readonly levels: CogLevel[];
  /**
   * Reads [col0,row0,col1,row1) of a level; pixels outside the raster are 0 (the Landsat fill value).
   * With `size`, the window decimated to that many pixels (nearest neighbour: DNs, fill and QA bits stay exact).
   * `keep: false` leaves the window out of the cache (a caller that keeps its own answer from it).
   */
  readWindow(window: PixelWindow, opts?: { level?: number; signal?: AbortSignal; size?: { width: number; height: number }; keep?: boolean }): Promise<RasterWindow>;
  /**
   * DNs at full-resolution pixels that all lie in one tile (a group of sites): the tile is read once
   * (and cached), and only the rows and columns of the pixels are decoded. 0 in an empty (sparse) tile.
   */
  readTileSamples(pixels: readonly { col: number; row: number }[], signal?: AbortSignal): Promise<Uint16Array>;
  /**
   * The compressed bytes of tiles `indexes` of a level, one promise each (adjacent tiles fetched in one
   * request; a cached tile copied, the others not cached): for counting where the tiles are decoded
   * (cogTileCounts.ts); empty for a sparse tile. Views: the tiles of one request share its buffer,
   * which is the caller's own (it may transfer it, once, with every tile in it).
   */
  compressedTiles(levelIndex: number, indexes: readonly number[], signal?: AbortSignal): Promise<Uint8Array>[];
}

export interface CreateCogReaderOptions {
  cache: BlockCache;
  signal?: AbortSignal;
}

export async function createCogReader(source: ByteSource, { cache, signal }: CreateCogReaderOptions): Promise<CogReader> {
  const header = await cache.getOrLoad<CogHeader>(
    `cog-header:${source.headerId ?? source.id}`,
    async (sig) => {
      const h = await parseCogHeader(source, sig);
      return { value: h, bytes: headerBytes(h) };
    },
    signal,
  );

  const tileKey = (level: CogLevel, index: number) => `cog-ctile:${source.id}:${level.tileOffsets[index]}:${level.tileByteCounts[index]}`;

  /** Compressed tile bytes, cached in the bulk tier (unless free to read again); the fetch of a run of adjacent tiles is shared. */
  function compressedTile(level: CogLevel, tileIndex: number, run: () => Promise<ArrayBuffer>, sig?: AbortSignal): Promise<ArrayBuffer> {
    const length = level.tileByteCounts[tileIndex];
    // Bytes that are free to read again are not worth the cache's room (nor the heap holes their churn leaves).
    if (source.rereadIsFree) return run();
    return cache.getOrLoad<ArrayBuffer>(tileKey(level, tileIndex), async () => ({ value: await run(), bytes: length }), sig, { tier: 'bulk' });
  }

  /** One tile's compressed bytes read alone; a short answer throws (inside the cache's load, so it is never kept). */
  async function wholeTile(level: CogLevel, index: number, signal?: AbortSignal): Promise<ArrayBuffer> {
    const [offset, length] = [level.tileOffsets[index], level.tileByteCounts[index]];
    const [buf] = await source.fetch([{ offset, length }], signal);
    if (buf.byteLength < length) throw new Error(`truncated tile at ${offset} of ${source.id}`);
    return buf;
  }

  /**
   * Per tile index, a loader of its bytes out of the run of adjacent tiles fetched together (tiles not
   * cached only), as a view of the run's buffer. Merging saves round trips; bytes free to read again
   * have none to save, and one tile at a time holds no run buffer while the rest of the run is computed.
   */
  function runViews(level: CogLevel, tiles: readonly { index: number }[], signal?: AbortSignal): Map<number, () => Promise<Uint8Array>> {
    const fromRun = new Map<number, () => Promise<Uint8Array>>();
    const cached = (t: { index: number }) => cache.has(tileKey(level, t.index));
    const toFetch = source.rereadIsFree ? [] : tiles.filter((t) => !cached(t));
    for (const run of planTileRuns(level, toFetch)) {
      // One request for the run, started only if some tile of it is not already being loaded.
      let fetched: Promise<ArrayBuffer> | null = null;
      const fetchRun = () => (fetched ??= source.fetch([{ offset: run.offset, length: run.length }], signal).then(([buf]) => buf));
      for (const t of run.tiles) {
        const at = level.tileOffsets[t.index] - run.offset;
        const length = level.tileByteCounts[t.index];
        fromRun.set(t.index, async () => {
          const buf = await fetchRun();
          if (buf.byteLength < at + length) throw new Error(`truncated tile at ${level.tileOffsets[t.index]} of ${source.id}`);
          return new Uint8Array(buf, at, length);
        });
      }
    }
    return fromRun;
  }

  /** runViews, each tile its own buffer (what the cache keeps). */
  function runLoaders(level: CogLevel, tiles: readonly { index: number }[], signal?: AbortSignal): Map<number, () => Promise<ArrayBuffer>> {
    const views = runViews(level, tiles, signal);
    return new Map(
      Array.from(views, ([index, view]) => [
        index,
        async () => {
          const v = await view();
          // A run of one tile is the tile: no copy (a cold series reads one tile a file).
          return v.byteOffset === 0 && v.byteLength === v.buffer.byteLength ? (v.buffer as ArrayBuffer) : v.slice().buffer;
        },
      ]),
    );
  }

  /**
   * The window's pixels, or with `size` its nearest-neighbour decimation to that size (pixel centres:
   * output pixel i samples window pixel floor((i + 0.5) * step)), written straight from each decoded
   * tile: a downsampled image never holds the whole level window, and tiles holding no picked pixel are
   * not read.
   */
  async function assemble(window: PixelWindow, level: CogLevel, signal?: AbortSignal, size?: { width: number; height: number }): Promise<Uint16Array> {
    // The plan is shared with every read of this window (windowPlan.ts): read-only here.
    const { outW, outH, colAt, rowAt, tiles } = windowPlan(header, level, window, size);
    const data = new Uint16Array(outW * outH);
    if (tiles.length === 0) return data;
    // Every tile load listens on the one signal: not a leak.
    if (signal) setMaxListeners(0, signal);
    const cached = (t: { index: number }) => cache.has(tileKey(level, t.index));
    // A point inside one tile (a 3 x 3, a site): the tile's compressed bytes only as far as the rows
    // needed, a quarter of them on average, uncached (the window read is). Windows across tiles read
    // the tiles whole, in merged runs.
    const pointRead = !size && !source.rereadIsFree && outW * outH <= SMALL_PICK_SAMPLES && tiles.length === 1 && !cached(tiles[0]);
    const fromRun = pointRead ? new Map<number, () => Promise<ArrayBuffer>>() : runLoaders(level, tiles, signal);
    await Promise.all(
      tiles.map(async ({ tx, ty, index, xs, xe, ys, ye, rows, cols }) => {
        // No run: the tile was cached when planned (or evicted since, then it is fetched alone).
        const alone = () => wholeTile(level, index, signal);
        const tileCol0 = tx * level.tileWidth;
        const tileRow0 = ty * level.tileHeight;
        if (source.readTileSamples) {
          // A computed raster answers just the samples: no tile bytes are made, fetched or decoded.
          const samples = await source.readTileSamples(level.index, index, rows, cols, signal);
          placeRows(data, outW, samples, cols.length, rowAt, ys, ye, xs);
          return;
        }
        if (pointRead) {
          const cut = tilePrefixToRead(level, level.tileByteCounts[index], rows[rows.length - 1]);
          const [prefix] = cut === null ? [] : await source.fetch([{ offset: level.tileOffsets[index], length: cut }], signal);
          // A whole tile (small, or a point low in it) that came back short is the truncated file's: the path below says so.
          const usable = prefix && (cut !== level.tileByteCounts[index] || prefix.byteLength === cut);
          const samples = usable && (await pickFromTilePrefix(level, header.littleEndian, prefix, rows, cols));
          if (samples) {
            placeRows(data, outW, samples, cols.length, rowAt, ys, ye, xs);
            return;
          }
          // Not DEFLATE, or the prefix fell short (the tile's top compresses worse than its average), or the
          // tile is truncated or corrupt: the whole tile, through the cache, which says what is wrong.
        }
        const compressed = await compressedTile(level, index, fromRun.get(index) ?? alone, signal);
        if (compressed.byteLength < level.tileByteCounts[index]) throw new Error(`truncated tile at ${level.tileOffsets[index]} of ${source.id}`);
        // Decimating, a few pixels of the tile (a 3 x 3, a site), or any part of a DEFLATE tile (an area's
        // strips, an export): only the samples asked come back, decoded off the event loop for DEFLATE.
        // An area's full-resolution strips on the event loop (inflate callbacks, predictor, copies) kept
        // it busy while the decode workers idled: 1.3-2x GDAL's time (docs/areas-and-first-load.md).
        if (size || (xe - xs) * (ye - ys) <= SMALL_PICK_SAMPLES || decodesInWorker(level)) {
          const samples = await pickTileSamples(level, header.littleEndian, compressed, rows, cols);
          placeRows(data, outW, samples, cols.length, rowAt, ys, ye, xs);
          return;
        }
        // Rows past the last one needed are not decoded (inflate and predictor stop there).
        const pixels = await decodeTile(level, header.littleEndian, compressed, rowAt[ye - 1] - tileRow0 + 1);
        for (let y = ys; y < ye; y++) {
          const src = (rowAt[y] - tileRow0) * level.tileWidth - tileCol0;
          data.set(pixels.subarray(src + colAt[xs], src + colAt[xe - 1] + 1), y * outW + xs);
        }
      }),
    );
    return data;
  }

  return {
    source,
    header,
    geo: header.geo,
    levels: header.levels,
    compressedTiles(levelIndex, indexes, signal) {
      const level = header.levels[levelIndex];
      if (!level) throw new RangeError(`no overview level ${levelIndex} in ${source.id}`);
      if (signal) setMaxListeners(0, signal);
      const tiles = indexes.filter((i) => level.tileOffsets[i] && level.tileByteCounts[i]).map((index) => ({ index }));
      const fromRun = runViews(level, tiles, signal);
      return indexes.map(async (index) => {
        // A sparse tile (GDAL writes all-nodata tiles with offset and byte count 0): no bytes.
        if (!level.tileOffsets[index] || !level.tileByteCounts[index]) return new Uint8Array(0);
        // Cached bytes are copied; the rest are fetched uncached, views of their run's buffer, the
        // caller's own: a strip reads each tile once (areaStatistics.ts aligns strips to tile rows), and
        // a year of scenes is far more than the cache holds, so caching them only churned it (and cost
        // a copy per tile).
        const compressed = cache.has(tileKey(level, index))
          ? new Uint8Array((await compressedTile(level, index, () => wholeTile(level, index, signal), signal)).slice(0))
          : await (fromRun.get(index) ?? (async () => new Uint8Array(await wholeTile(level, index, signal))))();
        if (compressed.byteLength < level.tileByteCounts[index]) throw new Error(`truncated tile at ${level.tileOffsets[index]} of ${source.id}`);
        return compressed;
      });
    },
    async readTileSamples(pixels, signal) {
      const out = new Uint16Array(pixels.length);
      if (pixels.length === 0) return out;
      const level = header.levels[0];
      const tx = Math.floor(pixels[0].col / level.tileWidth);
      const ty = Math.floor(pixels[0].row / level.tileHeight);
      const index = ty * Math.ceil(level.width / level.tileWidth) + tx;
      const [offset, length] = [level.tileOffsets[index], level.tileByteCounts[index]];
      if (!offset || !length) return out;
      const sorted = (values: number[]) => Int32Array.from(new Set(values)).sort();
      const rows = sorted(pixels.map((p) => p.row - ty * level.tileHeight));
      const cols = sorted(pixels.map((p) => p.col - tx * level.tileWidth));
      if (rows[0] < 0 || cols[0] < 0 || rows[rows.length - 1] >= level.tileHeight || cols[cols.length - 1] >= level.tileWidth) {
        throw new RangeError('readTileSamples: the pixels are not all in one tile');
      }
      // A computed raster (the demo) answers just the samples; an archive file's tile is read once and picked.
      const samples = source.readTileSamples
        ? await source.readTileSamples(level.index, index, rows, cols, signal)
        : await pickTileSamples(level, header.littleEndian, await compressedTile(level, index, () => wholeTile(level, index, signal), signal), rows, cols);
      const rowAt = new Map(Array.from(rows, (r, i) => [r, i]));
      const colAt = new Map(Array.from(cols, (c, i) => [c, i]));
      pixels.forEach((p, i) => (out[i] = samples[rowAt.get(p.row - ty * level.tileHeight)! * cols.length + colAt.get(p.col - tx * level.tileWidth)!]));
      return out;
    },
    async readWindow(window, opts = {}) {
      const levelIndex = opts.level ?? 0;
      const level = header.levels[levelIndex];
      if (!level) throw new RangeError(`no overview level ${levelIndex} in ${source.id}`);
      opts.signal?.throwIfAborted();
      const [col0, row0, col1, row1] = window;
      const size = opts.size && (opts.size.width !== col1 - col0 || opts.size.height !== row1 - row0) ? opts.size : undefined;
      const width = size?.width ?? Math.max(0, col1 - col0);
      const height = size?.height ?? Math.max(0, row1 - row0);
      if (!(Number.isInteger(width) && Number.isInteger(height) && width >= 0 && height >= 0)) throw new RangeError(`bad output size ${width} x ${height}`);
      const bytes = width * height * 2;
      if (opts.keep === false) return { data: await assemble(window, level, opts.signal, size), width, height, level: levelIndex };
      // Extracted windows are what a repeat asks for again (a series at the same point, the same image).
      const data = await cache.getOrLoad<Uint16Array>(
        `cog-window:${source.id}:${levelIndex}:${window.join(',')}${size ? `:${width}x${height}` : ''}`,
        async (sig) => ({ value: await assemble(window, level, sig, size), bytes: bytes + 160 }),
        opts.signal,
        { tier: bytes > LARGE_WINDOW_BYTES ? 'bulk' : 'answer' },
      );
      return { data, width, height, level: levelIndex };
    },
  };
}

/** Copies picked samples (one row per distinct row of rowAt[ys..ye)) to output rows ys..ye from column xs. */
function placeRows(data: Uint16Array, outW: number, samples: Uint16Array | Uint8Array, width: number, rowAt: Int32Array, ys: number, ye: number, xs: number): void {
  for (let y = ys, k = -1, previous = -1; y < ye; y++) {
    if (rowAt[y] !== previous) {
      k += 1;
      previous = rowAt[y];
    }
    data.set(samples.subarray(k * width, (k + 1) * width), y * outW + xs);
  }
}

/** Parts of a tile up to this many samples are picked in a worker rather than decoded here whole. */
const SMALL_PICK_SAMPLES = 64 * 64;
/** Windows larger than this are cached as bulk (scan-resistant) rather than as answers. */
const LARGE_WINDOW_BYTES = 1 << 20;
/** Tiles closer than this are fetched in one request, the gap read and discarded (GDAL merges adjacent ranges likewise). */
const MERGE_GAP_BYTES = 64 * 1024;
const MAX_RUN_BYTES = 32 << 20;

/** Groups tiles into runs of nearby byte ranges, in file order. */
export function planTileRuns<T extends { index: number }>(level: Pick<CogLevel, 'tileOffsets' | 'tileByteCounts'>, tiles: T[]): { offset: number; length: number; tiles: T[] }[] {
  const sorted = [...tiles].sort((a, b) => level.tileOffsets[a.index] - level.tileOffsets[b.index]);
  const runs: { offset: number; length: number; tiles: T[] }[] = [];
  for (const t of sorted) {
    const offset = level.tileOffsets[t.index];
    const end = offset + level.tileByteCounts[t.index];
    const last = runs[runs.length - 1];
    if (last && offset >= last.offset + last.length && offset - (last.offset + last.length) <= MERGE_GAP_BYTES && end - last.offset <= MAX_RUN_BYTES) {
      last.length = Math.max(last.length, end - last.offset);
      last.tiles.push(t);
    } else {
      runs.push({ offset, length: end - offset, tiles: [t] });
    }
  }
  return runs;
}
