import { describe, expect, it } from 'vitest';
import type { PixelResponse, PixelScene } from '../landsat/landsatResults.js';
import { compareWithLandsat, type ReadPixels } from './compareWithLandsat.js';

const grid = <T>(v: T): T[][] => [[v, v, v], [v, v, v], [v, v, v]];

/** A scene whose nine pixels are all clear or all cloudy, every band at `reflectance`. */
function scene(id: string, datetime: string, clear: boolean, reflectance: number): PixelScene {
  const band = { unit: 'reflectance', values: grid<number | null>(reflectance), dn: grid<number | null>(0) };
  return {
    id, satellite: 'landsat-8', sensor: 'OLI/TIRS', datetime, wrsPath: 27, wrsRow: 28, cloudCover: 10,
    bands: Object.fromEntries(['B01', 'B02', 'B03', 'B04', 'B05', 'B06', 'B07'].map((b) => [b, band])),
    qa: { values: grid<number | null>(clear ? 21824 : 22280), flags: grid(null) },
    clear: grid<boolean | null>(clear),
  } as unknown as PixelScene;
}

const readPixelsOf = (scenes: PixelScene[]): ReadPixels => async () => ({ scenes, synthetic: true }) as unknown as PixelResponse;
const input = { lngLat: [-92.5, 46.7] as [number, number], measuredAt: new Date('2015-08-06T14:37:08Z'), maxDays: 16, simulatedFor: () => ({ B04: 0.05 }) };

describe('compareWithLandsat picks the clear scene nearest in time', () => {
  it('passes over a nearer cloudy scene for a clear one further away', async () => {
    const cloudyNear = scene('NEAR_CLOUDY', '2015-08-05T16:57:00Z', false, 0.5);
    const clearFar = scene('FAR_CLEAR', '2015-08-13T16:57:00Z', true, 0.08);
    const clearFarther = scene('FARTHER_CLEAR', '2015-07-22T16:57:00Z', true, 0.09);
    const result = await compareWithLandsat(input, readPixelsOf([clearFarther, cloudyNear, clearFar]));
    expect(result.scene?.id).toBe('FAR_CLEAR');
    expect(result.difference.B04?.absolute).toBeCloseTo(0.05 - 0.08, 12);
    expect(result.differenceNote).toBeUndefined();
  });

  it('takes the nearest scene with data, with no differences and the reason, when none is clear', async () => {
    const result = await compareWithLandsat(input, readPixelsOf([scene('A', '2015-08-05T16:57:00Z', false, 0.5), scene('B', '2015-08-13T16:57:00Z', false, 0.4)]));
    expect(result.scene?.id).toBe('A');
    expect(result.difference.B04).toEqual({ absolute: null, relative: null });
    expect(result.differenceNote).toMatch(/not clear/);
  });
});
