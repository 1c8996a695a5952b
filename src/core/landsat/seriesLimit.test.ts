import { describe, expect, it } from 'vitest';
import { createBlockCache } from '../raster/blockCache.js';
import type { LandsatScene } from '../stac/landsatScene.js';
import type { SceneCatalog, SceneQuery } from '../stac/sceneCatalog.js';
import { keepMostRecent } from '../stac/sceneQueryFilter.js';
import { createLandsatService } from './landsatService.js';

/** 600 scenes, one every 2 days from 2021-01-01 (about the Landsat 8/9 record where rows overlap). */
const SCENES: LandsatScene[] = Array.from({ length: 600 }, (_, i) => {
  const datetime = new Date(Date.UTC(2021, 0, 1 + 2 * i, 15, 50)).toISOString();
  return {
    id: `LC08_L2SP_018028_${datetime.slice(0, 10).replace(/-/g, '')}_02_T1`,
    satellite: 'landsat-8',
    datetime,
    wrsPath: 18,
    wrsRow: 28,
    cloudCover: 100,
    landCloudCover: null,
    sunElevation: null,
    sunAzimuth: null,
    processingLevel: null,
    collectionCategory: null,
    epsg: 32617,
    footprintLngLat: [],
    bboxLngLat: [-80, 44, -78, 46],
    assets: {},
    synthetic: false,
  };
});

const catalog: SceneCatalog = {
  name: 'test',
  synthetic: false,
  search: async (q: SceneQuery) => keepMostRecent(SCENES.filter((s) => s.datetime.slice(0, 10) >= q.startDate && s.datetime.slice(0, 10) <= q.endDate), q.limit),
  resolveAssetHref: async (href) => href,
};

const filters = { startDate: '2021-01-01', endDate: '2024-12-31', cloudCoverage: 100, bands: ['B08' as const] };
const box = { minLon: -79.5, minLat: 45, maxLon: -79.4, maxLat: 45.1 };

describe('series limits', () => {
  const service = createLandsatService({ catalog, cache: createBlockCache({ maxBytes: 1024 }), maxScenes: 100, maxScenesStreamed: 1000 });

  it('a plain answer keeps the newest 100 and says which dates it covers', async () => {
    const answer = await service.boxStatistics(box, filters);
    expect(answer.data).toHaveLength(100);
    expect(answer).toMatchObject({ truncated: true, limit: 100, coveredEndDate: '2024-12-31' });
    expect(answer.coveredStartDate).toBe(answer.data[0].scene.datetime.slice(0, 10));
    expect(answer.data[99].scene.datetime).toBe(SCENES[599].datetime); // the newest is kept
  });

  it('a streamed answer carries all 600 scenes', async () => {
    const answer = await service.boxStatistics(box, filters, { streamed: true });
    expect(answer.data).toHaveLength(600);
    expect(answer).toMatchObject({ truncated: false, limit: 1000, coveredStartDate: '2021-01-01', coveredEndDate: '2024-12-31' });
  });
});
