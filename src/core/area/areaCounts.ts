/**
 * The per-pixel half of an area's statistics, counted per DN off the event loop. A 2,500 km² polygon is
 * ~2.8 million pixels per band and scene: collecting their values into arrays and sorting them for the
 * median took ~0.3 s of the main thread per band and scene (an area of 184 scenes held the loop for
 * minutes, and every other request with it). Counting them per 16-bit DN is one pass in the window
 * worker (windowWorkerPool.ts, dnCounts.mjs); the main thread then works on the distinct DNs only, a
 * few thousand at most, and the median is exact (the middle of the counts, in value order).
 */
import { countWindowDns, inDnOrder, type DnCounts } from '../landsat/dnCounts.mjs';
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
export function areaStatsOfCounts(dnCounts: DnCounts, physical: (dn: number) => number | null): AreaBandStats {
  const { values, counts } = inValueOrder(dnCounts, physical);
  const size = values.length;
  if (size === 0) return { mean: null, median: null, stDev: null, min: null, max: null, count: 0 };
  let n = 0;
  let mean = 0;
  let m2 = 0;
  for (let k = 0; k < size; k++) {
    const count = counts[k];
    n += count;
    const delta = values[k] - mean;
    mean += (delta * count) / n;
    m2 += count * delta * (values[k] - mean);
  }
  // The value at 0-based rank `rank` of the sorted pixels.
  const atRank = (rank: number): number => {
    let seen = 0;
    for (let k = 0; k < size; k++) {
      seen += counts[k];
      if (rank < seen) return values[k];
    }
    return values[size - 1];
  };
  const median = n % 2 === 1 ? atRank((n - 1) / 2) : (atRank(n / 2 - 1) + atRank(n / 2)) / 2;
  return { mean, median, stDev: Math.sqrt(m2 / n), min: values[0], max: values[size - 1], count: n };
}

/**
 * The clear DNs' physical values and counts, in ascending value order. The values of a band rise with
 * its DN (a scale and an offset), so the DNs are put in numeric order (the comparator sort over the
 * values was ~3 % of the event loop's time for a year of scenes; a sum's DNs come in that order,
 * createDnSum); where the values do not rise strictly in DN order, they are sorted themselves (equal
 * values then in DN order).
 */
function inValueOrder({ clearDns, clearCounts }: DnCounts, physical: (dn: number) => number | null): { values: Float64Array; counts: Float64Array } {
  const { dns, counts: dnCounts } = inDnOrder(clearDns, clearCounts);
  const values = new Float64Array(dns.length);
  const counts = new Float64Array(dns.length);
  let size = 0;
  let rising = true;
  for (let k = 0; k < dns.length; k++) {
    const v = physical(dns[k]);
    if (v === null) continue;
    if (size > 0 && !(v > values[size - 1])) rising = false;
    values[size] = v;
    counts[size++] = dnCounts[k];
  }
  if (rising) return { values: values.subarray(0, size), counts: counts.subarray(0, size) };
  const order = Int32Array.from({ length: size }, (_, i) => i).sort((a, b) => values[a] - values[b] || a - b);
  return { values: Float64Array.from(order, (i) => values[i]), counts: Float64Array.from(order, (i) => counts[i]) };
}
