/**
 * Which lane CPU work started here belongs to: bulk (an area's hundreds of scenes) or interactive (a
 * point, an image, everything else). The worker pools (raster/threadPool.ts) post interactive jobs
 * first, so a point Fetch during a large area waits for a job or two, not for the area's queue, and
 * they drop bulk jobs not yet posted once the work's signal aborts (a cancelled area stops at once).
 * AsyncLocalStorage carries the lane through every await of the work, down to the pools, without
 * threading a parameter through the readers and the demo archive.
 */
import { AsyncLocalStorage } from 'node:async_hooks';

export interface BulkLane {
  signal?: AbortSignal;
}

const lane = new AsyncLocalStorage<BulkLane>();

/** Bulk-lane jobs the pools ran and dropped (cancelled before they were posted) since start: what the tests and /api/health watch. */
export const bulkJobCounts = { posted: 0, dropped: 0 };

/** Runs `work` in the bulk lane: the pools' jobs it starts wait behind interactive ones, and are dropped once `signal` aborts. */
export function runInBulkLane<T>(work: () => Promise<T>, signal?: AbortSignal): Promise<T> {
  return lane.run({ signal }, work);
}

/** The bulk lane the caller runs in, if any. */
export function bulkLane(): BulkLane | undefined {
  return lane.getStore();
}
