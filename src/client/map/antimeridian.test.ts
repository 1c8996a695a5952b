import { describe, expect, it } from 'vitest';
import { unwrapLongitudes } from './antimeridian.js';

describe('unwrapLongitudes', () => {
  it('continues a ring across the antimeridian instead of jumping round the world (Chukotka-like)', () => {
    const ring = [[170, 65], [179.9, 66], [-179.9, 67], [-170, 66], [170, 65]];
    expect(unwrapLongitudes(ring, true).map((p) => p[0])).toEqual([170, 179.9, 180.1, 190, 170]);
  });

  it('continues west of -180 from a start east of the date line (Fiji-like), and recentres a shape mostly off the main copy', () => {
    const fiji = [[-175, -16], [179, -16.5], [178, -17], [-175, -16]];
    expect(unwrapLongitudes(fiji, true).map((p) => p[0])).toEqual([-175, -181, -182, -175]);
    const mostlyWest = [[-179, 60], [170, 61], [160, 62], [150, 61], [-179, 60]];
    expect(unwrapLongitudes(mostlyWest, true).map((p) => p[0])).toEqual([181, 170, 160, 150, 181]);
  });

  it('leaves a ring round a pole (Antarctica) and rings away from the date line alone', () => {
    const antarctica = [[-180, -90], [-180, -70], [-90, -71], [0, -69], [90, -70], [180, -70], [180, -90], [-180, -90]];
    expect(unwrapLongitudes(antarctica, true)).toBe(antarctica);
    const square = [[0, 0], [1, 0], [1, 1], [0, 0]];
    expect(unwrapLongitudes(square, true)).toBe(square);
  });
});
