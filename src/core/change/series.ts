import { centeredDesign, fitLasso, predict, type LassoFit } from './lasso.js';
import { CCD_PARAMETERS as P } from './parameters.js';
import { median, modeValue } from './stats.js';

/** Observations this close in time (days) count as one look at the ground for the variogram. */
const VARIOGRAM_MIN_DAYS = 30;

/**
 * One pixel's observations sorted by day, in pyccd's units (reflectance x 10,000; thermal as the
 * procedure wants it), with the design-matrix row of every day computed once.
 */
export interface PreparedSeries {
  n: number;
  days: Float64Array;
  /** 7 bands (blue .. swir2, thermal), each n values; NaN where not measured. */
  bands: Float64Array[];
  /** Row-major n x 7 design rows. */
  rows: Float64Array;
  signal?: AbortSignal;
}

/** A fitted segment before conversion to the API's units. */
export interface RawSegment {
  startDay: number;
  endDay: number;
  breakDay: number;
  observationCount: number;
  changeProbability: number;
  curveQa: number;
  models: LassoFit[];
  magnitudes: number[];
}

export function fitBands(series: PreparedSeries, members: ArrayLike<number>, numCoefficients: number): LassoFit[] {
  const design = centeredDesign(series.rows, members, numCoefficients);
  const options = { alpha: P.LASSO_ALPHA, maxIter: P.LASSO_MAX_ITER, tol: P.LASSO_TOL };
  return series.bands.map((band) => fitLasso(design, band, numCoefficients, options));
}

/** |observed - fitted| of each band at observation `obs`. */
export function absoluteResidual(series: PreparedSeries, models: LassoFit[], band: number, obs: number): number {
  return Math.abs(series.bands[band]![obs]! - predict(models[band]!, series.rows, obs * 7));
}

/**
 * pyccd's adjusted variogram: per band, the median absolute difference between observations at the
 * smallest lag whose most common spacing exceeds 30 days, over the pairs more than 30 days apart
 * (lag-1 differences when no lag qualifies).
 */
export function adjustedVariogram(series: PreparedSeries, members: number[]): number[] {
  const m = members.length;
  const out = series.bands.map((band) => {
    const d: number[] = [];
    for (let i = 0; i + 1 < m; i += 1) d.push(Math.abs(band[members[i + 1]!]! - band[members[i]!]!));
    return median(d);
  });
  for (let lag = 1; lag < m; lag += 1) {
    const spacing = new Float64Array(m - lag);
    for (let i = 0; i + lag < m; i += 1) spacing[i] = series.days[members[i + lag]!]! - series.days[members[i]!]!;
    if (modeValue(spacing) > VARIOGRAM_MIN_DAYS) {
      return series.bands.map((band) => {
        const d: number[] = [];
        for (let i = 0; i + lag < m; i += 1) if (spacing[i]! > VARIOGRAM_MIN_DAYS) d.push(Math.abs(band[members[i + lag]!]! - band[members[i]!]!));
        return median(d);
      });
    }
  }
  return out;
}

export function throwIfAborted(series: PreparedSeries): void {
  if (series.signal?.aborted) throw series.signal.reason instanceof Error ? series.signal.reason : new Error('change detection aborted');
}
