import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { REAL_WORLD_DIR } from '../../../test/support/fixturePaths.js';
import type { BandId } from './bandCatalog.js';
import type { LandsatSensor } from './missions.js';
import { sensorBand, sensorBandName } from './sensorBands.js';

// Expected rows from the USGS product guides as the issue states them: TM/ETM+ read SR_B1, SR_B2, SR_B3,
// SR_B4, SR_B5, SR_B7, ST_B6 under the Planetary Computer keys blue, green, red, nir08, swir16, swir22, lwir.
const CASES: [BandId, LandsatSensor, string, string, string][] = [
  ['B02', 'TM', 'blue', 'SR_B1', 'TM band 1, blue'],
  ['B03', 'TM', 'green', 'SR_B2', 'TM band 2, green'],
  ['B04', 'TM', 'red', 'SR_B3', 'TM band 3, red'],
  ['B05', 'TM', 'nir08', 'SR_B4', 'TM band 4, near infrared'],
  ['B06', 'TM', 'swir16', 'SR_B5', 'TM band 5, SWIR 1'],
  ['B07', 'TM', 'swir22', 'SR_B7', 'TM band 7, SWIR 2'],
  ['B09', 'TM', 'lwir', 'ST_B6', 'TM band 6, surface temperature'],
  ['B02', 'ETM+', 'blue', 'SR_B1', 'ETM+ band 1, blue'],
  ['B04', 'ETM+', 'red', 'SR_B3', 'ETM+ band 3, red'],
  ['B07', 'ETM+', 'swir22', 'SR_B7', 'ETM+ band 7, SWIR 2'],
  ['B09', 'ETM+', 'lwir', 'ST_B6', 'ETM+ band 6, surface temperature'],
  ['B01', 'OLI/TIRS', 'coastal', 'SR_B1', 'OLI band 1, coastal/aerosol'],
  ['B04', 'OLI/TIRS', 'red', 'SR_B4', 'OLI band 4, red'],
  ['B05', 'OLI/TIRS', 'nir08', 'SR_B5', 'OLI band 5, near infrared'],
  ['B09', 'OLI/TIRS', 'lwir11', 'ST_B10', 'TIRS band 10, surface temperature'],
];

describe('sensorBand', () => {
  it.each(CASES)('%s on %s reads asset %s (%s), "%s"', (id, sensor, asset, fileBand, name) => {
    expect(sensorBand(id, sensor)).toEqual({ id, sensor, asset, fileBand, name });
    expect(sensorBandName(id, sensor)).toBe(name);
  });

  it.each(['TM', 'ETM+'] as const)('names B01 missing on %s, with the reason and no asset', (sensor) => {
    const found = sensorBand('B01', sensor);
    expect(found).not.toHaveProperty('asset');
    expect('missing' in found && found.missing).toMatch(/no coastal\/aerosol band/);
  });

  it.each(['B08', 'B10'] as const)('%s stays missing on every sensor (Level-1 only)', (id) => {
    for (const sensor of ['TM', 'ETM+', 'OLI/TIRS'] as const) expect(sensorBand(id, sensor)).toHaveProperty('missing');
  });

  it('agrees with the file each real TM/ETM+ item names under that asset key', () => {
    const dir = path.join(REAL_WORLD_DIR, 'landsat-tm-etm');
    for (const [scene, sensor] of [['LT05_L2SP_090084_19980308_20200909_02_T1', 'TM'], ['LE07_L2SP_090084_20210331_20210426_02_T1', 'ETM+']] as const) {
      const item = JSON.parse(readFileSync(path.join(dir, scene, `${scene}.json`), 'utf8'));
      expect(item.assets.coastal).toBeUndefined();
      for (const id of ['B02', 'B03', 'B04', 'B05', 'B06', 'B07', 'B09'] as const) {
        const band = sensorBand(id, sensor);
        if (!('asset' in band)) throw new Error(`${id} missing on ${sensor}`);
        expect(item.assets[band.asset].href).toMatch(new RegExp(`_${band.fileBand}\\.TIF$`));
      }
    }
  });
});
