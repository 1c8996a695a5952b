import { BAND_CATALOG, type BandId } from './bandCatalog.js';

/**
 * The sensor's own name for each of the seed's band ids, per satellite: the seed numbers the bands
 * B01-B10, but on Landsat 8 and 9 its B09 is TIRS band 10 (surface temperature) and B10 TIRS band 11,
 * not OLI band 9 (cirrus). One table, one function: labels, chart titles and CSV columns all use it.
 * Landsat 8/9 band designations: https://www.usgs.gov/faqs/what-are-band-designations-landsat-satellites
 */
const OLI_TIRS: Record<BandId, string> = {
  B01: 'OLI band 1, coastal/aerosol',
  B02: 'OLI band 2, blue',
  B03: 'OLI band 3, green',
  B04: 'OLI band 4, red',
  B05: 'OLI band 5, near infrared',
  B06: 'OLI band 6, shortwave infrared 1',
  B07: 'OLI band 7, shortwave infrared 2',
  B08: 'OLI band 8, panchromatic',
  B09: 'TIRS band 10, surface temperature',
  B10: 'TIRS band 11, thermal infrared',
};

/** Sensor band names by satellite (STAC `platform`); other sensors (TM, ETM+) add their own table here. */
const SENSOR_BANDS: Record<string, Record<BandId, string>> = {
  'landsat-8': OLI_TIRS,
  'landsat-9': OLI_TIRS,
};

/** What the page's archive serves when no scene is at hand (labels of band cards, chart titles before data). */
export const DEFAULT_SATELLITE = 'landsat-8';

/** "TIRS band 10, surface temperature": the sensor's own band behind a seed id on that satellite, or null when unknown. */
export function sensorBandName(id: BandId, satellite: string = DEFAULT_SATELLITE): string | null {
  return SENSOR_BANDS[satellite]?.[id] ?? null;
}

/** "B09 · TIRS band 10, surface temperature": the seed id, then the sensor's band (the seed label when the satellite is unknown). */
export function bandLabel(id: BandId, satellite: string = DEFAULT_SATELLITE): string {
  return `${id} · ${sensorBandName(id, satellite) ?? BAND_CATALOG[id].label}`;
}
