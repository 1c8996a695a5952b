import { describe, expect, it } from 'vitest';
import { clearFraction, timeSeriesPoints } from './timeSeriesPoints.js';
import type { LandsatDataEntry } from '../../shared/api/landsatData.js';

/** Entries with only what the function reads (it tolerates the rest missing). */
const partialEntries = (entries: unknown[]) => entries as LandsatDataEntry[];

const scene = (id: string, datetime: string) => ({ id, satellite: 'landsat-8', datetime, wrsPath: 18, wrsRow: 29, cloudCover: 10 });

describe('timeSeriesPoints', () => {
  it('keeps the API numbers, sorts by time and marks scenes under half clear as cloudy', () => {
    const entries = partialEntries([
      { scene: scene('B', '2024-06-10T15:50:00Z'), outputs: { data: { bands: { B04: { stats: { mean: 0.05, stDev: 0.01, sampleCount: 30, noDataCount: 70 } } } } } },
      { scene: scene('A', '2024-05-01T15:50:00Z'), outputs: { data: { bands: { B04: { stats: { mean: 0.041234, stDev: 0.02, sampleCount: 90, noDataCount: 10 } } } } } },
      { scene: scene('C', '2024-07-01T15:50:00Z'), outputs: { data: { bands: { B04: { stats: { mean: null, stDev: null, sampleCount: 0, noDataCount: 100 } } } } } },
    ]);
    const points = timeSeriesPoints(entries, 'B04');
    expect(points.map((p) => p.sceneId)).toEqual(['A', 'B', 'C']);
    expect(points[0]).toMatchObject({ mean: 0.041234, stDev: 0.02, clearFraction: 0.9, cloudy: false, t: Date.UTC(2024, 4, 1, 15, 50) });
    expect(points[1]).toMatchObject({ clearFraction: 0.3, cloudy: true });
    expect(points[2]).toMatchObject({ mean: null, clearFraction: 0, cloudy: true });
    expect(timeSeriesPoints(entries, 'B05')).toEqual([]);
  });

  it('clearFraction is 0 for an empty area', () => {
    expect(clearFraction({ sampleCount: 0, noDataCount: 0 })).toBe(0);
    expect(clearFraction(undefined)).toBe(0);
    expect(clearFraction({ sampleCount: 0, noDataCount: 40, fillCount: 40 })).toBe(0);
  });

  it('clearFraction leaves out the fill: a scene that grazes the box is judged on what it imaged', () => {
    // 30 clear, 10 cloudy, 60 outside the footprint: three quarters of what the scene saw is clear.
    expect(clearFraction({ sampleCount: 30, noDataCount: 70, fillCount: 60 })).toBe(0.75);
  });
});
