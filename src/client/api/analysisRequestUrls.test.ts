import { describe, expect, it } from 'vitest';
import type { LandsatRequest } from './landsatRequestUrls.js';
import { landsatRequestUrls } from './landsatRequestUrls.js';
import { analysisRequestUrls } from './analysisRequestUrls.js';

const request: LandsatRequest = {
  lngLat: [149.84, -34.31],
  bbox: { minLon: 149.7, minLat: -34.4, maxLon: 149.9, maxLat: -34.2 },
  startDate: '1984-01-01',
  endDate: '2024-12-31',
  size: 'full',
  cloudCoverage: 30,
  bands: ['B04', 'B05'],
};

describe('harmonisation switch in the request URLs', () => {
  it('asks the series for harmonize=oli when switched on, never the image', () => {
    const on = { ...request, harmonize: true };
    const { imageUrl, dataUrl } = landsatRequestUrls(on);
    const { pixelStreamUrl, dataStreamUrl } = analysisRequestUrls(on, false);
    expect(new URL(dataUrl, 'http://x').searchParams.get('harmonize')).toBe('oli');
    expect(new URL(dataStreamUrl, 'http://x').searchParams.get('harmonize')).toBe('oli');
    expect(new URL(pixelStreamUrl, 'http://x').searchParams.get('harmonize')).toBe('oli');
    expect(new URL(imageUrl, 'http://x').searchParams.has('harmonize')).toBe(false);
  });

  it('leaves it out when off (values as archived)', () => {
    const { dataUrl } = landsatRequestUrls(request);
    const { pixelStreamUrl } = analysisRequestUrls(request, true);
    expect(dataUrl).not.toContain('harmonize');
    expect(pixelStreamUrl).not.toContain('harmonize');
  });
});
