/**
 * pyccd's standard procedure: initialise a stable model (Tmask-screened, 4 coefficients), look back
 * to the previous break, catch the start of the record, look forward until PEEK_SIZE consecutive
 * observations exceed the change threshold, repeat; catch the end of the record. Windows are index
 * ranges into `active`, the observations still in the processing mask, which shrinks as outliers are
 * found, exactly as pyccd's `period = dates[processing_mask]` does.
 */
import type { LassoFit } from './lasso.js';
import { CCD_PARAMETERS as P } from './parameters.js';
import { robustFitted } from './robustFit.js';
import { absoluteResidual, adjustedVariogram, fitBands, throwIfAborted, type PreparedSeries, type RawSegment } from './series.js';
import { chiSquare5Quantile, median, roundHalfEven } from './stats.js';

interface Window {
  start: number;
  stop: number;
}

interface Context {
  series: PreparedSeries;
  active: number[];
  variogram: number[];
  peekSize: number;
  changeThreshold: number;
}

const DETECTION = P.DETECTION_BANDS;
const day = (ctx: Context, i: number) => ctx.series.days[ctx.active[i]!]!;

/** pyccd's adjustpeek/adjustchgthresh: a denser record looks further ahead with a matching threshold. */
export function adjustedPeek(medianSpacingDays: number): { peekSize: number; changeThreshold: number } {
  const adjusted = Math.trunc(roundHalfEven((P.PEEK_SIZE * 16) / medianSpacingDays));
  const peekSize = adjusted > P.PEEK_SIZE ? adjusted : P.PEEK_SIZE;
  const changeThreshold = peekSize > P.PEEK_SIZE ? chiSquare5Quantile(1 - (1 - 0.99) ** (P.PEEK_SIZE / peekSize)) : P.CHANGE_THRESHOLD;
  return { peekSize, changeThreshold };
}

function numCoefficients(count: number): number {
  const span = count / P.NUM_OBS_FACTOR;
  if (span < P.COEFFICIENT_MID) return P.COEFFICIENT_MIN;
  if (span < P.COEFFICIENT_MAX) return P.COEFFICIENT_MID;
  return P.COEFFICIENT_MAX;
}

const membersOf = (ctx: Context, w: Window) => ctx.active.slice(w.start, w.stop);

/** Sum over the detection bands of (residual / max(variogram, rmse))^2 at each listed observation. */
function changeMagnitudes(ctx: Context, models: LassoFit[], observations: number[], comparisonRmse: number[]): number[] {
  return observations.map((obs) => {
    let sum = 0;
    DETECTION.forEach((b, k) => {
      const r = absoluteResidual(ctx.series, models, b, obs) / Math.max(ctx.variogram[b]!, comparisonRmse[k]!);
      sum += r * r;
    });
    return sum;
  });
}

function stable(ctx: Context, models: LassoFit[], w: Window): boolean {
  const span = day(ctx, w.stop - 1) - day(ctx, w.start);
  let sum = 0;
  for (const b of DETECTION) {
    const m = models[b]!;
    const norm = Math.max(ctx.variogram[b]!, m.rmse);
    const v = (Math.abs(m.coefficients[0]! * span) + Math.abs(m.residuals[0]!) + Math.abs(m.residuals[m.residuals.length - 1]!)) / norm;
    sum += v * v;
  }
  return sum < ctx.changeThreshold;
}

/** Tmask: observations of the window that a robust 5-term fit of green or SWIR1 calls outliers. */
function tmaskOutliers(ctx: Context, w: Window): boolean[] {
  const members = membersOf(ctx, w);
  const n = members.length;
  const days = members.map((i) => ctx.series.days[i]!);
  const annual = (2 * Math.PI) / P.AVG_DAYS_YR;
  const observationCycle = annual / Math.ceil((days[n - 1]! - days[0]!) / P.AVG_DAYS_YR);
  const x = new Float64Array(n * 5);
  days.forEach((t, i) => {
    x[i * 5] = Math.cos(annual * t);
    x[i * 5 + 1] = Math.sin(annual * t);
    x[i * 5 + 2] = Math.cos(observationCycle * t);
    x[i * 5 + 3] = Math.sin(observationCycle * t);
    x[i * 5 + 4] = 1;
  });
  const outliers = new Array<boolean>(n).fill(false);
  for (const b of P.TMASK_BANDS) {
    const y = members.map((i) => ctx.series.bands[b]![i]!);
    const fitted = robustFitted(x, y, n, 5);
    const limit = ctx.variogram[b]! * P.T_CONST;
    for (let i = 0; i < n; i += 1) if (Math.abs(fitted[i]! - y[i]!) > limit) outliers[i] = true;
  }
  return outliers;
}

function initialize(ctx: Context, w: Window): { window: Window; models: LassoFit[] | null } {
  while (w.stop + P.MEOW_SIZE < ctx.active.length) {
    throwIfAborted(ctx.series);
    if (day(ctx, w.stop - 1) - day(ctx, w.start) < P.DAY_DELTA) {
      w = { start: w.start, stop: w.stop + 1 };
      continue;
    }
    const outliers = tmaskOutliers(ctx, w);
    const count = outliers.filter(Boolean).length;
    if (count === w.stop - w.start) {
      w = { start: w.start, stop: w.stop + 1 };
      continue;
    }
    const kept = outliers.flatMap((o, i) => (o ? [] : [day(ctx, w.start + i)]));
    if (kept[kept.length - 1]! - kept[0]! < P.DAY_DELTA || kept.length < P.MEOW_SIZE) {
      w = { start: w.start, stop: w.stop + 1 };
      continue;
    }
    if (count > 0) {
      const windowMembers = membersOf(ctx, w).filter((_, i) => !outliers[i]);
      ctx.active.splice(w.start, w.stop - w.start, ...windowMembers);
      w = { start: w.start, stop: w.stop - count };
    }
    const models = fitBands(ctx.series, membersOf(ctx, w), 4);
    if (!stable(ctx, models, w)) {
      w = { start: w.start + 1, stop: w.stop + 1 };
      continue;
    }
    return { window: w, models };
  }
  return { window: w, models: null };
}

function lookback(ctx: Context, w: Window, models: LassoFit[], previousBreak: number): Window {
  const comparisonRmse = DETECTION.map((b) => models[b]!.rmse);
  while (w.start > previousBreak) {
    let lowest: number;
    if (w.start - previousBreak > ctx.peekSize) lowest = w.start - ctx.peekSize + 1;
    else if (w.start - ctx.peekSize <= 0) lowest = 0;
    else lowest = previousBreak;
    const peek: number[] = [];
    for (let i = w.start - 1; i >= lowest; i -= 1) peek.push(ctx.active[i]!);
    const magnitudes = changeMagnitudes(ctx, models, peek, comparisonRmse);
    if (Math.min(...magnitudes) > ctx.changeThreshold) break;
    if (magnitudes[0]! > P.OUTLIER_THRESHOLD) {
      ctx.active.splice(w.start - 1, 1);
      w = { start: w.start - 1, stop: w.stop - 1 };
      continue;
    }
    w = { start: w.start - 1, stop: w.stop };
  }
  return w;
}

function catchSegment(ctx: Context, w: Window, curveQa: number): RawSegment {
  const models = fitBands(ctx.series, membersOf(ctx, w), P.COEFFICIENT_MIN);
  const breakDay = w.stop >= ctx.active.length ? day(ctx, ctx.active.length - 1) : day(ctx, w.stop);
  return {
    startDay: day(ctx, w.start),
    endDay: day(ctx, w.stop - 1),
    breakDay,
    observationCount: w.stop - w.start,
    changeProbability: 0,
    curveQa,
    models,
    magnitudes: new Array<number>(7).fill(0),
  };
}

/**
 * Sum of squared residuals of the `count` fit-window observations closest in day of year to position
 * `target` (pyccd's find_closest_doy: |round(dt / 365.25) * 365.25 - dt|, smallest first; equal
 * distances keep the earlier observation). Selection in a small sorted buffer, no full sort.
 */
function closestDayOfYearSquares(ctx: Context, target: number, fit: Window, count: number, residuals: Float64Array[]): number[] {
  const t = day(ctx, target);
  const bestD = new Float64Array(count);
  const bestI = new Int32Array(count);
  let size = 0;
  for (let i = fit.start; i < fit.stop; i += 1) {
    const rt = day(ctx, i) - t;
    const d = Math.abs(Math.round(rt / 365.25) * 365.25 - rt);
    if (size === count && d >= bestD[count - 1]!) continue;
    let k = size < count ? size : count - 1;
    while (k > 0 && bestD[k - 1]! > d) {
      bestD[k] = bestD[k - 1]!;
      bestI[k] = bestI[k - 1]!;
      k -= 1;
    }
    bestD[k] = d;
    bestI[k] = i - fit.start;
    if (size < count) size += 1;
  }
  return DETECTION.map((b) => {
    const r = residuals[b]!;
    let sum = 0;
    for (let k = 0; k < size; k += 1) sum += r[bestI[k]!]! ** 2;
    return sum;
  });
}

function lookforward(ctx: Context, w: Window): { segment: RawSegment; window: Window } {
  const peek = ctx.peekSize;
  let fit = w;
  let models: LassoFit[] | null = null;
  let change = 0;
  let fitSpan = day(ctx, w.stop - 1) - day(ctx, w.start);
  let peekStart = w.stop;
  let residuals: number[][] = [];
  let coefficientCount: number = P.COEFFICIENT_MIN;
  while (w.stop + peek <= ctx.active.length) {
    throwIfAborted(ctx.series);
    const length = w.stop - w.start;
    coefficientCount = numCoefficients(length);
    peekStart = w.stop;
    const modelSpan = day(ctx, w.stop - 1) - day(ctx, w.start);
    if (!models || length < 24 || modelSpan >= 1.33 * fitSpan) {
      fitSpan = modelSpan;
      fit = w;
      models = fitBands(ctx.series, membersOf(ctx, w), coefficientCount);
    }
    const current = models;
    const peekMembers = ctx.active.slice(peekStart, peekStart + peek);
    residuals = current.map((_, b) => peekMembers.map((obs) => absoluteResidual(ctx.series, current, b, obs)));
    let comparisonRmse: number[];
    if (length <= 24) comparisonRmse = DETECTION.map((b) => current[b]!.rmse);
    else {
      const squares = closestDayOfYearSquares(ctx, peekStart + peek - 1, fit, 24, current.map((m) => m.residuals));
      comparisonRmse = squares.map((sum) => Math.sqrt(sum) / 4);
    }
    const magnitudes = changeMagnitudes(ctx, current, peekMembers, comparisonRmse);
    if (Math.min(...magnitudes) > ctx.changeThreshold) {
      change = 1;
      break;
    }
    if (magnitudes[0]! > P.OUTLIER_THRESHOLD) {
      ctx.active.splice(peekStart, 1);
      continue;
    }
    if (w.stop + peek > ctx.active.length) break;
    w = { start: w.start, stop: w.stop + 1 };
  }
  const segment: RawSegment = {
    startDay: day(ctx, w.start),
    endDay: day(ctx, w.stop - 1),
    breakDay: day(ctx, peekStart),
    observationCount: w.stop - w.start,
    changeProbability: change,
    curveQa: coefficientCount,
    models: models!,
    magnitudes: residuals.map((r) => median(r)),
  };
  return { segment, window: w };
}

/**
 * Runs the procedure on the observations listed in `active` (sorted, already filtered). Mutates
 * `active` into the final processing mask. Also says the look-ahead and threshold it used (pyccd
 * widens them for records denser than one observation per 16 days).
 */
export function standardProcedure(series: PreparedSeries, active: number[]): { segments: RawSegment[]; peekSize: number; changeThreshold: number } {
  const results: RawSegment[] = [];
  if (active.length <= P.MEOW_SIZE) return { segments: results, peekSize: P.PEEK_SIZE, changeThreshold: P.CHANGE_THRESHOLD };
  const spacing: number[] = [];
  for (let i = 1; i < active.length; i += 1) spacing.push(series.days[active[i]!]! - series.days[active[i - 1]!]!);
  const { peekSize, changeThreshold } = adjustedPeek(median(spacing));
  const ctx: Context = { series, active, variogram: adjustedVariogram(series, active), peekSize, changeThreshold };
  let w: Window = { start: 0, stop: P.MEOW_SIZE };
  let previousEnd = 0;
  let atStart = true;
  while (w.stop <= active.length - P.MEOW_SIZE) {
    if (results.length > 0) atStart = false;
    const init = initialize(ctx, w);
    w = init.window;
    if (!init.models) break;
    if (w.start > previousEnd) w = lookback(ctx, w, init.models, previousEnd);
    if (w.start - previousEnd > peekSize && atStart) {
      results.push(catchSegment(ctx, { start: previousEnd, stop: w.start }, P.CURVE_QA.START));
      atStart = false;
    }
    if (w.stop + peekSize > active.length) break;
    const forward = lookforward(ctx, w);
    results.push(forward.segment);
    w = forward.window;
    previousEnd = w.stop;
    w = { start: w.stop, stop: w.stop + P.MEOW_SIZE };
  }
  if (previousEnd + peekSize < active.length) results.push(catchSegment(ctx, { start: previousEnd, stop: active.length }, P.CURVE_QA.END));
  return { segments: results, peekSize, changeThreshold };
}
