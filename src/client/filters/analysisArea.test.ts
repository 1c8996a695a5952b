import { describe, expect, it } from 'vitest';
import { bboxExtentMeters } from '../../core/geo/lngLat.js';
import { resolveAnalysisArea, squareAroundPoint } from './analysisArea.js';

const POINT: [number, number] = [-79.2165, 45.3267];
const SCENE_BOX = { minLon: -80.5, minLat: 44.4, maxLon: -77.6, maxLat: 46.3 };

describe('analysis area', () => {
  it('draws squares of the named size on the ground', () => {
    for (const km of [1, 5, 20]) {
      const { widthM, heightM } = bboxExtentMeters(squareAroundPoint(POINT, km));
      expect(widthM / 1000).toBeCloseTo(km, 1);
      expect(heightM / 1000).toBeCloseTo(km, 1);
    }
  });

  it('uses the scene box when it holds the point, whatever picked the point', () => {
    expect(resolveAnalysisArea('scene', POINT, SCENE_BOX)).toMatchObject({ bbox: SCENE_BOX, kind: 'scene' });
  });

  it('falls back to a 0.1° box, and says so, when no footprint holds the point', () => {
    const r = resolveAnalysisArea('scene', [10, 10], SCENE_BOX);
    expect(r.kind).toBe('fallback');
    expect(r.bbox.maxLat - r.bbox.minLat).toBeCloseTo(0.1, 10);
    expect(r.description).toMatch(/no WRS-2 footprint/);
  });

  it('ignores the scene box for a square', () => {
    const r = resolveAnalysisArea('5km', POINT, SCENE_BOX);
    expect(r.kind).toBe('square');
    expect((r.bbox.minLon + r.bbox.maxLon) / 2).toBeCloseTo(POINT[0], 10);
  });
});
