import { describe, expect, it } from 'vitest';
import type { ArchiveAssetKey } from '../bands/bandCatalog.js';
import { countWindowDns } from '../landsat/dnCounts.mjs';
import { DEFAULT_MASK, maskBits } from '../raster/clearPixel.js';
import type { LandsatScene } from '../stac/landsatScene.js';
import { createDemoCatalog } from './createDemoCatalog.js';
import { demoAssetKeys, openDemoAssetSource } from './demoScenes.js';
import { demoSynthJobsHelped, warmDemoSynthPool } from './demoSynthPool.js';
import { SCENE_BOX, demoReaderOf, withoutCounter } from '../../../test/support/demoSceneReaders.js';

/**
 * A server's demo catalogue lets the event loop run waiting synthesis jobs itself while the worker is
 * behind (threadPool.ts' HELPED_JOB_MS, demoJobs.ts): the counts it makes there must be those of the
 * read windows, as the worker's are (demoBoxCounts.test.ts), whichever thread took each scene.
 */
describe("the event loop's help with the demo's synthesis", () => {
  it('gives the counts of the read windows for a series counted at once, some of them run on the event loop', async () => {
    // As the server creates it: the worker warmed, the event loop's help registered.
    const catalog = createDemoCatalog({ warmWorkers: true });
    await warmDemoSynthPool();
    const found = await catalog.search({ bboxLngLat: [-79.2165, 45.3267, -79.2165, 45.3267], startDate: '2013-01-01', endDate: '2017-12-31', maxCloudCover: 100, limit: 10_000 });
    const scenes = found.scenes.filter((s) => s.wrsPath === 18 && s.wrsRow === 28).slice(0, 30);
    expect(scenes.length).toBe(30);
    const bits = maskBits(DEFAULT_MASK);
    const bandsOf = (s: LandsatScene) => demoAssetKeys(s.satellite).filter((a): a is ArchiveAssetKey => a !== 'qa_pixel');
    const expected = [];
    for (const scene of scenes) {
      const bands = bandsOf(scene);
      const window = await demoReaderOf(scene, withoutCounter).readBox(SCENE_BOX, [...bands, 'qa_pixel'], { maxSize: 64, keepWindow: false });
      expected.push(countWindowDns(window.dn.qa_pixel!, bits, bands.map((b) => window.dn[b]!)));
    }
    // A few counted first, so the pool knows how long a count takes (until then every job is the worker's).
    for (const s of scenes.slice(0, 3)) await demoReaderOf(s, openDemoAssetSource).countBox(SCENE_BOX, bandsOf(s), { maxSize: 64 }, bits);
    const before = demoSynthJobsHelped();
    const counted = await Promise.all(scenes.map((s) => demoReaderOf(s, openDemoAssetSource).countBox(SCENE_BOX, bandsOf(s), { maxSize: 64 }, bits)));
    expect(demoSynthJobsHelped() - before).toBeGreaterThan(0);
    for (const [i, scene] of scenes.entries()) expect(counted[i]!.counts, scene.id).toEqual(expected[i]);
  }, 300_000);
});
