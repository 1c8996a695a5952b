import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { LngLat } from '../geo/lngLat.js';
import { footprintIntersectsBBox } from './footprintIntersectsBBox.js';
import { pointInRing } from '../geo/pointInRing.js';

// The fixture scene's footprint (path 1 row 70): a tilted quadrilateral.
const ring: LngLat[] = [
  [-68.32806105462583, -13.413338881965595],
  [-66.64194668477138, -13.768608294862972],
  [-67.02112878398377, -15.502400360295765],
  [-68.71522415861507, -15.144379752702589],
  [-68.32806105462583, -13.413338881965595],
];

describe('footprintIntersectsBBox', () => {
  it('accepts point queries inside the footprint (fixture README points)', () => {
    expect(footprintIntersectsBBox(ring, [-67.3037941, -14.7111791, -67.3037941, -14.7111791])).toBe(true);
    expect(footprintIntersectsBBox(ring, [-67.6820161, -13.8928145, -67.6820161, -13.8928145])).toBe(true);
  });

  it('rejects a point inside the item bbox but outside the tilted footprint', () => {
    // North-east corner of the bbox: within [minLon..maxLon]x[minLat..maxLat] but not imaged.
    expect(footprintIntersectsBBox(ring, [-66.7, -13.45, -66.7, -13.45])).toBe(false);
  });

  it('accepts boxes that only cross an edge, contain the footprint, or lie within it', () => {
    expect(footprintIntersectsBBox(ring, [-70, -14.45, -66, -14.44])).toBe(true); // a strip across: no vertex or corner inside
    expect(footprintIntersectsBBox(ring, [-70, -16, -66, -13])).toBe(true);
    expect(footprintIntersectsBBox(ring, [-67.5, -14.6, -67.4, -14.5])).toBe(true);
    expect(footprintIntersectsBBox(ring, [-66, -14, -65, -13])).toBe(false);
  });

  it('counts a point exactly on a vertex or edge', () => {
    expect(footprintIntersectsBBox(ring, [ring[1][0], ring[1][1], ring[1][0], ring[1][1]])).toBe(true);
    const square: LngLat[] = [[0, 0], [1, 0], [1, 1], [0, 1], [0, 0]];
    expect(footprintIntersectsBBox(square, [0.5, 1, 0.5, 1])).toBe(true);
    expect(footprintIntersectsBBox(square, [1.5, 0.5, 2, 0.6])).toBe(false);
  });

  it('handles footprints unwrapped across the antimeridian and boxes crossing it', () => {
    const across: LngLat[] = [[179, -16], [180.8, -16.4], [180.5, -18.1], [179.3, -17.8], [179, -16]];
    expect(footprintIntersectsBBox(across, [-179.5, -17, -179.5, -17])).toBe(true);
    expect(footprintIntersectsBBox(across, [179.5, -17, 179.5, -17])).toBe(true);
    expect(footprintIntersectsBBox(across, [170, -17, -179.6, -16.9])).toBe(true);
    expect(footprintIntersectsBBox(across, [-170, -17, -169, -16])).toBe(false);
  });

  it('agrees with point-in-polygon for degenerate boxes (property)', () => {
    fc.assert(
      fc.property(fc.double({ min: -69, max: -66, noNaN: true }), fc.double({ min: -16, max: -13, noNaN: true }), (lon, lat) => {
        const inside = pointInRing([lon, lat], ring);
        // Away from the boundary both answers must agree.
        const nudged = [[lon + 1e-9, lat], [lon - 1e-9, lat], [lon, lat + 1e-9], [lon, lat - 1e-9]].every(
          (p) => pointInRing(p as LngLat, ring) === inside,
        );
        if (nudged) expect(footprintIntersectsBBox(ring, [lon, lat, lon, lat])).toBe(inside);
      }),
      { numRuns: 300 },
    );
  });

  it('finds a point inside, a box around, and a band across a square, and nothing beside it', () => {
    const ring: [number, number][] = [[0, 0], [2, 0], [2, 2], [0, 2], [0, 0]];
    expect(footprintIntersectsBBox(ring, [1, 1, 1, 1])).toBe(true);
    expect(footprintIntersectsBBox(ring, [-1, -1, 3, 3])).toBe(true);
    expect(footprintIntersectsBBox(ring, [-1, 0.5, 3, 1.5])).toBe(true);
    expect(footprintIntersectsBBox(ring, [3, 3, 4, 4])).toBe(false);
  });
});
