import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fromArrayBuffer } from 'geotiff';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildTestApp } from '../../../test/support/testApp.js';
import { PX, PY, ringAround } from '../../../test/support/fixtureRing.js';
import { FIXTURE_SCENE_DIR, FIXTURE_SCENE_ID, TM_ETM_CATALOG_DIR } from '../../../test/support/fixturePaths.js';
import { parseCsv } from '../../shared/csv.js';

/**
 * Areas against the fixture scene with counts known by arithmetic: rectangles drawn on the scene's
 * own grid (its STAC item's proj:transform [448.30078125, 0, 528285, 0, -455.91796875, -1482285],
 * EPSG:32619; test/support/fixtureRing.ts), a quarter pixel inside whole pixel edges, so exactly the
 * pixels of those columns and rows have their centre inside. The pixel values are read with
 * geotiff.js straight from the fixture files, not through this project's reader.
 */
const BODY = { startDate: '2019-01-01', endDate: '2019-01-31', cloudCoverage: 100, bands: ['B04', 'B09'] };

async function raster(file: string): Promise<{ width: number; data: Uint16Array }> {
  const bytes = readFileSync(path.join(FIXTURE_SCENE_DIR, `${FIXTURE_SCENE_ID}_${file}.TIF`));
  const image = await (await fromArrayBuffer(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer)).getImage();
  return { width: image.getWidth(), data: (await image.readRasters())[0] as Uint16Array };
}

/** Expected counts and B04 statistics written out independently: default mask = bits 1-4 unset, fill = bit 0. */
async function expected(cells: [number, number][]) {
  const qa = await raster('QA_PIXEL');
  const b4 = await raster('SR_B4');
  let pixelCount = 0;
  const values: number[] = [];
  for (const [c, r] of cells) {
    const q = qa.data[r * qa.width + c];
    if (q === 0 || (q & 1) === 1) continue;
    pixelCount++;
    const dn = b4.data[r * b4.width + c];
    if ((q & 0b1_1110) === 0 && dn !== 0) values.push(dn * 0.0000275 - 0.2);
  }
  values.sort((a, b) => a - b);
  const n = values.length;
  const mean = values.reduce((s, v) => s + v, 0) / n;
  return {
    pixelCount,
    clearCount: n,
    mean,
    median: n % 2 ? values[(n - 1) / 2] : (values[n / 2 - 1] + values[n / 2]) / 2,
    stDev: Math.sqrt(values.reduce((s, v) => s + (v - mean) ** 2, 0) / n),
    min: values[0],
    max: values[n - 1],
  };
}
const cellsOf = (c0: number, r0: number, c1: number, r1: number, hole?: [number, number, number, number]) => {
  const cells: [number, number][] = [];
  for (let r = r0; r < r1; r++) for (let c = c0; c < c1; c++) if (!hole || c < hole[0] || c >= hole[2] || r < hole[1] || r >= hole[3]) cells.push([c, r]);
  return cells;
};

let app: FastifyInstance;
beforeAll(async () => {
  app = await buildTestApp();
});
afterAll(async () => {
  await app?.close();
});

describe('POST /api/area on the fixture scene', () => {
  it('a 20 x 20 pixel rectangle holds 400 pixel centres; counts and statistics match the files', async () => {
    const res = await app.inject({ method: 'POST', url: '/api/area', payload: { ...BODY, geometry: { type: 'Polygon', coordinates: [ringAround(330, 300, 350, 320)] } } });
    expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
    const body = res.json();
    expect(body.synthetic).toBe(false);
    expect(body.scenes).toHaveLength(1);
    const entry = body.scenes[0];
    const want = await expected(cellsOf(330, 300, 350, 320));
    expect(want.pixelCount).toBe(400); // every pixel of this rectangle is imaged
    expect(entry.pixelCount).toBe(400);
    expect(entry.clearCount).toBe(want.clearCount);
    expect(entry.bands.B04.count).toBe(want.clearCount);
    for (const key of ['mean', 'median', 'stDev', 'min', 'max'] as const) expect(entry.bands.B04[key]).toBeCloseTo(want[key], 10);
    expect(entry.bands.B09.count).toBeLessThanOrEqual(want.clearCount);
  });

  it('honours holes: a Feature with a 4 x 4 hole leaves 384 pixels; mask=none counts every imaged one clear', async () => {
    const feature = { type: 'Feature', properties: {}, geometry: { type: 'Polygon', coordinates: [ringAround(330, 300, 350, 320), ringAround(338, 308, 342, 312).reverse()] } };
    // The hole ring runs a quarter pixel inside its pixels' edges, so those 16 centres are in the hole.
    const res = await app.inject({ method: 'POST', url: '/api/area', payload: { ...BODY, geometry: { type: 'FeatureCollection', features: [feature] } } });
    const entry = res.json().scenes[0];
    const want = await expected(cellsOf(330, 300, 350, 320, [338, 308, 342, 312]));
    expect(entry.pixelCount).toBe(384);
    expect(entry.clearCount).toBe(want.clearCount);
    expect(entry.bands.B04.mean).toBeCloseTo(want.mean, 10);
    const none = (await app.inject({ method: 'POST', url: '/api/area', payload: { ...BODY, mask: 'none', geometry: feature } })).json().scenes[0];
    expect(none.clearCount).toBe(384);
  });

  it("GDAL's own rasterisation (ogr2ogr to EPSG:32619, gdal_rasterize on the scene grid) burns the same pixels", async () => {
    // By hand with GDAL 3.6.2 this polygon burnt 384 pixels (gdalinfo -stats: STATISTICS_MEAN=0.00146484375 of 512 x 512).
    const dir = mkdtempSync(path.join(os.tmpdir(), 'area-gdal-'));
    const polygon = { type: 'Polygon', coordinates: [ringAround(330, 300, 350, 320), ringAround(338, 308, 342, 312).reverse()] };
    writeFileSync(path.join(dir, 'area.geojson'), JSON.stringify({ type: 'FeatureCollection', features: [{ type: 'Feature', properties: {}, geometry: polygon }] }));
    // Asynchronous: a blocked event loop would make the app under test shed the next requests (503 busy).
    const run = promisify(execFile);
    await run('ogr2ogr', ['-t_srs', 'EPSG:32619', path.join(dir, 'utm.geojson'), path.join(dir, 'area.geojson')]);
    await run('gdal_rasterize', ['-q', '-burn', '1', '-init', '0', '-te', '528285', String(-1482285 - 512 * PY), String(528285 + 512 * PX), '-1482285', '-tr', String(PX), String(PY), '-ot', 'Byte', path.join(dir, 'utm.geojson'), path.join(dir, 'burn.tif')]);
    const info = JSON.parse((await run('gdalinfo', ['-json', '-stats', path.join(dir, 'burn.tif')])).stdout);
    const burnt = Math.round(Number(info.bands[0].metadata[''].STATISTICS_MEAN) * 512 * 512);
    expect(burnt).toBe(384);
    const entry = (await app.inject({ method: 'POST', url: '/api/area', payload: { ...BODY, geometry: polygon } })).json().scenes[0];
    expect(entry.pixelCount).toBe(burnt);
  });

  it('answers as CSV and as NDJSON with progress', async () => {
    const payload = { ...BODY, geometry: { type: 'Polygon', coordinates: [ringAround(330, 300, 340, 310)] } };
    const csv = await app.inject({ method: 'POST', url: '/api/area.csv', payload });
    expect(csv.headers['content-type']).toContain('text/csv');
    const rows = parseCsv(csv.body);
    expect(rows[0]).toContain('st_dev_population');
    expect(rows.slice(1).map((r) => r[6])).toEqual(['B04', 'B09']);
    expect(rows[1][rows[0].indexOf('pixel_count')]).toBe('100');
    // The CSV's precision (src/shared/csv.ts): reflectance at most 6 decimals, kelvin 2.
    for (const name of ['mean', 'median', 'st_dev_population', 'min', 'max']) {
      const column = rows[0].indexOf(name);
      expect(column, name).toBeGreaterThan(0);
      expect(rows[1][column]).toMatch(/^-?\d+(\.\d{1,6})?$/);
      expect(rows[2][column]).toMatch(/^-?\d+(\.\d{1,2})?$/);
    }
    const stream = await app.inject({ method: 'POST', url: '/api/area/stream', payload });
    const lines = stream.body.trim().split('\n').map((l) => JSON.parse(l));
    expect(lines[0].type).toBe('progress');
    expect(lines.at(-1).type).toBe('result');
    expect(lines.at(-1).result.scenes[0].pixelCount).toBe(100);
  });

  it('refuses in words: self-intersecting 400, not a polygon 400, over 2,500 km² 413, unknown mask 400', async () => {
    const post = (geometry: unknown, extra = {}) => app.inject({ method: 'POST', url: '/api/area', payload: { ...BODY, ...extra, geometry } });
    const bowtie = await post({ type: 'Polygon', coordinates: [[[-67.4, -14.6], [-67.3, -14.5], [-67.3, -14.6], [-67.4, -14.5], [-67.4, -14.6]]] });
    expect(bowtie.statusCode).toBe(400);
    expect(bowtie.json().error.message).toContain('self-intersecting');
    const point = await post({ type: 'Point', coordinates: [-67.3, -14.7] });
    expect(point.statusCode).toBe(400);
    expect(point.json().error.message).toContain('Polygon');
    // 0.5° x 0.5° at 14.5° S is about 55 km x 54 km ≈ 3,000 km².
    const big = await post({ type: 'Polygon', coordinates: [[[-67.8, -14.8], [-67.3, -14.8], [-67.3, -14.3], [-67.8, -14.3], [-67.8, -14.8]]] });
    expect(big.statusCode).toBe(413);
    expect(big.json().error.message).toContain('2,500 km²');
    const mask = await post({ type: 'Polygon', coordinates: [ringAround(330, 300, 340, 310)] }, { mask: 'smoke' });
    expect(mask.statusCode).toBe(400);
    expect(mask.json().error.message).toContain('dilated_cloud');
  });
});

describe('POST /api/area on Landsat 5 TM (real local: catalogue), harmonize=oli', () => {
  // GDAL 3.6 `gdallocationinfo -wgs84` DNs at this pixel centre, ../shared/real-world/README.md (landsat-tm-etm).
  const TM_POINT = [149.8378759, -34.3059109] as const;
  const TM_GDAL = { SR_B3: 10217, ST_B6: 43991, QA: 5440 };
  const d = 0.001; // ~100 m: well inside the decimated scene's one pixel (about 4 km), around its centre
  const geometry = { type: 'Polygon', coordinates: [[[TM_POINT[0] - d, TM_POINT[1] - d], [TM_POINT[0] + d, TM_POINT[1] - d], [TM_POINT[0] + d, TM_POINT[1] + d], [TM_POINT[0] - d, TM_POINT[1] + d], [TM_POINT[0] - d, TM_POINT[1] - d]]] };
  const body = { geometry, startDate: '1998-03-01', endDate: '1998-03-31', cloudCoverage: 100, bands: ['B01', 'B04', 'B09'] };
  let tmApp: FastifyInstance;
  beforeAll(async () => {
    tmApp = await buildTestApp({ LANDSAT_SOURCE: `local:${TM_ETM_CATALOG_DIR}` });
  });
  afterAll(async () => {
    await tmApp?.close();
  });

  it('reads TM red from SR_B3 and temperature from ST_B6, names B01 missing, harmonises with Roy 2016 when asked', async () => {
    const raw = await tmApp.inject({ method: 'POST', url: '/api/area', payload: body });
    expect(raw.statusCode).toBe(200);
    const [entry] = raw.json().scenes;
    expect(entry.scene).toMatchObject({ satellite: 'landsat-5', sensor: 'TM' });
    expect(entry.scene.harmonized).toBeUndefined();
    expect(entry).toMatchObject({ pixelCount: 1, clearCount: 1 });
    expect(entry.bands.B04.mean).toBeCloseTo(TM_GDAL.SR_B3 * 0.0000275 - 0.2, 10);
    expect(entry.bands.B09.mean).toBeCloseTo(TM_GDAL.ST_B6 * 0.00341802 + 149.0, 8);
    expect(entry.bands.B01).toBeUndefined();
    expect(entry.missingBands.B01).toMatch(/not on TM scenes/);

    const oli = await tmApp.inject({ method: 'POST', url: '/api/area', payload: { ...body, harmonize: 'oli' } });
    expect(oli.statusCode).toBe(200);
    const [h] = oli.json().scenes;
    expect(h.scene.harmonized).toBe('roy2016-rma');
    expect(h.bands.B04.mean).toBeCloseTo(0.9825 * (TM_GDAL.SR_B3 * 0.0000275 - 0.2) - 0.0022, 10);
    expect(h.bands.B09.mean).toBe(entry.bands.B09.mean);

    const csv = await tmApp.inject({ method: 'POST', url: '/api/area.csv', payload: { ...body, harmonize: 'oli' } });
    const [header, ...rows] = parseCsv(csv.body);
    const red = rows.find((r) => r[header.indexOf('band')] === 'B04')!;
    expect([red[header.indexOf('sensor')], red[header.indexOf('sensor_band')], red[header.indexOf('harmonized')]]).toEqual(['TM', 'TM band 3, red', 'roy2016-rma']);

    const bad = await tmApp.inject({ method: 'POST', url: '/api/area', payload: { ...body, harmonize: 'etm' } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.message).toMatch(/harmonize must be "oli"/);
  });
});
