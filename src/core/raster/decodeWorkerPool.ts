/**
 * Tile decoding in worker threads (tileDecodeWorker.mjs):
 * - geotiff.js' JavaScript decoders (LZW, ZSTD, ...): an LZW tile of 512 x 512 takes tens of
 *   milliseconds of pure JS, which on the main thread stalled every other request;
 * - for a decimating read of a DEFLATE tile, the whole decode and the pick of the samples it needs:
 *   inflate, byte order and predictor over a 512 x 512 tile are a few milliseconds each, and a burst of
 *   full-scene images decodes thousands of them (event-loop delay under `npm run load`).
 * - for a point's few samples (a 3 x 3), the prefix of the tile read for them: inflate as far as their
 *   rows and pick. On the event loop, through node's asynchronous zlib, each of a cold 45-scene series'
 *   405 prefixes cost its stream set-up, a large output buffer (fresh pages each time) and callbacks:
 *   ~0.7 s of the 2 s the main thread was busy (`--cpu-prof`, docs/performance.md, fifth round).
 */
import type { DnCounts } from '../landsat/dnCounts.mjs';
import type { CountPiecesJob, pieceClearRows } from './tileCounts.mjs';
import { createThreadPool } from './threadPool.js';

export interface DecodeJob {
  compression: number;
  tileWidth: number;
  tileHeight: number;
  bitsPerSample: number;
}

const WORKER_URL = new URL('./tileDecodeWorker.mjs', import.meta.url);
let pool: ReturnType<typeof createThreadPool> | null = null;
/**
 * Each worker's V8 old generation, MB: the decoders keep tiles in typed arrays (outside the V8 heap);
 * what is on it is geotiff.js' code and a job's small objects.
 */
const WORKER_OLD_GENERATION_MB = 64;
const decodePool = () => (pool ??= createThreadPool(WORKER_URL, 'tile decoding', { maxOldGenerationMb: WORKER_OLD_GENERATION_MB }));

export interface PickJob {
  tileWidth: number;
  tileHeight: number;
  littleEndian: boolean;
  predictor: number;
  /** Tile rows and tile columns to sample, ascending. */
  rows: Int32Array;
  cols: Int32Array;
}

/** The 16-bit samples at rows x cols (row-major) of a DEFLATE tile, decoded in a worker; `compressed` is copied. */
export async function pickDeflateTileInWorker(job: PickJob, compressed: ArrayBuffer): Promise<Uint16Array> {
  const buffer = compressed.slice(0);
  const rows = job.rows.slice();
  const cols = job.cols.slice();
  return new Uint16Array(await decodePool().run<ArrayBuffer>({ kind: 'pick', ...job, rows, cols, buffer }, [buffer, rows.buffer, cols.buffer]));
}

/**
 * The samples of a point (a 3 x 3, a pixel) from a prefix of a DEFLATE tile (tilePrefixToRead), picked in
 * a worker; null when the prefix ends before the last row picked. `prefix` is transferred, not copied: it
 * must be the caller's own (read for this pick, never cached), and is detached afterwards.
 */
export async function pickFromTilePrefixInWorker(job: PickJob, prefix: ArrayBuffer): Promise<Uint16Array | null> {
  const rows = job.rows.slice();
  const cols = job.cols.slice();
  const out = await decodePool().run<ArrayBuffer | null>({ kind: 'pick', ...job, rows, cols, buffer: prefix, complete: false }, [prefix, rows.buffer, cols.buffer]);
  return out && new Uint16Array(out);
}

/** Decodes one tile in a worker; `compressed` is copied, so a cached buffer stays usable. */
export function decodeInWorker(job: DecodeJob, compressed: ArrayBuffer): Promise<ArrayBuffer> {
  const buffer = compressed.slice(0);
  return decodePool().run<ArrayBuffer>({ ...job, buffer }, [buffer]);
}

/**
 * An area's pieces counted in a worker (tileCounts.mjs countDeflatePieces): only the counts come back.
 * The buffers under the pieces' compressed tiles are transferred, each once: they must be the caller's
 * own, and no other job's.
 */
export function countDeflatePiecesInWorker(job: CountPiecesJob): Promise<DnCounts[]> {
  return decodePool().run<DnCounts[]>({ kind: 'count', ...job }, tileBuffers(job));
}

/** tileCounts.mjs pieceClearRows in a worker; the buffers under the pieces' tiles are transferred, as countDeflatePiecesInWorker's. */
export function pieceClearRowsInWorker(job: Parameters<typeof pieceClearRows>[0]): Promise<Int32Array> {
  return decodePool().run<Int32Array>({ kind: 'clearRows', ...job }, tileBuffers(job));
}

const tileBuffers = (job: Pick<CountPiecesJob, 'pieces'>) => [...new Set(job.pieces.flatMap((p) => p.tiles.flatMap((t) => (t ? [t.buffer as ArrayBuffer] : []))))];
