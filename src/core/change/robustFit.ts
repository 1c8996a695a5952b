/**
 * Tmask's robust fit as pyccd runs it (ccd/models/robust_fit.RLM, maxiter 5, a port of MATLAB's
 * robustfit): iteratively reweighted least squares with Tukey bisquare weights (tune 4.685) on
 * leverage-adjusted residuals (r / sqrt(1 - h)), scaled by MAD / 0.6745 of all but the p - 1 smallest
 * of them, never below 1e-6 x std(y). Two pyccd details are kept because the outliers depend on them:
 * its convergence test reads `fabs(new - old > tol)`, so a pass only continues while some coefficient
 * grew by more than 1e-8; and a scale below machine epsilon stops after the ordinary least squares.
 * (Checked against expected.json: with the plain yatsm-style RLM or a two-sided convergence test the
 * third break of test_3657_3610 or the processing-mask count no longer match.)
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

/** Leverage of each row, x_i' (X'X)^-1 x_i, capped at 0.9999 as robustfit does. */
function leverage(x: Float64Array, n: number, p: number): Float64Array {
  const h = new Float64Array(n);
  const e = new Float64Array(p);
  const a = new Float64Array(p * p);
  for (let i = 0; i < n; i += 1) for (let r = 0; r < p; r += 1) for (let c = 0; c < p; c += 1) a[r * p + c]! += x[i * p + r]! * x[i * p + c]!;
  const inv = invert(a, p);
  for (let i = 0; i < n; i += 1) {
    for (let r = 0; r < p; r += 1) {
      let s = 0;
      for (let c = 0; c < p; c += 1) s += inv[r * p + c]! * x[i * p + c]!;
      e[r] = s;
    }
    let v = 0;
    for (let r = 0; r < p; r += 1) v += x[i * p + r]! * e[r]!;
    h[i] = Math.min(0.9999, v);
  }
  return h;
}

/** Gauss-Jordan inverse with partial pivoting (p is 5 here). */
function invert(a: Float64Array, p: number): Float64Array {
  const m = Float64Array.from(a);
  const inv = new Float64Array(p * p);
  for (let i = 0; i < p; i += 1) inv[i * p + i] = 1;
  for (let c = 0; c < p; c += 1) {
    let piv = c;
    for (let r = c + 1; r < p; r += 1) if (Math.abs(m[r * p + c]!) > Math.abs(m[piv * p + c]!)) piv = r;
    for (let k = 0; k < p; k += 1) {
      [m[c * p + k], m[piv * p + k]] = [m[piv * p + k]!, m[c * p + k]!];
      [inv[c * p + k], inv[piv * p + k]] = [inv[piv * p + k]!, inv[c * p + k]!];
    }
    const d = m[c * p + c]!;
    for (let k = 0; k < p; k += 1) {
      m[c * p + k] = m[c * p + k]! / d;
      inv[c * p + k] = inv[c * p + k]! / d;
    }
    for (let r = 0; r < p; r += 1) {
      if (r === c) continue;
      const f = m[r * p + c]!;
      for (let k = 0; k < p; k += 1) {
        m[r * p + k] = m[r * p + k]! - f * m[c * p + k]!;
        inv[r * p + k] = inv[r * p + k]! - f * inv[c * p + k]!;
      }
    }
  }
  return inv;
}

/** robustfit's madsigma: the median of the |residuals| after dropping the p - 1 smallest, / 0.6745. */
function madSigma(resid: Float64Array, p: number): number {
  const rs = Array.from(resid, Math.abs).sort((a, b) => a - b);
  return median(rs.slice(Math.max(0, p - 1))) / MAD_CONSTANT;
}

/** The robust fit's fitted values at the rows of x. */
export function robustFitted(x: Float64Array, y: ArrayLike<number>, n: number, p: number, maxIter = 5): Float64Array {
  const h = leverage(x, n, p);
  const adj = Float64Array.from(h, (v) => 1 / Math.sqrt(1 - v));
  let mean = 0;
  for (let i = 0; i < n; i += 1) mean += y[i]!;
  mean /= n;
  let varSum = 0;
  for (let i = 0; i < n; i += 1) varSum += (y[i]! - mean) ** 2;
  let tinyS = 1e-6 * Math.sqrt(varSum / n);
  if (tinyS === 0) tinyS = 1;
  let beta = weightedLeastSquares(x, y, null, n, p);
  const resid = new Float64Array(n);
  residualsOf(x, y, beta, n, p, resid);
  const residAdj = Float64Array.from(resid, (r, i) => r * adj[i]!);
  let scale = madSigma(residAdj, p);
  if (scale >= Number.EPSILON) {
    const weights = new Float64Array(n);
    for (let iteration = 1; iteration < maxIter; iteration += 1) {
      const s = Math.max(scale, tinyS);
      for (let i = 0; i < n; i += 1) {
        const u = residAdj[i]! / s / TUNE;
        weights[i] = Math.abs(residAdj[i]! / s) < TUNE ? (1 - u * u) ** 2 : 0;
      }
      const previous = beta;
      beta = weightedLeastSquares(x, y, weights, n, p);
      residualsOf(x, y, beta, n, p, resid);
      for (let i = 0; i < n; i += 1) residAdj[i] = resid[i]! * adj[i]!;
      scale = madSigma(residAdj, p);
      let grew = false;
      for (let c = 0; c < p; c += 1) if (beta[c]! - previous[c]! > CONVERGENCE_TOL) grew = true;
      if (!grew) break;
    }
  }
  const fitted = new Float64Array(n);
  for (let i = 0; i < n; i += 1) fitted[i] = y[i]! - resid[i]!;
  return fitted;
}
