import type { BandId } from './bandCatalog.js';
import { isLandsatPlatform, sensorOf } from './missions.js';
import { sensorBandName } from './sensorBands.js';

/**
 * The seed numbers the bands B01-B10, but on Landsat 8 and 9 its B09 is TIRS band 10 (surface
 * temperature) and B10 TIRS band 11, not OLI band 9 (cirrus); on Landsat 4/5/7 B04 is TM/ETM+ band 3.
 * Labels, chart titles and CSV columns name the sensor's own band through these two functions, which
 * read the one sensor band table (sensorBands.ts).
 * Band designations: https://www.usgs.gov/faqs/what-are-band-designations-landsat-satellites
 */

/** What the page's archive serves when no scene is at hand (labels of band cards, chart titles before data). */
export const DEFAULT_SATELLITE = 'landsat-8';

/** "TIRS band 10, surface temperature": the sensor's own band behind a seed id on that satellite, or null when the satellite is unknown. */
export function bandNameOnSatellite(id: BandId, satellite: string = DEFAULT_SATELLITE): string | null {
  return isLandsatPlatform(satellite) ? sensorBandName(id, sensorOf(satellite)) : null;
}

/** "B09 · TIRS band 10, surface temperature": the seed id, then the sensor's band (the id alone on an unknown satellite). */
export function bandLabel(id: BandId, satellite: string = DEFAULT_SATELLITE): string {
  const name = bandNameOnSatellite(id, satellite);
  return name === null ? id : `${id} · ${name}`;
}
