import { describe, expect, it } from 'vitest';
import { ROY2016_RMA } from '../bands/harmonize.js';
import { createLandsatService } from '../landsat/landsatService.js';
import { createBlockCache } from '../raster/blockCache.js';
import { ByteSourceNotFoundError } from '../raster/byteSource.js';
import { createDemoCatalog } from './createDemoCatalog.js';
import { demoPassesForPathRow } from './demoMissionSchedule.js';
import { sceneCloudPercent } from './demoCloudPercents.js';
import { createDemoScene, demoAssetHref, demoSceneId, type DemoScene } from './demoSceneIds.js';
import { openDemoAssetSource, synthesizeDemoTileSet } from './demoScenes.js';
import { TILE_PX } from './demoSceneGrid.js';
import { inSlcGap, slcGapPhase } from './demoSensorTile.js';
import { REFLECTANCE_OFFSET, REFLECTANCE_SCALE } from './demoTileSynth.js';

const PATH = 18;
const ROW = 29;
const day = (d: string) => [new Date(`${d}T00:00:00Z`), new Date(`${d}T23:59:59Z`)] as const;
/** The first pass of the satellite over 018/029 in [from, from + 16 days). */
function sceneFrom(satellite: DemoScene['satellite'], from: string): DemoScene {
  const start = new Date(`${from}T00:00:00Z`);
  const [t] = demoPassesForPathRow(satellite, PATH, ROW, start, new Date(start.getTime() + 16 * 86_400_000));
  return createDemoScene(satellite, PATH, ROW, t);
}
/** The least cloudy pass of the satellite over 018/029 in [from, to). */
function leastCloudy(satellite: DemoScene['satellite'], from: string, to: string): DemoScene {
  const passes = demoPassesForPathRow(satellite, PATH, ROW, new Date(`${from}T00:00:00Z`), new Date(`${to}T00:00:00Z`));
  const scenes = passes.map((t) => createDemoScene(satellite, PATH, ROW, t));
  return scenes.reduce((best, s) => (sceneCloudPercent(s) < sceneCloudPercent(best) ? s : best));
}
/** Tile index of the full-resolution level at the footprint's centre, and its position. */
function centreTile(scene: DemoScene, dx = 0): { index: number; across: number; tx: number; ty: number } {
  const across = Math.ceil(scene.grid.width / TILE_PX);
  const tx = Math.floor(scene.grid.width / 2 / TILE_PX) + dx;
  const ty = Math.floor(scene.grid.height / 2 / TILE_PX);
  return { index: ty * across + tx, across, tx, ty };
}
const reflectance = (dn: number) => dn * REFLECTANCE_SCALE + REFLECTANCE_OFFSET;
const clearBit = (qa: number) => (qa & 64) !== 0;

describe('demo scenes of TM and ETM+', () => {
  it('carry the TM/ETM+ QA bits: no cirrus (bits 2, 14-15), clear land 5440 as on the real LT05 scene', () => {
    const scene = leastCloudy('landsat-5', '1995-06-01', '1995-09-01');
    const { index, across } = centreTile(scene);
    const qa = synthesizeDemoTileSet(scene.id, 0, index, across)[8];
    const values = [...qa].filter((v) => v !== 1);
    expect(values.length).toBeGreaterThan(1000);
    expect(values.every((v) => (v & 0xc004) === 0)).toBe(true);
    expect(values).toContain(5440);
    // The same ground on Landsat 8 carries the cirrus confidence bits (clear land 21824).
    const oli = sceneFrom('landsat-8', '2015-07-01');
    expect([...synthesizeDemoTileSet(oli.id, 0, index, across)[8]].filter((v) => v !== 1).every((v) => (v & (1 << 14)) !== 0)).toBe(true);
  });

  it('see the same ground as OLI through their band responses: Landsat 7 harmonised (Roy 2016) equals Landsat 9 the same day', () => {
    // Landsat 7 and 9 flew the same cycle: both image 018/029 on the same days between 2021-10-31 and 2022-03-31.
    const l9 = leastCloudy('landsat-9', '2021-11-01', '2022-03-31');
    const [l7time] = demoPassesForPathRow('landsat-7', PATH, ROW, ...day(l9.datetime.toISOString().slice(0, 10)));
    expect(l7time).toBeDefined();
    const l7 = createDemoScene('landsat-7', PATH, ROW, l7time);
    const { index, across } = centreTile(l9);
    const a = synthesizeDemoTileSet(l7.id, 0, index, across);
    const b = synthesizeDemoTileSet(l9.id, 0, index, across);
    let compared = 0;
    let differing = 0;
    for (let i = 0; i < a[8].length; i++) {
      if (!clearBit(a[8][i]) || !clearBit(b[8][i])) continue;
      for (const [band, id] of [[3, 'B04'], [4, 'B05'], [5, 'B06']] as const) {
        const { slope, intercept } = ROY2016_RMA[id]!;
        const raw = reflectance(a[band][i]);
        const oli = reflectance(b[band][i]);
        // One DN of rounding on each side.
        expect(Math.abs(slope * raw + intercept - oli)).toBeLessThan(2.5 * REFLECTANCE_SCALE);
        if (Math.abs(raw - oli) > 0.001) differing += 1;
        compared += 1;
      }
    }
    expect(compared).toBeGreaterThan(3000);
    // Unharmonised, the sensors differ (a small offset, not identical numbers).
    expect(differing).toBeGreaterThan(compared / 4);
  });

  it('has no coastal/aerosol file on TM: the href opens as not found', async () => {
    const scene = sceneFrom('landsat-4', '1988-06-01');
    expect(scene.id).toMatch(/^LT04_L2SP_018029_1988\d{4}_SYNTHETIC$/);
    const source = openDemoAssetSource(demoAssetHref(scene.id, 'coastal'));
    await expect(source.fetch([{ offset: 0, length: 16 }])).rejects.toBeInstanceOf(ByteSourceNotFoundError);
    const lwir = openDemoAssetSource(demoAssetHref(scene.id, 'lwir'));
    expect(lwir.id).toMatch(/_ST_B6\.TIF$/);
    expect((await lwir.fetch([{ offset: 0, length: 16 }]))[0].byteLength).toBe(16);
  });

  it('leaves Landsat 7 scan-line gaps after 2003-05-31: fill in every band, about 22 % of the scene, none before', () => {
    const off = sceneFrom('landsat-7', '2010-07-01');
    const on = sceneFrom('landsat-7', '2002-07-01');
    const g = off.grid;
    // The lost share over the footprint, on a lattice of pixel centres (USGS: an estimated 22 %).
    const [ul, ur, lr, ll] = g.footprintPx;
    let inside = 0;
    let gaps = 0;
    for (let s = 0.01; s < 1; s += 0.02) {
      for (let t = 0.013; t < 1; t += 0.0011) {
        const x = (1 - s) * ((1 - t) * ul[0] + t * ll[0]) + s * ((1 - t) * ur[0] + t * lr[0]);
        const y = (1 - s) * ((1 - t) * ul[1] + t * ll[1]) + s * ((1 - t) * ur[1] + t * lr[1]);
        inside += 1;
        if (inSlcGap(g, slcGapPhase(off), Math.floor(x) + 0.5, Math.floor(y) + 0.5)) gaps += 1;
      }
    }
    expect(gaps / inside).toBeGreaterThan(0.18);
    expect(gaps / inside).toBeLessThan(0.26);
    // A full-resolution tile off the centre line: gap pixels are fill in all bands, the others untouched.
    const { index, across, tx, ty } = centreTile(off, 18);
    const bands = synthesizeDemoTileSet(off.id, 0, index, across);
    const before = synthesizeDemoTileSet(on.id, 0, index, across);
    let gapPixels = 0;
    for (let r = 0; r < TILE_PX; r++) {
      for (let c = 0; c < TILE_PX; c++) {
        const i = r * TILE_PX + c;
        expect(before[8][i]).not.toBe(1);
        const gap = inSlcGap(g, slcGapPhase(off), tx * TILE_PX + c + 0.5, ty * TILE_PX + r + 0.5);
        if (gap) gapPixels += 1;
        expect(bands[8][i] === 1, `pixel ${c},${r}`).toBe(gap);
        if (gap) for (let b = 0; b < 8; b++) expect(bands[b][i]).toBe(0);
      }
    }
    expect(gapPixels).toBeGreaterThan(TILE_PX * TILE_PX * 0.1);
  });

  it('answers a pixel in a gap with no value and the reason "Landsat 7 scan-line gap"', async () => {
    const scene = sceneFrom('landsat-7', '2010-07-01');
    const g = scene.grid;
    const phase = slcGapPhase(scene);
    // A gap pixel a third of the way from the centre to the right edge (whose 3 x 3 neighbours are in the footprint).
    const [, ur, lr] = g.footprintPx;
    let x = Math.floor((g.width / 2 + (ur[0] + lr[0]) / 2) / 2);
    const y = Math.floor(g.height / 2);
    while (!inSlcGap(g, phase, x + 0.5, y + 0.5)) x += 1;
    const lngLat = g.toLngLat(g.cornerX + (x + 0.5) * 30, g.cornerY - (y + 0.5) * 30);
    const catalog = createDemoCatalog({ now: () => new Date('2026-03-01T00:00:00Z') });
    const service = createLandsatService({ catalog, cache: createBlockCache({ maxBytes: 8e6 }), maxScenes: 100 });
    const date = scene.datetime.toISOString().slice(0, 10);
    const answer = await service.readPixels(lngLat, { startDate: date, endDate: date, cloudCoverage: 100, bands: ['B01', 'B04', 'B09'] });
    const found = answer.scenes.find((s) => s.id === demoSceneId('landsat-7', PATH, ROW, scene.datetime))!;
    expect(found).toBeDefined();
    expect(found.satellite).toBe('landsat-7');
    expect(found.sensor).toBe('ETM+');
    expect(found.bands.B04.values[1][1]).toBeNull();
    expect(found.bands.B09.fileBand).toBe('ST_B6');
    expect(found.bands.B01).toBeUndefined();
    expect(JSON.stringify(found.missingBands)).toMatch(/B01/);
    expect(found.emptyReason).toMatch(/^Landsat 7 scan-line gap/);
    // The 3 x 3 image says the same rather than "no scene covers".
    await expect(service.render3x3(lngLat, { startDate: date, endDate: date, cloudCoverage: 100, bands: ['B04', 'B03', 'B02'] })).rejects.toThrow(/holds no value at this pixel\. Landsat 7 scan-line gap/);
  });
});
