/**
 * The harmonic model's fit: scikit-learn's Lasso (alpha 1, fit_intercept, max_iter as pyccd sets it,
 * tol 1e-4, cyclic coordinate descent, its duality-gap stop) on the unscaled design matrix
 * [t, cos wt, sin wt, cos 2wt, sin 2wt, cos 3wt, sin 3wt]. Written by hand because pyccd's answers
 * depend on exactly where sklearn's coordinate descent stops (the fit is not run to convergence), and
 * no JavaScript library reproduces that. The updates use the Gram matrix (X'X, X'y), which is the same
 * arithmetic as sklearn's residual updates in a different order: results agree to rounding, and a fit
 * costs O(p^2) per sweep instead of O(n p).
 */

/** Days in an average year (pyccd's AVG_DAYS_YR): omega = 2 pi / AVG_DAYS_YR. */
export const AVG_DAYS_YR = 365.2425;
const OMEGA = (2 * Math.PI) / AVG_DAYS_YR;
/** All models carry 7 coefficients (unused harmonics stay 0). */
export const COEFFICIENT_SLOTS = 7;

export interface LassoFit {
  intercept: number;
  /** 7 coefficients: slope per day, then cos/sin at 1, 2, 3 cycles a year. */
  coefficients: Float64Array;
  /** sqrt(sum r^2 / (n - numCoefficients)), pyccd's adjusted RMSE. */
  rmse: number;
  /** Observed minus fitted at each fitted observation (signed). */
  residuals: Float64Array;
}

/** Row of the design matrix for ordinal day t (7 columns; pyccd computes every harmonic from w*t). */
export function designRow(t: number, out: Float64Array, offset = 0): void {
  const wt = OMEGA * t;
  out[offset] = t;
  out[offset + 1] = Math.cos(wt);
  out[offset + 2] = Math.sin(wt);
  out[offset + 3] = Math.cos(2 * wt);
  out[offset + 4] = Math.sin(2 * wt);
  out[offset + 5] = Math.cos(3 * wt);
  out[offset + 6] = Math.sin(3 * wt);
}

/** Design rows for several days, row-major n x 7. */
export function designMatrix(days: ArrayLike<number>): Float64Array {
  const x = new Float64Array(days.length * COEFFICIENT_SLOTS);
  for (let i = 0; i < days.length; i += 1) designRow(days[i]!, x, i * COEFFICIENT_SLOTS);
  return x;
}

export function predict(fit: Pick<LassoFit, 'intercept' | 'coefficients'>, row: Float64Array, offset = 0): number {
  let v = fit.intercept;
  for (let j = 0; j < COEFFICIENT_SLOTS; j += 1) v += row[offset + j]! * fit.coefficients[j]!;
  return v;
}

/**
 * The centred design of a window, shared by every band fitted on it: column means, the Gram matrix of
 * the first `p` (= numCoefficients - 1) centred columns.
 */
export interface CenteredDesign {
  n: number;
  p: number;
  rows: Float64Array;
  /** Index into `rows` (row numbers) of each window member. */
  members: ArrayLike<number>;
  mean: Float64Array;
  gram: Float64Array;
}

export function centeredDesign(rows: Float64Array, members: ArrayLike<number>, numCoefficients: number): CenteredDesign {
  const n = members.length;
  const p = numCoefficients - 1;
  const mean = new Float64Array(COEFFICIENT_SLOTS);
  for (let k = 0; k < n; k += 1) {
    const o = members[k]! * COEFFICIENT_SLOTS;
    for (let j = 0; j < p; j += 1) mean[j]! += rows[o + j]!;
  }
  for (let j = 0; j < p; j += 1) mean[j] = mean[j]! / n;
  const gram = new Float64Array(p * p);
  const c = new Float64Array(p);
  for (let k = 0; k < n; k += 1) {
    const o = members[k]! * COEFFICIENT_SLOTS;
    for (let j = 0; j < p; j += 1) c[j] = rows[o + j]! - mean[j]!;
    for (let a = 0; a < p; a += 1) {
      const ca = c[a]!;
      for (let b = a; b < p; b += 1) gram[a * p + b]! += ca * c[b]!;
    }
  }
  for (let a = 0; a < p; a += 1) for (let b = 0; b < a; b += 1) gram[a * p + b] = gram[b * p + a]!;
  return { n, p, rows, members, mean, gram };
}

export interface LassoOptions {
  alpha: number;
  maxIter: number;
  tol: number;
}

/**
 * Lasso on one band's values `y[members[k]]` over the centred design. Returns the model and its
 * residuals at the members (signed: observed - fitted) and the adjusted RMSE with numCoefficients
 * parameters, as pyccd's fitted_model does.
 */
export function fitLasso(design: CenteredDesign, y: ArrayLike<number>, numCoefficients: number, options: LassoOptions): LassoFit {
  const { n, p, rows, members, mean, gram } = design;
  let yMean = 0;
  for (let k = 0; k < n; k += 1) yMean += y[members[k]!]!;
  yMean /= n;
  // X'y and y'y on centred values.
  const xty = new Float64Array(p);
  let yy = 0;
  for (let k = 0; k < n; k += 1) {
    const o = members[k]! * COEFFICIENT_SLOTS;
    const yc = y[members[k]!]! - yMean;
    yy += yc * yc;
    for (let j = 0; j < p; j += 1) xty[j]! += (rows[o + j]! - mean[j]!) * yc;
  }
  const w = coordinateDescent(gram, xty, yy, p, options.alpha * n, options.maxIter, options.tol);
  const coefficients = new Float64Array(COEFFICIENT_SLOTS);
  let intercept = yMean;
  for (let j = 0; j < p; j += 1) {
    coefficients[j] = w[j]!;
    intercept -= mean[j]! * w[j]!;
  }
  const residuals = new Float64Array(n);
  let ss = 0;
  for (let k = 0; k < n; k += 1) {
    const o = members[k]! * COEFFICIENT_SLOTS;
    let fitted = intercept;
    for (let j = 0; j < p; j += 1) fitted += rows[o + j]! * coefficients[j]!;
    const r = y[members[k]!]! - fitted;
    residuals[k] = r;
    ss += r * r;
  }
  return { intercept, coefficients, rmse: Math.sqrt(ss / (n - numCoefficients)), residuals };
}

/**
 * sklearn's enet_coordinate_descent with l2 = 0 (Lasso), cyclic, written on the Gram matrix:
 * X'R = X'y - G w, R'R = y'y - 2 w'X'y + w'G w, R'y = y'y - w'X'y.
 */
export function coordinateDescent(gram: Float64Array, xty: Float64Array, yy: number, p: number, l1: number, maxIter: number, tolRelative: number): Float64Array {
  const w = new Float64Array(p);
  // q = X'R kept up to date as w changes (R = y - X w).
  const q = Float64Array.from(xty);
  const tol = tolRelative * yy;
  for (let iter = 0; iter < maxIter; iter += 1) {
    let wMax = 0;
    let dwMax = 0;
    for (let i = 0; i < p; i += 1) {
      const gii = gram[i * p + i]!;
      if (gii === 0) continue;
      const old = w[i]!;
      // X_i . (R + old X_i)
      const tmp = q[i]! + old * gii;
      const next = Math.sign(tmp) * Math.max(Math.abs(tmp) - l1, 0) / gii;
      if (next !== old) {
        const d = next - old;
        for (let j = 0; j < p; j += 1) q[j]! -= d * gram[j * p + i]!;
        w[i] = next;
      }
      const dw = Math.abs(next - old);
      if (dw > dwMax) dwMax = dw;
      if (Math.abs(next) > wMax) wMax = Math.abs(next);
    }
    if (wMax === 0 || dwMax / wMax < tolRelative || iter === maxIter - 1) {
      // Duality gap, as sklearn computes it.
      let dualNorm = 0;
      let wXty = 0;
      let wGw = 0;
      let l1Norm = 0;
      for (let i = 0; i < p; i += 1) {
        if (Math.abs(q[i]!) > dualNorm) dualNorm = Math.abs(q[i]!);
        wXty += w[i]! * xty[i]!;
        l1Norm += Math.abs(w[i]!);
        let gw = 0;
        for (let j = 0; j < p; j += 1) gw += gram[i * p + j]! * w[j]!;
        wGw += w[i]! * gw;
      }
      const rNorm2 = yy - 2 * wXty + wGw;
      const rDotY = yy - wXty;
      let gap: number;
      let constant: number;
      if (dualNorm > l1) {
        constant = l1 / dualNorm;
        gap = 0.5 * (rNorm2 + rNorm2 * constant * constant);
      } else {
        constant = 1;
        gap = rNorm2;
      }
      gap += l1 * l1Norm - constant * rDotY;
      if (gap < tol) break;
    }
  }
  return w;
}
