import { describe, expect, it } from 'vitest';
import { DEFAULT_MASK, maskBits } from '../raster/clearPixel.js';
import { createDemoCatalog } from './createDemoCatalog.js';
import { createSceneClouds } from './demoClouds.js';
import { knownCloudPercent } from './demoCloudPercents.js';
import { parseDemoSceneId } from './demoSceneIds.js';
import { adoptSceneClouds, demoCloudFieldsHandedOver, openDemoAssetSource, synthesizeDemoTileSet } from './demoScenes.js';
import { TILE_PX } from './demoSceneGrid.js';
import { synthesizeTileSetInWorker, warmDemoSynthPool } from './demoSynthPool.js';
import { SCENE_BOX, demoBandsOf, demoReaderOf, windowCountsOf } from '../../../test/support/demoSceneReaders.js';
import { runInBulkLane } from '../workLane.js';

/**
 * A scene-box series' counts while the synthesis worker is behind: the event loop builds each counted
 * scene's cloud field and hands it over with the count (demoScenes.ts' cloudsToHandOver). The counts
 * must be those of the read windows (the path every archive file takes, as demoBoxCounts.test.ts),
 * and a handed-over field must synthesize the very bytes the worker makes from its own build.
 */
describe('cloud fields built on the event loop and handed to the synthesis worker', () => {
  it('give the counts of the read windows, for a series counted together', async () => {
    await warmDemoSynthPool();
    const found = await createDemoCatalog().search({ bboxLngLat: [-79.2165, 45.3267, -79.2165, 45.3267], startDate: '2013-01-01', endDate: '2016-12-31', maxCloudCover: 100, limit: 10_000 });
    const scenes = found.scenes.filter((s) => s.wrsPath === 18 && s.wrsRow === 28).slice(0, 12);
    expect(scenes.length).toBe(12);
    const bits = maskBits(DEFAULT_MASK);
    // The windows first (the worker builds each scene's field itself): a count that handed over a
    // field unlike the worker's own would count other pixels.
    const expected = await windowCountsOf(scenes, bits);
    const before = demoCloudFieldsHandedOver();
    // Started a turn apart, as a series' scenes start their counts: the worker falls behind, and the later ones hand their fields over.
    const pending = [];
    for (const s of scenes) {
      pending.push(demoReaderOf(s, openDemoAssetSource).countBox(SCENE_BOX, demoBandsOf(s), { maxSize: 64 }, bits));
      await new Promise((resolve) => setTimeout(resolve, 1));
    }
    const counted = await Promise.all(pending);
    expect(demoCloudFieldsHandedOver() - before).toBeGreaterThan(0);
    for (const [i, scene] of scenes.entries()) expect(counted[i]!.counts, scene.id).toEqual(expected[i]);
  }, 300_000);

  it('are not built for an area\'s counts (the bulk lane: a scene counted strip by strip)', async () => {
    await warmDemoSynthPool();
    const found = await createDemoCatalog().search({ bboxLngLat: [-79.2165, 45.3267, -79.2165, 45.3267], startDate: '2017-01-01', endDate: '2018-12-31', maxCloudCover: 100, limit: 10_000 });
    const scenes = found.scenes.filter((s) => s.wrsPath === 18 && s.wrsRow === 28).slice(0, 12);
    const bits = maskBits(DEFAULT_MASK);
    const before = demoCloudFieldsHandedOver();
    await runInBulkLane(async () => {
      const pending = [];
      for (const s of scenes) {
        pending.push(demoReaderOf(s, openDemoAssetSource).countBox(SCENE_BOX, ['red', 'nir08'], { maxSize: 64 }, bits));
        await new Promise((resolve) => setTimeout(resolve, 1));
      }
      return Promise.all(pending);
    });
    expect(demoCloudFieldsHandedOver()).toBe(before);
  }, 300_000);

  it('synthesize the bytes the worker makes from its own build, and bring the percent with them', async () => {
    // A scene this thread has not built yet, its field as a message would carry it (a structured clone).
    const found = await createDemoCatalog().search({ bboxLngLat: [-79.2165, 45.3267, -79.2165, 45.3267], startDate: '2019-06-01', endDate: '2019-09-30', maxCloudCover: 100, limit: 100 });
    // The cloudiest of the summer: partly cloudy cells, whose blocks the synthesis ranks, and shadows.
    const { id } = [...found.scenes].filter((s) => s.cloudCover < 90).sort((a, b) => b.cloudCover - a.cloudCover)[0];
    const scene = parseDemoSceneId(id)!;
    const field = structuredClone(createSceneClouds(scene.grid, scene.datetime, { elevationDeg: scene.sunElevationDeg, azimuthDeg: scene.sunAzimuthDeg }));
    adoptSceneClouds(id, field);
    expect(knownCloudPercent(id)).toBe(field.cloudPercent);
    // Overview 2 (a quarter of full resolution, TILE_PX tiles) along the diagonal: clouds and their shadows among them.
    const across = Math.ceil(scene.grid.width / 4 / TILE_PX);
    for (const index of [0, across + 1, 2 * across + 2]) {
      const here = synthesizeDemoTileSet(id, 2, index, across);
      const inWorker = await synthesizeTileSetInWorker(id, 2, index, across);
      expect(here.map((b) => Buffer.from(b.buffer, b.byteOffset, b.byteLength).toString('base64')), `tile ${index}`).toEqual(inWorker.map((b) => Buffer.from(b.buffer, b.byteOffset, b.byteLength).toString('base64')));
    }
  }, 120_000);
});
