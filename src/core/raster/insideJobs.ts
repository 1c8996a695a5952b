/**
 * An area's strip as counting jobs (sceneReader countFullWindow): each planned tile's part inside the
 * polygon's runs, grouped into jobs of a few tiles.
 */
import type { InsideRuns, TileSamplePiece } from './byteSource.js';
import type { PlannedTile } from './windowPlan.js';

/**
 * Pixels one counting job synthesizes at most (countFullWindow): four 128 px tiles, about 20 ms of a
 * synthesis worker (profile of a 2,500 km² area, 2026-11-26), so a point's jobs (the interactive
 * lane, posted first) wait about that long behind an area's. A strip of a million pixels in one job
 * would be ~15 times that.
 */
const COUNT_JOB_PIXELS = 4 * 128 * 128;

/**
 * The part of a planned tile (full resolution, no decimation) inside the runs: its rows holding any,
 * its columns from the first to the last; null when none. Pixels left out count as fill.
 */
function insidePiece({ index, rows, cols, xs, xe, ys, ye }: PlannedTile, runs: InsideRuns): TileSamplePiece | null {
  const keptRows: number[] = [];
  let from = xe;
  let to = xs;
  for (let y = ys; y < ye; y++) {
    let any = false;
    for (let k = runs.rowStart[y]; k < runs.rowStart[y + 1]; k++) {
      const a = Math.max(xs, runs.spans[2 * k]);
      const b = Math.min(xe, runs.spans[2 * k + 1]);
      if (b <= a) continue;
      any = true;
      if (a < from) from = a;
      if (b > to) to = b;
    }
    if (any) keptRows.push(y);
  }
  if (keptRows.length === 0) return null;
  return {
    index,
    rows: Int32Array.from(keptRows, (y) => rows[y - ys]),
    cols: cols.slice(from - xs, to - xs),
    rowFirstY: Int32Array.from(keptRows),
    rowRepeat: new Int32Array(keptRows.length).fill(1),
    x0: from,
  };
}

/** The tiles' parts inside the runs, in jobs of about COUNT_JOB_PIXELS; `covered`: the pixels they hold (the rest of the window is fill). */
export function insideJobs(tiles: readonly PlannedTile[], inside: InsideRuns): { jobs: TileSamplePiece[][]; covered: number } {
  const jobs: TileSamplePiece[][] = [];
  let job: TileSamplePiece[] = [];
  let jobPixels = 0;
  let covered = 0;
  for (const tile of tiles) {
    const piece = insidePiece(tile, inside);
    if (!piece) continue;
    const pixels = piece.rows.length * piece.cols.length;
    covered += pixels;
    if (jobPixels > 0 && jobPixels + pixels > COUNT_JOB_PIXELS) {
      jobs.push(job);
      job = [];
      jobPixels = 0;
    }
    job.push(piece);
    jobPixels += pixels;
  }
  if (job.length > 0) jobs.push(job);
  return { jobs, covered };
}
