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
});
