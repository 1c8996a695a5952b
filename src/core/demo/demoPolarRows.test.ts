/**
 * Issue 26 item 6: the demo never lists a scene it cannot serve. North of about 81 N the daytime
 * scenes are the end-of-orbit rows 246-248 (wrs2.ts); the catalogue listed them, but the id parser
 * only knew rows 1-122, so their rasters were "not found" and the point answered 502.
 */
import { describe, expect, it } from 'vitest';
import { createBlockCache } from '../raster/blockCache.js';
import { createCogReader } from '../raster/cogReader.js';
import { openVirtualByteSource } from '../raster/virtualByteSources.js';
import { LANDSAT_SATELLITES, overpassesForPathRow } from '../overpass/overpass.js';
import { pathRowTouchesLand } from '../wrs2/landPathRows.js';
import { WRS2_PATHS, wrs2Tile } from '../wrs2/wrs2.js';
import { createDemoCatalog } from './createDemoCatalog.js';
import { createDemoScene, parseDemoSceneId } from './demoSceneIds.js';

const catalog = createDemoCatalog({ now: () => new Date('2026-03-01T00:00:00Z') });
const cache = createBlockCache({ maxBytes: 32 * 1024 * 1024 });

/** Reads one pixel of every band of the scene at its footprint centre through the real COG reader. */
async function readCentre(scene: { id: string; assets: Record<string, string | undefined> }) {
  const parsed = parseDemoSceneId(scene.id)!;
  const g = parsed.grid;
  const col = Math.floor(g.width / 2);
  const row = Math.floor(g.height / 2);
  const values: number[] = [];
  for (const href of Object.values(scene.assets)) {
    const source = openVirtualByteSource(await catalog.resolveAssetHref(href!));
    const reader = await createCogReader(source!, { cache });
    const w = await reader.readWindow([col, row, col + 1, row + 1]);
    values.push(w.data[0]);
  }
  return values;
}

describe('demo archive: rows 246-248 (north of 81 N)', () => {
  it('serves every scene it lists at 81.2 N, 40 W (Greenland): the id parses and every band reads', async () => {
    await catalog.ready;
    const { scenes } = await catalog.search({ bboxLngLat: [-40, 81.2, -40, 81.2], startDate: '2025-06-01', endDate: '2025-06-16', maxCloudCover: 100, limit: 1000 });
    const rows = new Set(scenes.map((s) => s.wrsRow));
    // The point lies in end-of-orbit rows of several paths (and in row 1 of some): the rows the bug hid.
    expect([...rows].some((r) => r >= 246)).toBe(true);
    expect(scenes.some((s) => s.wrsRow === 247 && s.satellite === 'landsat-9')).toBe(true);
    for (const s of scenes) {
      expect(parseDemoSceneId(s.id), s.id).not.toBeNull();
      expect(catalog.sceneById(s.id), s.id).toEqual(s);
    }
    // Read every band of one scene of each of rows 246, 247, 248.
    for (const r of [246, 247, 248]) {
      const scene = scenes.find((s) => s.wrsRow === r)!;
      expect(scene, `a row ${r} scene`).toBeDefined();
      const values = await readCentre(scene);
      expect(values).toHaveLength(9);
      // Inside the footprint: no fill (0 for bands, 1 for QA_PIXEL).
      expect(values.slice(0, 8).every((v) => v > 0)).toBe(true);
      expect(values[8]).not.toBe(1);
    }
  });

  it('parses an id of each row 246-248 on every path whose footprint holds land, and no row 123-245', async () => {
    for (const row of [246, 247, 248]) {
      const tile = wrs2Tile(23, row);
      expect(tile.centerLngLat[1]).toBeGreaterThan(79);
    }
    // LC08_L2SP_023247_20250601 was listed at 81.2 N, 40 W before this fix and could not be opened.
    expect(parseDemoSceneId('LC08_L2SP_023247_20250601_SYNTHETIC')?.grid.row).toBe(247);
    expect(parseDemoSceneId('LC08_L2SP_023200_20250601_SYNTHETIC')).toBeNull();
    expect(parseDemoSceneId('LC08_L2SP_023123_20250601_SYNTHETIC')).toBeNull();
  });

  it('every path: each listed scene of rows 246-248 parses back to itself, with a grid around its footprint', () => {
    let checked = 0;
    for (let path = 1; path <= WRS2_PATHS; path++) {
      for (const row of [246, 247, 248]) {
        if (!pathRowTouchesLand(path, row)) continue;
        for (const satellite of LANDSAT_SATELLITES) {
          const [t] = overpassesForPathRow(satellite, path, row, new Date('2025-06-01T00:00:00Z'), new Date('2025-06-17T00:00:00Z'));
          const scene = createDemoScene(satellite, path, row, t);
          const parsed = parseDemoSceneId(scene.id);
          expect(parsed?.datetime.toISOString(), scene.id).toBe(t.toISOString());
          expect(parsed!.grid.width).toBeGreaterThan(5000);
          expect(parsed!.grid.height).toBeGreaterThan(5000);
          checked++;
        }
      }
    }
    // Greenland, Svalbard, Franz Josef Land, Severnaya Zemlya and the Canadian Arctic reach these rows.
    expect(checked).toBeGreaterThan(50);
  });
});
