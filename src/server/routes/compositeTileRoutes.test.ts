import { fromArrayBuffer } from 'geotiff';
import proj4 from 'proj4';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildTestApp } from '../../../test/support/testApp.js';

/**
 * The composite's pixels are the per-scene tiles' pixels they came from: the .tif of the composite is
 * compared, pixel by pixel, with the .tif tiles of every scene over the tile in the dates (each read by
 * the geotiff package, the scenes named by /api/scenes), on the synthetic demo archive.
 */
const HALF = 20037508.342789244;
const toLngLat = proj4('EPSG:3857', 'WGS84');
const toMercator = proj4('WGS84', 'EPSG:3857');
const Z = 10;
const [mx, my] = toMercator.forward([10.2, 50.1]);
const SIDE = (2 * HALF) / 2 ** Z;
const X = Math.floor((mx + HALF) / SIDE);
const Y = Math.floor((HALF - my) / SIDE);
const [WEST, NORTH] = toLngLat.forward([-HALF + X * SIDE, HALF - Y * SIDE]);
const [EAST, SOUTH] = toLngLat.forward([-HALF + (X + 1) * SIDE, HALF - (Y + 1) * SIDE]);
const DATES = 'startDate=2023-06-01&endDate=2023-08-31&cloudCoverage=100';
const QUERY = `${DATES}&bands=B04,B03&mask=cloud,dilated_cloud,cirrus,shadow`;

let app: FastifyInstance;
beforeAll(async () => {
  // The test's own decoding and comparing runs on this event loop: that lag is the test's, not load to shed.
  app = await buildTestApp({ LANDSAT_SOURCE: 'demo', RATE_LIMIT_PER_MINUTE: '100000', LOAD_SHED_EVENT_LOOP_DELAY_MS: '0' });
});
afterAll(async () => {
  await app?.close();
});

async function bandsOf(url: string): Promise<Float32Array[]> {
  const res = await app.inject(url);
  expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
  const bytes = res.rawPayload;
  const image = await (await fromArrayBuffer(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer)).getImage();
  expect([image.getWidth(), image.getHeight()]).toEqual([256, 256]);
  return (await image.readRasters()) as unknown as Float32Array[];
}

async function sceneTiles(): Promise<{ id: string; datetime: string; bands: Float32Array[] }[]> {
  const found = await app.inject(`/api/scenes?LON_UL=${WEST}&LAT_UR=${SOUTH}&LON_UR=${EAST}&LAT_UL=${NORTH}&${DATES}`);
  expect(found.statusCode, found.body.slice(0, 300)).toBe(200);
  const scenes = found.json().scenes as { id: string; datetime: string }[];
  expect(scenes.length).toBeGreaterThan(3);
  const out = [];
  for (const s of scenes) out.push({ ...s, bands: await bandsOf(`/api/scenes/${s.id}/tiles/WebMercatorQuad/${Z}/${X}/${Y}.tif?${QUERY}`) });
  return out.sort((a, b) => (a.datetime < b.datetime ? 1 : -1));
}

describe('composite tiles', () => {
  it('latest: every pixel is the newest clear scene value there, NaN where no scene is clear', async () => {
    const composite = await bandsOf(`/api/composite/tiles/WebMercatorQuad/${Z}/${X}/${Y}.tif?${QUERY}&method=latest`);
    const scenes = await sceneTiles();
    let filled = 0;
    for (let i = 0; i < 256 * 256; i++) {
      const source = scenes.find((s) => !Number.isNaN(s.bands[0][i]));
      for (let b = 0; b < 2; b++) {
        const want = source ? source.bands[b][i] : Number.NaN;
        if (Number.isNaN(want)) expect(Number.isNaN(composite[b][i]), `pixel ${i} band ${b}`).toBe(true);
        else expect(composite[b][i], `pixel ${i} band ${b}`).toBe(want);
      }
      if (source) filled++;
    }
    // The summer's clear views cover most of the tile, and more than one scene contributes.
    expect(filled).toBeGreaterThan(256 * 128);
    const contributors = new Set(Array.from({ length: 256 * 256 }, (_, i) => scenes.findIndex((s) => !Number.isNaN(s.bands[0][i]))));
    expect(contributors.size).toBeGreaterThan(1);
  }, 180_000);

  it('median: every pixel is the median of the clear scene values there', async () => {
    const composite = await bandsOf(`/api/composite/tiles/WebMercatorQuad/${Z}/${X}/${Y}.tif?${QUERY}&method=median`);
    const scenes = await sceneTiles();
    let several = 0;
    for (let i = 0; i < 256 * 256; i += 7) {
      for (let b = 0; b < 2; b++) {
        const values = scenes.map((s) => s.bands[b][i]).filter((v) => !Number.isNaN(v)).sort((p, q) => p - q);
        if (values.length === 0) {
          expect(Number.isNaN(composite[b][i])).toBe(true);
          continue;
        }
        const k = values.length;
        const want = k % 2 === 1 ? values[(k - 1) / 2] : (values[k / 2 - 1] + values[k / 2]) / 2;
        expect(Math.abs(composite[b][i] - want), `pixel ${i} band ${b}`).toBeLessThan(1e-6);
        if (k > 2) several++;
      }
    }
    expect(several).toBeGreaterThan(100);
  }, 180_000);

  it('TileJSON and WMTS name the composite, start at zoom 8, and say the archive is synthetic (scene layers too)', async () => {
    const doc = (await app.inject(`/api/composite/tiles/WebMercatorQuad/tilejson.json?${DATES}&method=median`)).json();
    expect(doc.tilejson).toBe('3.0.0');
    expect(doc.minzoom).toBe(8);
    expect(doc.tiles[0]).toContain('/api/composite/tiles/WebMercatorQuad/{z}/{x}/{y}.png?startDate=2023-06-01');
    expect(doc.attribution).toContain('SYNTHETIC');
    expect(doc.description).toContain('SYNTHETIC');
    const wmts = await app.inject(`/api/composite/tiles/WebMercatorQuad/WMTSCapabilities.xml?${DATES}`);
    expect(wmts.statusCode).toBe(200);
    expect(wmts.body).toContain('<ows:Identifier>WebMercatorQuad</ows:Identifier>');
    expect(wmts.body).toContain('startDate=2023-06-01&amp;endDate=2023-08-31');
    // A demo scene's own layer says so too, and its tiles draw.
    const scene = (await app.inject(`/api/scenes?LON_UL=${WEST}&LAT_UR=${SOUTH}&LON_UR=${EAST}&LAT_UL=${NORTH}&${DATES}`)).json().scenes[0].id;
    const sceneDoc = (await app.inject(`/api/scenes/${scene}/tiles/WebMercatorQuad/tilejson.json`)).json();
    expect(sceneDoc.attribution).toContain('SYNTHETIC');
    expect(sceneDoc.description).toContain('SYNTHETIC');
    const png = await app.inject(`/api/scenes/${scene}/tiles/WebMercatorQuad/${Z}/${X}/${Y}.png`);
    expect(png.statusCode).toBe(200);
    expect(png.headers['x-synthetic']).toBe('true');
    const low = await app.inject(`/api/composite/tiles/WebMercatorQuad/5/16/10.png?${DATES}`);
    expect(low.statusCode).toBe(404);
    expect(low.json().error.code).toBe('zoom_too_low');
  }, 120_000);
});
