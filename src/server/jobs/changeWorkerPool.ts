/**
 * CCDC in worker threads, for the work that runs it many times in the background (change jobs, change
 * watches) and for series posted to POST /api/change: the event loop keeps answering requests meanwhile. Same code as the main thread's
 * (changeWorker.mjs imports detectChanges), so the same segments.
 */
import type { ChangeObservation, ChangeResult } from '../../core/change/detectChanges.js';
import type { ClearMask } from '../../core/raster/clearPixel.js';
import { createThreadPool, workersBesideEventLoop, type ThreadPool } from '../../core/raster/threadPool.js';

const WORKER_URL = new URL('./changeWorker.mjs', import.meta.url);
/** A 40-year pixel's arrays are a few MB; room for garbage between collections. */
const WORKER_OLD_GENERATION_MB = 128;

let pool: ThreadPool | null = null;

/** detectChanges(observations, { mask }), run in a worker thread (POST /api/change too: 20,000 observations are seconds of CPU). */
export function detectChangesInWorker(observations: ChangeObservation[], mask?: ClearMask): Promise<ChangeResult> {
  pool ??= createThreadPool(WORKER_URL, 'change detection', { size: workersBesideEventLoop(), maxOldGenerationMb: WORKER_OLD_GENERATION_MB });
  return pool.run<ChangeResult>({ observations, ...(mask === undefined ? {} : { mask }) }, []);
}
