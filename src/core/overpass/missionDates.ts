import type { LandsatSatellite } from './overpass.js';

/**
 * First day of each satellite's Collection 2 Level-2 record (UTC). Landsat 8 launched on 11 February
 * 2013 and its first archived scenes date from 18 March 2013 (on the nominal WRS-2 orbit from 11 April);
 * Landsat 9's first operational scenes from 31 October 2021.
 * https://www.usgs.gov/landsat-missions/landsat-8 and https://www.usgs.gov/landsat-missions/landsat-9
 */
export const FIRST_SCENE_DATE: Record<LandsatSatellite, string> = {
  'landsat-8': '2013-03-18',
  'landsat-9': '2021-10-31',
};

/** The earliest date any Landsat 8/9 Level-2 scene exists. */
export const LANDSAT_RECORD_START = FIRST_SCENE_DATE['landsat-8'];
