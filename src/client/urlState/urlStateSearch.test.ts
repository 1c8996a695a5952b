import { describe, expect, it } from 'vitest';
import { readUrlState } from './readUrlState.js';
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

  it('keeps a chosen mask in the link and reads it back; the default and malformed masks stay out (issue 25)', () => {
    const base = { lngLat: [0, 0] as [number, number], startDate: '', endDate: '', size: '3x3' as const, cloudCoverage: 0, bands: [] };
    const search = urlStateSearch({ ...base, mask: 'cloud,snow' });
    expect(search).toBe('?lat=0.000000&lon=0.000000&size=3x3&cloud=0&mask=cloud,snow');
    expect(readUrlState(search).mask).toBe('cloud,snow');
    // "none" keeps every imaged pixel: a real choice, so it is kept too.
    expect(readUrlState(urlStateSearch({ ...base, mask: 'none' })).mask).toBe('none');
    // The API's default (cloud, dilated cloud, cirrus, shadow) is what no mask means: left out.
    expect(urlStateSearch({ ...base, mask: 'cloud,dilated_cloud,cirrus,shadow' })).toBe('?lat=0.000000&lon=0.000000&size=3x3&cloud=0');
    expect(readUrlState('?mask=cloud,dilated_cloud,cirrus,shadow').mask).toBeUndefined();
    // Words in another order read as the API's own order; unknown words leave the default.
    expect(readUrlState('?mask=snow,cloud').mask).toBe('cloud,snow');
    expect(readUrlState('?mask=fog').mask).toBeUndefined();
  });
});
