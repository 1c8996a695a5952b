import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PNG } from 'pngjs';
import type { FastifyInstance } from 'fastify';
import { buildTestApp } from '../../../test/support/testApp.js';
import {
  FIXTURE_BOX as BOX,
  FIXTURE_DATES as DATES,
  GDAL_B04_BLOCK_1,
  GDAL_DN_POINT_1 as GDAL_POINT_1,
  GDAL_DN_POINT_2 as GDAL_POINT_2,
  README_POINT_1 as POINT_1,
  README_POINT_2 as POINT_2,
  queryString as qs,
} from '../../../test/support/fixtureFacts.js';

const ALL_BANDS = 'B01,B02,B03,B04,B05,B06,B07,B08,B09,B10';

let app: FastifyInstance;
beforeAll(async () => {
  app = await buildTestApp();
});
afterAll(async () => {
  await app?.close();
});

describe('GET /api/pixel on the real fixture', () => {
  for (const [name, point, gdal] of [
    ['first', POINT_1, GDAL_POINT_1],
    ['second', POINT_2, GDAL_POINT_2],
  ] as const) {
    it(`equals GDAL's DN at the ${name} README point, in every band and QA`, async () => {
      const res = await app.inject(`/api/pixel?${qs({ lat: point.lat, lon: point.lon, ...DATES, bands: ALL_BANDS })}`);
      expect(res.statusCode).toBe(200);
      const body = res.json();
      expect(body.target).toEqual({ lat: point.lat, lon: point.lon });
      expect(body.scenes).toHaveLength(1);
      const scene = body.scenes[0];
      expect(scene).toMatchObject({ id: 'LC08_L2SP_001070_20190114_02_T2', satellite: 'landsat-8', wrsPath: 1, wrsRow: 70, crs: 'EPSG:32619' });
      for (const band of ['B01', 'B02', 'B03', 'B04', 'B05', 'B06', 'B07', 'B09'] as const) {
        expect(scene.bands[band].dn[1][1], band).toBe(gdal[band]);
      }
      expect(scene.qa.values[1][1]).toBe(gdal.QA);
      // Physical units: Collection 2 scale and offset.
      expect(scene.bands.B04.unit).toBe('reflectance');
      expect(scene.bands.B04.values[1][1]).toBeCloseTo(gdal.B04 * 0.0000275 - 0.2, 10);
      expect(scene.bands.B09.unit).toBe('kelvin');
      expect(scene.bands.B09.values[1][1]).toBeCloseTo(gdal.B09 * 0.00341802 + 149.0, 8);
      // Level-1-only bands are reported, not invented.
      expect(scene.bands.B08).toBeUndefined();
      expect(body.unavailableBands.B08).toMatch(/Level-1/);
      expect(body.unavailableBands.B10).toMatch(/Level-1/);
    });
  }

  it("returns GDAL's 3 x 3 SR_B4 block, rows north to south", async () => {
    const res = await app.inject(`/api/pixel?${qs({ lat: POINT_1.lat, lon: POINT_1.lon, ...DATES, bands: 'B04', latest: 'true' })}`);
    expect(res.json().scenes[0].bands.B04.dn).toEqual(GDAL_B04_BLOCK_1);
  });

  it('decodes QA flags: 21824 is clear land, high-confidence... no cloud', async () => {
    const res = await app.inject(`/api/pixel?${qs({ lat: POINT_1.lat, lon: POINT_1.lon, ...DATES, bands: 'B04' })}`);
    const flags = res.json().scenes[0].qa.flags[1][1];
    // 21824 = 0b0101_0101_0100_0000: clear (bit 6), low confidences, no cloud or shadow.
    expect(flags).toMatchObject({ fill: false, cloud: false, cloudShadow: false, clear: true, water: false });
  });

  it('answers no scenes outside the date range', async () => {
    const res = await app.inject(`/api/pixel?${qs({ lat: POINT_1.lat, lon: POINT_1.lon, startDate: '2020-01-01', endDate: '2020-02-01' })}`);
    expect(res.statusCode).toBe(200);
    expect(res.json().scenes).toEqual([]);
  });
});

describe('GET /api/landsatData', () => {
  it('gives per-scene statistics in physical units over clear pixels', async () => {
    const res = await app.inject(`/api/landsatData?${qs({ ...BOX, ...DATES, bands: 'B04,B05,B08,B09' })}`);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.data).toHaveLength(1);
    const [entry] = body.data;
    expect(entry.scene).toMatchObject({ wrsPath: 1, wrsRow: 70, cloudCover: 75.65 });
    expect(entry.interval.from.slice(0, 10)).toBe('2019-01-14');
    const red = entry.outputs.data.bands.B04.stats;
    expect(red.sampleCount).toBeGreaterThan(0);
    expect(red.noDataCount).toBeGreaterThan(0); // 75 % cloud: many pixels are masked
    expect(red.min).toBeLessThanOrEqual(red.mean);
    expect(red.mean).toBeLessThanOrEqual(red.max);
    expect(red.min).toBeGreaterThan(-0.2);
    expect(red.max).toBeLessThan(1.7);
    const thermal = entry.outputs.data.bands.B09.stats;
    expect(thermal.mean).toBeGreaterThan(250); // kelvin
    expect(thermal.mean).toBeLessThan(330);
    expect(entry.outputs.data.bands.B08).toBeUndefined();
    expect(body.unavailableBands.B08).toMatch(/Level-1/);
    expect(body.truncated).toBe(false);
  });

  it('answers 200 with an empty list when no scene qualifies', async () => {
    const res = await app.inject(`/api/landsatData?${qs({ ...BOX, ...DATES, cloudCoverage: '10' })}`);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual([]);
  });
});

describe('image calls', () => {
  it('GET /api/landsat3x3 draws nine nearest-neighbour squares, at least 240 px', async () => {
    const res = await app.inject(`/api/landsat3x3?${qs({ latitude: POINT_1.lat, longitude: POINT_1.lon, ...BOX, ...DATES, bands: 'B04,B03,B02' })}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/png');
    const png = PNG.sync.read(res.rawPayload);
    expect(png.width).toBeGreaterThanOrEqual(240);
    expect(png.width).toBe(png.height);
    const block = png.width / 3;
    const rgbaAt = (x: number, y: number) => Array.from(png.data.subarray((y * png.width + x) * 4, (y * png.width + x) * 4 + 4));
    // Each pixel is a uniform square, and neighbours differ (the data differ).
    expect(rgbaAt(block + 1, block + 1)).toEqual(rgbaAt(2 * block - 2, 2 * block - 2));
    expect(rgbaAt(block + 1, block + 1)).not.toEqual(rgbaAt(2 * block + 1, 1));
    expect(res.headers['x-bands']).toBe('B04,B03,B02');
  });

  it('GET /api/landsatImage keeps the true aspect with a long side of 512-1024 px', async () => {
    const res = await app.inject(`/api/landsatImage?${qs({ ...BOX, ...DATES })}`);
    expect(res.statusCode).toBe(200);
    const png = PNG.sync.read(res.rawPayload);
    const longSide = Math.max(png.width, png.height);
    expect(longSide).toBeGreaterThanOrEqual(512);
    expect(longSide).toBeLessThanOrEqual(1024);
    // The box is 0.2° of longitude by 0.3° of latitude at 14° S: about 21.6 km by 33.2 km.
    expect(png.height / png.width).toBeCloseTo(33.2 / 21.6, 1);
  });

  it('answers 404 JSON when no scene qualifies', async () => {
    const res = await app.inject(`/api/landsatImage?${qs({ ...BOX, startDate: '2021-01-01', endDate: '2021-01-31' })}`);
    expect(res.statusCode).toBe(404);
    expect(res.json().error.code).toBe('no_scene');
    expect(res.json().error.message).toMatch(/2021-01-01/);
  });
});

describe('validation errors are JSON a person can read', () => {
  const cases: [string, Record<string, string>, RegExp][] = [
    ['latitude out of range', { latitude: '91', longitude: '0', ...BOX, ...DATES }, /latitude must be between -90 and 90/],
    ['unreal date', { latitude: '0', longitude: '0', ...BOX, ...DATES, startDate: '2019-02-30' }, /real calendar date/],
    ['start after end', { latitude: '0', longitude: '0', ...BOX, startDate: '2019-02-01', endDate: '2019-01-01' }, /after endDate/],
    ['unknown band', { latitude: '0', longitude: '0', ...BOX, ...DATES, bands: 'B04,B99' }, /unknown band B99/],
    ['cloud cover not an integer', { latitude: '0', longitude: '0', ...BOX, ...DATES, cloudCoverage: '12.5' }, /cloudCoverage must be a whole number/],
    ['box inverted', { latitude: '0', longitude: '0', ...BOX, LON_UL: '-67.3', LON_UR: '-67.5', ...DATES }, /west edge/],
    ['box too large', { latitude: '0', longitude: '0', LON_UL: '-70', LAT_UR: '-15', LON_UR: '-65', LAT_UL: '-14', ...DATES }, /at most 400 km/],
  ];
  for (const [name, params, message] of cases) {
    it(name, async () => {
      const res = await app.inject(`/api/landsat3x3?${qs(params)}`);
      expect(res.statusCode).toBe(400);
      const body = res.json();
      expect(body.error.code).toBe('bad_request');
      expect(body.error.message).toMatch(message);
      expect(JSON.stringify(body)).not.toMatch(/at .*\.ts:\d+/); // no stack traces
    });
  }

  it('refuses a request whose bands are all Level-1 only', async () => {
    const res = await app.inject(`/api/landsat3x3?${qs({ latitude: POINT_1.lat, longitude: POINT_1.lon, ...BOX, ...DATES, bands: 'B08,B10' })}`);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('unavailable_band');
  });
});

describe('GET /api/scenes and /api/health', () => {
  it('lists the qualifying scenes at a point', async () => {
    const res = await app.inject(`/api/scenes?${qs({ lat: POINT_1.lat, lon: POINT_1.lon, ...DATES })}`);
    expect(res.statusCode).toBe(200);
    expect(res.json().scenes.map((s: { id: string }) => s.id)).toEqual(['LC08_L2SP_001070_20190114_02_T2']);
  });

  it('names the live source', async () => {
    const res = await app.inject('/api/health');
    expect(res.json()).toMatchObject({ status: 'ok', synthetic: false });
    expect(res.json().source).toMatch(/^local:/);
  });
});

describe('NDJSON progress streams', () => {
  it('streams progress then the same result as /api/landsatData', async () => {
    const query = qs({ ...BOX, ...DATES, bands: 'B04' });
    const res = await app.inject(`/api/landsatData/stream?${query}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/application\/x-ndjson/);
    const lines = res.body.trim().split('\n').map((l) => JSON.parse(l));
    expect(lines[0]).toEqual({ type: 'progress', done: 0, total: null });
    // The count as soon as the search knows it, before any scene is read.
    expect(lines[1]).toEqual({ type: 'progress', done: 0, total: 1 });
    expect(lines).toContainEqual({ type: 'progress', done: 1, total: 1 });
    const last = lines[lines.length - 1];
    expect(last.type).toBe('result');
    const plain = await app.inject(`/api/landsatData?${query}`);
    // The same scenes and numbers; only the limit differs (MAX_SCENES_STREAM for streamed calls).
    expect(last.result).toEqual({ ...plain.json(), limit: 5000 });
  });

  it('reports a failure after the start as an error line', async () => {
    const res = await app.inject(`/api/pixel/stream?${qs({ lat: POINT_1.lat, lon: POINT_1.lon, ...DATES, bands: 'B08' })}`);
    const lines = res.body.trim().split('\n').map((l) => JSON.parse(l));
    expect(lines[lines.length - 1]).toMatchObject({ type: 'error', error: { code: 'unavailable_band' }, status: 400 });
  });

  it('still validates before streaming', async () => {
    const res = await app.inject(`/api/pixel/stream?${qs({ lat: 100, lon: 0, ...DATES })}`);
    expect(res.statusCode).toBe(400);
  });
});

describe('image bounds for the map overlay', () => {
  it('names the WGS84 bounds of the drawn box, around the requested box', async () => {
    const res = await app.inject(`/api/landsatImage?${qs({ ...BOX, ...DATES })}`);
    const [minLon, minLat, maxLon, maxLat] = String(res.headers['x-image-bounds']).split(',').map(Number);
    // The image covers the box, give or take a pixel (~450 m in the resampled fixture) and the grid's rotation.
    expect(minLon).toBeCloseTo(-67.6, 1);
    expect(maxLon).toBeCloseTo(-67.4, 1);
    expect(minLat).toBeCloseTo(-14.5, 1);
    expect(maxLat).toBeCloseTo(-14.2, 1);
  });
});

describe('GET /api/scenes with a box', () => {
  it('lists the scenes over a box, and refuses a half-given box', async () => {
    const res = await app.inject(`/api/scenes?${qs({ ...BOX, ...DATES })}`);
    expect(res.statusCode).toBe(200);
    expect(res.json().scenes.map((s: { id: string }) => s.id)).toEqual(['LC08_L2SP_001070_20190114_02_T2']);
    const half = await app.inject(`/api/scenes?${qs({ LON_UL: BOX.LON_UL, LAT_UR: BOX.LAT_UR, ...DATES })}`);
    expect(half.statusCode).toBe(400);
    expect(half.json().error.message).toMatch(/a point \(lat and lon\) or a whole box/);
  });
});
