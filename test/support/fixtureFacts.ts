/**
 * The facts ../shared/fixtures/README.md documents for the real Landsat 8 scene
 * LC08_L2SP_001070_20190114_20200830_02_T2, read with GDAL 3.6 (`gdallocationinfo -wgs84`): the
 * expected values of every test that reads that scene, in one place.
 */
export const README_POINT_1 = { lon: -67.3037941, lat: -14.7111791 };
export const README_POINT_2 = { lon: -67.6820161, lat: -13.8928145 };
/** DN of every band and QA_PIXEL at the README points (QA 21824 clear, 22280 cloud: bit 3). */
export const GDAL_DN_POINT_1 = { B01: 8121, B02: 7939, B03: 8418, B04: 7663, B05: 16909, B06: 10348, B07: 8424, B09: 43782, QA: 21824 };
export const GDAL_DN_POINT_2 = { B01: 8604, B02: 8925, B03: 10640, B04: 9996, B05: 19799, B06: 14451, B07: 12033, B09: 43279, QA: 22280 };
/** SR_B4's 3 x 3 block around the first point, rows north to south. */
export const GDAL_B04_BLOCK_1 = [
  [9010, 7816, 10705],
  [7926, 7663, 9276],
  [8158, 8513, 8856],
];
/** The scene's month, every cloud cover let through. */
export const FIXTURE_DATES = { startDate: '2019-01-01', endDate: '2019-01-31', cloudCoverage: '100' };
/** A box around the scene's centre, inside its footprint, in the seed's corner parameters. */
export const FIXTURE_BOX = { LON_UL: '-67.60', LAT_UR: '-14.50', LON_UR: '-67.40', LAT_UL: '-14.20' };

export const queryString = (params: Record<string, string | number>) => new URLSearchParams(Object.entries(params).map(([k, v]) => [k, String(v)])).toString();
