/**
 * What one area request and one area job measure at most: plain numbers the page shares (the drawing
 * tool warns past them) without the server's area code.
 */

/** Largest polygon area one request measures, km² (about 2.8 million 30 m pixels per band and scene). */
export const AREA_MAX_KM2 = 2500;
/**
 * The most one request (plain or streamed) measures: AREA_MAX_KM2 over a year (366 days, so any year
 * passes). Past it the answer offers a job (POST /api/jobs with the geometry), which has no time limit.
 */
export const AREA_MAX_KM2_DAYS = AREA_MAX_KM2 * 366;
/** Largest polygon an area job measures, km²: each scene is read in strips, so memory stays that of one request. */
export const AREA_JOB_MAX_KM2 = 25_000;
