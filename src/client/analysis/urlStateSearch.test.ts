import { describe, expect, it } from 'vitest';
import { readUrlState } from '../urlState/readUrlState.js';
import { urlStateSearch } from './urlStateSearch.js';

describe('urlStateSearch', () => {
  it('writes a query string that readUrlState reads back to the same state', () => {
    const search = urlStateSearch({ lngLat: [-79.2165, 45.3267], startDate: '2024-01-01', endDate: '2024-12-31', size: 'full', cloudCoverage: 30, bands: ['B04', 'B03', 'B02'], scenes: 'all', area: '5km' });
    expect(search).toBe('?lat=45.326700&lon=-79.216500&startDate=2024-01-01&endDate=2024-12-31&size=full&cloud=30&bands=B04,B03,B02&scenes=all&area=5km');
    expect(readUrlState(search)).toEqual({
      lat: 45.3267,
      lon: -79.2165,
      startDate: '2024-01-01',
      endDate: '2024-12-31',
      size: 'full',
      cloudCoverage: 30,
      bands: ['B04', 'B03', 'B02'],
      scenes: 'all',
      area: '5km',
      crash: false,
    });
  });

  it('leaves out empty dates and bands', () => {
    const search = urlStateSearch({ lngLat: [0, 0], startDate: '', endDate: '', size: '3x3', cloudCoverage: 0, bands: [] });
    expect(search).toBe('?lat=0.000000&lon=0.000000&size=3x3&cloud=0');
  });
});
