/**
 * geotiff.js' JavaScript decoders (LZW, ZSTD, ...) in worker threads: an LZW tile of 512 x 512 takes
 * tens of milliseconds of pure JS, which on the main thread stalled every other request. DEFLATE never
 * comes here (node's zlib already runs it on the libuv pool).
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

/** Decodes one tile in a worker; `compressed` is copied, so a cached buffer stays usable. */
export function decodeInWorker(job: DecodeJob, compressed: ArrayBuffer): Promise<ArrayBuffer> {
  pool ??= createThreadPool(WORKER_URL, 'tile decoding');
  const buffer = compressed.slice(0);
  return pool.run<ArrayBuffer>({ ...job, buffer }, [buffer]);
}
