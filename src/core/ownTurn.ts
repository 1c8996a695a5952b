/**
 * One turn of the event loop each: `await ownTurn()` resolves its callers one per turn, in the order
 * they asked. `await new Promise(setImmediate)` does not spread work out: every immediate queued
 * before a turn's check phase runs in that phase, so 32 scenes of four streams that each waited for
 * "a turn of their own" all ran in the same turn and held /api/health for hundreds of milliseconds
 * (issue 27, CPU profile of `npx tsx scripts/loadStreams.ts`). Here one caller resumes per turn; the
 * next resumes on the next turn, after the I/O (health requests among it) that arrived meanwhile. A
 * turn is short when there is nothing else to do, so an idle server loses next to nothing.
 *
 * Callers resume lane by lane (workLane.ts: interactive, then a Fetch's series, then an area's scenes),
 * as the worker pools post their jobs: a point Fetch's slices of main-thread work do not queue behind
 * the turns of an area's three scenes at once.
 */
import { LANE_COUNT, laneRank } from './workLane.js';

/** Callers waiting, one queue per lane rank. */
const waiting: (() => void)[][] = Array.from({ length: LANE_COUNT }, () => []);
let scheduled = false;

function resumeOne(): void {
  const next = waiting.find((q) => q.length > 0)?.shift();
  if (waiting.some((q) => q.length > 0)) setImmediate(resumeOne);
  else scheduled = false;
  next?.();
}

export function ownTurn(): Promise<void> {
  return new Promise<void>((resolve) => {
    waiting[laneRank()].push(resolve);
    if (!scheduled) {
      scheduled = true;
      setImmediate(resumeOne);
    }
  });
}
