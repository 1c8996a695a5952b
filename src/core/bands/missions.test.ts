import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { REAL_WORLD_DIR, TM_ETM_CATALOG_DIR } from '../../../test/support/fixturePaths.js';
import { createLocalCatalog } from '../stac/createLocalCatalog.js';
import { normalizeStacItem } from '../stac/normalizeStacItem.js';
import { LANDSAT_MISSIONS, LEVEL2_RECORD_START, isSlcOff, parseLandsatPlatform, sensorOf } from './missions.js';

const stacDir = path.join(REAL_WORLD_DIR, 'stac');
const mtlDir = path.join(REAL_WORLD_DIR, 'mtl');
const readJson = (file: string) => JSON.parse(readFileSync(file, 'utf8'));

describe('Landsat missions', () => {
  it('match the Planetary Computer collection: its platforms, instruments and first Level-2 day', () => {
    const collection = readJson(path.join(stacDir, 'pc_collection_landsat-c2-l2.json'));
    expect(Object.keys(LANDSAT_MISSIONS)).toEqual(collection.summaries.platform);
    expect(collection.summaries.instruments).toEqual(['tm', 'etm+', 'oli', 'tirs']);
    expect(collection.extent.temporal.interval[0][0].slice(0, 10)).toBe(LEVEL2_RECORD_START);
  });

  it('each real MTL (Landsat 4, 5, 7, 8, 9) was acquired within its mission dates, by the sensor named', () => {
    const files = readdirSync(mtlDir).filter((f) => f.endsWith('_MTL.xml'));
    expect(files.length).toBe(12);
    const sensorIds = { TM: 'TM', 'ETM+': 'ETM', 'OLI/TIRS': 'OLI_TIRS' } as const;
    for (const file of files) {
      const xml = readFileSync(path.join(mtlDir, file), 'utf8');
      const tag = (name: string) => new RegExp(`<${name}>([^<]*)<`).exec(xml)![1];
      const satellite = parseLandsatPlatform(tag('SPACECRAFT_ID'))!;
      const mission = LANDSAT_MISSIONS[satellite];
      const day = tag('DATE_ACQUIRED');
      expect(day >= mission.firstSceneDate, file).toBe(true);
      if (mission.lastSceneDate) expect(day <= mission.lastSceneDate, file).toBe(true);
      expect(tag('SENSOR_ID')).toBe(sensorIds[mission.sensor]);
    }
  });

  it('normalises the Planetary-Computer-form items of every mission, naming satellite and sensor', () => {
    const seen: Record<string, string> = {};
    for (const file of readdirSync(stacDir).filter((f) => f.startsWith('stactools_example_'))) {
      const scene = normalizeStacItem(readJson(path.join(stacDir, file)), path.join(stacDir, file));
      expect(scene, file).not.toBeNull();
      seen[scene!.satellite] = sensorOf(scene!.satellite);
    }
    expect(seen).toEqual({ 'landsat-4': 'TM', 'landsat-5': 'TM', 'landsat-7': 'ETM+', 'landsat-8': 'OLI/TIRS', 'landsat-9': 'OLI/TIRS' });
  });

  it('reads TM/ETM+ temperature from the `lwir` asset and finds no coastal band on them', () => {
    const file = path.join(stacDir, 'stactools_example_LT04_L2SP_002026_19830110_02_T1.json');
    const scene = normalizeStacItem(readJson(file), file)!;
    expect(Object.keys(scene.assets).sort()).toEqual(['blue', 'green', 'lwir', 'nir08', 'qa_pixel', 'red', 'swir16', 'swir22']);
    expect(scene.processingLevel).toBe('L2SP');
  });

  it('a local: folder of real TM and ETM+ scenes serves both', async () => {
    const catalog = await createLocalCatalog({ dir: TM_ETM_CATALOG_DIR });
    expect(catalog.scenes.map((s) => [s.id, s.satellite])).toEqual([
      ['LT05_L2SP_090084_19980308_02_T1', 'landsat-5'],
      ['LE07_L2SP_090084_20210331_02_T1', 'landsat-7'],
    ]);
    const found = await catalog.search({ bboxLngLat: [149.8378759, -34.3059109, 149.8378759, -34.3059109], startDate: '1982-08-22', endDate: '2025-12-31', maxCloudCover: 100, limit: 10 });
    expect(found.scenes.map((s) => s.satellite)).toEqual(['landsat-5', 'landsat-7']);
  });

  it('knows Landsat 7 scenes after 2003-05-31 as SLC-off', () => {
    expect(isSlcOff('landsat-7', '2003-05-30T10:00:00Z')).toBe(false);
    expect(isSlcOff('landsat-7', '2021-03-31T23:01:59Z')).toBe(true);
    expect(isSlcOff('landsat-5', '2021-03-31T23:01:59Z')).toBe(false);
  });
});
