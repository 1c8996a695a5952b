import { describe, expect, it } from 'vitest';
import type { ArchiveAssetKey } from '../bands/bandCatalog.js';
import { createDemoCatalog } from '../demo/createDemoCatalog.js';
import { openDemoAssetSource } from '../demo/demoScenes.js';
import { insideRunsOf, pixelCentresInside, polygonPixelWindow, projectPolygons } from '../geo/polygonOnGrid.js';
import { countWindowDns, type DnCounts } from '../landsat/dnCounts.mjs';
import { createLandsatService } from '../landsat/landsatService.js';
import type { SceneFilters } from '../landsat/landsatResults.js';
import { createBlockCache } from '../raster/blockCache.js';
import type { ByteSource } from '../raster/byteSource.js';
import { DEFAULT_MASK, maskBits } from '../raster/clearPixel.js';
import type { LandsatScene } from '../stac/landsatScene.js';
import { areaSceneEntry } from './areaStatistics.js';

/**
 * An area's strips on the demo archive are counted in the synthesis worker (sceneReader
 * countFullWindow, the polygon sent as runs along the rows) and only counts come back. The EXPECTED
 * side is the path archive files take, and the demo took before: the strips read as windows
 * (readFullWindow, the counter stripped from the demo's sources), the polygon's inside mask applied,
 * then counted (countWindowDns). Counts and statistics must be equal exactly.
 */

/** A 40 x 30 km rectangle (1.3 million pixels: two strips) around the default point, with a 12 x 8 km hole across the strips' boundary. */
const [LON, LAT] = [-79.2165, 45.3267];
const dLon = (km: number) => km / (111.32 * Math.cos((LAT * Math.PI) / 180));
const dLat = (km: number) => km / 111.32;
const ring = (wKm: number, hKm: number, cw: boolean) => {
  const [x0, x1, y0, y1] = [LON - dLon(wKm / 2), LON + dLon(wKm / 2), LAT - dLat(hKm / 2), LAT + dLat(hKm / 2)];
  const r = [[x0, y0], [x1, y0], [x1, y1], [x0, y1], [x0, y0]];
  return cw ? r.reverse() : r;
};
const POLYGON = { type: 'Polygon', coordinates: [ring(40, 30, false), ring(12, 8, true)] };

const FILTERS: SceneFilters = { startDate: '1982-08-22', endDate: '2025-12-31', cloudCoverage: 100, bands: ['B01', 'B02', 'B03', 'B04', 'B05', 'B06', 'B07', 'B09'], mask: DEFAULT_MASK };

/** The demo's files as windows only: no counting where the samples are made. */
function withoutCounter(href: string): ByteSource {
  const { sampleCounter: _counter, ...source } = openDemoAssetSource(href);
  return source;
}

let counterCalls = 0;
/** The demo's files as the server opens them, the counter's jobs counted (so the test knows which path ran). */
function countingCalls(href: string): ByteSource {
  const source = openDemoAssetSource(href);
  const counter = source.sampleCounter;
  if (!counter) return source;
  return { ...source, sampleCounter: { scene: counter.scene, band: counter.band, count: (...args) => (counterCalls++, counter.count(...args)) } };
}

const serviceWith = (openSource: (href: string) => ByteSource) => createLandsatService({ catalog: createDemoCatalog(), cache: createBlockCache({ maxBytes: 64 << 20 }), maxScenes: 5000, openSource });

async function someScenes(): Promise<LandsatScene[]> {
  const found = await createDemoCatalog().search({ bboxLngLat: [LON, LAT, LON, LAT], startDate: FILTERS.startDate, endDate: FILTERS.endDate, maxCloudCover: 100, limit: 10_000 });
  const own = found.scenes.filter((s) => s.wrsPath === 18 && s.wrsRow === 28);
  const first = (prefix: string, after: string) => own.find((s) => s.id.startsWith(prefix) && s.datetime > after)!;
  // TM, ETM+ after the scan-line corrector failed, OLI.
  return [first('LT05', '1990'), first('LE07', '2010-06'), first('LC08', '2019-05')];
}

/** Counts in DN order: strips are added up through a map, so the order of first meeting differs between the paths, never the counts. */
const byDn = (c: DnCounts) => {
  const clear = [...c.clearDns].map((dn, i) => [dn, c.clearCounts[i]]).sort((a, b) => a[0] - b[0]);
  const masked = [...c.maskedDns].map((dn, i) => [dn, c.maskedCounts[i]]).sort((a, b) => a[0] - b[0]);
  return { fill: c.fill, clear, masked };
};

describe('demo area statistics counted in the synthesis worker equal those of the read windows', () => {
  it('a polygon with a hole over TM, ETM+ SLC-off and OLI scenes: entries equal, strip counts equal', async () => {
    const scenes = await someScenes();
    expect(new Set(scenes.map((s) => s.id.slice(0, 4))).size).toBe(3);
    const counting = serviceWith(countingCalls);
    const reading = serviceWith(withoutCounter);
    const polygons = [POLYGON.coordinates as [number, number][][]];
    let masked = 0;
    for (const scene of scenes) {
      const expected = await areaSceneEntry({ landsat: reading, polygons, filters: FILTERS }, scene);
      const before = counterCalls;
      const entry = await areaSceneEntry({ landsat: counting, polygons, filters: FILTERS }, scene);
      expect(counterCalls, scene.id).toBeGreaterThan(before);
      expect(expected, scene.id).not.toBeNull();
      expect(entry, scene.id).toEqual(expected);
      expect(entry!.clearCount, scene.id).toBeGreaterThan(0);
      masked += entry!.pixelCount - entry!.clearCount;

      // The counts themselves, fill included, over one strip across the hole: QA_PIXEL's masked DNs too, the bands' clear ones only (countFullWindow's contract).
      const assets: ArchiveAssetKey[] = ['qa_pixel', 'red', 'nir08'];
      let strip: [number, number, number, number] = [0, 0, 0, 0];
      let inside: Uint8Array = new Uint8Array(0);
      const choose = (grid: Parameters<typeof projectPolygons>[0]) => {
        const projected = projectPolygons(grid, polygons);
        const [c0, r0, c1, r1] = polygonPixelWindow(grid, projected);
        const mid = Math.floor((r0 + r1) / 2);
        strip = [c0, mid - 150, c1, mid + 150];
        inside = pixelCentresInside(grid, projected, strip);
        return strip;
      };
      const read = await reading.parts.readerFor(scene).readFullWindow(assets, choose);
      const expectedCounts = countWindowDns(read.dn.qa_pixel!, maskBits(DEFAULT_MASK), assets.map((a) => read.dn[a]!), inside);
      const counted = await counting.parts.readerFor(scene).countFullWindow(assets, (grid) => {
        const window = choose(grid);
        return { window, inside: insideRunsOf(inside, window[2] - window[0], window[3] - window[1]) };
      }, maskBits(DEFAULT_MASK));
      expect(counted, scene.id).not.toBeNull();
      expect(counted!.window).toEqual(strip);
      const bandsClearOnly = expectedCounts.map((c, k) => (assets[k] === 'qa_pixel' ? c : { ...c, maskedDns: new Uint16Array(0), maskedCounts: new Uint32Array(0) }));
      expect(counted!.counts.map(byDn), scene.id).toEqual(bandsClearOnly.map(byDn));
      // The hole and the rectangle's outside are fill; both sides had masked pixels to count.
      expect(expectedCounts[0].fill).toBeGreaterThan(inside.length - inside.reduce((n, v) => n + v, 0) - 1);
    }
    // Pixels masked (by the default mask) as well as clear ones: both classes are exercised.
    expect(masked).toBeGreaterThan(0);
  }, 600_000);

  it('on overviews (what a large request measures, areaOverviewLevel): counted equal to read, coarser pixels, the same ground', async () => {
    const [scene] = await someScenes();
    const counting = serviceWith(countingCalls);
    const reading = serviceWith(withoutCounter);
    const polygons = [POLYGON.coordinates as [number, number][][]];
    const full = await areaSceneEntry({ landsat: reading, polygons, filters: FILTERS }, scene);
    expect(full!.pixelSizeM).toBe(30);
    for (const level of [1, 2]) {
      const expected = await areaSceneEntry({ landsat: reading, polygons, filters: FILTERS, level }, scene);
      const before = counterCalls;
      const entry = await areaSceneEntry({ landsat: counting, polygons, filters: FILTERS, level }, scene);
      expect(counterCalls).toBeGreaterThan(before);
      expect(entry).toEqual(expected);
      expect(entry!.pixelSizeM).toBe(30 * 2 ** level);
      // The same polygon (40 x 30 km less a 12 x 8 km hole): a quarter of the pixels a level, within the edge's pixels.
      const ratio = (entry!.pixelCount * 4 ** level) / full!.pixelCount;
      expect(ratio).toBeGreaterThan(0.97);
      expect(ratio).toBeLessThan(1.03);
      expect(entry!.clearCount).toBeGreaterThan(0);
    }
  }, 600_000);
});
