import { describe, expect, it } from 'vitest';
import { satelliteName, satelliteWithSlc, sceneIsSlcOff } from './satelliteWords.js';

describe('satellite words', () => {
  it('writes every satellite one way', () => {
    expect(['landsat-4', 'landsat-5', 'LANDSAT_7', 'landsat-8', 'Landsat 9'].map(satelliteName)).toEqual(['Landsat 4', 'Landsat 5', 'Landsat 7', 'Landsat 8', 'Landsat 9']);
    expect(satelliteName(null)).toBe('unknown');
  });

  it('marks Landsat 7 scenes after the scan line corrector failed on 2003-05-31 (USGS) as SLC-off', () => {
    expect(sceneIsSlcOff({ satellite: 'landsat-7', datetime: '2003-05-30T15:40:00Z' })).toBe(false);
    expect(sceneIsSlcOff({ satellite: 'landsat-7', datetime: '2003-06-01T15:40:00Z' })).toBe(true);
    expect(sceneIsSlcOff({ satellite: 'landsat-5', datetime: '2010-06-01T15:40:00Z' })).toBe(false);
    expect(satelliteWithSlc({ satellite: 'landsat-7', datetime: '2012-07-01T15:40:00Z' })).toBe('Landsat 7 (SLC-off)');
  });
});
