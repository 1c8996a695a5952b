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

/**
 * Welford's running mean and variance: one pass, numerically stable for the ~10^6 pixels a box
 * can hold. `physical(dn)` returns null for fill; `isClear(i)` masks clouds and shadows; `isFill(i)`
 * tells fill that the band's own DN does not show (QA_PIXEL's fill bit).
 */
export function computeBandStatistics(
  dn: ArrayLike<number>,
  physical: (dn: number) => number | null,
  isClear: (index: number) => boolean,
  isFill: (index: number) => boolean = () => false,
): BandStatistics {
  let n = 0;
  let mean = 0;
  let m2 = 0;
  let min = Infinity;
  let max = -Infinity;
  let noData = 0;
  let fill = 0;
  for (let i = 0; i < dn.length; i++) {
    const value = isClear(i) ? physical(dn[i]) : null;
    if (value === null) {
      noData++;
      if (isFill(i) || physical(dn[i]) === null) fill++;
      continue;
    }
    n++;
    const delta = value - mean;
    mean += delta / n;
    m2 += delta * (value - mean);
    if (value < min) min = value;
    if (value > max) max = value;
  }
  if (n === 0) return { min: null, max: null, mean: null, stDev: null, sampleCount: 0, noDataCount: noData, fillCount: fill };
  return { min, max, mean, stDev: Math.sqrt(m2 / n), sampleCount: n, noDataCount: noData, fillCount: fill };
}
