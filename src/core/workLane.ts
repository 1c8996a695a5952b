/**
 * Which lane CPU work started here belongs to, in the order the worker pools serve them:
 * - interactive: a point, an image, everything not said otherwise;
 * - series: a Fetch's streamed series (the scene-box statistics and the pixel series), which the page
 *   asks at the same time as its image: the image's jobs go first, and the series' search and first
 *   progress line run on the event loop meanwhile, instead of the page waiting for the image to ask;
 * - bulk: an area's or a job's hundreds of scenes.
 * The worker pools (raster/threadPool.ts) post a lane's jobs only when no earlier lane has jobs waiting,
 * so a point Fetch during a large area waits for a job or two, not for the area's queue, and they drop a
 * lane's jobs not yet posted once the work's signal aborts (a cancelled area or stream stops at once).
 * AsyncLocalStorage carries the lane through every await of the work, down to the pools, without
 * threading a parameter through the readers and the demo archive.
 */
import { AsyncLocalStorage } from 'node:async_hooks';

/** The lanes after the interactive one, in the order they are served. */
export const LANE_RANK = { series: 1, bulk: 2 } as const;
/** Lanes in all, the interactive one (rank 0) included. */
export const LANE_COUNT = 3;

export interface WorkLane {
  /** LANE_RANK's value: 1 series, 2 bulk. */
  rank: 1 | 2;
  signal?: AbortSignal;
}

const lane = new AsyncLocalStorage<WorkLane>();

/** Each lane's jobs the pools ran and dropped (cancelled before they were posted) since start: what the tests watch. */
export const laneJobCounts = { series: { posted: 0, dropped: 0 }, bulk: { posted: 0, dropped: 0 } };

/** The counts of a job's lane. */
export function countsOfLane(lane: WorkLane): { posted: number; dropped: number } {
  return lane.rank === LANE_RANK.bulk ? laneJobCounts.bulk : laneJobCounts.series;
}

/** Runs `work` in the bulk lane: the pools' jobs it starts wait behind every other lane's, and are dropped once `signal` aborts. */
export function runInBulkLane<T>(work: () => Promise<T>, signal?: AbortSignal): Promise<T> {
  return lane.run({ rank: LANE_RANK.bulk, signal }, work);
}

/** Runs `work` in the series lane: behind interactive jobs, ahead of bulk ones; dropped once `signal` aborts. */
export function runInSeriesLane<T>(work: () => Promise<T>, signal?: AbortSignal): Promise<T> {
  return lane.run({ rank: LANE_RANK.series, signal }, work);
}

/** The lane the caller runs in, if not the interactive one. */
export function workLane(): WorkLane | undefined {
  return lane.getStore();
}

/** The caller's lane rank: 0 interactive, then LANE_RANK's. */
export function laneRank(): number {
  return lane.getStore()?.rank ?? 0;
}
