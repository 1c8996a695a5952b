import { readFileSync } from 'node:fs';
import path from 'node:path';
import { REPO_ROOT } from './fixturePaths.js';

/**
 * The CCDC reference (../shared/reference/ccd, see its README): three real Landsat pixel series from
 * pyccd's test resources and what pyccd finds in them, read into this product's units.
 */
export const CCD_REFERENCE_DIR = path.resolve(REPO_ROOT, '../shared/reference/ccd');

/** README: CFMask class -> a typical Collection 2 QA_PIXEL with that meaning. */
const QA_PIXEL_OF_CLASS: Record<string, number> = { '0': 21824, '1': 21952, '2': 23888, '3': 30048, '4': 22280, '255': 1 };

export interface ReferenceObservation {
  date: string;
  B02: number;
  B03: number;
  B04: number;
  B05: number;
  B06: number;
  B07: number;
  B09: number;
  qa: number;
}

const UNIX_EPOCH_ORDINAL = 719_163;
/** Python's date.fromordinal, written here (not the code under test's) so the test does not lean on it. */
export const ordinalDate = (ordinal: number) => new Date((ordinal - UNIX_EPOCH_ORDINAL) * 86_400_000).toISOString().slice(0, 10);

/** A series file as this API takes it: reflectance = value / 10,000; kelvin = value / 10. */
export function readReferenceSeries(file: string): { ordinals: number[]; observations: ReferenceObservation[] } {
  const rows = readFileSync(path.join(CCD_REFERENCE_DIR, file), 'utf8')
    .trim()
    .split('\n')
    .map((line) => line.split(',').map(Number));
  return {
    ordinals: rows.map((r) => r[0]!),
    observations: rows.map((r) => ({
      date: ordinalDate(r[0]!),
      B02: r[1]! / 10_000,
      B03: r[2]! / 10_000,
      B04: r[3]! / 10_000,
      B05: r[4]! / 10_000,
      B06: r[5]! / 10_000,
      B07: r[6]! / 10_000,
      B09: r[7]! / 10,
      qa: QA_PIXEL_OF_CLASS[String(r[8])]!,
    })),
  };
}

export interface ReferenceBand {
  magnitude: number;
  rmse: number;
  intercept: number;
  coefficients: number[];
}
export interface ReferenceModel {
  start_day: number;
  end_day: number;
  break_day: number;
  observation_count: number;
  change_probability: number;
  curve_qa: number;
  blue: ReferenceBand;
  green: ReferenceBand;
  red: ReferenceBand;
  nir: ReferenceBand;
  swir1: ReferenceBand;
  swir2: ReferenceBand;
  thermal: ReferenceBand;
}
export interface ReferenceResult {
  observations: number;
  seconds: number;
  processing_mask_true: number;
  change_models: ReferenceModel[];
}

export function readExpected(): Record<string, ReferenceResult> {
  return JSON.parse(readFileSync(path.join(CCD_REFERENCE_DIR, 'expected.json'), 'utf8')) as Record<string, ReferenceResult>;
}

export const REFERENCE_BANDS = [
  ['B02', 'blue'],
  ['B03', 'green'],
  ['B04', 'red'],
  ['B05', 'nir'],
  ['B06', 'swir1'],
  ['B07', 'swir2'],
  ['B09', 'thermal'],
] as const;

/**
 * A reference band model in reflectance or kelvin (README): reflectance / 10,000; thermal of the
 * standard procedure (curve QA 8, 14, 24) in hundredths of a degree C (kelvin = value / 100 + 273.15),
 * of the others in kelvin x 10.
 */
export function referenceBandInUnits(band: ReferenceBand, name: string, curveQa: number): ReferenceBand {
  if (name !== 'thermal') {
    return { intercept: band.intercept / 1e4, coefficients: band.coefficients.map((c) => c / 1e4), rmse: band.rmse / 1e4, magnitude: band.magnitude / 1e4 };
  }
  const standard = curveQa !== 44 && curveQa !== 54;
  const scale = standard ? 100 : 10;
  return {
    intercept: band.intercept / scale + (standard ? 273.15 : 0),
    coefficients: band.coefficients.map((c) => c / scale),
    rmse: band.rmse / scale,
    magnitude: band.magnitude / scale,
  };
}

/** The harmonic model at ordinal day t (README's formula). */
export function modelValue(model: { intercept: number; coefficients: number[] }, t: number): number {
  const w = (2 * Math.PI) / 365.2425;
  const c = model.coefficients;
  return (
    model.intercept +
    c[0]! * t +
    c[1]! * Math.cos(w * t) +
    c[2]! * Math.sin(w * t) +
    c[3]! * Math.cos(2 * w * t) +
    c[4]! * Math.sin(2 * w * t) +
    c[5]! * Math.cos(3 * w * t) +
    c[6]! * Math.sin(3 * w * t)
  );
}
