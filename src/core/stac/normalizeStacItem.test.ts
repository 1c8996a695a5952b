import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { FIXTURE_SCENE_DIR, FIXTURE_SCENE_ID, FIXTURE_STAC_ITEMS_DIR } from '../../../test/support/fixturePaths.js';
import { isStacItem, normalizeStacItem, resolveHref } from './normalizeStacItem.js';

const fixtureItemPath = path.join(FIXTURE_SCENE_DIR, `${FIXTURE_SCENE_ID}.json`);
const pcItem8Path = path.join(FIXTURE_STAC_ITEMS_DIR, 'LC08_L2SP_047027_20201204_02_T1.json');
const pcItem9Path = path.join(FIXTURE_STAC_ITEMS_DIR, 'LC09_L2SP_010065_20220129_02_T1.json');
const readJson = (file: string) => JSON.parse(readFileSync(file, 'utf8')) as Record<string, any>;

describe('normalizeStacItem', () => {
  it('normalises the real Planetary Computer Landsat 8 item', () => {
    const raw = readJson(pcItem8Path);
    const scene = normalizeStacItem(raw, pcItem8Path)!;
    expect(scene).not.toBeNull();
    expect(scene.id).toBe(raw.id);
    expect(scene.satellite).toBe('landsat-8');
    expect(scene.datetime).toBe('2020-12-04T19:02:11.194Z');
    // PC writes zero-padded strings: "047" / "027".
    expect(scene.wrsPath).toBe(47);
    expect(scene.wrsRow).toBe(27);
    expect(scene.cloudCover).toBe(1.55);
    expect(scene.landCloudCover).toBe(1.9);
    expect(scene.sunElevation).toBeCloseTo(18.80722985, 8);
    expect(scene.sunAzimuth).toBeCloseTo(164.91405951, 8);
    expect(scene.processingLevel).toBe('L2SP');
    expect(scene.collectionCategory).toBe('T1');
    expect(scene.epsg).toBe(32610);
    expect(scene.footprintLngLat).toEqual(raw.geometry.coordinates[0]);
    expect(scene.bboxLngLat).toEqual(raw.bbox);
    expect(scene.synthetic).toBe(false);
    // Relative hrefs resolved against the item file; only Level-2 band assets are kept.
    expect(scene.assets.red).toBe(path.resolve(path.dirname(pcItem8Path), raw.assets.red.href));
    expect(Object.keys(scene.assets).sort()).toEqual(['blue', 'coastal', 'green', 'lwir11', 'nir08', 'qa_pixel', 'red', 'swir16', 'swir22']);
  });

  it('normalises the real Planetary Computer Landsat 9 item', () => {
    const raw = readJson(pcItem9Path);
    const scene = normalizeStacItem(raw, pcItem9Path)!;
    expect(scene.satellite).toBe('landsat-9');
    expect([scene.wrsPath, scene.wrsRow]).toEqual([10, 65]);
    expect(scene.epsg).toBe(32617);
    expect(scene.cloudCover).toBe(21.12);
    expect(scene.landCloudCover).toBe(23.54);
    expect(scene.footprintLngLat).toHaveLength(5);
    expect(scene.footprintLngLat[0]).toEqual(scene.footprintLngLat[4]);
  });

  it('normalises the fixture scene item with file paths that exist', () => {
    const raw = readJson(fixtureItemPath);
    const scene = normalizeStacItem(raw, fixtureItemPath)!;
    expect(scene.id).toBe(raw.id);
    expect(scene.id).toMatch(/^LC08_L2SP_001070_20190114/);
    expect([scene.wrsPath, scene.wrsRow]).toEqual([1, 70]);
    // UTM 19 north although the scene lies south of the equator (fixtures README).
    expect(scene.epsg).toBe(32619);
    expect(scene.cloudCover).toBe(75.65);
    expect(scene.collectionCategory).toBe('T2');
    expect(scene.assets.red).toBe(path.join(FIXTURE_SCENE_DIR, `${FIXTURE_SCENE_ID}_SR_B4.TIF`));
    expect(scene.assets.qa_pixel).toBe(path.join(FIXTURE_SCENE_DIR, `${FIXTURE_SCENE_ID}_QA_PIXEL.TIF`));
  });

  it('reads proj:code when proj:epsg is absent, and marks synthetic items', () => {
    const raw = readJson(fixtureItemPath);
    delete raw.properties['proj:epsg'];
    raw.properties['proj:code'] = 'EPSG:32619';
    raw.properties.synthetic = true;
    const scene = normalizeStacItem(raw, fixtureItemPath)!;
    expect(scene.epsg).toBe(32619);
    expect(scene.synthetic).toBe(true);
  });

  it('rejects items that are not Landsat 8/9 Level-2, and JSON that is not an item', () => {
    const base = readJson(fixtureItemPath);
    const variant = (patch: (item: Record<string, any>) => void) => {
      const item = structuredClone(base);
      patch(item);
      return normalizeStacItem(item, fixtureItemPath);
    };
    expect(variant((item) => (item.properties.platform = 'landsat-3'))).toBeNull();
    expect(variant((item) => (item.properties['landsat:correction'] = 'L1TP'))).toBeNull();
    expect(variant((item) => delete item.properties['eo:cloud_cover'])).toBeNull();
    expect(variant((item) => (item.geometry = null))).toBeNull();
    // USGS's own STAC server spells the platform LANDSAT_9.
    expect(variant((item) => (item.properties.platform = 'LANDSAT_9'))?.satellite).toBe('landsat-9');
    const mtl = readJson(path.join(FIXTURE_SCENE_DIR, `${FIXTURE_SCENE_ID}_MTL.json`));
    expect(isStacItem(mtl)).toBe(false);
    expect(normalizeStacItem(mtl, fixtureItemPath)).toBeNull();
  });

  it('resolves hrefs against a URL item location and the self link', () => {
    const raw = readJson(fixtureItemPath);
    const fromUrl = normalizeStacItem(raw, 'https://example.test/catalog/scene/item.json')!;
    expect(fromUrl.assets.red).toBe(`https://example.test/catalog/scene/${FIXTURE_SCENE_ID}_SR_B4.TIF`);
    raw.links = [{ rel: 'self', href: 'https://cdn.example.test/a/b/item.json' }];
    expect(normalizeStacItem(raw, '/tmp/x.json')!.assets.red).toBe(`https://cdn.example.test/a/b/${FIXTURE_SCENE_ID}_SR_B4.TIF`);
    expect(resolveHref('file:///data/x.TIF', '/elsewhere/item.json')).toBe('/data/x.TIF');
    expect(resolveHref('https://blob.example/x.TIF', '/elsewhere/item.json')).toBe('https://blob.example/x.TIF');
  });

  it('joins an antimeridian-split MultiPolygon into one unwrapped footprint', () => {
    const raw = readJson(fixtureItemPath);
    raw.geometry = {
      type: 'MultiPolygon',
      coordinates: [
        [[[179, -16], [180, -16.25], [180, -18], [179, -17.75], [179, -16]]],
        [[[-180, -16.25], [-179, -16.5], [-179, -18.25], [-180, -18], [-180, -16.25]]],
      ],
    };
    delete raw.bbox;
    const scene = normalizeStacItem(raw, fixtureItemPath)!;
    const lons = scene.footprintLngLat.map((p) => p[0]);
    expect(Math.min(...lons)).toBe(179);
    expect(Math.max(...lons)).toBe(181);
    expect(scene.footprintLngLat).toHaveLength(5); // the four corners, closed; points on the cut are dropped
    expect(scene.bboxLngLat).toEqual([179, -18.25, 181, -16]);
  });
});
