// Per-row work on decoded tile words, shared by tileDecoder.ts and its worker (tileDecodeWorker.mjs).
// Plain JS so that the worker, which loads without tsx, can import it too.
import { constants, inflateSync } from 'node:zlib';
import { inflateWhole } from './nativeInflate.mjs';

/** Share of a tile's rows from which a whole-tile inflate by libdeflate (nativeInflate.mjs) beats zlib's inflate of the prefix. */
const NATIVE_FROM_SHARE = 0.4;

/**
 * Undoes TIFF horizontal differencing (predictor 2) on one row, in place, up to column `lastCol`:
 * each sample is the sum of the row so far, modulo 2^bits as the TIFF spec asks (typed-array stores
 * wrap). TIFF 6.0, section 14: https://www.itu.int/itudoc/itu-t/com16/tiff-fx/docs/tiff6.pdf
 */
export function undoHorizontalDifferencing(words, tileWidth, row, lastCol = tileWidth - 1) {
  const start = row * tileWidth;
  for (let i = start + 1; i <= start + lastCol; i++) words[i] += words[i - 1];
}

/** Copies the samples at rows x cols (ascending rows) into `out`, row-major; rows past `usableRows` stay 0. */
export function pickSamples(words, tileWidth, usableRows, rows, cols, out) {
  for (let k = 0; k < rows.length && rows[k] < usableRows; k++) {
    const start = rows[k] * tileWidth;
    const o = k * cols.length;
    for (let x = 0; x < cols.length; x++) out[o + x] = words[start + cols[x]];
  }
  return out;
}

const HOST_LITTLE_ENDIAN = new Uint8Array(new Uint16Array([1]).buffer)[0] === 1;

/** Compressed bytes to read or inflate for the first `share` of a tile's rows: in proportion, plus a margin. */
export function prefixBytes(compressedBytes, share) {
  return Math.min(compressedBytes, Math.ceil(compressedBytes * share * 1.25) + 16 * 1024);
}

/**
 * The tile's bytes, at least `neededBytes` of them when the tile holds that many. A 3 x 3 read needs a
 * few of a tile's rows, and DEFLATE decodes any prefix of its stream as far as it goes (Z_SYNC_FLUSH: no
 * error at the cut): first a prefix of the compressed bytes in proportion to the rows needed, plus a
 * margin; only when that fell short, the whole stream. `complete` false: `bytes` is itself only a prefix
 * of the stream (the reader fetched no more), inflated as far as it goes. Output in one chunk (no concatenation).
 */
function inflateRows(bytes, neededBytes, tileBytes, complete, into) {
  const share = neededBytes / tileBytes;
  const prefixRoom = prefixOutputBytes(neededBytes, tileBytes);
  if (!complete) return inflateSync(bytes, { finishFlush: constants.Z_SYNC_FLUSH, chunkSize: prefixRoom });
  // libdeflate inflates only whole streams, about twice as fast as zlib: worth it from 40 % of a tile on.
  if (share >= NATIVE_FROM_SHARE) {
    const whole = inflateWhole(bytes, tileBytes, into);
    if (whole) return whole;
  }
  if (share < 0.7) {
    const cut = prefixBytes(bytes.byteLength, share);
    try {
      const part = inflateSync(bytes.subarray(0, cut), { finishFlush: constants.Z_SYNC_FLUSH, chunkSize: prefixRoom });
      if (part.byteLength >= neededBytes) return part;
    } catch {
      // A cut inside a block's header can fail: the whole stream below says what is really wrong.
    }
  }
  return inflateSync(bytes, { chunkSize: wholeTileChunk(tileBytes) });
}

/**
 * zlib's output chunk for a whole tile: one byte more than the tile. With exactly the tile's bytes,
 * node's zlib sees the chunk full and allocates a second one before it learns that the stream has
 * ended (0.20 against 0.12 ms per 512 px tile, measured): garbage for every tile an area decodes.
 */
export function wholeTileChunk(tileBytes) {
  return Math.max(64 * 1024, tileBytes + 1);
}

/**
 * The samples at rows x cols of a DEFLATE tile of 16-bit words, row-major, rows.length x cols.length; 0
 * where the tile data ends early: inflate (as far as the last row picked), byte order, predictor on the
 * picked rows only. Synchronous: the worker runs it for large picks, the event loop for a point's few samples.
 * With `complete` false, `buffer` is a prefix of the tile's stream; null when it ends before the last row picked.
 * `buffer` may be a view (an area's tiles come as views of the request that fetched them).
 */
export function pickDeflateSamples({ buffer, tileWidth, tileHeight, littleEndian, predictor, rows, cols, complete = true }) {
  const lastRow = rows.length > 0 ? rows[rows.length - 1] : 0;
  let raw;
  try {
    raw = inflateRows(buffer instanceof Uint8Array ? buffer : new Uint8Array(buffer), (lastRow + 1) * tileWidth * 2, tileWidth * tileHeight * 2, complete);
  } catch (err) {
    if (complete) throw err;
    return null;
  }
  return pickInflated(raw, { tileWidth, littleEndian, predictor, rows, cols, complete });
}

/**
 * A DEFLATE tile of 16-bit words inflated as far as row `lastRow` at least, in host byte order, the
 * predictor not undone: its whole rows as words, and how many rows that is (fewer than the tile's
 * when its data ends early). For callers that undo the predictor on the parts they use (tileCounts.mjs).
 * `into` (a Uint8Array of the tile's bytes at least): where a whole-tile inflate may write, valid until
 * the caller's next call with it.
 */
export function inflateTileWords({ buffer, tileWidth, tileHeight, littleEndian, lastRow, into }) {
  const raw = inflateRows(buffer, (lastRow + 1) * tileWidth * 2, tileWidth * tileHeight * 2, true, into);
  return hostWords(raw, tileWidth, littleEndian);
}

/** `raw`'s whole rows as 16-bit words in host byte order (swapped in place; copied only when zlib's output sits at an odd offset). */
function hostWords(raw, tileWidth, littleEndian) {
  const usableRows = Math.floor(raw.byteLength / 2 / tileWidth);
  // Whole rows only (a truncated tile may end mid-word, which swap16 refuses), as tileDecoder.ts does.
  const whole = raw.subarray(0, usableRows * tileWidth * 2);
  const bytes = whole.byteOffset % 2 === 0 ? whole : Buffer.from(whole);
  if (littleEndian !== HOST_LITTLE_ENDIAN) bytes.swap16();
  return { words: new Uint16Array(bytes.buffer, bytes.byteOffset, usableRows * tileWidth), usableRows };
}


/** Output room for inflating a point's rows from a prefix (prefixBytes): a whole-tile chunk for every point read was most of its cost (allocation, page faults, collections). */
export function prefixOutputBytes(neededBytes, tileBytes) {
  return Math.min(tileBytes, Math.ceil(neededBytes * 1.3) + 64 * 1024);
}

/** pickDeflateSamples after the inflate: `raw` is the tile's inflated bytes (or a prefix of them); null when `complete` is false and they end before the last row picked. */
export function pickInflated(raw, { tileWidth, littleEndian, predictor, rows, cols, complete = true }) {
  const lastRow = rows.length > 0 ? rows[rows.length - 1] : 0;
  // A prefix that ended before the last row picked: the caller reads the whole tile.
  if (!complete && Math.floor(raw.byteLength / 2 / tileWidth) <= lastRow) return null;
  const { words, usableRows } = hostWords(raw, tileWidth, littleEndian);
  if (predictor === 2) {
    // As far as the last picked column: the samples past it are never read.
    const lastCol = cols.length > 0 ? cols[cols.length - 1] : 0;
    for (let k = 0; k < rows.length && rows[k] < usableRows; k++) undoHorizontalDifferencing(words, tileWidth, rows[k], lastCol);
  }
  return pickSamples(words, tileWidth, usableRows, rows, cols, new Uint16Array(rows.length * cols.length));
}
