import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { TM_ETM_CATALOG_DIR } from '../../../test/support/fixturePaths.js';
import { buildTestApp } from '../../../test/support/testApp.js';
import { OFFICIAL_SCHEMA_URLS, validateStac } from '../../../test/support/stacValidation.js';

/**
 * Every GeoTIFF export has a STAC Item: /api/export.json with the same query, named by the GeoTIFF's
 * Link header. Every kind of Item (a box or a polygon, DNs or reflectance, with or without a mask, OLI/TIRS
 * or TM) is validated with stac-node-validator against the official STAC 1.1.0 Item schemas and the
 * official eo, file, processing, projection and raster extension schemas (test/stac-schemas/official,
 * offline, sources in its README), and what it says is
 * checked against the file itself: size and SHA-256 of the bytes, and the grid, scale, offset and nodata
 * as GDAL reads them from the GeoTIFF.
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
    // Every official schema file took part (the Item schema, each file it refers to, GeoJSON, eo, file, processing).
    expect(new Set(report.served)).toEqual(new Set([...OFFICIAL_SCHEMA_URLS, ...item.stac_extensions]));

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
    const report = await validateStac(item);
    expect(report.valid, JSON.stringify(report.results).slice(0, 800)).toBe(true);
    expect(item.assets.data.bands[0]).toMatchObject({ data_type: 'float32', nodata: 'nan' });
    expect(item.assets.data.bands[0]['raster:scale']).toBeUndefined();
  });

  it('polygon exports and exports without a mask validate too', async () => {
    const polygon = { type: 'Polygon', coordinates: [[[-67.32, -14.73], [-67.29, -14.73], [-67.305, -14.70], [-67.32, -14.73]]] };
    for (const query of [
      `sceneId=${SCENE}&bands=B04,B05&geometry=${encodeURIComponent(JSON.stringify(polygon))}`,
      `sceneId=${SCENE}&bands=B04,B05&geometry=${encodeURIComponent(JSON.stringify(polygon))}&format=reflectance&mask=cloud`,
      `sceneId=${SCENE}&bands=B02,B03,B04,B05,B06,B07,B09&LON_UL=-67.32&LAT_UR=-14.73&LON_UR=-67.29&LAT_UL=-14.70`,
    ]) {
      const res = await app.inject(`/api/export.json?${query}`);
      expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
      const report = await validateStac(res.json());
      expect(report.valid, `${query}: ${JSON.stringify(report.results).slice(0, 800)}`).toBe(true);
    }
  });

  it('a Landsat 5 TM export (real local: catalogue) validates and names its instrument', async () => {
    const tmApp = await buildTestApp({ LANDSAT_SOURCE: `local:${TM_ETM_CATALOG_DIR}` });
    try {
      const res = await tmApp.inject('/api/export.json?sceneId=LT05_L2SP_090084_19980308_02_T1&bands=B03,B04,QA&LON_UL=149.83&LAT_UR=-34.31&LON_UR=149.845&LAT_UL=-34.30');
      expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
      const item = res.json();
      const report = await validateStac(item);
      expect(report.valid, JSON.stringify(report.results).slice(0, 800)).toBe(true);
      expect(item.properties).toMatchObject({ platform: 'landsat-5', instruments: ['tm'] });
    } finally {
      await tmApp.close();
    }
  });

  // Each change breaks one rule of an official schema (read from the schema files, not from our code); the
  // unbroken Item is valid (above), so each refusal comes from that rule.
  const BREAKS: [string, string, (item: any) => void][] = [
    ['core', 'datetime not in UTC (datetime.json pattern)', (i) => (i.properties.datetime = i.properties.datetime.replace(/Z$/, '+02:00'))],
    ['core', 'unknown data_type (data-values.json via bands.json)', (i) => (i.assets.data.bands[0].data_type = 'uint17')],
    ['core', 'relative self link (item.json: self must be an absolute IRI)', (i) => (i.links[0].href = 'export.json?sceneId=x')],
    ['core', 'bbox of 5 numbers (item.json)', (i) => i.bbox.push(0)],
    ['core', 'ring of 3 positions (GeoJSON Geometry.json)', (i) => (i.geometry.coordinates[0] = i.geometry.coordinates[0].slice(0, 3))],
    ['core', 'empty description (basics.json)', (i) => (i.properties.description = '')],
    ['core', 'gsd of 0 (instrument.json)', (i) => (i.properties.gsd = 0)],
    ['https://stac-extensions.github.io/file/v2.1.0/schema.json', 'checksum not lower-case hex (file)', (i) => (i.assets.data['file:checksum'] = 'SHA256:AB')],
    ['https://stac-extensions.github.io/file/v2.1.0/schema.json', 'negative size (file)', (i) => (i.assets.data['file:size'] = -1)],
    ['https://stac-extensions.github.io/processing/v1.1.0/schema.json', 'software version not a string (processing)', (i) => (i.properties['processing:software'] = { otf: 1 })],
    ['https://stac-extensions.github.io/eo/v2.0.0/schema.json', 'cloud cover above 100 (eo)', (i) => (i.properties['eo:cloud_cover'] = 101)],
    ['https://stac-extensions.github.io/projection/v2.0.0/schema.json', 'proj:code a number, not a string (projection)', (i) => (i.properties['proj:code'] = 32619)],
    ['https://stac-extensions.github.io/projection/v2.0.0/schema.json', 'proj:transform of 7 numbers (projection)', (i) => i.properties['proj:transform'].push(0)],
    ['https://stac-extensions.github.io/projection/v2.0.0/schema.json', 'proj:bbox of 5 numbers on the asset (projection)', (i) => (i.assets.data['proj:bbox'] = [0, 0, 1, 1, 2])],
    ['https://stac-extensions.github.io/raster/v2.0.0/schema.json', 'raster:scale a string in a band (raster)', (i) => (i.assets.data.bands[0]['raster:scale'] = '0.0000275')],
    ['https://stac-extensions.github.io/raster/v2.0.0/schema.json', 'raster:sampling not area or point (raster)', (i) => (i.assets.data.bands[0]['raster:sampling'] = 'centre')],
    ['https://stac-extensions.github.io/raster/v2.0.0/schema.json', 'unknown raster: field (raster)', (i) => (i.assets.data.bands[0]['raster:data_type'] = 'uint16')],
    ['https://stac-extensions.github.io/raster/v2.0.0/schema.json', 'raster declared but no raster: field anywhere (raster)', (i) => {
      for (const band of i.assets.data.bands) for (const key of Object.keys(band)) if (key.startsWith('raster:')) delete band[key];
    }],
    // STAC 1.1 moved data_type from raster:bands into common metadata, so the core schema checks it.
    ['core', 'band data_type float99 (data-values.json)', (i) => (i.assets.data.bands[1].data_type = 'float99')],
  ];
  it.each(BREAKS)('the official %s schema refuses: %s', async (where, _what, breakIt) => {
    const item = (await app.inject(`/api/export.json?${QUERY}`)).json();
    breakIt(item);
    const report = await validateStac(item);
    expect(report.valid).toBe(false);
    const errors = where === 'core' ? report.results.core : report.results.extensions[where];
    expect(errors.length, JSON.stringify(report.results).slice(0, 800)).toBeGreaterThan(0);
  });
});
