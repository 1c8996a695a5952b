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
  if (dn instanceof Uint16Array) return statisticsOfDns(dn, physical, isClear, isFill);
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

/** Counts per DN of clear and of masked pixels (scratch of statisticsOfDns, zeroed again after each use). */
const dnCounts = new Uint32Array(65536);
const maskedCounts = new Uint32Array(65536);

/**
 * The same statistics for 16-bit DNs: the clear pixels' DNs are counted first, then each distinct DN
 * is converted once (a scene box is ~65,000 pixels but a few thousand distinct DNs), Welford's update
 * taking all pixels of one value at once (Chan et al.'s pairwise combination with a zero-variance group).
 */
function statisticsOfDns(dn: Uint16Array, physical: (dn: number) => number | null, isClear: (index: number) => boolean, isFill: (index: number) => boolean): BandStatistics {
  let noData = 0;
  let fill = 0;
  let lo = 65536;
  let hi = -1;
  let maskedLo = 65536;
  let maskedHi = -1;
  for (let i = 0; i < dn.length; i++) {
    const d = dn[i];
    if (isClear(i)) {
      dnCounts[d] += 1;
      if (d < lo) lo = d;
      if (d > hi) hi = d;
    } else {
      noData++;
      if (isFill(i)) fill++;
      else {
        // Masked: fill too when the band's own DN is its fill, decided below once per DN.
        maskedCounts[d] += 1;
        if (d < maskedLo) maskedLo = d;
        if (d > maskedHi) maskedHi = d;
      }
    }
  }
  for (let d = maskedLo; d <= maskedHi; d++) {
    if (maskedCounts[d] === 0) continue;
    if (physical(d) === null) fill += maskedCounts[d];
    maskedCounts[d] = 0;
  }
  let n = 0;
  let mean = 0;
  let m2 = 0;
  let min = Infinity;
  let max = -Infinity;
  for (let d = lo; d <= hi; d++) {
    const count = dnCounts[d];
    if (count === 0) continue;
    dnCounts[d] = 0;
    const value = physical(d);
    if (value === null) {
      noData += count;
      fill += count;
      continue;
    }
    n += count;
    const delta = value - mean;
    mean += (delta * count) / n;
    m2 += delta * (value - mean) * count;
    if (value < min) min = value;
    if (value > max) max = value;
  }
  if (n === 0) return { min: null, max: null, mean: null, stDev: null, sampleCount: 0, noDataCount: noData, fillCount: fill };
  return { min, max, mean, stDev: Math.sqrt(m2 / n), sampleCount: n, noDataCount: noData, fillCount: fill };
}

export const CLEAR = 1;
export const FILL = 2;
const VERDICT = { clear: CLEAR, fill: FILL, masked: 0 } as const;

/**
 * Per pixel: CLEAR, FILL (not imaged) or 0 (masked), from its QA word, each distinct word decided once
 * (a scene box is ~65,000 pixels, its QA a handful of distinct words): once for all bands of a scene.
 */
export function verdictsPerWord(qa: Uint16Array, verdictOf: (word: number) => keyof typeof VERDICT): Uint8Array {
  const byWord = new Map<number, number>();
  const out = new Uint8Array(qa.length);
  let lastWord = -1;
  let last = 0;
  for (let i = 0; i < qa.length; i++) {
    if (qa[i] !== lastWord) {
      lastWord = qa[i];
      const known = byWord.get(lastWord);
      last = known ?? VERDICT[verdictOf(lastWord)];
      if (known === undefined) byWord.set(lastWord, last);
    }
    out[i] = last;
  }
  return out;
}
