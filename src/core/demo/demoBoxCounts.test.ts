import { describe, expect, it } from 'vitest';
import type { ArchiveAssetKey } from '../bands/bandCatalog.js';
import type { BBox } from '../geo/lngLat.js';
import { countWindowDns } from '../landsat/dnCounts.mjs';
import { statisticsOfCounts, windowStatistics } from '../landsat/statistics.js';
import { DEFAULT_MASK, maskBits, parseMask } from '../raster/clearPixel.js';
import { dnToPhysical } from '../raster/scaling.js';
import type { LandsatScene } from '../stac/landsatScene.js';
import { createDemoCatalog } from './createDemoCatalog.js';
import { demoAssetKeys } from './demoSceneIds.js';
import { openDemoAssetSource } from './demoScenes.js';
import { SCENE_BOX, demoReaderOf, withoutCounter } from '../../../test/support/demoSceneReaders.js';

/**
 * Scene-box statistics of the demo are counted in its synthesis worker (sceneReader `countBox`,
 * demoSampleCounts.ts) and only the counts come back. The EXPECTED side is the path every archive
 * file still takes, and the demo took before: the decimated box read as windows (`readBox`, the
 * counter stripped from the sources), then counted (countWindowDns) and summarized (windowStatistics).
 * Counts and statistics must be equal exactly, DN order included (the mean accumulates in it).
 */

async function someScenes(): Promise<LandsatScene[]> {
  const found = await createDemoCatalog().search({ bboxLngLat: [-79.2165, 45.3267, -79.2165, 45.3267], startDate: '1982-08-22', endDate: '2025-12-31', maxCloudCover: 100, limit: 10_000 });
  const own = found.scenes.filter((s) => s.wrsPath === 18 && s.wrsRow === 28);
  const first = (prefix: string, after = '') => own.find((s) => s.id.startsWith(prefix) && s.datetime > after)!;
  // TM, ETM+ before and after the scan-line corrector failed, OLI of both satellites, and the cloudiest and clearest of a year.
  const year = own.filter((s) => s.datetime.startsWith('2016'));
  const byCloud = [...year].sort((a, b) => a.cloudCover - b.cloudCover);
  return [first('LT05', '1990'), first('LE07', '2000'), first('LE07', '2010-06'), first('LC08', '2019-05'), first('LC09', '2023-07'), byCloud[0], byCloud[byCloud.length - 1]];
}

const CASES: { name: string; box: (s: LandsatScene) => BBox; maxSize: number; mask: string }[] = [
  { name: 'the scene box, 256 px', box: () => SCENE_BOX, maxSize: 256, mask: 'default' },
  { name: 'the scene box, 64 px (what a 40-year series reads, statisticsGrid.ts)', box: () => SCENE_BOX, maxSize: 64, mask: 'default' },
  { name: 'a small box across tiles, 96 px, clouds only masked', box: () => ({ minLon: -79.5, minLat: 45.1, maxLon: -79.0, maxLat: 45.45 }), maxSize: 96, mask: 'cloud' },
  {
    name: 'a box over the scene edge (part outside the footprint: fill), 200 px',
    box: (s) => {
      const [west, south, , north] = s.bboxLngLat;
      const lat = (south + north) / 2;
      return { minLon: west - 1, minLat: lat - 0.2, maxLon: west + 0.3, maxLat: lat + 0.2 };
    },
    maxSize: 200,
    mask: 'default',
  },
];

describe('demo scene-box statistics counted in the synthesis worker equal those of the read windows', () => {
  for (const c of CASES) {
    it(c.name, async () => {
      const mask = c.mask === 'default' ? DEFAULT_MASK : parseMask(c.mask);
      const scenes = await someScenes();
      expect(new Set(scenes.map((s) => s.id.slice(0, 4))).size).toBe(4);
      let outside = 0;
      let masked = 0;
      for (const scene of scenes) {
        const bands = demoAssetKeys(scene.satellite).filter((a): a is ArchiveAssetKey => a !== 'qa_pixel');
        const box = c.box(scene);
        const window = await demoReaderOf(scene, withoutCounter).readBox(box, [...bands, 'qa_pixel'], { maxSize: c.maxSize, keepWindow: false });
        const expectedCounts = countWindowDns(window.dn.qa_pixel!, maskBits(mask), bands.map((b) => window.dn[b]!));
        const physical = bands.map((b) => (dn: number) => dnToPhysical(b, dn));
        const expectedStats = await windowStatistics(window.dn.qa_pixel!, bands.map((b, i) => ({ dn: window.dn[b]!, physical: physical[i] })), mask);

        const counted = await demoReaderOf(scene, openDemoAssetSource).countBox(box, bands, { maxSize: c.maxSize }, maskBits(mask));
        expect(counted, scene.id).not.toBeNull();
        const { counts, ...grid } = counted!;
        const { dn: _dn, fetchStats: _stats, ...expectedGrid } = window;
        expect(grid, scene.id).toEqual(expectedGrid);
        expect(counts, scene.id).toEqual(expectedCounts);
        expect(await statisticsOfCounts(counts, physical), scene.id).toEqual(expectedStats);
        outside += expectedCounts[0].fill;
        masked += expectedCounts[0].maskedDns.length;
      }
      // The cases cover what they say: fill outside the footprint, masked pixels.
      if (c.name.includes('fill')) expect(outside).toBeGreaterThan(0);
      expect(masked).toBeGreaterThan(0);
    }, 300_000);
  }
});
