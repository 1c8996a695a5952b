/**
 * How finely a scene box's statistics are sampled, by the length of the series asked for: one decision,
 * used by the server (what it reads) and the page (what it says the means are made of).
 *
 * A whole WRS-2 scene box read at STATISTICS_MAX_SIDE pixels a side is Landsat's coarsest internal
 * overview (factor 16, ~480 m): some 60,000 pixels per mean. That is what a year takes in a few seconds.
 * Forty years at one point is 1,842 scenes: at that grid the demo archive synthesizes 118 million pixels
 * (41 s on two cores, issue 33), and a real archive decodes as many. So a request has a pixel budget, as
 * Earth Engine's `reduceRegion(..., bestEffort: true)` picks a coarser scale rather than exceed `maxPixels`
 * (https://developers.google.com/earth-engine/apidocs/ee-image-reduceregion): up to
 * STATISTICS_FULL_GRID_SCENES scenes use the full side; a longer series samples each scene on a grid of
 * side 256 x sqrt(48 / scenes), never coarser than STATISTICS_MIN_SIDE (64 x 64, ~2.9 km spacing over a
 * whole scene). Every entry's `grid` says what it was computed on; ask for fewer years for finer means.
 */
export const STATISTICS_MAX_SIDE = 256;
export const STATISTICS_MIN_SIDE = 64;
/** Scenes a request may have and still be read at STATISTICS_MAX_SIDE (a year of one path/row with two satellites is 46). */
export const STATISTICS_FULL_GRID_SCENES = 48;

/** The most pixels a side each scene's statistics are read on, for a series of `sceneCount` scenes. */
export function statisticsMaxSide(sceneCount: number): number {
  if (!(sceneCount > STATISTICS_FULL_GRID_SCENES)) return STATISTICS_MAX_SIDE;
  const side = Math.floor(STATISTICS_MAX_SIDE * Math.sqrt(STATISTICS_FULL_GRID_SCENES / sceneCount));
  return Math.max(STATISTICS_MIN_SIDE, side);
}
