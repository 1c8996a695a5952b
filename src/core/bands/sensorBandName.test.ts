import { describe, expect, it } from 'vitest';
import { BAND_IDS } from './bandCatalog.js';
import { bandLabel, bandNameOnSatellite } from './sensorBandName.js';

// USGS band designations for Landsat 8-9 OLI/TIRS; the seed's ids B01-B10 in its catalogue order.
const LANDSAT_8_9 = [
  ['B01', 'B01 · OLI band 1, coastal/aerosol'],
  ['B02', 'B02 · OLI band 2, blue'],
  ['B03', 'B03 · OLI band 3, green'],
  ['B04', 'B04 · OLI band 4, red'],
  ['B05', 'B05 · OLI band 5, near infrared'],
  ['B06', 'B06 · OLI band 6, SWIR 1'],
  ['B07', 'B07 · OLI band 7, SWIR 2'],
  ['B08', 'B08 · OLI band 8, panchromatic'],
  ['B09', 'B09 · TIRS band 10, surface temperature'],
  ['B10', 'B10 · TIRS band 11, thermal infrared'],
] as const;

describe('bandLabel', () => {
  for (const satellite of ['landsat-8', 'landsat-9']) {
    it.each(LANDSAT_8_9)(`${satellite} %s`, (id, label) => expect(bandLabel(id, satellite)).toBe(label));
  }

  it('covers every seed id, and never calls B09 or B10 OLI band 9 (cirrus)', () => {
    expect(LANDSAT_8_9.map(([id]) => id)).toEqual([...BAND_IDS]);
    expect(bandLabel('B09')).not.toMatch(/cirrus|OLI band 9/i);
    expect(bandLabel('B10')).not.toMatch(/cirrus|OLI band 9/i);
  });

  it('names the TM and ETM+ band behind the seed id (USGS band designations)', () => {
    expect(bandLabel('B04', 'landsat-5')).toBe('B04 · TM band 3, red');
    expect(bandLabel('B09', 'landsat-7')).toBe('B09 · ETM+ band 6, surface temperature');
  });

  it('says nothing for a satellite it does not know', () => {
    expect(bandNameOnSatellite('B04', 'sentinel-2a')).toBeNull();
    expect(bandLabel('B04', 'sentinel-2a')).toBe('B04');
  });
});
