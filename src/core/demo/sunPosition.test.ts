import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { sunPosition } from './sunPosition.js';

describe('sunPosition', () => {
  it('matches the sun angles of a real Landsat item at its scene centre', () => {
    // Real Planetary Computer item (fixture): path 47 row 27, 2020-12-04T19:02:11Z.
    const item = JSON.parse(
      readFileSync(new URL('../../../../shared/fixtures/stac-items/LC08_L2SP_047027_20201204_02_T1.json', import.meta.url), 'utf8'),
    );
    const ring: number[][] = item.geometry.coordinates[0].slice(0, 4);
    const centre: [number, number] = [ring.reduce((s, p) => s + p[0], 0) / 4, ring.reduce((s, p) => s + p[1], 0) / 4];
    const sun = sunPosition(new Date(item.properties.datetime), centre);
    expect(sun.elevationDeg).toBeCloseTo(item.properties['view:sun_elevation'], 0);
    expect(Math.abs(sun.azimuthDeg - item.properties['view:sun_azimuth'])).toBeLessThan(1.5);
  });

  it('puts the sun high at noon in June in the north and below the horizon at night', () => {
    const noon = sunPosition(new Date('2024-06-21T12:00:00Z'), [0, 45]);
    expect(noon.elevationDeg).toBeGreaterThan(67);
    expect(Math.abs(noon.azimuthDeg - 180)).toBeLessThan(3);
    expect(sunPosition(new Date('2024-06-21T00:00:00Z'), [0, 45]).elevationDeg).toBeLessThan(0);
  });
});
