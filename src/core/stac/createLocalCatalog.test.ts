import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FIXTURE_CATALOG_DIR, FIXTURE_SCENE_DIR, FIXTURE_SCENE_ID, FIXTURE_STAC_ITEMS_DIR } from '../../../test/support/fixturePaths.js';
import { writeFixtureItemCopies } from '../../../test/support/stacStandIn.js';
import { createLocalCatalog } from './createLocalCatalog.js';
import type { SceneQuery } from './sceneCatalog.js';

const fixtureItemPath = path.join(FIXTURE_SCENE_DIR, `${FIXTURE_SCENE_ID}.json`);
// First GDAL check point of the fixtures README: inside the fixture scene's footprint.
const inside: [number, number, number, number] = [-67.3037941, -14.7111791, -67.3037941, -14.7111791];
const wholeYear = { startDate: '2019-01-01', endDate: '2019-12-31', maxCloudCover: 100, limit: 50 };

describe('createLocalCatalog on the shared fixtures', () => {
  it('indexes the fixture scene and skips the MTL metadata JSON', async () => {
    const catalog = await createLocalCatalog({ dir: FIXTURE_CATALOG_DIR });
    expect(catalog.name).toBe(`local:${FIXTURE_CATALOG_DIR}`);
    expect(catalog.synthetic).toBe(false);
    expect(catalog.scenes.map((s) => s.wrsPath * 1000 + s.wrsRow)).toEqual([1070]);
    const result = await catalog.search({ bboxLngLat: inside, ...wholeYear });
    expect(result).toMatchObject({ truncated: false, limit: 50 });
    expect(result.scenes).toHaveLength(1);
    expect(await catalog.resolveAssetHref(result.scenes[0].assets.red!)).toBe(path.join(FIXTURE_SCENE_DIR, `${FIXTURE_SCENE_ID}_SR_B4.TIF`));
  });

  it('applies cloud cover and the inclusive acquisition day', async () => {
    const catalog = await createLocalCatalog({ dir: FIXTURE_CATALOG_DIR });
    const day = { bboxLngLat: inside, maxCloudCover: 100, limit: 5 };
    expect((await catalog.search({ ...day, startDate: '2019-01-14', endDate: '2019-01-14' })).scenes).toHaveLength(1);
    expect((await catalog.search({ ...day, startDate: '2019-01-15', endDate: '2019-02-14' })).scenes).toHaveLength(0);
    expect((await catalog.search({ ...day, startDate: '2018-12-01', endDate: '2019-01-13' })).scenes).toHaveLength(0);
    expect((await catalog.search({ ...day, startDate: '2019-01-14', endDate: '2019-01-14', maxCloudCover: 75 })).scenes).toHaveLength(0);
  });

  it('indexes the real Planetary Computer items', async () => {
    const catalog = await createLocalCatalog({ dir: FIXTURE_STAC_ITEMS_DIR });
    expect(catalog.scenes.map((s) => s.satellite)).toEqual(['landsat-8', 'landsat-9']);
    // Seattle lies in path 47 row 27.
    const result = await catalog.search({ bboxLngLat: [-122.9, 47.6, -122.9, 47.6], startDate: '2020-01-01', endDate: '2022-12-31', maxCloudCover: 50, limit: 10 });
    expect(result.scenes.map((s) => s.wrsPath)).toEqual([47]);
  });

  it('refuses a folder that does not exist', async () => {
    await expect(createLocalCatalog({ dir: '/nonexistent/landsat' })).rejects.toThrow(/does not exist/);
  });
});

describe('createLocalCatalog filtering', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'local-catalog-'));
    await writeFixtureItemCopies(dir, fixtureItemPath, [
      { id: 'A', datetime: '2024-01-05T14:34:30Z', cloudCover: 5 },
      { id: 'B', datetime: '2024-01-21T14:34:30Z', cloudCover: 40 },
      { id: 'C', datetime: '2024-02-06T14:34:30Z', cloudCover: 10 },
      { id: 'D', datetime: '2024-02-22T14:34:30Z', cloudCover: 0 },
      { id: 'L3', datetime: '2024-02-10T14:34:30Z', cloudCover: 0, platform: 'landsat-3' },
      { id: 'L1', datetime: '2024-02-11T14:34:30Z', cloudCover: 0, correction: 'L1TP' },
      { id: 'EAST', datetime: '2024-02-12T14:34:30Z', cloudCover: 0, shiftLon: 3 },
    ]);
    await writeFile(path.join(dir, 'collection.json'), JSON.stringify({ type: 'Collection', id: 'landsat-c2-l2', links: [] }));
    await writeFile(path.join(dir, 'broken.json'), '{ not json');
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));
  const query = (patch: Partial<SceneQuery> = {}): SceneQuery => ({ bboxLngLat: inside, startDate: '2024-01-01', endDate: '2024-03-31', maxCloudCover: 100, limit: 10, ...patch });

  it('keeps only Landsat 4-9 Level-2 items (no Landsat 3 MSS, no Level-1), oldest first', async () => {
    const catalog = await createLocalCatalog({ dir });
    expect(catalog.scenes.map((s) => s.id)).toEqual(['A', 'B', 'C', 'EAST', 'D']);
    const result = await catalog.search(query());
    expect(result.scenes.map((s) => s.id)).toEqual(['A', 'B', 'C', 'D']); // EAST's footprint is 3° away
  });

  it('filters by cloud cover and date', async () => {
    const catalog = await createLocalCatalog({ dir });
    expect((await catalog.search(query({ maxCloudCover: 10 }))).scenes.map((s) => s.id)).toEqual(['A', 'C', 'D']);
    expect((await catalog.search(query({ startDate: '2024-01-21', endDate: '2024-02-06' }))).scenes.map((s) => s.id)).toEqual(['B', 'C']);
  });

  it('tests the footprint, not the item bbox', async () => {
    const catalog = await createLocalCatalog({ dir });
    const east = catalog.scenes.find((s) => s.id === 'EAST')!;
    // The bbox corner of the shifted scene: inside its bbox, outside its tilted footprint.
    const corner: [number, number, number, number] = [east.bboxLngLat[2] - 0.05, east.bboxLngLat[3] - 0.05, east.bboxLngLat[2] - 0.05, east.bboxLngLat[3] - 0.05];
    expect((await catalog.search(query({ bboxLngLat: corner }))).scenes).toHaveLength(0);
    const centre: [number, number, number, number] = [-67.3 + 3, -14.7, -67.3 + 3, -14.7];
    expect((await catalog.search(query({ bboxLngLat: centre }))).scenes.map((s) => s.id)).toEqual(['EAST']);
  });

  it('truncates to the most recent scenes', async () => {
    const catalog = await createLocalCatalog({ dir });
    const result = await catalog.search(query({ limit: 2 }));
    expect(result.scenes.map((s) => s.id)).toEqual(['C', 'D']);
    expect(result.truncated).toBe(true);
  });

  it('honours an aborted signal', async () => {
    const catalog = await createLocalCatalog({ dir });
    const controller = new AbortController();
    controller.abort(new Error('gone'));
    await expect(catalog.search(query({ signal: controller.signal }))).rejects.toThrow('gone');
  });
});
