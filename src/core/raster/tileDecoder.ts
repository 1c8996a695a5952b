/**
 * Turns one compressed COG tile into its pixel words.
 *
 * DEFLATE (TIFF compression 8, and the old code 32946) is what Landsat Collection 2 writes, so it
 * goes through node's own zlib on the libuv thread pool: native code, off the event loop. geotiff.js'
 * decoder for it is pako, pure JavaScript on the main thread, which was 41 % of a cold series' CPU.
 * The rarer compressions (LZW, ZSTD, PackBits, ...) keep geotiff.js' decoders, run in worker threads.
 *
 * The horizontal predictor is undone here rather than by geotiff.js, on words already in the host's
 * byte order: geotiff.js runs it before swapping a big-endian file's bytes, which misreads
 * big-endian predictor-2 files (TIFF 6.0, section 14: the differencing is on sample values, not bytes,
 * https://www.itu.int/itudoc/itu-t/com16/tiff-fx/docs/tiff6.pdf).
 */
import { constants, Inflate, inflate } from 'node:zlib';
import { promisify } from 'node:util';
import { decodeInWorker, pickDeflateTileInWorker, pickFromTilePrefixInWorker } from './decodeWorkerPool.js';
import { pickInflated, pickSamples, prefixBytes, prefixOutputBytes, undoHorizontalDifferencing, wholeTileChunk } from './tileSamples.mjs';

export interface TileLayout {
  tileWidth: number;
  tileHeight: number;
  compression: number;
  predictor: number;
  bitsPerSample: number;
}

const DEFLATE_CODES = new Set([8, 32946]);
/** Picks up to this many samples (a 3 x 3, a site, a small window's corner of a tile) stay on the calling thread. */
const IN_THREAD_PICK_SAMPLES = 64;
const HOST_LITTLE_ENDIAN = new Uint8Array(new Uint16Array([1]).buffer)[0] === 1;

/**
 * Inflates at most `maxBytes` of output: a 3 x 3 read near a tile's top needs a few rows of 512, and
 * DEFLATE can stop anywhere, so the rest of the tile is never decompressed.
 */
function inflatePrefix(compressed: Uint8Array, maxBytes: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const inflater = new Inflate({ chunkSize: Math.min(Math.max(16 * 1024, maxBytes), 1 << 20) });
    const chunks: Buffer[] = [];
    let got = 0;
    let done = false;
    const finish = () => {
      if (done) return;
      done = true;
      inflater.removeAllListeners('data');
      inflater.destroy();
      resolve(chunks.length === 1 ? chunks[0] : Buffer.concat(chunks, got));
    };
    inflater.on('data', (chunk: Buffer) => {
      if (done) return;
      chunks.push(chunk);
      got += chunk.byteLength;
      if (got >= maxBytes) finish();
    });
    inflater.on('end', finish);
    inflater.on('error', (err) => {
      if (done) return;
      done = true;
      reject(err);
    });
    inflater.end(compressed);
  });
}

/** Decompressed tile bytes in the file's byte order, at least `neededBytes` long when the tile holds them. */
async function decompress(layout: TileLayout, compressed: ArrayBuffer, neededBytes: number): Promise<Uint8Array> {
  if (layout.compression === 1) return new Uint8Array(compressed);
  if (DEFLATE_CODES.has(layout.compression)) return inflatePrefix(new Uint8Array(compressed), neededBytes);
  // geotiff.js' decoders, in a worker thread (predictor 1 there: it is undone below, in the right byte order).
  const { compression, tileWidth, tileHeight, bitsPerSample } = layout;
  return new Uint8Array(await decodeInWorker({ compression, tileWidth, tileHeight, bitsPerSample }, compressed));
}

/**
 * Decodes a tile's first `rowsNeeded` rows into samples, row-major, `tileWidth` a row (fewer rows when
 * the tile data ends early). 16-bit samples are a view on the inflated bytes, not a copy.
 * Throws, in words, on what these files never hold (floating-point predictor, odd bit depths).
 */
export async function decodeTile(
  layout: TileLayout,
  littleEndian: boolean,
  compressed: ArrayBuffer,
  rowsNeeded = layout.tileHeight,
  /** When given, only these rows (ascending, in the tile) are un-predicted: a decimating reader skips the rest, whose samples are then meaningless. */
  onlyRows?: ArrayLike<number>,
): Promise<Uint16Array | Uint8Array> {
  const { tileWidth, tileHeight, bitsPerSample, predictor } = layout;
  if (predictor !== 1 && predictor !== 2) throw new Error(`TIFF predictor ${predictor} is not supported (only none and horizontal differencing)`);
  if (bitsPerSample !== 8 && bitsPerSample !== 16) throw new Error(`${bitsPerSample}-bit samples are not supported`);
  const bytesPerSample = bitsPerSample / 8;
  const rows = Math.min(tileHeight, Math.max(1, rowsNeeded));
  let raw = await decompress(layout, compressed, rows * tileWidth * bytesPerSample);
  // Whole rows only, at most the tile's: what lies beyond rowsNeeded is not byte-swapped nor un-predicted, so it is cut off.
  const usableRows = Math.min(rows, Math.floor(raw.byteLength / bytesPerSample / tileWidth));
  const samples = usableRows * tileWidth;
  let out: Uint16Array | Uint8Array;
  if (bitsPerSample === 8) {
    // A copy when the bytes are the (cached) compressed buffer itself: the predictor must not write into the cache.
    out = layout.compression === 1 ? raw.slice(0, samples) : raw.subarray(0, samples);
  } else {
    // A private, 2-byte-aligned buffer: uncompressed tiles alias the cached bytes; zlib's output may sit at an odd offset.
    if (layout.compression === 1 || raw.byteOffset % 2 !== 0) raw = Uint8Array.prototype.slice.call(raw, 0, samples * 2) as Uint8Array;
    out = new Uint16Array(raw.buffer, raw.byteOffset, samples);
    // Fix the byte order natively (Buffer#swap16) where the file's differs from the host's.
    if (littleEndian !== HOST_LITTLE_ENDIAN) Buffer.from(raw.buffer, raw.byteOffset, samples * 2).swap16();
  }
  if (predictor === 2) {
    if (onlyRows) {
      for (let k = 0; k < onlyRows.length && onlyRows[k] < usableRows; k++) undoHorizontalDifferencing(out, tileWidth, onlyRows[k]);
    } else {
      for (let r = 0; r < usableRows; r++) undoHorizontalDifferencing(out, tileWidth, r);
    }
  }
  return out;
}

/** Whether pickTileSamples decodes this kind of tile in a worker thread (DEFLATE, 16-bit, no or horizontal predictor: every Landsat band). */
export function decodesInWorker(layout: TileLayout): boolean {
  return DEFLATE_CODES.has(layout.compression) && layout.bitsPerSample === 16 && (layout.predictor === 1 || layout.predictor === 2);
}

/**
 * The samples at `rows` x `cols` of a tile (tile coordinates, ascending), row-major: what a decimating
 * read keeps of it. DEFLATE tiles of 16-bit words are decoded and picked in a worker thread
 * (decodeWorkerPool.ts), the rest through decodeTile here.
 */
export async function pickTileSamples(layout: TileLayout, littleEndian: boolean, compressed: ArrayBuffer, rows: Int32Array, cols: Int32Array): Promise<Uint16Array | Uint8Array> {
  const { tileWidth, tileHeight, predictor } = layout;
  if (decodesInWorker(layout)) {
    const job = { tileWidth, tileHeight, littleEndian, predictor, rows, cols };
    // A point's few samples (a 3 x 3, a tile's sites): inflated on the libuv pool as far as their rows,
    // then only their rows un-predicted here, which costs the event loop less than the copy and the
    // messages to a worker and back.
    if (rows.length * cols.length <= IN_THREAD_PICK_SAMPLES) {
      const tileBytes = tileWidth * tileHeight * 2;
      const neededBytes = ((rows.length > 0 ? rows[rows.length - 1] : 0) + 1) * tileWidth * 2;
      return pickInflated(await inflateRows(new Uint8Array(compressed), neededBytes, tileBytes), job)!;
    }
    return pickDeflateTileInWorker(job, compressed);
  }
  const lastRow = rows.length > 0 ? rows[rows.length - 1] : 0;
  const pixels = await decodeTile(layout, littleEndian, compressed, lastRow + 1, rows);
  const out = layout.bitsPerSample === 8 ? new Uint8Array(rows.length * cols.length) : new Uint16Array(rows.length * cols.length);
  return pickSamples(pixels, tileWidth, Math.floor(pixels.length / tileWidth), rows, cols, out);
}

/**
 * For a point's few samples of a DEFLATE tile of 16-bit words: how many of its compressed bytes to read
 * (a prefix in proportion to the rows needed, with a margin; all of them when the rows needed reach most
 * of the tile), or null for another compression (the tile is then read whole through the cache).
 */
export function tilePrefixToRead(layout: TileLayout, compressedBytes: number, lastRow: number): number | null {
  if (!DEFLATE_CODES.has(layout.compression) || layout.bitsPerSample !== 16 || (layout.predictor !== 1 && layout.predictor !== 2)) return null;
  const cut = prefixBytes(compressedBytes, (lastRow + 1) / layout.tileHeight);
  return cut < compressedBytes * 0.8 ? cut : compressedBytes;
}

/**
 * The samples at rows x cols from a prefix of a DEFLATE tile (tilePrefixToRead); null when the prefix
 * ends before the last row (or where zlib cannot stop). Inflated and picked in a worker thread, the
 * prefix transferred (it is the caller's own, never cached): on the event loop the asynchronous zlib
 * stream of each prefix was most of a cold series' main-thread time (decodeWorkerPool.ts).
 */
export async function pickFromTilePrefix(layout: TileLayout, littleEndian: boolean, prefix: ArrayBuffer, rows: Int32Array, cols: Int32Array): Promise<Uint16Array | null> {
  const { tileWidth, tileHeight, predictor } = layout;
  return pickFromTilePrefixInWorker({ tileWidth, tileHeight, littleEndian, predictor, rows, cols }, prefix);
}

const inflateAsync = promisify(inflate);

/**
 * A whole (cached) tile's bytes, at least `neededBytes` of them when it holds that many, on the libuv
 * pool: first from a prefix of the compressed stream in proportion to the rows needed (DEFLATE stops
 * anywhere with Z_SYNC_FLUSH), the whole stream when that fell short. One output chunk, no concatenation.
 */
async function inflateRows(bytes: Uint8Array, neededBytes: number, tileBytes: number): Promise<Buffer> {
  const share = neededBytes / tileBytes;
  if (share < 0.7) {
    try {
      const part = await inflateAsync(bytes.subarray(0, prefixBytes(bytes.byteLength, share)), { finishFlush: constants.Z_SYNC_FLUSH, chunkSize: prefixOutputBytes(neededBytes, tileBytes) });
      if (part.byteLength >= neededBytes) return part;
    } catch {
      // A cut inside a block's header can fail: the whole stream below says what is really wrong.
    }
  }
  return inflateAsync(bytes, { chunkSize: wholeTileChunk(tileBytes) });
}
