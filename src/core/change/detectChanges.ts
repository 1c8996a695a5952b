import { designRow } from './lasso.js';
import { CCD_PARAMETERS as P, GREEN_INDEX, THERMAL_INDEX } from './parameters.js';
import type { ClearMask } from '../raster/clearPixel.js';
import { CCDC_DEFAULT_MASK, isClearOrWater, QaClass, qaClass, qaClassBits } from './qaClass.js';
import { fitBands, throwIfAborted, type PreparedSeries, type RawSegment } from './series.js';
import { standardProcedure } from './standardProcedure.js';
import { median } from './stats.js';
import { CHANGE_BANDS, type ChangeBandModel, type ChangeObservation, type ChangeProcedure, type ChangeResult, type ChangeSegment } from './types.js';
import { dateToOrdinal, ordinalToDate } from './ordinalDay.js';

export type { ChangeObservation, ChangeResult } from './types.js';

const REFLECTANCE_SCALE = 10_000;
// Module-level copies of imported bindings read in per-observation loops (a transpiled import is a
// getter call on every read).
const classify = qaClass;
const MEOW_SIZE = P.MEOW_SIZE;
/** pyccd's scaled Celsius: kelvin x 10 -> hundredths of a degree (x 10 - 27315). */
const KELVIN10_TO_CELSIUS100 = (k10: number) => k10 * 10 - 27315;

/**
 * Continuous Change Detection and Classification (Zhu and Woodcock 2014) as USGS LCMAP's pyccd runs
 * it, on one pixel's observations (any order; same-day duplicates are dropped as pyccd does).
 * Values are brought to pyccd's integer units (reflectance x 10,000, kelvin x 10, as its int16 inputs),
 * the procedure runs there (Lasso's alpha 1 is scale-dependent), and the models come back in
 * reflectance and kelvin.
 */
export function detectChanges(observations: ChangeObservation[], options?: { signal?: AbortSignal; mask?: ClearMask }): ChangeResult {
  const n = observations.length;
  const ordinals = new Float64Array(n);
  for (let i = 0; i < n; i += 1) ordinals[i] = dateToOrdinal(observations[i]!.date);
  // Sort by day; equal days keep the input order (pyccd then keeps the first of them).
  const order = Int32Array.from({ length: n }, (_, i) => i).sort((a, b) => ordinals[a]! - ordinals[b]! || a - b);
  const days = new Float64Array(n);
  const classes = new Uint8Array(n);
  const measured = new Uint8Array(n);
  const bands = CHANGE_BANDS.map(() => new Float64Array(n));
  const mask = qaClassBits(options?.mask ?? CCDC_DEFAULT_MASK);
  for (let k = 0; k < n; k += 1) {
    const o = observations[order[k]!]!;
    days[k] = ordinals[order[k]!]!;
    classes[k] = classify(o.qa, mask);
    // Direct property reads: this loop runs over every observation of a 40-year record.
    const all = put(bands[0]!, k, o.B02, REFLECTANCE_SCALE) & put(bands[1]!, k, o.B03, REFLECTANCE_SCALE) & put(bands[2]!, k, o.B04, REFLECTANCE_SCALE);
    const rest = put(bands[3]!, k, o.B05, REFLECTANCE_SCALE) & put(bands[4]!, k, o.B06, REFLECTANCE_SCALE) & put(bands[5]!, k, o.B07, REFLECTANCE_SCALE);
    measured[k] = all & rest & put(bands[THERMAL_INDEX]!, k, o.B09, 10);
  }
  // Design rows are filled for the observations a procedure may use (the filtered ones) only.
  const series: PreparedSeries = { n, days, bands, rows: new Float64Array(n * 7), signal: options?.signal };
  throwIfAborted(series);

  const procedure = chooseProcedure(classes);
  let segments: RawSegment[];
  let lookAhead: { peekSize: number; changeThreshold: number } = { peekSize: P.PEEK_SIZE, changeThreshold: P.CHANGE_THRESHOLD };
  let used: number[];
  if (procedure === 'standard') {
    const thermal = bands[THERMAL_INDEX]!;
    for (let i = 0; i < n; i += 1) thermal[i] = KELVIN10_TO_CELSIUS100(thermal[i]!);
    used = dropSameDay(days, range(n).filter((i) => measured[i] && isClearOrWater(classes[i]!) && inRange(series, i)));
    fillRows(series, used);
    const run = standardProcedure(series, used);
    segments = run.segments;
    lookAhead = run;
  } else {
    if (procedure === 'persistent_snow') {
      used = dropSameDay(days, range(n).filter((i) => measured[i] && ((isClearOrWater(classes[i]!) && inRange(series, i)) || classes[i] === QaClass.Snow)));
    } else {
      const standard = dropSameDay(days, range(n).filter((i) => measured[i] && isClearOrWater(classes[i]!) && inRange(series, i)));
      const greenLimit = median(standard.map((i) => bands[GREEN_INDEX]![i]!)) + P.MEDIAN_GREEN_FILTER;
      used = standard.filter((i) => bands[GREEN_INDEX]![i]! < greenLimit);
    }
    fillRows(series, used);
    segments = used.length < MEOW_SIZE || n === 0 ? [] : [wholeRecordSegment(series, used, procedure)];
  }

  const usedInput = new Array<boolean>(observations.length).fill(false);
  for (const i of used) usedInput[order[i]!] = true;
  return {
    segments: segments.map((s) => toApiSegment(s, procedure)),
    observations: observations.length,
    usedObservations: used.length,
    algorithm: { name: 'ccdc', parameters: { ...algorithmParameters(), PEEK_SIZE_USED: lookAhead.peekSize, CHANGE_THRESHOLD_USED: lookAhead.changeThreshold } },
    used: usedInput,
  };
}

function fillRows(series: PreparedSeries, indices: number[]): void {
  for (const i of indices) designRow(series.days[i]!, series.rows, i * 7);
}

/** Stores value x scale rounded (pyccd's integer units); NaN and 0 when not measured, else 1. */
function put(band: Float64Array, k: number, v: number | null | undefined, scale: number): number {
  if (v === null || v === undefined || !Number.isFinite(v)) {
    band[k] = Number.NaN;
    return 0;
  }
  band[k] = Math.round(v * scale);
  return 1;
}

const range = (n: number) => Array.from({ length: n }, (_, i) => i);

function chooseProcedure(classes: Uint8Array): ChangeProcedure {
  let clear = 0;
  let snow = 0;
  let total = 0;
  for (const c of classes) {
    if (c !== QaClass.Fill) total += 1;
    if (isClearOrWater(c)) clear += 1;
    if (c === QaClass.Snow) snow += 1;
  }
  if (total > 0 && clear / total >= P.CLEAR_PCT_THRESHOLD) return 'standard';
  return snow / (clear + snow + 0.01) >= P.SNOW_PCT_THRESHOLD ? 'persistent_snow' : 'insufficient_clear';
}

/** pyccd's saturation and temperature screens: reflectance strictly inside 0..10,000, thermal inside (-9320, 7070). */
function inRange(series: PreparedSeries, i: number): boolean {
  for (let b = 0; b < THERMAL_INDEX; b += 1) {
    const v = series.bands[b]![i]!;
    if (!(v > 0 && v < REFLECTANCE_SCALE)) return false;
  }
  const t = series.bands[THERMAL_INDEX]![i]!;
  return t > -9320 && t < 7070;
}

/** Keeps the first of several observations on one day (pyccd's mask_duplicate_values). */
function dropSameDay(days: Float64Array, indices: number[]): number[] {
  return indices.filter((i, k) => k === 0 || days[i] !== days[indices[k - 1]!]);
}

function wholeRecordSegment(series: PreparedSeries, used: number[], procedure: ChangeProcedure): RawSegment {
  return {
    startDay: series.days[0]!,
    endDay: series.days[series.n - 1]!,
    breakDay: series.days[series.n - 1]!,
    observationCount: used.length,
    changeProbability: 0,
    curveQa: procedure === 'persistent_snow' ? P.CURVE_QA.PERSIST_SNOW : P.CURVE_QA.INSUF_CLEAR,
    models: fitBands(series, used, P.COEFFICIENT_MIN),
    magnitudes: new Array<number>(7).fill(0),
  };
}

function toApiSegment(s: RawSegment, procedure: ChangeProcedure): ChangeSegment {
  const bands = {} as Record<(typeof CHANGE_BANDS)[number], ChangeBandModel>;
  CHANGE_BANDS.forEach((name, k) => {
    const m = s.models[k]!;
    // Standard: thermal in hundredths of a degree Celsius; the other procedures keep kelvin x 10.
    const scale = k < THERMAL_INDEX ? REFLECTANCE_SCALE : procedure === 'standard' ? 100 : 10;
    const offset = k === THERMAL_INDEX && procedure === 'standard' ? 273.15 : 0;
    bands[name] = {
      intercept: m.intercept / scale + offset,
      coefficients: Array.from(m.coefficients, (c) => c / scale),
      rmse: m.rmse / scale,
      magnitude: s.magnitudes[k]! / scale,
    };
  });
  // A segment ends in a break when change was confirmed, or when it is the start-of-record catch
  // (it stops where the first stable model begins); the others run to the end of the record.
  const hasBreak = s.changeProbability > 0 || s.curveQa === P.CURVE_QA.START;
  return {
    startDate: ordinalToDate(s.startDay),
    endDate: ordinalToDate(s.endDay),
    breakDate: hasBreak ? ordinalToDate(s.breakDay) : null,
    observationCount: s.observationCount,
    changeProbability: s.changeProbability,
    curveQa: s.curveQa,
    procedure,
    bands,
  };
}

function algorithmParameters(): Record<string, number | string | number[] | string[] | boolean> {
  const { CURVE_QA, ...rest } = P;
  return {
    ...Object.fromEntries(Object.entries(rest).map(([k, v]) => [k, Array.isArray(v) ? [...(v as number[])] : (v as number)])),
    CURVE_QA_START: CURVE_QA.START,
    CURVE_QA_END: CURVE_QA.END,
    CURVE_QA_INSUF_CLEAR: CURVE_QA.INSUF_CLEAR,
    CURVE_QA_PERSIST_SNOW: CURVE_QA.PERSIST_SNOW,
    implementation: 'TypeScript port of pyccd 2018.10.17 semantics',
  };
}
