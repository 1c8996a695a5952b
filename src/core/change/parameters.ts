/**
 * pyccd's processing parameters (ccd/parameters.yaml, LCMAP's values), named as pyccd names them so a
 * reader can compare. Band indices count blue=0 .. swir2=5, thermal=6.
 */
export const CCD_PARAMETERS = {
  MEOW_SIZE: 12,
  PEEK_SIZE: 6,
  DAY_DELTA: 365,
  AVG_DAYS_YR: 365.2425,
  CHANGE_THRESHOLD: 15.086272469388987,
  OUTLIER_THRESHOLD: 35.888186879610423,
  T_CONST: 4.89,
  COEFFICIENT_MIN: 4,
  COEFFICIENT_MID: 6,
  COEFFICIENT_MAX: 8,
  NUM_OBS_FACTOR: 3,
  DETECTION_BANDS: [1, 2, 3, 4, 5],
  TMASK_BANDS: [1, 4],
  CLEAR_PCT_THRESHOLD: 0.25,
  SNOW_PCT_THRESHOLD: 0.75,
  MEDIAN_GREEN_FILTER: 400,
  LASSO_ALPHA: 1,
  LASSO_MAX_ITER: 1000,
  LASSO_TOL: 1e-4,
  CURVE_QA: { START: 14, END: 24, INSUF_CLEAR: 44, PERSIST_SNOW: 54 },
} as const;

export const THERMAL_INDEX = 6;
export const GREEN_INDEX = 1;

