/**
 * The five Landsat missions whose Collection 2 Level-2 scenes the archive holds, with the instrument
 * each carries and its operating dates. The Planetary Computer's `landsat-c2-l2` collection lists the
 * platforms landsat-4, -5, -7, -8, -9 and the instruments tm, etm+, oli, tirs in one collection, and
 * says "Collection 2 Level-2 Science Products are available from August 22, 1982 to present"
 * (its temporal extent starts 1982-08-22T00:00:00Z). Dates of each mission: USGS mission pages
 * https://www.usgs.gov/landsat-missions/landsat-4, .../landsat-5, .../landsat-7, .../landsat-8, .../landsat-9.
 */
export const LANDSAT_PLATFORMS = ['landsat-4', 'landsat-5', 'landsat-7', 'landsat-8', 'landsat-9'] as const;
export type LandsatPlatform = (typeof LANDSAT_PLATFORMS)[number];

/** The imaging instrument, as the answers name it. */
export type LandsatSensor = 'TM' | 'ETM+' | 'OLI/TIRS';

export interface LandsatMission {
  satellite: LandsatPlatform;
  sensor: LandsatSensor;
  /** Launch day (UTC). */
  launched: string;
  /** First day of the mission's Level-2 record (UTC). */
  firstSceneDate: string;
  /** Last day the instrument imaged, or null while it still does. */
  lastSceneDate: string | null;
  /** Where the dates come from, in words. */
  source: string;
}

export const LANDSAT_MISSIONS: Record<LandsatPlatform, LandsatMission> = {
  'landsat-4': {
    satellite: 'landsat-4', sensor: 'TM', launched: '1982-07-16', firstSceneDate: '1982-08-22', lastSceneDate: '1993-12-14',
    source: 'launch and end of TM science data: USGS Landsat 4 mission page; first Level-2 day: the Planetary Computer landsat-c2-l2 collection extent',
  },
  'landsat-5': {
    satellite: 'landsat-5', sensor: 'TM', launched: '1984-03-01', firstSceneDate: '1984-03-01', lastSceneDate: '2011-11-18',
    source: 'USGS Landsat 5 mission page: TM imaging ended in November 2011, the satellite was decommissioned on 2013-06-05',
  },
  'landsat-7': {
    satellite: 'landsat-7', sensor: 'ETM+', launched: '1999-04-15', firstSceneDate: '1999-04-15', lastSceneDate: '2024-01-19',
    source: 'USGS Landsat 7 mission page; the scan line corrector failed on 2003-05-31 (SLC-off scenes have gaps); USGS Landsat 7 Extended Science Mission page: on WRS-2 until April 2022, then a lower orbit, science data until 2024-01-19',
  },
  'landsat-8': {
    satellite: 'landsat-8', sensor: 'OLI/TIRS', launched: '2013-02-11', firstSceneDate: '2013-03-18', lastSceneDate: null,
    source: 'USGS Landsat 8 mission page: first archived scenes 2013-03-18, on the nominal WRS-2 orbit from 2013-04-11',
  },
  'landsat-9': {
    satellite: 'landsat-9', sensor: 'OLI/TIRS', launched: '2021-09-27', firstSceneDate: '2021-10-31', lastSceneDate: null,
    source: 'USGS Landsat 9 mission page: first operational scenes 2021-10-31',
  },
};

/** First day of the whole Level-2 record (Landsat 4 TM). */
export const LEVEL2_RECORD_START = LANDSAT_MISSIONS['landsat-4'].firstSceneDate;

/** Landsat 7's scan line corrector failed on this day; later ETM+ scenes have wedge-shaped gaps. */
export const LANDSAT7_SLC_OFF_DATE = '2003-05-31';

export function isLandsatPlatform(value: string): value is LandsatPlatform {
  return (LANDSAT_PLATFORMS as readonly string[]).includes(value);
}

/** The platform a STAC item names ("landsat-5", USGS's own server writes "LANDSAT_5"), or null for anything else. */
export function parseLandsatPlatform(platform: unknown): LandsatPlatform | null {
  if (typeof platform !== 'string') return null;
  const normalised = platform.toLowerCase().replace(/[_\s]/g, '-');
  return isLandsatPlatform(normalised) ? normalised : null;
}

export function sensorOf(satellite: LandsatPlatform): LandsatSensor {
  return LANDSAT_MISSIONS[satellite].sensor;
}

/** True for a Landsat 7 scene acquired after the scan line corrector failed (2003-05-31). */
export function isSlcOff(satellite: LandsatPlatform, datetime: string): boolean {
  return satellite === 'landsat-7' && datetime.slice(0, 10) > LANDSAT7_SLC_OFF_DATE;
}
