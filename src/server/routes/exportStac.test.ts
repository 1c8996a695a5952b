import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildTestApp } from '../../../test/support/testApp.js';
import { validateStac } from '../../../test/support/stacValidation.js';

/**
 * Every GeoTIFF export has a STAC Item: /api/export.json with the same query, named by the GeoTIFF's
 * Link header. The Item is validated with stac-node-validator (offline schemas, test/stac-schemas), and
 * what it says is checked against the file itself: size and SHA-256 of the bytes, and the grid, scale,
 * offset and nodata as GDAL reads them from the GeoTIFF.
 */
const run = promisify(execFile);
const SCENE = 'LC08_L2SP_001070_20190114_02_T2';
const QUERY = `sceneId=${SCENE}&bands=B04,B09,QA&LON_UL=-67.32&LAT_UR=-14.73&LON_UR=-67.29&LAT_UL=-14.70&mask=cloud,shadow`;

let app: FastifyInstance;
let dir: string;
beforeAll(async () => {
  app = await buildTestApp({ LOAD_SHED_EVENT_LOOP_DELAY_MS: '0' });
  dir = mkdtempSync(path.join(os.tmpdir(), 'export-stac-'));
});
afterAll(async () => {
  await app?.close();
});

describe('STAC beside every GeoTIFF export', () => {
  it('the GeoTIFF links its Item; the Item validates and describes the very file', async () => {
    const tif = await app.inject(`/api/export.tif?${QUERY}`);
    expect(tif.statusCode, tif.body.slice(0, 300)).toBe(200);
    expect(tif.headers.link).toBe(`<http://localhost:80/api/export.json?${QUERY}>; rel="describedby"; type="application/geo+json"`);
    const res = await app.inject(`/api/export.json?${QUERY}`);
    expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
    expect(res.headers['content-type']).toContain('application/geo+json');
    const item = res.json();

    const report = await validateStac(item);
    expect(report.results, JSON.stringify(report.results).slice(0, 800)).toBeDefined();
    expect(report.valid, JSON.stringify(report.results).slice(0, 800)).toBe(true);
    expect(Object.keys(report.results.extensions).sort()).toEqual(item.stac_extensions.slice().sort());

    const asset = item.assets.data;
    expect(asset.href).toBe(`http://localhost:80/api/export.tif?${QUERY}`);
    expect(asset['file:size']).toBe(tif.rawPayload.length);
    expect(asset['file:checksum']).toBe(`1220${createHash('sha256').update(tif.rawPayload).digest('hex')}`);
    expect(item.properties['landsat:scene_id']).toBe(SCENE);
    expect(item.properties['otf:mask']).toBe('cloud,shadow');
    expect(item.properties['processing:software']).toEqual({ 'landsat-on-the-fly': expect.stringMatching(/^\d+\.\d+\.\d+/) });

    // What GDAL reads from the file itself.
    const file = path.join(dir, 'export.tif');
    writeFileSync(file, tif.rawPayload);
    const info = JSON.parse((await run('gdalinfo', ['-json', file])).stdout);
    expect(item.properties['proj:shape']).toEqual([info.size[1], info.size[0]]);
    const [ox, px, , oy, , py] = info.geoTransform;
    expect(item.properties['proj:transform']).toEqual([px, 0, ox, 0, py, oy]);
    expect(item.properties['proj:code']).toBe(`EPSG:${info.stac['proj:epsg']}`);
    const names = asset.bands.map((b: { name: string }) => b.name);
    expect(names).toEqual(['B04', 'B09', 'QA']);
    info.bands.forEach((band: { scale?: number; offset?: number; noDataValue?: number }, i: number) => {
      const described = asset.bands[i];
      expect(described.nodata).toBe(band.noDataValue);
      if (described.name === 'QA') return;
      expect(described['raster:scale']).toBe(band.scale);
      expect(described['raster:offset']).toBe(band.offset);
    });
    expect(asset.bands[0].unit).toBe('1');
    expect(asset.bands[1].unit).toBe('K');
    expect(asset.bands[0]['eo:common_name']).toBe('red');
  });

  it('the validator does check: a broken Item is refused', async () => {
    const item = (await app.inject(`/api/export.json?${QUERY}`)).json();
    const broken = structuredClone(item);
    broken.properties['proj:shape'] = ['tall', 'wide'];
    broken.assets.data.bands[0]['eo:common_name'] = 'ultraviolet';
    delete broken.properties.datetime;
    const report = await validateStac(broken);
    expect(report.valid).toBe(false);
    expect(report.results.core.length).toBeGreaterThan(0);
    expect(report.results.extensions['https://stac-extensions.github.io/projection/v2.0.0/schema.json'].length).toBeGreaterThan(0);
    expect(report.results.extensions['https://stac-extensions.github.io/eo/v2.0.0/schema.json'].length).toBeGreaterThan(0);
  });

  it('reflectance exports say float32 and NaN, without scale or offset', async () => {
    const item = (await app.inject(`/api/export.json?${QUERY}&format=reflectance`)).json();
    expect((await validateStac(item)).valid).toBe(true);
    expect(item.assets.data.bands[0]).toMatchObject({ data_type: 'float32', nodata: 'nan' });
    expect(item.assets.data.bands[0]['raster:scale']).toBeUndefined();
  });
});
