import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createBlockCache } from '../raster/blockCache.js';
import { createCogReader, parseCogHeader } from '../raster/cogReader.js';
import { blockCloudy } from './demoCloudBlocks.js';
import { BLOCK_PX, CELL_PX, blockValid } from './demoSceneGrid.js';
import { demoAssetHref, parseDemoSceneId } from './demoSceneIds.js';
import { openDemoAssetSource, sceneClouds } from './demoScenes.js';
import { cloudPercentsInWorker } from './demoSynthPool.js';
import { QA } from './demoTileSynth.js';

// A Landsat 9 pass over the default point (path 18, row 29) in summer 2025 (68 % cloud).
const SCENE_ID = 'LC09_L2SP_018029_20250708_SYNTHETIC';

const sha = (b: ArrayBuffer) => createHash('sha256').update(new Uint8Array(b)).digest('hex');

describe('synthetic scenes: virtual GeoTIFFs', () => {
  const scene = parseDemoSceneId(SCENE_ID)!;

  it('derives the scene from its id alone, on the real schedule', () => {
    expect(scene).not.toBeNull();
    expect(scene.satellite).toBe('landsat-9');
    expect(scene.datetime.toISOString().slice(0, 10)).toBe('2025-07-08');
    expect(scene.grid.epsg).toBe(32617);
    // Landsat 9 does not pass over path 18 the next day: no such scene.
    expect(parseDemoSceneId('LC09_L2SP_018029_20250709_SYNTHETIC')).toBeNull();
    expect(parseDemoSceneId('LC09_L2SP_018029_20250708_02_T1')).toBeNull();
  });

  it('has a Cloud-Optimized header the real COG reader parses: 30 m, PixelIsPoint, five levels, tiles', async () => {
    const header = await parseCogHeader(openDemoAssetSource(demoAssetHref(SCENE_ID, 'red')));
    expect(header.geo.epsg).toBe(32617);
    expect(header.geo.areaOrPoint).toBe('Point');
    expect(header.geo.pixelSizeX).toBe(30);
    expect(header.geo.width).toBe(scene.grid.width);
    // A WRS-2 scene is about 185 km across: ~7,000-8,000 pixels of 30 m on its UTM grid.
    expect(header.geo.width).toBeGreaterThan(6000);
    expect(header.geo.width).toBeLessThan(9000);
    expect(header.levels.map((l) => l.factorX)).toEqual([1, 2, 4, 8, 16]);
    expect(header.levels[0].compression).toBe(1);
    expect(header.geo.nodata).toBe(0);
  });

  it('serves identical bytes for the same scene id, from separate sources (determinism)', async () => {
    const href = demoAssetHref(SCENE_ID, 'nir08');
    const range = { offset: 400_000, length: 300_000 };
    const [a] = await openDemoAssetSource(href).fetch([range]);
    const [b] = await openDemoAssetSource(href).fetch([range]);
    expect(a.byteLength).toBe(300_000);
    expect(sha(a)).toBe(sha(b));
    const [other] = await openDemoAssetSource(demoAssetHref('LC08_L2SP_018029_20250716_SYNTHETIC', 'nir08')).fetch([range]);
    expect(sha(other)).not.toBe(sha(a));
    await expect(openDemoAssetSource('demo://synthetic/NOPE/NOPE_SR_B4.TIF').fetch([range])).rejects.toThrow(/not found/);
  });

  it('flags QA_PIXEL cloud exactly where the block cloud field says, fill outside the footprint, DN 0 under fill', async () => {
    const cache = createBlockCache({ maxBytes: 64 * 1024 * 1024 });
    const qaReader = await createCogReader(openDemoAssetSource(demoAssetHref(SCENE_ID, 'qa_pixel')), { cache });
    const redReader = await createCogReader(openDemoAssetSource(demoAssetHref(SCENE_ID, 'red')), { cache });
    const clouds = sceneClouds(scene);
    // A window across the scene's west edge: fill, land, and (in this scene) clouds.
    const row0 = Math.floor(scene.grid.height / 2);
    const window: [number, number, number, number] = [0, row0, 1024, row0 + 256];
    const qa = await qaReader.readWindow(window);
    const red = await redReader.readWindow(window);
    let fill = 0;
    let valid = 0;
    let cloud = 0;
    const mismatches: string[] = [];
    for (let r = 0; r < qa.height; r++) {
      for (let c = 0; c < qa.width; c++) {
        const v = qa.data[r * qa.width + c];
        const dn = red.data[r * qa.width + c];
        const bx = Math.floor(c / BLOCK_PX);
        const by = Math.floor((row0 + r) / BLOCK_PX);
        if (!blockValid(scene.grid, bx, by)) {
          fill++;
          if (v !== QA.fill || dn !== 0) mismatches.push(`fill (${c}, ${r}): QA ${v}, DN ${dn}`);
          continue;
        }
        valid++;
        if (v & QA.cloud) cloud++;
        if (Boolean(v & QA.cloud) !== blockCloudy(clouds, bx, by) || dn === 0) mismatches.push(`(${c}, ${r}): QA ${v}, DN ${dn}`);
      }
    }
    expect(mismatches.slice(0, 5)).toEqual([]);
    expect(cloud).toBeGreaterThan(0);
    expect(fill).toBeGreaterThan(0);
    expect(valid).toBeGreaterThan(0);
  });

  it('publishes as eo:cloud_cover the exact fraction of cloud pixels over the whole scene', () => {
    const clouds = sceneClouds(scene);
    let cloud = 0;
    let valid = 0;
    const blocksAcross = scene.grid.width / BLOCK_PX;
    const blocksDown = scene.grid.height / BLOCK_PX;
    expect(scene.grid.width % CELL_PX).toBe(0);
    for (let by = 0; by < blocksDown; by++) {
      for (let bx = 0; bx < blocksAcross; bx++) {
        if (!blockValid(scene.grid, bx, by)) continue;
        valid++;
        if (blockCloudy(clouds, bx, by)) cloud++;
      }
    }
    // Every block is 8 x 8 pixels, all of one state: the block fraction is the pixel fraction.
    expect(clouds.cloudPercent).toBeCloseTo((100 * cloud) / valid, 10);
  });

  it('computes the same cloud percent in the worker thread as from the cloud field here (a search splits the work between them)', async () => {
    const ids = ['LC09_L2SP_195028_20250716_SYNTHETIC', 'LC09_L2SP_018029_20250708_SYNTHETIC', scene.id];
    const fromWorker = await cloudPercentsInWorker(ids);
    expect(Array.from(fromWorker.percents)).toEqual(ids.map((id) => sceneClouds(parseDemoSceneId(id)!).cloudPercent));
    expect(fromWorker.fields).toEqual([]);
  });

  it('sends back from the worker, with the percents of a search that keeps fields, the whole fields of the scenes it lets through, equal to those built here', async () => {
    // Path 18, row 29 in May and June 2024 (cloud cover 25.56, 99.99, 69.18, 8.93 %), none of them asked of the worker before.
    const ids = ['LC09_L2SP_018029_20240502_SYNTHETIC', 'LC08_L2SP_018029_20240526_SYNTHETIC', 'LC09_L2SP_018029_20240603_SYNTHETIC', 'LC09_L2SP_018029_20240619_SYNTHETIC'];
    const answer = await cloudPercentsInWorker(ids, 30);
    expect(answer.fields.map(([id]) => id)).toEqual([ids[0], ids[3]]);
    for (const [id, field] of answer.fields) {
      const here = sceneClouds(parseDemoSceneId(id)!);
      expect(field.cloudPercent).toBe(here.cloudPercent);
      expect(field.amount).toEqual(here.amount);
      expect(field.count).toEqual(here.count);
      // No block bits: the receiving thread gives the field its own (cloudFieldBuffers.ts' withBlockBits).
      expect(field.cellBits).toBeNull();
    }
    expect(Array.from(answer.percents)).toEqual(ids.map((id) => sceneClouds(parseDemoSceneId(id)!).cloudPercent));
  });
});
