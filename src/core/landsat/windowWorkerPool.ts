/**
 * The worker beside the event loop for CPU work on a read window (stretchWorker.mjs): drawing the
 * contrast-stretched image (stretchImage.ts) and counting a window's pixels per DN for its statistics
 * (statistics.ts). One pool for both: each worker is resident memory, and one on two cores keeps up
 * with either (drawing is ~50 ms an image, counting ~8 ms a scene).
 */
import { createThreadPool, workersBesideEventLoop, type ThreadPool } from '../raster/threadPool.js';

const WORKER_URL = new URL('./stretchWorker.mjs', import.meta.url);
let pool: ThreadPool | null = null;
/**
 * The worker's V8 old generation, MB: windows, tables and PNGs are typed arrays and Buffers (outside the
 * V8 heap); on it are pngjs' code and a job's small objects.
 */
const WORKER_OLD_GENERATION_MB = 64;

export function windowWorkerPool(): ThreadPool {
  pool ??= createThreadPool(WORKER_URL, 'window drawing and statistics', { size: workersBesideEventLoop(), maxOldGenerationMb: WORKER_OLD_GENERATION_MB });
  return pool;
}
