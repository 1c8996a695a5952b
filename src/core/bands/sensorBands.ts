/**
 * The seed's band ids name the OLI-equivalent band by wavelength (B02 blue … B07 SWIR 2, B09 surface
 * temperature); each sensor reads them from its own file and calls them by its own name. TM (Landsat 4,
 * 5) and ETM+ (Landsat 7) number their bands 1-5, 7 and 6 (thermal), published by the Planetary
 * Computer under the asset keys blue, green, red, nir08, swir16, swir22 and lwir (its `landsat-c2-l2`
 * collection, `eo:bands` TM_B1 … ETM_B7). TM and ETM+ have no coastal/aerosol band, so B01 is named
 * missing on their scenes, never given a number.
 */
import { BAND_CATALOG, type ArchiveAssetKey, type BandId } from './bandCatalog.js';
import type { LandsatSensor } from './missions.js';

export interface SensorBand {
  id: BandId;
  sensor: LandsatSensor;
  /** The asset key the scene's STAC item uses for this band. */
  asset: Exclude<ArchiveAssetKey, 'qa_pixel'>;
  /** The Level-2 file's band name, e.g. SR_B3, ST_B6. */
  fileBand: string;
  /** The sensor's own name of the band, e.g. "TM band 3, red". */
  name: string;
}

export type SensorBandLookup = SensorBand | { id: BandId; sensor: LandsatSensor; missing: string };

type Row = [fileBand: string, name: string, asset: SensorBand['asset']];

const NO_COASTAL = 'TM and ETM+ have no coastal/aerosol band (it was first flown on Landsat 8 OLI)';

/** One row per seed id: OLI/TIRS, TM, ETM+ (null: the sensor has no such band). */
const TABLE: Partial<Record<BandId, Record<LandsatSensor, Row | null>>> = {
  B01: { 'OLI/TIRS': ['SR_B1', 'OLI band 1, coastal/aerosol', 'coastal'], TM: null, 'ETM+': null },
  B02: { 'OLI/TIRS': ['SR_B2', 'OLI band 2, blue', 'blue'], TM: ['SR_B1', 'TM band 1, blue', 'blue'], 'ETM+': ['SR_B1', 'ETM+ band 1, blue', 'blue'] },
  B03: { 'OLI/TIRS': ['SR_B3', 'OLI band 3, green', 'green'], TM: ['SR_B2', 'TM band 2, green', 'green'], 'ETM+': ['SR_B2', 'ETM+ band 2, green', 'green'] },
  B04: { 'OLI/TIRS': ['SR_B4', 'OLI band 4, red', 'red'], TM: ['SR_B3', 'TM band 3, red', 'red'], 'ETM+': ['SR_B3', 'ETM+ band 3, red', 'red'] },
  B05: { 'OLI/TIRS': ['SR_B5', 'OLI band 5, near infrared', 'nir08'], TM: ['SR_B4', 'TM band 4, near infrared', 'nir08'], 'ETM+': ['SR_B4', 'ETM+ band 4, near infrared', 'nir08'] },
  B06: { 'OLI/TIRS': ['SR_B6', 'OLI band 6, SWIR 1', 'swir16'], TM: ['SR_B5', 'TM band 5, SWIR 1', 'swir16'], 'ETM+': ['SR_B5', 'ETM+ band 5, SWIR 1', 'swir16'] },
  B07: { 'OLI/TIRS': ['SR_B7', 'OLI band 7, SWIR 2', 'swir22'], TM: ['SR_B7', 'TM band 7, SWIR 2', 'swir22'], 'ETM+': ['SR_B7', 'ETM+ band 7, SWIR 2', 'swir22'] },
  B09: {
    'OLI/TIRS': ['ST_B10', 'TIRS band 10, surface temperature', 'lwir11'],
    TM: ['ST_B6', 'TM band 6, surface temperature', 'lwir'],
    'ETM+': ['ST_B6', 'ETM+ band 6, surface temperature', 'lwir'],
  },
};

/** How `sensor` reads seed band `id`: its asset, file band and own name, or why it has none. */
export function sensorBand(id: BandId, sensor: LandsatSensor): SensorBandLookup {
  const row = TABLE[id]?.[sensor];
  if (row) return { id, sensor, fileBand: row[0], name: row[1], asset: row[2] };
  const why = id === 'B01' ? NO_COASTAL : (BAND_CATALOG[id].unavailableReason ?? `${BAND_CATALOG[id].label} is not in Level-2 products`);
  return { id, sensor, missing: `${BAND_CATALOG[id].label} (${id}) is not on ${sensor} scenes: ${why}.` };
}

/**
 * OLI/TIRS bands Level-2 products carry no file for (panchromatic, TIRS band 11): named all the same,
 * so that the seed's B08 and B10 are never taken for other bands.
 */
const OLI_BANDS_WITHOUT_LEVEL2_FILE: Partial<Record<BandId, string>> = {
  B08: 'OLI band 8, panchromatic',
  B10: 'TIRS band 11, thermal infrared',
};

/** The band's name on the sensor ("TM band 3, red"), or the catalogue label when the sensor lacks it. */
export function sensorBandName(id: BandId, sensor: LandsatSensor): string {
  const found = sensorBand(id, sensor);
  if ('name' in found) return found.name;
  return (sensor === 'OLI/TIRS' ? OLI_BANDS_WITHOUT_LEVEL2_FILE[id] : undefined) ?? BAND_CATALOG[id].label;
}
