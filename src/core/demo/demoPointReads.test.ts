import { describe, expect, it } from 'vitest';
import type { LngLat } from '../geo/lngLat.js';
import { createDemoCatalog } from './createDemoCatalog.js';
import { CELL_KM, cellPatch, severityOn, type DisturbancePatch } from './demoDisturbances.js';
import { EARTH_RADIUS_KM, earthKm } from './demoGroundNoise.js';
import { parseDemoSceneId } from './demoSceneIds.js';
import { synthesizeDemoTileSet } from './demoScenes.js';
import { TILE_PX, type DemoSceneGrid } from './demoSceneGrid.js';
import { synthesizeTileSetInWorker } from './demoSynthPool.js';
import { DEMO_ASSET_KEYS } from './demoTileSynth.js';

/**
 * A point read (3 x 3 pixels, or one) builds only the cloud cells it touches (createSceneCloudsNear via
 * synthesizeDemoTileSet's small-read path). EXPECTED side: the whole tile as it always was synthesized,
 * with the scene's whole cloud field, in the worker thread (its own caches). The small reads run on this
 * thread first, for scenes nothing in this file has read whole here, so they take the window path.
 * Scenes of every sensor (TM, ETM+ before and after the scan-line corrector failed, OLI), at the default
 * point and at disturbance patches on dates the patch is strong.
 */
const DEFAULT_POINT: LngLat = [-79.2165, 45.3267];
const DAY_MS = 86_400_000;

/** Full-resolution pixel (col, row) of a place in the scene's grid: toLngLat inverted by Newton steps on its local affine. */
function pixelOf(grid: DemoSceneGrid, [lon, lat]: LngLat): { col: number; row: number } {
  let x = grid.cornerX + grid.width * 15;
  let y = grid.cornerY - grid.height * 15;
  for (let step = 0; step < 6; step++) {
    const [lon0, lat0] = grid.toLngLat(x, y);
    const [lonX, latX] = grid.toLngLat(x + 100, y);
    const [lonY, latY] = grid.toLngLat(x, y + 100);
    const a = (lonX - lon0) / 100, b = (lonY - lon0) / 100, c = (latX - lat0) / 100, d = (latY - lat0) / 100;
    const det = a * d - b * c;
    x += (d * (lon - lon0) - b * (lat - lat0)) / det;
    y += (-c * (lon - lon0) + a * (lat - lat0)) / det;
  }
  return { col: Math.floor((x - grid.cornerX) / 30), row: Math.floor((grid.cornerY - y) / 30) };
}

/** Disturbance patches whose centre lies within `deg` of a place (every 4 km cell of the box looked at). */
function patchesNear([lon, lat]: LngLat, deg: number): DisturbancePatch[] {
  const out = new Map<string, DisturbancePatch>();
  const at = new Float64Array(3);
  for (let dLat = -deg; dLat <= deg; dLat += 0.02) {
    for (let dLon = -deg; dLon <= deg; dLon += 0.02) {
      earthKm(lon + dLon, lat + dLat, at, 0);
      const [i, j, k] = [0, 1, 2].map((q) => Math.floor(at[q] / CELL_KM));
      const p = cellPatch(i, j, k);
      if (p) out.set(`${i},${j},${k}`, p);
    }
  }
  return [...out.values()];
}

const lngLatOf = (p: DisturbancePatch): LngLat => [(Math.atan2(p.y, p.x) * 180) / Math.PI, (Math.asin(p.z / EARTH_RADIUS_KM) * 180) / Math.PI];

async function scenesAt(place: LngLat) {
  const found = await createDemoCatalog().search({ bboxLngLat: [place[0], place[1], place[0], place[1]], startDate: '1982-08-22', endDate: '2025-12-31', maxCloudCover: 100, limit: 10_000 });
  return found.scenes;
}

/** The 3 x 3 pixels around a place (inside its tile), read alone on this thread, against the same pixels of the whole tile from the worker. */
async function expectPointEqualsWholeTile(sceneId: string, place: LngLat): Promise<Uint16Array[]> {
  const scene = parseDemoSceneId(sceneId)!;
  const { col, row } = pixelOf(scene.grid, place);
  const across = Math.ceil(scene.grid.width / TILE_PX);
  const index = Math.floor(row / TILE_PX) * across + Math.floor(col / TILE_PX);
  const around = (v: number) => {
    const inTile = v % TILE_PX;
    const first = Math.min(TILE_PX - 3, Math.max(0, inTile - 1));
    return Int32Array.from([first, first + 1, first + 2]);
  };
  const rows = around(row);
  const cols = around(col);
  const part = synthesizeDemoTileSet(sceneId, 0, index, across, rows, cols);
  const whole = await synthesizeTileSetInWorker(sceneId, 0, index, across);
  expect(part).toHaveLength(DEMO_ASSET_KEYS.length);
  part.forEach((band, b) => {
    const picked = new Uint16Array(9);
    rows.forEach((r, i) => cols.forEach((c, j) => (picked[i * 3 + j] = whole[b][r * TILE_PX + c])));
    expect(Array.from(band), `${sceneId} band ${DEMO_ASSET_KEYS[b]} at ${place.join(', ')}`).toEqual(Array.from(picked));
  });
  return part;
}

describe('demo point reads (cloud cells near the point only) equal the whole tiles', () => {
  it('at the default point: TM, ETM+ before and after SLC-off, OLI, over the years', async () => {
    const scenes = await scenesAt(DEFAULT_POINT);
    const picked = new Map<string, string>();
    for (const prefix of ['LT04', 'LT05', 'LE07', 'LC08', 'LC09']) {
      const of = scenes.filter((s) => s.id.startsWith(prefix));
      for (const s of [of[0], of[Math.floor(of.length / 3)], of[Math.floor((2 * of.length) / 3)], of[of.length - 1]]) if (s) picked.set(s.id, s.datetime);
    }
    const slcOff = scenes.filter((s) => s.id.startsWith('LE07') && s.datetime > '2003-06');
    picked.set(slcOff[5].id, slcOff[5].datetime);
    expect(new Set([...picked.keys()].map((id) => id.slice(0, 4))).size).toBeGreaterThanOrEqual(4);
    let clouded = 0;
    for (const id of picked.keys()) {
      const qa = (await expectPointEqualsWholeTile(id, DEFAULT_POINT))[8];
      // QA_PIXEL bits 1 (dilated cloud), 3 (cloud), 4 (shadow): the cloud path exercised, not only clear sky.
      if (qa.some((v) => (v & 0b11010) !== 0)) clouded++;
    }
    expect(clouded).toBeGreaterThan(0);
  }, 300_000);

  it('at disturbance patches, on dates the patch is strong', async () => {
    const patches = patchesNear(DEFAULT_POINT, 0.3).filter((p) => p.onsetDay * DAY_MS < Date.parse('2022-01-01'));
    expect(patches.length).toBeGreaterThan(2);
    let checked = 0;
    for (const patch of patches.slice(0, 4)) {
      const place = lngLatOf(patch);
      const after = (await scenesAt(place)).filter((s) => severityOn(patch, Date.parse(s.datetime) / DAY_MS) > 0.3 && Date.parse(s.datetime) / DAY_MS >= patch.onsetDay);
      for (const s of after.slice(0, 3)) {
        await expectPointEqualsWholeTile(s.id, place);
        checked++;
      }
    }
    expect(checked).toBeGreaterThan(3);
  }, 300_000);
});
