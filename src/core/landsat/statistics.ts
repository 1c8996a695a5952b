import { isImaged, maskBits, type ClearMask } from '../raster/clearPixel.js';

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

/** What a pixel of a window is to the statistics (classifyPixels). */
export const PIXEL_FILL = 0;
export const PIXEL_MASKED = 1;
export const PIXEL_CLEAR = 2;

/**
 * Each pixel's class from QA_PIXEL under the mask (clearPixel.ts's rule): fill (not imaged, or DN 0, the
 * file's nodata outside the raster), masked, or clear. Decided once per scene for all its bands: asking
 * the mask per pixel and per band was most of the server's main-thread time under long statistics
 * streams (a CPU profile of `npx tsx scripts/loadStreams.ts`).
 */
export function classifyPixels(qa: ArrayLike<number>, mask: ClearMask): Uint8Array {
  const bits = maskBits(mask);
  const classes = new Uint8Array(qa.length);
  for (let i = 0; i < qa.length; i++) {
    const q = qa[i];
    classes[i] = q === 0 || !isImaged(q) ? PIXEL_FILL : (q & bits) !== 0 ? PIXEL_MASKED : PIXEL_CLEAR;
  }
  return classes;
}

/** Scratch for computeBandStatistics (synchronous, so one set serves every call): pixel count per DN, and the DNs seen. */
const DN_VALUES = 65_536;
const clearCount = new Uint32Array(DN_VALUES);
const maskedCount = new Uint32Array(DN_VALUES);
const clearSeen = new Uint16Array(DN_VALUES);
const maskedSeen = new Uint16Array(DN_VALUES);

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
  let clearDistinct = 0;
  let maskedDistinct = 0;
  let fill = 0;
  for (let i = 0; i < dn.length; i++) {
    const kind = classes[i];
    if (kind === PIXEL_FILL) {
      fill++;
      continue;
    }
    const d = dn[i];
    if (kind === PIXEL_CLEAR) {
      if (clearCount[d]++ === 0) clearSeen[clearDistinct++] = d;
    } else if (maskedCount[d]++ === 0) maskedSeen[maskedDistinct++] = d;
  }
  let noData = fill;
  for (let k = 0; k < maskedDistinct; k++) {
    const d = maskedSeen[k];
    noData += maskedCount[d];
    if (physical(d) === null) fill += maskedCount[d];
    maskedCount[d] = 0;
  }
  let n = 0;
  let mean = 0;
  let m2 = 0;
  let min = Infinity;
  let max = -Infinity;
  for (let k = 0; k < clearDistinct; k++) {
    const d = clearSeen[k];
    const count = clearCount[d];
    clearCount[d] = 0;
    const value = physical(d);
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
