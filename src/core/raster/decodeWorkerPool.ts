/**
 * Tile decoding in worker threads (tileDecodeWorker.mjs):
 * - geotiff.js' JavaScript decoders (LZW, ZSTD, ...): an LZW tile of 512 x 512 takes tens of
 *   milliseconds of pure JS, which on the main thread stalled every other request;
 * - for a decimating read of a DEFLATE tile, the whole decode and the pick of the samples it needs:
 *   inflate, byte order and predictor over a 512 x 512 tile are a few milliseconds each, and a burst of
 *   full-scene images decodes thousands of them (event-loop delay under `npm run load`).
 * Other DEFLATE reads (a 3 x 3 needs a few rows of a tile) stay with node's zlib on the libuv pool,
 * which can stop inflating after those rows.
 */
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

/** Decodes one tile in a worker; `compressed` is copied, so a cached buffer stays usable. */
export function decodeInWorker(job: DecodeJob, compressed: ArrayBuffer): Promise<ArrayBuffer> {
  const buffer = compressed.slice(0);
  return decodePool().run<ArrayBuffer>({ ...job, buffer }, [buffer]);
}
