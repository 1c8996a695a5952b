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
      problems: [],
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
    expect(readUrlState('?mask=fog').problems[0]).toMatch(/^mask=fog: unknown mask word "fog"/);
  });

  it('keeps harmonisation and the area polygon in the link and reads them back (issue 35)', () => {
    const ring = [[-67.31, -14.72], [-67.29, -14.72], [-67.3, -14.7], [-67.31, -14.72]];
    const search = urlStateSearch({ lngLat: [0, 0], startDate: '', endDate: '', size: '3x3', cloudCoverage: 0, bands: [], harmonize: true, poly: '-67.31,-14.72,-67.29,-14.72,-67.3,-14.7,-67.31,-14.72' });
    expect(search).toBe('?lat=0.000000&lon=0.000000&size=3x3&cloud=0&harmonize=oli&poly=-67.31,-14.72,-67.29,-14.72,-67.3,-14.7,-67.31,-14.72');
    const back = readUrlState(search);
    expect(back.harmonize).toBe(true);
    expect(back.polygon).toEqual({ type: 'Polygon', coordinates: [ring] });
    expect(back.problems).toEqual([]);
  });
});

describe('readUrlState refuses bad values in words (issue 35)', () => {
  it.each([
    ['?lat=91&lon=10', /^lat=91 is outside -90 to 90/],
    ['?lat=abc&lon=10', /^lat=abc is not a number/],
    ['?lat=10,2&lon=10', /^lat=10,2 uses a comma as the decimal mark: write 10\.2/],
    ['?lat=10&lon=190', /^lon=190 is outside -180 to 180/],
    ['?lat=10&lon=', /^lon= is not a number/],
    ['?lat=10', /^lat is given without lon/],
    ['?cloud=150', /^cloud=150 is outside 0 to 100/],
    ['?cloud=12.5', /^cloud=12\.5 is not a whole percent/],
    ['?cloudCoverage=-1', /^cloudCoverage=-1 is outside 0 to 100/],
    ['?startDate=2024-02-30', /^startDate=2024-02-30 is not a date/],
    ['?endDate=yesterday', /^endDate=yesterday is not a date/],
    ['?size=huge', /^size=huge is not an image size/],
    ['?bands=B04,B99', /^bands=B04,B99 names unknown band B99/],
    ['?scenes=some', /^scenes=some is not a choice/],
    ['?area=50km', /^area=50km is not an area/],
    ['?harmonize=yes', /^harmonize=yes is not a choice/],
    ['?poly=1,2,3', /^poly has an odd count of numbers/],
    ['?poly=1,2,3,4,5,x', /^poly holds something that is not a number/],
    ['?poly=1,2,3,4,1,2', /^poly has a ring of fewer than 3 corners/],
    ['?areaId=../../etc', /^areaId=\.\.\/\.\.\/etc is not an area id/],
    ['?scene=<script>', /^scene=<script> is not a scene id/],
  ])('%s is refused with its parameter named', (search, problem) => {
    const state = readUrlState(search);
    expect(state.problems).toHaveLength(1);
    expect(state.problems[0]).toMatch(problem);
  });

  it('a refused value sets nothing (no default slipped in), the good values still apply', () => {
    const state = readUrlState('?lat=91&lon=10&cloud=150&size=full&bands=B04');
    expect(state.lat).toBeUndefined();
    expect(state.lon).toBeUndefined();
    expect(state.cloudCoverage).toBeUndefined();
    expect(state.size).toBe('full');
    expect(state.bands).toEqual(['B04']);
    expect(state.problems).toHaveLength(2);
  });

  it('a long bad value is named by its start only', () => {
    const state = readUrlState(`?lat=${'9'.repeat(10_000)}&lon=0`);
    expect(state.problems[0].length).toBeLessThan(200);
  });

  it('a polygon the server keeps is named by its id, written instead of corners', () => {
    expect(readUrlState('?areaId=Ab3_-xYz0123abcd').areaId).toBe('Ab3_-xYz0123abcd');
    const search = urlStateSearch({ lngLat: [0, 0], startDate: '', endDate: '', size: '3x3', cloudCoverage: 0, bands: [], poly: null, areaId: 'Ab3_-xYz0123abcd' });
    expect(search).toBe('?lat=0.000000&lon=0.000000&size=3x3&cloud=0&areaId=Ab3_-xYz0123abcd');
  });

  it('a link with nothing wrong has no problems', () => {
    expect(readUrlState('?lat=-14.7&lon=-67.3&startDate=2019-01-01&endDate=2019-01-31&size=3x3&cloud=100').problems).toEqual([]);
    expect(readUrlState('').problems).toEqual([]);
  });
});
