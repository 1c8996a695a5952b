/**
 * Tmask's robust fit (pyccd's models/robust_fit.RLM with maxiter 5): iteratively reweighted least
 * squares, Tukey bisquare weights (tune 4.685) on residuals scaled by MAD / 0.6745. pyccd stops when no
 * coefficient grew by more than 1e-8 since the previous pass (its test reads `fabs(new - old > tol)`,
 * so a coefficient that shrank does not keep it going); that rule is kept here so the outliers match.
 */
import { median } from './stats.js';

const TUNE = 4.685;
const MAD_CONSTANT = 0.6745;
const CONVERGENCE_TOL = 1e-8;

/**
 * Least squares of y on the columns of x (row-major n x p) with weights w, through the normal equations
 * and a Cholesky factor. A column that adds nothing (a pivot near 0, e.g. two identical harmonics when
 * the window spans exactly one year) gets coefficient 0: the fitted values are still the projection
 * numpy's lstsq gives.
 */
function weightedLeastSquares(x: Float64Array, y: ArrayLike<number>, w: ArrayLike<number> | null, n: number, p: number): Float64Array {
  const a = new Float64Array(p * p);
  const b = new Float64Array(p);
  for (let i = 0; i < n; i += 1) {
    const wi = w ? w[i]! : 1;
    if (wi === 0) continue;
    const o = i * p;
    for (let r = 0; r < p; r += 1) {
      const xr = x[o + r]! * wi;
      b[r]! += xr * y[i]!;
      for (let c = r; c < p; c += 1) a[r * p + c]! += xr * x[o + c]!;
    }
  }
  // Cholesky (upper triangle holds the values), skipping dependent columns.
  const l = new Float64Array(p * p);
  const skip = new Uint8Array(p);
  let maxDiag = 0;
  for (let r = 0; r < p; r += 1) maxDiag = Math.max(maxDiag, a[r * p + r]!);
  for (let j = 0; j < p; j += 1) {
    let d = a[j * p + j]!;
    for (let k = 0; k < j; k += 1) d -= l[j * p + k]! * l[j * p + k]!;
    if (d <= 1e-10 * maxDiag) {
      skip[j] = 1;
      continue;
    }
    const ljj = Math.sqrt(d);
    l[j * p + j] = ljj;
    for (let i = j + 1; i < p; i += 1) {
      let s = a[j * p + i]!;
      for (let k = 0; k < j; k += 1) s -= l[i * p + k]! * l[j * p + k]!;
      l[i * p + j] = s / ljj;
    }
  }
  const z = new Float64Array(p);
  for (let i = 0; i < p; i += 1) {
    if (skip[i]) continue;
    let s = b[i]!;
    for (let k = 0; k < i; k += 1) s -= l[i * p + k]! * z[k]!;
    z[i] = s / l[i * p + i]!;
  }
  const beta = new Float64Array(p);
  for (let i = p - 1; i >= 0; i -= 1) {
    if (skip[i]) continue;
    let s = z[i]!;
    for (let k = i + 1; k < p; k += 1) s -= l[k * p + i]! * beta[k]!;
    beta[i] = s / l[i * p + i]!;
  }
  return beta;
}

function residualsOf(x: Float64Array, y: ArrayLike<number>, beta: Float64Array, n: number, p: number, out: Float64Array): void {
  for (let i = 0; i < n; i += 1) {
    let f = 0;
    for (let c = 0; c < p; c += 1) f += x[i * p + c]! * beta[c]!;
    out[i] = y[i]! - f;
  }
}

const madScale = (resid: Float64Array) => median(Array.from(resid, Math.abs)) / MAD_CONSTANT;

/** The robust fit's fitted values at the rows of x. */
export function robustFitted(x: Float64Array, y: ArrayLike<number>, n: number, p: number, maxIter = 5): Float64Array {
  let beta = weightedLeastSquares(x, y, null, n, p);
  const resid = new Float64Array(n);
  residualsOf(x, y, beta, n, p, resid);
  let scale = madScale(resid);
  const weights = new Float64Array(n);
  for (let iteration = 1; iteration < maxIter; iteration += 1) {
    for (let i = 0; i < n; i += 1) {
      const u = resid[i]! / scale / TUNE;
      weights[i] = Math.abs(resid[i]! / scale) < TUNE ? (1 - u * u) ** 2 : 0;
    }
    const previous = beta;
    beta = weightedLeastSquares(x, y, weights, n, p);
    residualsOf(x, y, beta, n, p, resid);
    scale = madScale(resid);
    let grew = false;
    for (let c = 0; c < p; c += 1) if (beta[c]! - previous[c]! > CONVERGENCE_TOL) grew = true;
    if (!grew) break;
  }
  const fitted = new Float64Array(n);
  for (let i = 0; i < n; i += 1) fitted[i] = y[i]! - resid[i]!;
  return fitted;
}
