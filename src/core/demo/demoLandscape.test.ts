/**
 * Issue 21 item 7: a demo that looks like the Earth. Read through the real COG reader, the synthetic
 * scenes have a landscape's spatial structure (not per-pixel noise), overlapping scenes of one path
 * agree on the same ground on the same day, and snow lies where and when it plausibly would.
 */
import proj4 from 'proj4';
import { describe, expect, it } from 'vitest';
import { createBlockCache } from '../raster/blockCache.js';
import { createCogReader, type CogReader } from '../raster/cogReader.js';
import { findWrs2Tiles } from '../wrs2/wrs2.js';
import { LANDSAT_SATELLITES, overpassesForPathRow } from '../overpass/overpass.js';
import type { AssetKey } from '../bands/bandCatalog.js';
import { sceneCloudPercent } from './demoCloudPercents.js';
import { createDemoScene, demoAssetHref, parseDemoSceneId, type DemoScene } from './demoSceneIds.js';
import { openDemoAssetSource } from './demoScenes.js';
import { QA, REFLECTANCE_OFFSET, REFLECTANCE_SCALE } from './demoTileSynth.js';
import { preloadLandMask } from '../geo/landMask.js';

preloadLandMask();
const cache = createBlockCache({ maxBytes: 256 * 1024 * 1024 });
const readers = new Map<string, Promise<CogReader>>();
function reader(sceneId: string, asset: AssetKey): Promise<CogReader> {
  const href = demoAssetHref(sceneId, asset);
  let r = readers.get(href);
  if (!r) {
    r = createCogReader(openDemoAssetSource(href), { cache });
    readers.set(href, r);
  }
  return r;
}
const reflectance = (dn: number) => dn * REFLECTANCE_SCALE + REFLECTANCE_OFFSET;

/** Full-resolution pixel (col, row) of a ground point in a scene's grid. */
function pixelOf(scene: DemoScene, lon: number, lat: number): [number, number] {
  const zone = scene.grid.epsg - 32600;
  const [x, y] = proj4('EPSG:4326', `+proj=utm +zone=${zone} +datum=WGS84 +units=m +no_defs`).forward([lon, lat]);
  return [Math.floor((x - scene.grid.cornerX) / 30), Math.floor((scene.grid.cornerY - y) / 30)];
}

async function pixelAt(scene: DemoScene, lon: number, lat: number, asset: AssetKey): Promise<number> {
  const [c, r] = pixelOf(scene, lon, lat);
  const w = await (await reader(scene.id, asset)).readWindow([c, r, c + 1, r + 1]);
  return w.data[0];
}

/** Every scene of Landsat 8 and 9 over a point between two dates, whatever its path/row. */
function scenesOver(lon: number, lat: number, from: string, to: string): DemoScene[] {
  const out: DemoScene[] = [];
  for (const t of findWrs2Tiles([lon, lat])) {
    for (const sat of LANDSAT_SATELLITES) {
      for (const d of overpassesForPathRow(sat, t.path, t.row, new Date(`${from}T00:00:00Z`), new Date(`${to}T00:00:00Z`))) out.push(createDemoScene(sat, t.path, t.row, d));
    }
  }
  return out;
}

/**
 * Snow-flagged share of the cloud-free land observations around a point: 3 x 3 ground points 2 km
 * apart (so one pixel's land cover does not decide), in every scene over the point, per scene date.
 */
async function snowObservations(lon: number, lat: number, from: string, to: string): Promise<Array<{ date: string; snow: number; clear: number }>> {
  const out: Array<{ date: string; snow: number; clear: number }> = [];
  const dLat = 2 / 111.32;
  const dLon = dLat / Math.cos((lat * Math.PI) / 180);
  for (const scene of scenesOver(lon, lat, from, to)) {
    let snow = 0;
    let clear = 0;
    for (let j = -1; j <= 1; j++) {
      for (let i = -1; i <= 1; i++) {
        const qa = await pixelAt(scene, lon + i * dLon, lat + j * dLat, 'qa_pixel');
        if (qa & (QA.cloud | QA.fill | QA.dilatedCloud) || (qa & QA.water && !(qa & QA.snow))) continue;
        clear++;
        if (qa & QA.snow) snow++;
      }
    }
    out.push({ date: scene.datetime.toISOString().slice(0, 10), snow, clear });
  }
  return out;
}

const total = (obs: Array<{ snow: number; clear: number }>) => obs.reduce((t, o) => ({ snow: t.snow + o.snow, clear: t.clear + o.clear }), { snow: 0, clear: 0 });
async function snowShare(lon: number, lat: number, from: string, to: string): Promise<{ snow: number; clear: number }> {
  return total(await snowObservations(lon, lat, from, to));
}

function lagOneCorrelation(data: Float64Array, width: number, height: number, valid: Uint8Array): number {
  let n = 0;
  let sa = 0;
  let sb = 0;
  let saa = 0;
  let sbb = 0;
  let sab = 0;
  for (let r = 0; r < height; r++) {
    for (let c = 0; c + 1 < width; c++) {
      const i = r * width + c;
      if (!valid[i] || !valid[i + 1]) continue;
      const a = data[i];
      const b = data[i + 1];
      n++;
      sa += a;
      sb += b;
      saa += a * a;
      sbb += b * b;
      sab += a * b;
    }
  }
  const cov = sab / n - (sa / n) * (sb / n);
  return cov / Math.sqrt((saa / n - (sa / n) ** 2) * (sbb / n - (sb / n) ** 2));
}

// Dozens of scenes, each a few tiles synthesized: generous time on a busy 2-core machine.
describe('synthetic landscape', { timeout: 120_000 }, () => {
  it('has spatial structure: neighbouring pixels correlate (lag-1 > 0.5) at full resolution and in the overview a whole-scene image reads', async () => {
    // (The same measure over per-pixel noise is about 0.)
    // Huntsville, Alabama: farmland, woods, rivers, towns.
    const scene = scenesOver(-86.59, 34.73, '2025-04-01', '2025-10-01').find((s) => s.grid.row === 36 && sceneCloudPercent(s) < 5);
    expect(scene).toBeDefined();
    for (const level of [0, 2, 3]) {
      const f = [1, 2, 4, 8, 16][level];
      const [c, r] = pixelOf(scene!, -86.59, 34.73).map((v) => Math.floor(v / f));
      const window: [number, number, number, number] = [c - 128, r - 128, c + 128, r + 128];
      const red = await (await reader(scene!.id, 'red')).readWindow(window, { level });
      const nir = await (await reader(scene!.id, 'nir08')).readWindow(window, { level });
      const qa = await (await reader(scene!.id, 'qa_pixel')).readWindow(window, { level });
      const valid = new Uint8Array(qa.data.length);
      let clear = 0;
      for (let i = 0; i < valid.length; i++) if (qa.data[i] & QA.clear && !(qa.data[i] & QA.cloudShadow)) (valid[i] = 1), clear++;
      // The scene at this date must be mostly clear here for the measure to mean something.
      expect(clear).toBeGreaterThan(valid.length / 2);
      const ndvi = new Float64Array(valid.length);
      const redR = new Float64Array(valid.length);
      for (let i = 0; i < valid.length; i++) {
        const rr = reflectance(red.data[i]);
        const nn = reflectance(nir.data[i]);
        redR[i] = rr;
        ndvi[i] = (nn - rr) / (nn + rr);
      }
      expect(lagOneCorrelation(redR, 256, 256, valid), `red, level ${level}`).toBeGreaterThan(0.5);
      expect(lagOneCorrelation(ndvi, 256, 256, valid), `NDVI, level ${level}`).toBeGreaterThan(0.5);
    }
  });

  it('shows the same ground the same on the same day in overlapping scenes of one path (adjacent rows), within 0.005', async () => {
    // Path 18, rows 28 and 29 (Ontario), one pass: the rows overlap by about 20 km.
    const day = overpassesForPathRow('landsat-9', 18, 29, new Date('2025-06-01T00:00:00Z'), new Date('2025-06-17T00:00:00Z'))[0];
    const id = (row: number) => `LC09_L2SP_0180${row}_${day.toISOString().slice(0, 10).replaceAll('-', '')}_SYNTHETIC`;
    const a = parseDemoSceneId(id(28))!;
    const b = parseDemoSceneId(id(29))!;
    expect(a.grid.epsg).toBe(b.grid.epsg);
    // A window in the overlap: the southern edge of row 28, inside both footprints.
    const lat = (a.grid.bboxLngLat[1] + b.grid.bboxLngLat[3]) / 2 + 0.02;
    const lon = (a.grid.centerLngLat[0] + b.grid.centerLngLat[0]) / 2;
    const [ca, ra] = pixelOf(a, lon, lat);
    const [cb, rb] = pixelOf(b, lon, lat);
    // Aligned grids: the same ground is a whole number of pixels apart.
    expect(ca - cb).toBe(Math.round((b.grid.cornerX - a.grid.cornerX) / 30));
    let compared = 0;
    let cloudAgree = 0;
    let worst = 0;
    const size = 192;
    const qaA = await (await reader(a.id, 'qa_pixel')).readWindow([ca - size, ra - 40, ca + size, ra + 40]);
    const qaB = await (await reader(b.id, 'qa_pixel')).readWindow([cb - size, rb - 40, cb + size, rb + 40]);
    for (const asset of ['blue', 'green', 'red', 'nir08', 'swir16', 'swir22'] as const) {
      const wa = await (await reader(a.id, asset)).readWindow([ca - size, ra - 40, ca + size, ra + 40]);
      const wb = await (await reader(b.id, asset)).readWindow([cb - size, rb - 40, cb + size, rb + 40]);
      for (let i = 0; i < wa.data.length; i++) {
        const qa1 = qaA.data[i];
        const qa2 = qaB.data[i];
        if (qa1 === QA.fill || qa2 === QA.fill) continue;
        if (asset === 'blue' && (qa1 & QA.cloud) === (qa2 & QA.cloud)) cloudAgree++;
        // Shadows follow each scene's own sun (its centre): they may sit a 240 m block apart.
        if ((qa1 | qa2) & QA.cloudShadow) continue;
        compared++;
        worst = Math.max(worst, Math.abs(reflectance(wa.data[i]) - reflectance(wb.data[i])));
      }
    }
    expect(compared).toBeGreaterThan(6 * 2 * size * 80 * 0.5);
    expect(worst).toBeLessThanOrEqual(0.005);
    // Clouds are a function of the ground and the day: both scenes flag the same pixels.
    expect(cloudAgree).toBe(qaA.data.filter((v, i) => v !== QA.fill && qaB.data[i] !== QA.fill).length);
  });

  it('keeps Lyon (45.76 N, 4.84 E) free of snow in January in most years, and never white for a whole winter', async () => {
    let snowyYears = 0;
    let years = 0;
    for (let year = 2014; year <= 2025; year++) {
      const winter = await snowObservations(4.84, 45.76, `${year - 1}-12-01`, `${year}-04-01`);
      const january = total(winter.filter((o) => o.date.startsWith(`${year}-01`)));
      const all = total(winter);
      expect(all.snow, `winter ${year - 1}-${year}`).toBeLessThan(all.clear);
      if (january.clear === 0) continue;
      years++;
      if (january.snow > january.clear / 2) snowyYears++;
    }
    expect(years).toBeGreaterThan(6);
    expect(snowyYears).toBeLessThanOrEqual(Math.floor(years / 3));
  });

  it('puts snow on the Alps and at 70 N in winter, and none there in July', async () => {
    // Jungfrau region (46.55 N, 7.96 E, Bernese Alps) and Finnmark plateau (70.0 N, 25.0 E).
    for (const [lon, lat, from, to] of [[7.96, 46.55, '2024-01-01', '2024-03-01'], [25.0, 70.0, '2024-03-01', '2024-04-15']] as const) {
      const winter = await snowShare(lon, lat, from, to);
      expect(winter.clear, `${lat} N clear winter observations`).toBeGreaterThan(0);
      expect(winter.snow, `${lat} N snow in winter`).toBeGreaterThan(winter.clear / 2);
    }
    const summer = await snowShare(25.0, 70.0, '2024-07-01', '2024-08-01');
    expect(summer.clear).toBeGreaterThan(0);
    expect(summer.snow).toBe(0);
  });
});
