import { describe, expect, it } from 'vitest';
import { placeDetail, placeLabel } from './placeLabel.js';

describe('placeLabel', () => {
  it('names the region between the place and its country', () => {
    const huntsville = { name: 'Huntsville', region: 'Ontario', country: 'Canada', lat: 45.3, lon: -79.2 };
    expect(placeLabel(huntsville)).toBe('Huntsville, Ontario, Canada');
    expect(placeDetail(huntsville)).toBe('Ontario, Canada');
  });

  it('leaves out what the data does not name', () => {
    expect(placeLabel({ name: 'Somewhere', country: 'Brazil', lat: 0, lon: 0 })).toBe('Somewhere, Brazil');
    expect(placeLabel({ name: 'Nowhere', country: '', lat: 0, lon: 0 })).toBe('Nowhere');
  });

  it('says what a natural feature is, before where it lies; a town or a typed point says only where', () => {
    expect(placeDetail({ name: 'Gobi', kind: 'desert', country: '', lat: 43, lon: 105 })).toBe('Desert');
    expect(placeDetail({ name: 'Lake Baikal', kind: 'lake', country: 'Russia', lat: 53.5, lon: 108 })).toBe('Lake · Russia');
    expect(placeDetail({ name: 'Serengeti', kind: 'national park', region: 'Mara', country: 'Tanzania', lat: -2.3, lon: 34.8 })).toBe('National park · Mara, Tanzania');
    expect(placeDetail({ name: 'Huntsville', kind: 'city', region: 'Ontario', country: 'Canada', lat: 45.3, lon: -79.2 })).toBe('Ontario, Canada');
    expect(placeDetail({ name: '45.5, -73.6', kind: 'coordinates', country: '', lat: 45.5, lon: -73.6 })).toBe('');
  });
});
