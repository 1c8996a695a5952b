import { describe, expect, it } from 'vitest';
import type { LandsatScene } from './landsatScene.js';
import { keepMostRecent, queryTimeRange, sceneQueryFilter } from './sceneQueryFilter.js';

function scene(id: string, datetime: string, cloudCover = 10): LandsatScene {
  return {
    id, satellite: 'landsat-8', datetime, wrsPath: 1, wrsRow: 1, cloudCover, landCloudCover: null, sunElevation: null, sunAzimuth: null,
    processingLevel: 'L2SP', collectionCategory: 'T1', epsg: 32619,
    footprintLngLat: [[0, 0], [1, 0], [1, 1], [0, 1], [0, 0]], bboxLngLat: [0, 0, 1, 1], assets: {}, synthetic: false,
  };
}
const query = { bboxLngLat: [0.5, 0.5, 0.5, 0.5] as [number, number, number, number], startDate: '2024-03-01', endDate: '2024-03-31', maxCloudCover: 20, limit: 10 };

describe('sceneQueryFilter', () => {
  it('includes both end dates as whole UTC days', () => {
    const matches = sceneQueryFilter(query);
    expect(matches(scene('a', '2024-03-01T00:00:00.000Z'))).toBe(true);
    expect(matches(scene('b', '2024-03-31T23:59:59.999Z'))).toBe(true);
    expect(matches(scene('c', '2024-02-29T23:59:59.999Z'))).toBe(false);
    expect(matches(scene('d', '2024-04-01T00:00:00.000Z'))).toBe(false);
    expect(queryTimeRange(query).endMsExclusive - queryTimeRange(query).startMs).toBe(31 * 86_400_000);
  });

  it('keeps cloud cover up to and including the limit, and checks the footprint', () => {
    const matches = sceneQueryFilter(query);
    expect(matches(scene('a', '2024-03-10T10:00:00Z', 20))).toBe(true);
    expect(matches(scene('b', '2024-03-10T10:00:00Z', 20.01))).toBe(false);
    expect(sceneQueryFilter({ ...query, bboxLngLat: [2, 2, 3, 3] })(scene('c', '2024-03-10T10:00:00Z'))).toBe(false);
  });

  it('refuses malformed dates', () => {
    expect(() => sceneQueryFilter({ ...query, startDate: '2024-02-30' })).toThrow(RangeError);
    expect(() => sceneQueryFilter({ ...query, endDate: '03/31/2024' })).toThrow(/YYYY-MM-DD/);
  });
});

describe('keepMostRecent', () => {
  const scenes = [scene('s3', '2024-03-03T00:00:00Z'), scene('s1', '2024-03-01T00:00:00Z'), scene('s4', '2024-03-04T00:00:00Z'), scene('s2', '2024-03-02T00:00:00Z'), scene('s4', '2024-03-04T00:00:00Z')];

  it('keeps the newest `limit` scenes, oldest first, and reports truncation', () => {
    const result = keepMostRecent(scenes, 2);
    expect(result.scenes.map((s) => s.id)).toEqual(['s3', 's4']);
    expect(result).toMatchObject({ truncated: true, limit: 2 });
  });

  it('drops duplicates and is not truncated when everything fits', () => {
    const result = keepMostRecent(scenes, 4);
    expect(result.scenes.map((s) => s.id)).toEqual(['s1', 's2', 's3', 's4']);
    expect(result.truncated).toBe(false);
    expect(keepMostRecent(scenes, 4, true).truncated).toBe(true);
  });
});
