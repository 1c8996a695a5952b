import { describe, expect, it } from 'vitest';
import { DEFAULT_MASK, maskBits } from '../raster/clearPixel.js';
import { createDemoCatalog } from './createDemoCatalog.js';
import { createSceneClouds } from './demoClouds.js';
import { knownCloudPercent } from './demoCloudPercents.js';
import { keptCloudFieldCount, takeKeptCloudField } from './keptCloudFields.js';
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

  it('come from the search that found the scenes, when its caller counts them: built once, with the counts of the read windows', async () => {
    await warmDemoSynthPool();
    // Three years over the default point at cloud 60 %: ~270 candidates, their percents split between this thread and the worker.
    const found = await createDemoCatalog().search({ bboxLngLat: [-79.2165, 45.3267, -79.2165, 45.3267], startDate: '2020-01-01', endDate: '2022-12-31', maxCloudCover: 60, readsScenesWhole: true, limit: 10_000 });
    // Every scene the search let through has its field kept here, the worker's half sent back with its percents.
    expect(found.scenes.length).toBeGreaterThan(100);
    expect(keptCloudFieldCount()).toBe(found.scenes.length);
    const scenes = found.scenes.filter((s) => s.wrsPath === 18 && s.wrsRow === 28).slice(0, 12);
    const bits = maskBits(DEFAULT_MASK);
    const before = demoCloudFieldsHandedOver();
    const counted = await Promise.all(scenes.map((s) => demoReaderOf(s, openDemoAssetSource).countBox(SCENE_BOX, demoBandsOf(s), { maxSize: 64 }, bits)));
    // Each count took its scene's kept field (handed over to the worker, none built again).
    expect(demoCloudFieldsHandedOver() - before).toBe(scenes.length);
    expect(keptCloudFieldCount()).toBe(found.scenes.length - scenes.length);
    // The windows after the counts (the worker builds each scene's field itself for them).
    const expected = await windowCountsOf(scenes, bits);
    for (const [i, scene] of scenes.entries()) expect(counted[i]!.counts, scene.id).toEqual(expected[i]);
  }, 300_000);

  it('are not kept while the catalogue\'s keeping is switched off (the server\'s start-up warm-up), and are again once it is back on', async () => {
    await warmDemoSynthPool();
    const catalog = createDemoCatalog();
    const point: [number, number, number, number] = [-79.2165, 45.3267, -79.2165, 45.3267];
    // Years no other test here searches, so that every candidate's percent is built (a known one builds nothing to keep).
    // Looked up by scene (taken): the fields earlier tests kept may expire meanwhile, so their count says nothing here.
    catalog.keepSearchedFields(false);
    const off = await catalog.search({ bboxLngLat: point, startDate: '2008-01-01', endDate: '2010-12-31', maxCloudCover: 60, readsScenesWhole: true, limit: 10_000 });
    expect(off.scenes.length).toBeGreaterThan(50);
    expect(off.scenes.filter((s) => takeKeptCloudField(s.id) !== undefined)).toEqual([]);
    catalog.keepSearchedFields(true);
    const on = await catalog.search({ bboxLngLat: point, startDate: '2005-01-01', endDate: '2007-12-31', maxCloudCover: 60, readsScenesWhole: true, limit: 10_000 });
    expect(on.scenes.length).toBeGreaterThan(50);
    expect(on.scenes.filter((s) => takeKeptCloudField(s.id) === undefined)).toEqual([]);
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
