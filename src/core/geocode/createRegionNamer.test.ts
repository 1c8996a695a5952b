import { describe, expect, it } from 'vitest';
import { createRegionNamer } from './createRegionNamer.js';
import { foldName } from './gazetteer.js';

const data = {
  states: [
    { name: 'Ontario', isoCode: 'ON', countryCode: 'CA' },
    { name: 'Quebec', isoCode: 'QC', countryCode: 'CA' },
  ],
  cities: [
    ['Huntsville', 'CA', 'ON', '45.3267', '-79.2165'],
    ['Bracebridge', 'CA', 'ON', '45.0417', '-79.3100'],
    ['Gravenhurst', 'CA', 'ON', '44.9167', '-79.3667'],
    ['Montréal', 'CA', 'QC', '45.5088', '-73.5878'],
  ] as [string, string, string, string, string][],
};

describe('createRegionNamer', () => {
  it('names a city by its counterpart: same country, folded name, nearby', () => {
    const { regionOf } = createRegionNamer(foldName, data);
    expect(regionOf({ name: 'Montreal', country: 'CA', adminCode: '10', lat: 45.5, lon: -73.6 })).toBe('Quebec');
    // Same name far away is not the same place.
    expect(regionOf({ name: 'Huntsville', country: 'CA', adminCode: '08', lat: 50, lon: -100 })).toBeUndefined();
  });

  it('names an unmatched city by the clear majority of its admin1 code, and nothing without one', () => {
    const namer = createRegionNamer(foldName, data);
    for (const name of ['Huntsville', 'Bracebridge', 'Gravenhurst']) namer.regionOf({ name, country: 'CA', adminCode: '08', lat: 45, lon: -79.3 });
    namer.finish();
    expect(namer.regionOf({ name: 'Dwight', country: 'CA', adminCode: '08', lat: 45.3, lon: -79 })).toBe('Ontario');
    expect(namer.regionOf({ name: 'Nowhere', country: 'CA', adminCode: '99', lat: 45.3, lon: -79 })).toBeUndefined();
  });
});
