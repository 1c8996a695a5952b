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

/**
 * Pixels (30 m, all of a request's scenes together) an area request measures at full resolution. Past
 * it the request measures on the archive's overview whose pixels fit (60, 120, 240 or 480 m: factor 2,
 * 4, 8, 16), as Earth Engine's `reduceRegion(..., bestEffort: true)` picks a coarser scale rather than
 * exceed `maxPixels` (https://developers.google.com/earth-engine/apidocs/ee-image-reduceregion): a
 * 2,500 km² polygon over a year at the default point is 184 scenes of 2.8 million pixels, 74 s of
 * synthesis on the demo archive (issue 33), and as many decoded pixels on a real one. `resolution:
 * "full"` in the body, and every job, measure the 30 m pixels whatever it takes.
 */
export const AREA_PIXEL_BUDGET = 40_000_000;
/** The coarsest overview an area is measured on: Landsat's COGs have four (factor 16, ~480 m). */
export const AREA_MAX_OVERVIEW_LEVEL = 4;
const PIXELS_PER_KM2 = 1e6 / (30 * 30);

/** The overview level (0 = the 30 m pixels) an area of `areaKm2` over `sceneCount` scenes is measured on. */
export function areaOverviewLevel(areaKm2: number, sceneCount: number, resolution: 'auto' | 'full' = 'auto'): number {
  if (resolution === 'full') return 0;
  let pixels = areaKm2 * PIXELS_PER_KM2 * sceneCount;
  let level = 0;
  while (pixels > AREA_PIXEL_BUDGET && level < AREA_MAX_OVERVIEW_LEVEL) {
    pixels /= 4;
    level += 1;
  }
  return level;
}
