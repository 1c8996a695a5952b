import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PNG } from 'pngjs';
import type { FastifyInstance } from 'fastify';
import { buildTestApp } from '../../../test/support/testApp.js';

const FIXTURE_SCENE = 'LC08_L2SP_001070_20190114_02_T2';
let app: FastifyInstance;
beforeAll(async () => {
  app = await buildTestApp();
});
afterAll(async () => {
  await app?.close();
});

describe('GET /api/quicklook on the real fixture', () => {
  it('is a PNG of the whole scene, at most 256 px, naming scene, bands and stretch', async () => {
    const res = await app.inject(`/api/quicklook?sceneId=${FIXTURE_SCENE}&bands=B04,B03,B02`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/png');
    const png = PNG.sync.read(res.rawPayload);
    expect(Math.max(png.width, png.height)).toBe(256);
    expect(Math.min(png.width, png.height)).toBeGreaterThan(200); // the fixture is about square on the ground
    expect(res.headers['x-scene-id']).toBe(FIXTURE_SCENE);
    expect(res.headers['x-scene-datetime']).toMatch(/^2019-01-14T/);
    expect(res.headers['x-satellite']).toBe('landsat-8');
    expect(res.headers['x-bands']).toBe('B04,B03,B02');
    expect(res.headers['x-stretch']).toMatch(/^2-98 % percentile stretch, shared by R, G, B: \d\.\d{4}-\d\.\d{4} reflectance$/);
    // Opaque pixels exist (not an empty picture).
    let opaque = 0;
    for (let i = 3; i < png.data.length; i += 4) if (png.data[i] === 255) opaque++;
    expect(opaque).toBeGreaterThan(png.width * png.height * 0.5);
  });

  it('answers the second ask from its cache with the same bytes', async () => {
    const a = await app.inject(`/api/quicklook?sceneId=${FIXTURE_SCENE}&bands=B05`);
    const b = await app.inject(`/api/quicklook?sceneId=${FIXTURE_SCENE}&bands=B05`);
    expect(b.statusCode).toBe(200);
    expect(Buffer.compare(a.rawPayload, b.rawPayload)).toBe(0);
    expect(a.headers['x-stretch']).toMatch(/^2-98 % percentile stretch: /);
  });

  it('answers JSON errors: unknown scene 404, malformed id or band 400', async () => {
    const missing = await app.inject('/api/quicklook?sceneId=LC08_L2SP_001070_20190115_02_T2');
    expect(missing.statusCode).toBe(404);
    expect(missing.json().error.code).toBe('no_scene');
    const bad = await app.inject('/api/quicklook?sceneId=../../etc/passwd');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error).toMatchObject({ code: expect.any(String), message: expect.stringContaining('sceneId') });
    const badBand = await app.inject(`/api/quicklook?sceneId=${FIXTURE_SCENE}&bands=B99`);
    expect(badBand.statusCode).toBe(400);
    const unparsable = await app.inject('/api/quicklook?sceneId=NOT_A_LANDSAT_SCENE_ID');
    expect(unparsable.statusCode).toBe(404);
    expect(unparsable.json().error.message).toMatch(/not a Landsat Collection 2 Level-2 scene id/);
  });
});

describe('image headers and covered dates', () => {
  it('landsatImage and landsat3x3 say the satellite and the stretch', async () => {
    const box = 'LON_UL=-67.60&LAT_UR=-14.50&LON_UR=-67.40&LAT_UL=-14.20&startDate=2019-01-01&endDate=2019-01-31&cloudCoverage=100';
    const full = await app.inject(`/api/landsatImage?${box}`);
    expect(full.headers['x-satellite']).toBe('landsat-8');
    expect(full.headers['x-stretch']).toMatch(/^2-98 % percentile stretch, shared by R, G, B: /);
    const small = await app.inject(`/api/landsat3x3?latitude=-14.7111791&longitude=-67.3037941&${box}&bands=B04,B03,B02`);
    expect(small.headers['x-stretch']).toBe('fixed: 0-0.3 reflectance');
  });

  it('landsatData and pixel carry the covered date range', async () => {
    const data = await app.inject('/api/landsatData?LON_UL=-67.60&LAT_UR=-14.50&LON_UR=-67.40&LAT_UL=-14.20&startDate=2019-01-01&endDate=2019-01-31&cloudCoverage=100&bands=B04');
    expect(data.json()).toMatchObject({ truncated: false, coveredStartDate: '2019-01-01', coveredEndDate: '2019-01-31' });
    const pixel = await app.inject('/api/pixel?lat=-14.7111791&lon=-67.3037941&startDate=2019-01-01&endDate=2019-01-31&bands=B04');
    expect(pixel.json()).toMatchObject({ coveredStartDate: '2019-01-01', coveredEndDate: '2019-01-31' });
  });
});
