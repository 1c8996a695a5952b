import { describe, expect, it } from 'vitest';
import type { BBox } from '../geo/lngLat.js';
import { createLandsatService } from '../landsat/landsatService.js';
import type { SceneFilters } from '../landsat/landsatResults.js';
import { createBlockCache } from '../raster/blockCache.js';
import { maskBits, DEFAULT_MASK } from '../raster/clearPixel.js';
import { createSceneReader } from '../raster/sceneReader.js';
import type { LandsatScene } from '../stac/landsatScene.js';
import { createDemoCatalog, roundPercent } from './createDemoCatalog.js';
import { sceneCloudPercentOf } from './demoClouds.js';
import { knownCloudPercent } from './demoCloudPercents.js';
import { demoAssetHref, parseDemoSceneId } from './demoSceneIds.js';
import { openDemoAssetSource } from './demoScenes.js';
import { warmDemoSynthPool } from './demoSynthPool.js';
import { laneJobCounts, runInSeriesLane } from '../workLane.js';

/**
 * The two 40-year streams together (docs/performance.md, eighth round): a pixel series makes each
 * scene's cloud cover ready beside its read on the event loop (cloudCoverReady) rather than half in
 * the synthesis worker in its search, and a scene-box count brings back the percent of the whole cloud
 * build the worker made for it. The EXPECTED percents are computed here with the percent-only build
 * (sceneCloudPercentOf), which neither reads nor writes the thread's memo of percents.
 */

const POINT: [number, number] = [-79.2165, 45.3267];
/** The default point's scene box (path 18, row 28). */
const SCENE_BOX: BBox = { minLon: -80.62435440193119, minLat: 44.965806437353145, maxLon: -77.64312355860082, maxLat: 47.08106202336236 };

/** The scene's percent from a build of its own (not the memo). */
function percentOf(id: string): number {
  const scene = parseDemoSceneId(id)!;
  return sceneCloudPercentOf(scene.grid, scene.datetime, { elevationDeg: scene.sunElevationDeg, azimuthDeg: scene.sunAzimuthDeg });
}

const searchAt100 = (startDate: string, endDate: string, cloudCoverOnRead: boolean) =>
  createDemoCatalog().search({ bboxLngLat: [POINT[0], POINT[1], POINT[0], POINT[1]], startDate, endDate, maxCloudCover: 100, limit: 10_000, ...(cloudCoverOnRead ? { cloudCoverOnRead } : {}) });

describe('cloud percents shared between the two 40-year streams', () => {
  // First in the file: no scene-box count has run in this thread yet, so the worker is free of them.
  it('queued percents while no series counts: the worker takes part of them, with the same percents', async () => {
    await warmDemoSynthPool();
    const catalog = createDemoCatalog();
    const scenes = (await catalog.search({ bboxLngLat: [POINT[0] + 9, POINT[1], POINT[0] + 9, POINT[1]], startDate: '2009-01-01', endDate: '2016-12-31', maxCloudCover: 100, limit: 10_000, cloudCoverOnRead: true })).scenes.slice(0, 200);
    expect(scenes.length).toBeGreaterThanOrEqual(128);
    for (const s of scenes) expect(knownCloudPercent(s.id)).toBeUndefined();
    const posted = laneJobCounts.series.posted;
    await runInSeriesLane(() => Promise.all(scenes.map((s) => catalog.cloudCoverReady!(s))));
    expect(laneJobCounts.series.posted).toBeGreaterThan(posted);
    for (const s of scenes) {
      expect(knownCloudPercent(s.id)).toBe(percentOf(s.id));
      expect(s.cloudCover).toBe(roundPercent(percentOf(s.id)));
    }
  }, 120_000);

  it('a scene-box count brings the percent of the worker\'s whole cloud build back to this thread', async () => {
    // Scenes no other test of this file reads; their percents are not known here yet.
    const found = await searchAt100('1995-06-01', '1995-09-30', true);
    const scenes = found.scenes.filter((s) => s.wrsPath === 18 && s.wrsRow === 28).slice(0, 3);
    expect(scenes.length).toBeGreaterThan(1);
    for (const scene of scenes) {
      expect(knownCloudPercent(scene.id)).toBeUndefined();
      const reader = createSceneReader({ cache: createBlockCache({ maxBytes: 1 << 24 }), openSource: openDemoAssetSource, assetHref: (asset) => demoAssetHref(scene.id, asset) });
      const counted = await reader.countBox(SCENE_BOX, ['red', 'nir08'], { maxSize: 64 }, maskBits(DEFAULT_MASK));
      expect(counted).not.toBeNull();
      expect(knownCloudPercent(scene.id)).toBe(percentOf(scene.id));
      expect(scene.cloudCover).toBe(roundPercent(percentOf(scene.id)));
    }
  }, 120_000);

  it('cloudCoverReady makes a deferred percent known, the same as the search computes, in slices of the event loop', async () => {
    const deferred = (await searchAt100('2001-04-01', '2001-10-31', true)).scenes;
    const computed = (await searchAt100('2001-04-01', '2001-10-31', false)).scenes;
    expect(deferred.map((s) => s.id)).toEqual(computed.map((s) => s.id));
    const catalog = createDemoCatalog();
    // Scenes found with cloudCoverOnRead by another catalogue instance: the percent lives with the scene.
    const fresh = (await catalog.search({ bboxLngLat: [POINT[0] + 3, POINT[1], POINT[0] + 3, POINT[1]], startDate: '2000-01-01', endDate: '2004-12-31', maxCloudCover: 100, limit: 10_000, cloudCoverOnRead: true })).scenes.slice(0, 60);
    expect(fresh.length).toBe(60);
    for (const s of fresh) expect(knownCloudPercent(s.id)).toBeUndefined();
    // Asked at once, they are computed over several turns of the event loop (slices of ~8 ms), not in
    // one block: a chain of immediates records how many have resolved at each turn.
    let resolved = 0;
    let done = false;
    const atTurn: number[] = [];
    const tick = () => {
      atTurn.push(resolved);
      if (!done) setImmediate(tick);
    };
    setImmediate(tick);
    await Promise.all(fresh.map((s) => catalog.cloudCoverReady!(s).then(() => resolved++)));
    done = true;
    const counts = [0, ...atTurn, resolved];
    const steps = counts.slice(1).map((n, i) => n - counts[i]).filter((n) => n > 0);
    expect(steps.length).toBeGreaterThan(1);
    expect(Math.max(...steps)).toBeLessThan(fresh.length);
    for (const s of fresh) {
      expect(knownCloudPercent(s.id)).toBe(percentOf(s.id));
      expect(s.cloudCover).toBe(roundPercent(percentOf(s.id)));
    }
    // A scene whose percent the search computed: nothing to do.
    await expect(catalog.cloudCoverReady!(computed[0])).resolves.toBeUndefined();
    // A client that left: no percent computed for it.
    const left = new AbortController();
    left.abort();
    const other = (await catalog.search({ bboxLngLat: [POINT[0] + 3, POINT[1], POINT[0] + 3, POINT[1]], startDate: '2005-04-01', endDate: '2005-04-30', maxCloudCover: 100, limit: 1, cloudCoverOnRead: true })).scenes[0];
    await expect(catalog.cloudCoverReady!(other, left.signal)).rejects.toThrow();
    expect(knownCloudPercent(other.id)).toBeUndefined();
  }, 120_000);

  it('while a series counts a path/row, cloudCoverReady waits for the count to bring the percent, until it is needed', async () => {
    const catalog = createDemoCatalog();
    const own = (await catalog.search({ bboxLngLat: [POINT[0], POINT[1], POINT[0], POINT[1]], startDate: '1998-05-01', endDate: '1998-09-30', maxCloudCover: 100, limit: 10_000, cloudCoverOnRead: true })).scenes.filter((s) => s.wrsPath === 18 && s.wrsRow === 28);
    expect(own.length).toBeGreaterThan(3);
    const count = (scene: LandsatScene) =>
      createSceneReader({ cache: createBlockCache({ maxBytes: 1 << 24 }), openSource: openDemoAssetSource, assetHref: (asset) => demoAssetHref(scene.id, asset) }).countBox(SCENE_BOX, ['red'], { maxSize: 64 }, maskBits(DEFAULT_MASK));
    // A series counts the path/row (its first scene)...
    await count(own[0]);
    let needNow!: () => void;
    const needed = new Promise<void>((resolve) => (needNow = resolve));
    let ready = false;
    const waiting = catalog.cloudCoverReady!(own[1], undefined, needed).then(() => (ready = true));
    for (let i = 0; i < 20; i++) await new Promise<void>((resolve) => setImmediate(resolve));
    // ...so the percent of its next scene is not built here: the count brings it.
    expect(ready).toBe(false);
    expect(knownCloudPercent(own[1].id)).toBeUndefined();
    await count(own[1]);
    await waiting;
    expect(knownCloudPercent(own[1].id)).toBe(percentOf(own[1].id));
    // A scene the series has not counted when the value is needed: computed here then.
    const later = catalog.cloudCoverReady!(own[2], undefined, needed);
    needNow();
    await later;
    expect(knownCloudPercent(own[2].id)).toBe(percentOf(own[2].id));
    // Nobody counting the path/row (another one): computed at once, whatever `needed` does.
    const elsewhere = (await catalog.search({ bboxLngLat: [POINT[0] + 6, POINT[1], POINT[0] + 6, POINT[1]], startDate: '1998-05-01', endDate: '1998-05-31', maxCloudCover: 100, limit: 1, cloudCoverOnRead: true })).scenes[0];
    await catalog.cloudCoverReady!(elsewhere, undefined, new Promise(() => undefined));
    expect(knownCloudPercent(elsewhere.id)).toBe(percentOf(elsewhere.id));
  }, 120_000);

  it('a pixel series at 100 % gives every scene the cloud cover a search computes', async () => {
    const service = createLandsatService({ catalog: createDemoCatalog(), cache: createBlockCache({ maxBytes: 64 << 20 }), maxScenes: 5000 });
    const filters: SceneFilters = { startDate: '2008-05-01', endDate: '2008-08-31', cloudCoverage: 100, bands: ['B04'] };
    const answer = await service.readPixels([POINT[0], POINT[1]], filters, { streamed: true });
    const expected: LandsatScene[] = (await searchAt100(filters.startDate, filters.endDate, false)).scenes;
    expect(answer.scenes.map((s) => s.id)).toEqual(expected.map((s) => s.id));
    expect(answer.scenes.length).toBeGreaterThan(4);
    answer.scenes.forEach((s) => expect(s.cloudCover).toBe(roundPercent(percentOf(s.id))));
  }, 120_000);
});
