/**
 * The per-pixel half of an area's statistics, counted per DN off the event loop. A 2,500 km² polygon is
 * ~2.8 million pixels per band and scene: collecting their values into arrays and sorting them for the
 * median took ~0.3 s of the main thread per band and scene (an area of 184 scenes held the loop for
 * minutes, and every other request with it). Counting them per 16-bit DN is one pass in the window
 * worker (windowWorkerPool.ts, dnCounts.mjs); the main thread then works on the distinct DNs only, a
 * few thousand at most, and the median is exact (the middle of the counts, in value order).
 */
import { countWindowDns, type DnCounts } from '../landsat/dnCounts.mjs';
import { windowWorkerPool } from '../landsat/windowWorkerPool.js';
import { ownTurn } from '../ownTurn.js';

export interface AreaBandStats {
  mean: number | null;
  median: number | null;
  /** Population standard deviation (divides by count). */
  stDev: number | null;
  min: number | null;
  max: number | null;
  /** Clear pixels with a value in this band. */
  count: number;
}

/** Below this many pixels a window is counted on the calling thread: the message to the worker costs more. */
const WORKER_MIN_PIXELS = 64 * 64;

/**
 * Counts per DN of each of `bands` over the pixels inside the polygon (`inside`, 1 per pixel) that are
 * clear under `maskBits`; pixels outside count as fill. The arrays may be the block cache's: the worker
 * gets copies.
 */
export async function countAreaDns(qa: Uint16Array, inside: Uint8Array, maskBits: number, bands: Uint16Array[]): Promise<DnCounts[]> {
  if (qa.length < WORKER_MIN_PIXELS) return countWindowDns(qa, maskBits, bands, inside);
  const qaCopy = qa.slice().buffer;
  const insideCopy = inside.slice().buffer;
  const dnCopies = bands.map((b) => b.slice().buffer);
  const counts = await windowWorkerPool().run<DnCounts[]>({ countDns: { qa: qaCopy, maskBits, bands: dnCopies, inside: insideCopy } }, [qaCopy, insideCopy, ...dnCopies]);
  // The values per distinct DN on a turn of their own (ownTurn.ts): concurrent scenes' counts come back together.
  await ownTurn();
  return counts;
}

/** Pixels inside the polygon that the scene imaged, and of those the clear ones: from the counts of QA_PIXEL itself. */
export function pixelAndClearCounts(qaCounts: DnCounts, pixels: number): { pixelCount: number; clearCount: number } {
  let clearCount = 0;
  for (let k = 0; k < qaCounts.clearCounts.length; k++) clearCount += qaCounts.clearCounts[k];
  return { pixelCount: pixels - qaCounts.fill, clearCount };
}

/**
 * Mean, population stDev, median (mean of the two middle values for an even count), min and max of the
 * clear pixels' physical values (`physical` asked once per distinct DN; null leaves the DN out, e.g. a
 * DN of 0 in ST_B10 where no temperature was computed). The mean and variance use West's weighted form
 * of Welford's algorithm over the values in ascending order (CACM 22(9), 1979).
 */
export function areaStatsOfCounts({ clearDns, clearCounts }: DnCounts, physical: (dn: number) => number | null): AreaBandStats {
  const values: number[] = [];
  const counts: number[] = [];
  for (let k = 0; k < clearDns.length; k++) {
    const v = physical(clearDns[k]);
    if (v === null) continue;
    values.push(v);
    counts.push(clearCounts[k]);
  }
  if (values.length === 0) return { mean: null, median: null, stDev: null, min: null, max: null, count: 0 };
  const order = values.map((_, i) => i).sort((a, b) => values[a] - values[b]);
  let n = 0;
  let mean = 0;
  let m2 = 0;
  for (const i of order) {
    const count = counts[i];
    n += count;
    const delta = values[i] - mean;
    mean += (delta * count) / n;
    m2 += count * delta * (values[i] - mean);
  }
  // The value at 0-based rank `rank` of the sorted pixels.
  const atRank = (rank: number): number => {
    let seen = 0;
    for (const i of order) {
      seen += counts[i];
      if (rank < seen) return values[i];
    }
    return values[order[order.length - 1]];
  };
  const median = n % 2 === 1 ? atRank((n - 1) / 2) : (atRank(n / 2 - 1) + atRank(n / 2)) / 2;
  return { mean, median, stDev: Math.sqrt(m2 / n), min: values[order[0]], max: values[order[order.length - 1]], count: n };
}

/** Counts per DN of several strips of one window, added up. */
export function addCounts(into: DnCounts[] | null, more: DnCounts[]): DnCounts[] {
  if (!into) return more;
  return into.map((a, k) => {
    const b = more[k];
    const merged = new Map<number, number>();
    a.clearDns.forEach((dn, i) => merged.set(dn, a.clearCounts[i]));
    b.clearDns.forEach((dn, i) => merged.set(dn, (merged.get(dn) ?? 0) + b.clearCounts[i]));
    return {
      fill: a.fill + b.fill,
      clearDns: Uint16Array.from(merged.keys()),
      clearCounts: Uint32Array.from(merged.values()),
      // Masked pixels are not used by area statistics.
      maskedDns: new Uint16Array(0),
      maskedCounts: new Uint32Array(0),
    };
  });
}
