/**
 * What a byte source is: one interface for fetching byte ranges of a raster file (the shape of
 * geotiff.js `BaseSource.fetch(slices, signal)`), apart from its back-ends (byteSource.ts: file and
 * HTTP; virtualByteSources.ts: computed files), so the back-ends' registry and the back-ends do not
 * import each other.
 */
import type { DnCounts } from '../landsat/dnCounts.mjs';

export interface ByteRange {
  offset: number;
  length: number;
}

export interface ByteSourceStats {
  requests: number;
  bytes: number;
}

export interface ByteSource {
  /** Stable identity of the bytes: file path, or URL without its query string (signed URLs change their token). */
  readonly id: string;
  /** Fetches the ranges; results are in the same order. A range past the end of the file comes back short. */
  fetch(ranges: ByteRange[], signal?: AbortSignal): Promise<ArrayBuffer[]>;
  readonly stats: ByteSourceStats;
  /**
   * True when reading the bytes again costs no round trip and no storage (they are computed, as the
   * demo archive's virtual GeoTIFFs): readers then keep no copy of its raw tiles in the shared cache.
   */
  readonly rereadIsFree?: boolean;
  /**
   * Sources with the same headerId have headers that parse to the same COG header (levels, tile
   * offsets, georeferencing), so readers parse it once for all of them: the demo archive's files of one
   * path/row differ only in their ImageDescription text, and its five-year journey built and parsed
   * ~800 of them. Default: the source's own id.
   */
  readonly headerId?: string;
  /**
   * A computed raster (the demo's virtual GeoTIFFs) may answer the samples a read needs itself rather
   * than the whole tile's bytes: samples (`rows` x `cols`, ascending positions inside tile `tileIndex`
   * of IFD `level`, row-major) equal to what decoding the tile's bytes gives. A 3 x 3 read then
   * computes 9 pixels, not a 128 x 128 tile.
   */
  readTileSamples?(level: number, tileIndex: number, rows: Int32Array, cols: Int32Array, signal?: AbortSignal): Promise<Uint16Array>;
  /**
   * A computed raster whose bands are made together (the demo's scenes) may count a window's samples
   * per DN where it makes them, instead of handing them over: what a box's statistics need (sceneReader
   * `countBox`). Files of one scene share `scene`; `band` is this file's band among the scene's.
   */
  readonly sampleCounter?: SampleCounter;
  close?(): Promise<void>;
}

/** Tile `index`'s picked rows x columns, and where they sit in the window read (dnCounts.mjs' createDnTally). */
export interface TileSamplePiece {
  index: number;
  rows: Int32Array;
  cols: Int32Array;
  /** Window row of each picked row, and how many window rows repeat it. */
  rowFirstY: Int32Array;
  rowRepeat: Int32Array;
  /** Window column of the first picked column (the others follow one by one). */
  x0: number;
}

/**
 * Which pixels of a window lie inside an area's polygon, as runs along each window row: row y's runs
 * are k in [rowStart[y], rowStart[y + 1]), each the window columns [spans[2k], spans[2k + 1]). A few
 * numbers a row where a mask would be a byte a pixel.
 */
export interface InsideRuns {
  rowStart: Int32Array;
  spans: Int32Array;
}

export interface SampleCounter {
  readonly scene: string;
  readonly band: number;
  /**
   * Counts per DN (countWindowDns' result, pixels outside every piece left out) of bands `bands` of the
   * pieces of IFD `level`, each pixel classed by band `qaBand` (QA_PIXEL) under `maskBits`; with
   * `inside` (pieces of one window row each, no repeats), pixels outside the runs count as fill.
   */
  count(level: number, pieces: TileSamplePiece[], bands: number[], qaBand: number, maskBits: number, outWidth: number, signal?: AbortSignal, inside?: InsideRuns): Promise<DnCounts[]>;
}
