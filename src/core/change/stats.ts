/** Small statistics pyccd takes from numpy and scipy, with their conventions. */

/** numpy.median: the mean of the two middle values for an even count. */
export function median(values: number[] | Float64Array): number {
  const s = Float64Array.from(values).sort();
  const n = s.length;
  if (n === 0) return Number.NaN;
  const m = n >> 1;
  return n % 2 === 1 ? s[m]! : (s[m - 1]! + s[m]!) / 2;
}

/** numpy.round: halves go to the even neighbour. */
export function roundHalfEven(x: number): number {
  const r = Math.round(x);
  return Math.abs(x % 1) === 0.5 && r % 2 !== 0 ? r - 1 : r;
}

/** scipy.stats.mode's value: the most frequent, the smallest of equally frequent ones. */
export function modeValue(values: ArrayLike<number>): number {
  const counts = new Map<number, number>();
  for (let i = 0; i < values.length; i += 1) counts.set(values[i]!, (counts.get(values[i]!) ?? 0) + 1);
  let best = Number.NaN;
  let bestCount = 0;
  for (const [v, c] of counts) {
    if (c > bestCount || (c === bestCount && v < best)) {
      best = v;
      bestCount = c;
    }
  }
  return best;
}

/** Chi-square CDF with 5 degrees of freedom (closed form for an odd count). */
function chiSquare5Cdf(x: number): number {
  if (x <= 0) return 0;
  const h = x / 2;
  return erf(Math.sqrt(h)) - Math.sqrt((2 * x) / Math.PI) * Math.exp(-h) * (1 + x / 3);
}

/** erf to double precision (series below 3, continued fraction above). */
function erf(z: number): number {
  if (z < 3) {
    // Maclaurin series: 2/sqrt(pi) * sum (-1)^n z^(2n+1) / (n! (2n+1))
    let term = z;
    let sum = z;
    for (let n = 1; n < 200; n += 1) {
      term *= (-z * z) / n;
      const add = term / (2 * n + 1);
      sum += add;
      if (Math.abs(add) < 1e-17 * Math.abs(sum)) break;
    }
    return (2 / Math.sqrt(Math.PI)) * sum;
  }
  // erfc continued fraction (Lentz)
  let f = z;
  let c = z;
  let d = 0;
  for (let k = 1; k < 200; k += 1) {
    const a = k / 2;
    d = z + a * d;
    c = z + a / c;
    d = 1 / d;
    const delta = c * d;
    f *= delta;
    if (Math.abs(delta - 1) < 1e-16) break;
  }
  return 1 - Math.exp(-z * z) / (f * Math.sqrt(Math.PI));
}

/** scipy.stats.chi2.ppf(p, 5) by bisection on the CDF (monotone), to full double precision. */
export function chiSquare5Quantile(p: number): number {
  let lo = 0;
  let hi = 1;
  while (chiSquare5Cdf(hi) < p) hi *= 2;
  for (let i = 0; i < 200; i += 1) {
    const mid = (lo + hi) / 2;
    if (mid === lo || mid === hi) break;
    if (chiSquare5Cdf(mid) < p) lo = mid;
    else hi = mid;
  }
  return (lo + hi) / 2;
}
