import { describe, expect, it } from 'vitest';
import { exportFileName } from './exportFileName.js';
import { parseImageBounds } from '../api/parseImageBounds.js';
import { analysisRequestUrls } from '../api/analysisRequestUrls.js';

describe('exportFileName', () => {
  it('names files after the place (lat, lon to 6 decimals) and dates', () => {
    expect(exportFileName('pixels', [-79.2165, 45.3267], '2024-01-01', '2024-12-31', 'csv')).toBe('landsat-pixels_45.326700_-79.216500_2024-01-01_2024-12-31.csv');
  });
});

describe('parseImageBounds', () => {
  it('reads minLon,minLat,maxLon,maxLat', () => {
    expect(parseImageBounds('-80.123456,44.5,-78.1,46.25')).toEqual([-80.123456, 44.5, -78.1, 46.25]);
  });
  it.each([null, '', '1,2,3', 'a,b,c,d', '10,0,5,1', '0,10,1,5', '-181,0,0,1'])('rejects %s', (header) => {
    expect(parseImageBounds(header)).toBeNull();
  });
});

describe('analysisRequestUrls', () => {
  const request = {
    lngLat: [-79.2165, 45.3267] as [number, number],
    bbox: { minLon: -80, minLat: 45, maxLon: -79, maxLat: 46 },
    startDate: '2024-01-01',
    endDate: '2024-12-31',
    size: 'full' as const,
    cloudCoverage: 20,
    bands: ['B04' as const, 'B09' as const],
  };
  it('asks for the point series, with latest=true only for the most recent scene', () => {
    const latest = new URL(analysisRequestUrls(request, true).pixelStreamUrl, 'http://x');
    expect(latest.pathname).toBe('/api/pixel/stream');
    expect(Object.fromEntries(latest.searchParams)).toEqual({ lat: '45.3267', lon: '-79.2165', startDate: '2024-01-01', endDate: '2024-12-31', cloudCoverage: '20', bands: 'B04,B09', latest: 'true' });
    expect(new URL(analysisRequestUrls(request, false).pixelStreamUrl, 'http://x').searchParams.has('latest')).toBe(false);
  });
  it('streams the statistics with the plain call query', () => {
    const url = new URL(analysisRequestUrls(request, false).dataStreamUrl, 'http://x');
    expect(url.pathname).toBe('/api/landsatData/stream');
    expect(url.searchParams.get('LON_UL')).toBe('-80');
    expect(url.searchParams.get('bands')).toBe('B04,B09');
  });
});
