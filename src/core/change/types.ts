/**
 * The change detection's input and answer (CCDC as USGS LCMAP's pyccd runs it). Units: reflectance
 * 0-1 for B02-B07 and kelvin for B09, in and out; the model's coefficients are per ordinal day
 * (Python's date.toordinal(): 1 = 0001-01-01) so anyone can evaluate a fit at any date.
 */

/** The six reflective bands and the thermal band, in the order pyccd reads them (blue .. swir2, thermal). */
export const CHANGE_BANDS = ['B02', 'B03', 'B04', 'B05', 'B06', 'B07', 'B09'] as const;
export type ChangeBand = (typeof CHANGE_BANDS)[number];

/** One acquisition at the pixel. */
export interface ChangeObservation {
  /** YYYY-MM-DD (UTC acquisition day). */
  date: string;
  /** Surface reflectance 0-1; null when the band was not measured. */
  B02: number | null;
  B03: number | null;
  B04: number | null;
  B05: number | null;
  B06: number | null;
  B07: number | null;
  /** Surface temperature, kelvin; null when not measured. */
  B09: number | null;
  /** Collection 2 QA_PIXEL (fill bit 0, cloud bit 3, shadow bit 4, snow bit 5, water bit 7). */
  qa: number;
}

/** One band's harmonic model in a segment: value(t) = intercept + c0 t + c1 cos(wt) + c2 sin(wt) + ... + c6 sin(3wt). */
export interface ChangeBandModel {
  /** Value at ordinal day 0, in the band's unit (reflectance or kelvin). */
  intercept: number;
  /** Slope per ordinal day, then cos/sin pairs at 1, 2 and 3 cycles a year (omega = 2 pi / 365.2425). */
  coefficients: number[];
  /** Adjusted root mean square error of the fit, band's unit. */
  rmse: number;
  /** Median absolute residual of the last PEEK_SIZE observations tested (those that confirmed the break), band's unit; 0 for catch-up and fallback models. */
  magnitude: number;
}

export type ChangeProcedure = 'standard' | 'insufficient_clear' | 'persistent_snow';

export interface ChangeSegment {
  startDate: string;
  endDate: string;
  /** The first observation of the change; null when the segment runs to the end of the record. */
  breakDate: string | null;
  observationCount: number;
  changeProbability: number;
  /** pyccd's curve QA: 8 standard, 14 start of record, 24 end of record, 44 insufficient clear, 54 persistent snow. */
  curveQa: number;
  procedure: ChangeProcedure;
  bands: Record<ChangeBand, ChangeBandModel>;
}

/** The parameters the run used (pyccd's names, LCMAP's values). */
export type ChangeParameters = Record<string, number | string | number[] | string[] | boolean>;

export interface ChangeResult {
  segments: ChangeSegment[];
  /** Observations received. */
  observations: number;
  /** Observations the fitting procedure used (pyccd's processing mask). */
  usedObservations: number;
  algorithm: { name: 'ccdc'; parameters: ChangeParameters };
  /** Per received observation (input order): used by the procedure or not. */
  used: boolean[];
}
