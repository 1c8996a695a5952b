import { maskBits, type ClearMask } from '../raster/clearPixel.js';
import { classifyPixels as classifyByBits, countDns, countWindowDns, type DnCounts } from './dnCounts.mjs';
import { windowWorkerPool } from './windowWorkerPool.js';
import { ownTurn } from '../ownTurn.js';

/** Summary statistics of one band over the clear pixels of a box, in physical units. */
export interface BandStatistics {
  min: number | null;
  max: number | null;
  mean: number | null;
  /** Population standard deviation. */
  stDev: number | null;
  /** Clear pixels that contributed. */
  sampleCount: number;
  /** Pixels left out: not imaged, not clear under the mask, or DN 0 in this band. */
  noDataCount: number;
  /**
   * Of those, the fill: pixels the scene does not image at all (outside its footprint). The clear
   * share of what the scene saw is sampleCount / (sampleCount + noDataCount - fillCount).
   */
  fillCount: number;
}

// The per-pixel half (classes, counts per DN) is plain JS shared with the worker that runs it (dnCounts.mjs).
export { PIXEL_CLEAR, PIXEL_FILL, PIXEL_MASKED } from './dnCounts.mjs';

/**
 * Each pixel's class from QA_PIXEL under the mask (clearPixel.ts's rule): fill (not imaged, or DN 0, the
 * file's nodata outside the raster), masked, or clear. Decided once per scene for all its bands: asking
 * the mask per pixel and per band was most of the server's main-thread time under long statistics
 * streams (a CPU profile of `npx tsx scripts/loadStreams.ts`).
 */
export function classifyPixels(qa: ArrayLike<number>, mask: ClearMask): Uint8Array {
  return classifyByBits(qa, maskBits(mask));
}

/**
 * Statistics of one band's DNs over the clear pixels (`classes`, classifyPixels), in physical units:
 * `physical(dn)` gives the value, null for fill. The pixels are first counted per DN (a box holds
 * fewer distinct 16-bit DNs than pixels, often far fewer), then `physical` is asked once per distinct DN and the
 * mean and variance are accumulated over (value, count) pairs with West's weighted form of Welford's
 * algorithm (one pass, numerically stable; D. H. D. West, Updating mean and variance estimates, CACM
 * 22(9), 1979). Calling `physical` per pixel made these statistics most of the server's main-thread
 * time under long statistics streams. Pixels the scene did not image (QA_PIXEL's fill bit, which the
 * band's own DN may not show) count as fill, as do clear or masked pixels whose DN is the band's fill.
 */
export function computeBandStatistics(dn: Uint16Array, physical: (dn: number) => number | null, classes: Uint8Array): BandStatistics {
  return bandStatisticsOfCounts(countDns(dn, classes), physical);
}

/** Each band's statistics from its counts (the order of `counts`), on a turn of its own (ownTurn.ts) like windowStatistics'. */
export async function statisticsOfCounts(counts: DnCounts[], physical: ((dn: number) => number | null)[]): Promise<BandStatistics[]> {
  await ownTurn();
  return counts.map((c, i) => bandStatisticsOfCounts(c, physical[i]));
}

/** The statistics from one band's counts per DN (dnCounts.mjs): `physical` asked once per distinct DN. */
function bandStatisticsOfCounts({ fill: fillPixels, clearDns, clearCounts, maskedDns, maskedCounts }: DnCounts, physical: (dn: number) => number | null): BandStatistics {
  let fill = fillPixels;
  let noData = fill;
  for (let k = 0; k < maskedDns.length; k++) {
    noData += maskedCounts[k];
    if (physical(maskedDns[k]) === null) fill += maskedCounts[k];
  }
  let n = 0;
  let mean = 0;
  let m2 = 0;
  let min = Infinity;
  let max = -Infinity;
  for (let k = 0; k < clearDns.length; k++) {
    const count = clearCounts[k];
    const value = physical(clearDns[k]);
    if (value === null) {
      noData += count;
      fill += count;
      continue;
    }
    n += count;
    const delta = value - mean;
    mean += (delta * count) / n;
    m2 += count * delta * (value - mean);
    if (value < min) min = value;
    if (value > max) max = value;
  }
  if (n === 0) return { min: null, max: null, mean: null, stDev: null, sampleCount: 0, noDataCount: noData, fillCount: fill };
  return { min, max, mean, stDev: Math.sqrt(m2 / n), sampleCount: n, noDataCount: noData, fillCount: fill };
}

/** Below this many pixels a window is counted on the calling thread: the message to the worker costs more. */
const WORKER_MIN_PIXELS = 64 * 64;

/**
 * Statistics of each band of one window over its clear pixels (QA_PIXEL `qa` under `mask`). The
 * per-pixel work (classes, counts per DN: ~8 ms of CPU for eight bands of a 256 x 256 window) runs in
 * the drawing worker (windowWorkerPool.ts), not on the event loop: four long statistics streams
 * finished tens of scenes in one turn of the loop and held /api/health for hundreds of milliseconds
 * (issue 27, CPU profile of `npx tsx scripts/loadStreams.ts`). The event loop keeps the cheap half:
 * `physical` per distinct DN, and the mean and variance over them.
 */
export async function windowStatistics(qa: Uint16Array, bands: { dn: Uint16Array; physical: (dn: number) => number | null }[], mask: ClearMask): Promise<BandStatistics[]> {
  const bits = maskBits(mask);
  let counts: DnCounts[];
  if (qa.length < WORKER_MIN_PIXELS) {
    counts = countWindowDns(qa, bits, bands.map((b) => b.dn));
  } else {
    // Copies: the DN arrays may be the block cache's, which must stay usable here.
    const qaCopy = qa.slice().buffer;
    const dnCopies = bands.map((b) => b.dn.slice().buffer);
    counts = await windowWorkerPool().run<DnCounts[]>({ countDns: { qa: qaCopy, maskBits: bits, bands: dnCopies } }, [qaCopy, ...dnCopies]);
    // The values per distinct DN on a turn of their own (ownTurn.ts): the counts of concurrent series'
    // scenes come back together and would otherwise all be finished in one turn.
    await ownTurn();
  }
  return bands.map((b, i) => bandStatisticsOfCounts(counts[i], b.physical));
}
