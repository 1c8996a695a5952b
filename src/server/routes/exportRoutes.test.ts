import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildTestApp } from '../../../test/support/testApp.js';
import { FIXTURE_SCENE_DIR, FIXTURE_SCENE_ID, TM_ETM_CATALOG_DIR } from '../../../test/support/fixturePaths.js';

/**
 * The export is checked with GDAL itself (Debian gdal-bin and python3-gdal; .ci/run installs them):
 * gdalinfo reads the grid, descriptions, scale/offset and no-data; gdallocationinfo reads the
 * source scene's pixels independently of this project's reader; GDAL's validate_cloud_optimized_geotiff
 * says whether the file is a COG. Values recorded with GDAL 3.6.2 by hand:
 *   gdallocationinfo -valonly ..._SR_B4.TIF 343 318   → 8158
 *   gdallocationinfo -valonly ..._SR_B3.TIF 343 318   → 9075
 *   gdallocationinfo -valonly ..._QA_PIXEL.TIF 343 318 → 21824
 *   gdalinfo ..._SR_B4.TIF: Origin = (528285, -1482285), Pixel Size = (448.30078125, -455.91796875)
 */
const SCENE = 'LC08_L2SP_001070_20190114_02_T2';
const BOX = 'LON_UL=-67.32&LAT_UR=-14.73&LON_UR=-67.29&LAT_UL=-14.70';
const SOURCE_ORIGIN = [528285, -1482285];
const SOURCE_PIXEL = [448.30078125, 455.91796875];
const src = (file: string) => path.join(FIXTURE_SCENE_DIR, `${FIXTURE_SCENE_ID}_${file}.TIF`);
const VALIDATE_COG = '/usr/share/doc/python3-gdal/examples/validate_cloud_optimized_geotiff.py';

let app: FastifyInstance;
let dir: string;
beforeAll(async () => {
  // GDAL runs synchronously here (stdin for gdallocationinfo); that lag is the test's, not load to shed.
  app = await buildTestApp({ LOAD_SHED_EVENT_LOOP_DELAY_MS: '0' });
  dir = mkdtempSync(path.join(os.tmpdir(), 'export-tif-'));
});
afterAll(async () => {
  await app?.close();
});

async function exportFile(query: string): Promise<{ file: string; headers: Record<string, unknown> }> {
  const res = await app.inject(`/api/export.tif?sceneId=${SCENE}&${query}`);
  expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
  const file = path.join(dir, `${Math.random().toString(36).slice(2)}.tif`);
  writeFileSync(file, res.rawPayload);
  return { file, headers: res.headers };
}

const gdalinfo = (file: string) => JSON.parse(execFileSync('gdalinfo', ['-json', file], { encoding: 'utf8' }));
/** Values at (col, row) pairs of a file's band, read by GDAL. */
function gdalValues(file: string, band: number, points: [number, number][]): number[] {
  const out = execFileSync('gdallocationinfo', ['-valonly', '-b', String(band), file], { input: points.map((p) => p.join(' ')).join('\n') + '\n', encoding: 'utf8' });
  return out.trim().split('\n').map(Number);
}

describe('GET /api/export.tif', () => {
  it('dn: the whole source pixels under the box on the scene grid, bands in order with QA, as GDAL reads them', async () => {
    const { file, headers } = await exportFile(`${BOX}&bands=B04,B03,QA`);
    expect(headers['content-disposition']).toBe(`attachment; filename="${SCENE}_B04-B03-QA_dn.tif"`);
    expect(execFileSync('/usr/bin/python3', [VALIDATE_COG, file], { encoding: 'utf8' })).toContain('is a valid cloud optimized GeoTIFF');
    const info = gdalinfo(file);
    const [ox, sx, , oy, , sy] = info.geoTransform;
    expect([sx, -sy]).toEqual(SOURCE_PIXEL);
    // On the source grid: whole pixel offsets from the scene's corner.
    const col0 = (ox - SOURCE_ORIGIN[0]) / SOURCE_PIXEL[0];
    const row0 = (SOURCE_ORIGIN[1] - oy) / SOURCE_PIXEL[1];
    expect(Number.isInteger(col0) && Number.isInteger(row0)).toBe(true);
    expect(info.coordinateSystem.wkt).toContain('UTM zone 19N');
    expect(info.metadata[''].AREA_OR_POINT).toBe('Area');
    expect(info.bands.map((b: { description: string }) => b.description)).toEqual(['B04 Red Band (OLI Band 4, SR_B4)', 'B03 Green Band (OLI Band 3, SR_B3)', 'QA QA_PIXEL (pixel quality bit flags)']);
    expect(info.bands.map((b: { type: string }) => b.type)).toEqual(['UInt16', 'UInt16', 'UInt16']);
    expect(info.bands[0]).toMatchObject({ noDataValue: 0, scale: 0.0000275, offset: -0.2 });
    expect(info.bands[2].scale).toBeUndefined();
    const [w, h] = info.size;
    // 0.03° x 0.03° at 14.7° S on a ~448 x 456 m grid: 8 x 9 pixels (gdalinfo of the file written).
    expect([w, h]).toEqual([8, 9]);
    const points: [number, number][] = [];
    for (let r = 0; r < h; r++) for (let c = 0; c < w; c++) points.push([c, r]);
    const shifted = points.map(([c, r]) => [c + col0, r + row0] as [number, number]);
    expect(gdalValues(file, 1, points)).toEqual(gdalValues(src('SR_B4'), 1, shifted));
    expect(gdalValues(file, 2, points)).toEqual(gdalValues(src('SR_B3'), 1, shifted));
    expect(gdalValues(file, 3, points)).toEqual(gdalValues(src('QA_PIXEL'), 1, shifted));
    // The hand-recorded values above: export pixel (3, 4) is source pixel (343, 318).
    expect([col0 + 3, row0 + 4]).toEqual([343, 318]);
    expect([1, 2, 3].map((b) => gdalValues(file, b, [[3, 4]])[0])).toEqual([8158, 9075, 21824]);
  });

  it('reflectance: float32 physical values, NaN where the mask hides a pixel, QA kept as integers, no scale or offset', async () => {
    const { file } = await exportFile(`${BOX}&bands=B04,B09,QA&format=reflectance&mask=cloud,shadow`);
    const info = gdalinfo(file);
    expect(info.bands.map((b: { type: string }) => b.type)).toEqual(['Float32', 'Float32', 'Float32']);
    expect(info.bands[0].scale).toBeUndefined();
    expect(info.bands[0].offset).toBeUndefined();
    const [w, h] = info.size;
    const points: [number, number][] = [];
    for (let r = 0; r < h; r++) for (let c = 0; c < w; c++) points.push([c, r]);
    const col0 = (info.geoTransform[0] - SOURCE_ORIGIN[0]) / SOURCE_PIXEL[0];
    const row0 = (SOURCE_ORIGIN[1] - info.geoTransform[3]) / SOURCE_PIXEL[1];
    const shifted = points.map(([c, r]) => [c + col0, r + row0] as [number, number]);
    const dnB4 = gdalValues(src('SR_B4'), 1, shifted);
    const dnB10 = gdalValues(src('ST_B10'), 1, shifted);
    const qa = gdalValues(src('QA_PIXEL'), 1, shifted);
    const b4 = gdalValues(file, 1, points);
    const kelvin = gdalValues(file, 2, points);
    expect(gdalValues(file, 3, points)).toEqual(qa);
    let hidden = 0;
    qa.forEach((q, i) => {
      // Not imaged (bit 0) or cloud (bit 3) or shadow (bit 4): written out here, not taken from the code.
      if ((q & 0b1_1001) !== 0 || q === 0) {
        hidden++;
        expect(Number.isNaN(b4[i])).toBe(true);
        expect(Number.isNaN(kelvin[i])).toBe(true);
      } else {
        expect(b4[i]).toBeCloseTo(dnB4[i] * 0.0000275 - 0.2, 6);
        expect(kelvin[i]).toBeCloseTo(dnB10[i] * 0.00341802 + 149.0, 3);
      }
    });
    expect(hidden).toBeLessThan(qa.length);
  });

  it('a polygon exports the source pixels covering it; overviews only when the window is larger than one 512 px tile', async () => {
    const polygon = { type: 'Polygon', coordinates: [[[-67.32, -14.73], [-67.29, -14.73], [-67.305, -14.70], [-67.32, -14.73]]] };
    const { file } = await exportFile(`geometry=${encodeURIComponent(JSON.stringify(polygon))}&bands=B04`);
    const info = gdalinfo(file);
    expect(info.size).toEqual([8, 9]);
    expect(info.bands[0].overviews ?? []).toEqual([]);
  });

  it("a polygon's pixels whose centre lies outside it are nodata in every band: the pixels gdal_rasterize burns keep the source values", async () => {
    const polygon = { type: 'Polygon', coordinates: [[[-67.32, -14.73], [-67.29, -14.73], [-67.305, -14.70], [-67.32, -14.73]]] };
    const geometry = `geometry=${encodeURIComponent(JSON.stringify(polygon))}`;
    const dn = (await exportFile(`${geometry}&bands=B04,QA`)).file;
    const refl = (await exportFile(`${geometry}&bands=B04,QA&format=reflectance`)).file;
    const info = gdalinfo(dn);
    const [w, h] = info.size;
    const [ox, , , oy] = info.geoTransform;
    // GDAL's own rule on the export's own grid: the polygon taken to UTM 19N, burnt where a pixel's centre is inside.
    writeFileSync(path.join(dir, 'triangle.geojson'), JSON.stringify({ type: 'FeatureCollection', features: [{ type: 'Feature', properties: {}, geometry: polygon }] }));
    execFileSync('ogr2ogr', ['-t_srs', 'EPSG:32619', path.join(dir, 'triangle-utm.geojson'), path.join(dir, 'triangle.geojson')]);
    const burn = path.join(dir, 'triangle-burn.tif');
    const extent = [ox, oy - h * SOURCE_PIXEL[1], ox + w * SOURCE_PIXEL[0], oy].map(String);
    execFileSync('gdal_rasterize', ['-q', '-burn', '1', '-init', '0', '-te', ...extent, '-tr', String(SOURCE_PIXEL[0]), String(SOURCE_PIXEL[1]), '-ot', 'Byte', path.join(dir, 'triangle-utm.geojson'), burn]);
    const points: [number, number][] = [];
    for (let r = 0; r < h; r++) for (let c = 0; c < w; c++) points.push([c, r]);
    const col0 = (ox - SOURCE_ORIGIN[0]) / SOURCE_PIXEL[0];
    const row0 = (SOURCE_ORIGIN[1] - oy) / SOURCE_PIXEL[1];
    const shifted = points.map(([c, r]) => [c + col0, r + row0] as [number, number]);
    const burnt = gdalValues(burn, 1, points);
    const sourceB4 = gdalValues(src('SR_B4'), 1, shifted);
    const sourceQa = gdalValues(src('QA_PIXEL'), 1, shifted);
    const [b4, qa, reflB4, reflQa] = [gdalValues(dn, 1, points), gdalValues(dn, 2, points), gdalValues(refl, 1, points), gdalValues(refl, 2, points)];
    const insideCount = burnt.filter((b) => b === 1).length;
    expect(insideCount).toBeGreaterThan(0);
    expect(insideCount).toBeLessThan(points.length);
    burnt.forEach((b, i) => {
      if (b === 1) {
        // Fixture pixels here are imaged and clear-or-not: dn keeps them (the export has no mask).
        expect([b4[i], qa[i], reflQa[i]]).toEqual([sourceQa[i] === 1 ? 0 : sourceB4[i], sourceQa[i], sourceQa[i]]);
        expect(reflB4[i]).toBeCloseTo(sourceB4[i] * 0.0000275 - 0.2, 6);
      } else {
        expect([b4[i], qa[i]]).toEqual([0, 0]);
        expect(Number.isNaN(reflB4[i]) && Number.isNaN(reflQa[i])).toBe(true);
      }
    });
  });

  it('refuses in words: unknown scene 404, box outside the scene 400, unknown or Level-1 band 400', async () => {
    const missing = await app.inject(`/api/export.tif?sceneId=LC08_L2SP_001070_20190130_02_T2&${BOX}&bands=B04`);
    expect(missing.statusCode).toBe(404);
    expect(missing.json().error.message).toContain('not in the archive');
    const outside = await app.inject(`/api/export.tif?sceneId=${SCENE}&LON_UL=10&LAT_UR=10&LON_UR=10.1&LAT_UL=10.1&bands=B04`);
    expect(outside.statusCode).toBe(400);
    expect(outside.json().error.message).toContain('outside scene');
    const unknown = await app.inject(`/api/export.tif?sceneId=${SCENE}&${BOX}&bands=B04,B99`);
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().error.message).toContain('B99');
    const level1 = await app.inject(`/api/export.tif?sceneId=${SCENE}&${BOX}&bands=B08`);
    expect(level1.statusCode).toBe(400);
    expect(level1.json().error.message).toContain('Level-1');
    const badMask = await app.inject(`/api/export.tif?sceneId=${SCENE}&${BOX}&bands=B04&mask=fog`);
    expect(badMask.statusCode).toBe(400);
  });
});

describe('POST /api/export.tif', () => {
  it('writes the same masked GeoTIFF for a polygon sent as JSON as GET does for it in the URL', async () => {
    const polygon = { type: 'Polygon', coordinates: [[[-67.32, -14.73], [-67.29, -14.73], [-67.305, -14.70], [-67.32, -14.73]]] };
    const viaGet = await exportFile(`geometry=${encodeURIComponent(JSON.stringify(polygon))}&bands=B04,QA`);
    const res = await app.inject({ method: 'POST', url: '/api/export.tif', payload: { sceneId: SCENE, bands: ['B04', 'QA'], geometry: { type: 'Feature', properties: {}, geometry: polygon } } });
    expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
    expect(res.headers['content-disposition']).toBe(`attachment; filename="${SCENE}_B04-QA_dn.tif"`);
    const file = path.join(dir, 'posted.tif');
    writeFileSync(file, res.rawPayload);
    const [a, b] = [gdalinfo(viaGet.file), gdalinfo(file)];
    expect(b.geoTransform).toEqual(a.geoTransform);
    expect(b.size).toEqual(a.size);
    const [w, h] = b.size;
    const points: [number, number][] = [];
    for (let r = 0; r < h; r++) for (let c = 0; c < w; c++) points.push([c, r]);
    for (const band of [1, 2]) expect(gdalValues(file, band, points)).toEqual(gdalValues(viaGet.file, band, points));
  });

  it('refuses in words: no geometry 400, not a polygon 400, a body over 1 MB 413', async () => {
    const none = await app.inject({ method: 'POST', url: '/api/export.tif', payload: { sceneId: SCENE, bands: 'B04' } });
    expect(none.statusCode).toBe(400);
    expect(none.json().error.message).toMatch(/geometry/);
    const point = await app.inject({ method: 'POST', url: '/api/export.tif', payload: { sceneId: SCENE, bands: 'B04', geometry: { type: 'Point', coordinates: [-67.3, -14.7] } } });
    expect(point.statusCode).toBe(400);
    expect(point.json().error.message).toMatch(/Polygon/);
    const ring = Array.from({ length: 40_000 }, (_, i) => [-67.3 + 0.01 * Math.cos(i / 6366), -14.7 + 0.01 * Math.sin(i / 6366)]);
    const huge = await app.inject({ method: 'POST', url: '/api/export.tif', payload: { sceneId: SCENE, bands: 'B04', geometry: { type: 'Polygon', coordinates: [[...ring, ring[0]]] } } });
    expect(huge.statusCode).toBe(413);
    expect(huge.json().error.message).toMatch(/Simplify/);
  });
});

describe('GET /api/export.tif of a Landsat 5 TM scene (real local: catalogue)', () => {
  const TM_SCENE = 'LT05_L2SP_090084_19980308_02_T1';
  const TM_BOX = 'LON_UL=149.83&LAT_UR=-34.31&LON_UR=149.845&LAT_UL=-34.30';
  const tmSrc = (file: string) => path.join(TM_ETM_CATALOG_DIR, 'LT05_L2SP_090084_19980308_20200909_02_T1', `LT05_L2SP_090084_19980308_20200909_02_T1_${file}.TIF`);
  let tmApp: FastifyInstance;
  beforeAll(async () => {
    tmApp = await buildTestApp({ LANDSAT_SOURCE: `local:${TM_ETM_CATALOG_DIR}`, LOAD_SHED_EVENT_LOOP_DELAY_MS: '0' });
  });
  afterAll(async () => {
    await tmApp?.close();
  });

  it('B09 is TM band 6 (ST_B6, the `lwir` asset), its DNs as GDAL reads them from ST_B6, named as TM names it', async () => {
    const res = await tmApp.inject(`/api/export.tif?sceneId=${TM_SCENE}&${TM_BOX}&bands=B03,B09`);
    expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
    const file = path.join(dir, 'tm-b09.tif');
    writeFileSync(file, res.rawPayload);
    const info = gdalinfo(file);
    expect(info.bands.map((b: { description: string }) => b.description)).toEqual([
      'B03 Green Band (TM Band 2, SR_B2)',
      'B09 Thermal Infrared 1 (TM Band 6, ST_B6)',
    ]);
    expect(info.bands[1]).toMatchObject({ scale: 0.00341802, offset: 149 });
    // The export's pixels on the source grid, from both files' geotransforms as GDAL reports them.
    const source = gdalinfo(tmSrc('ST_B6'));
    const colOffset = (info.geoTransform[0] - source.geoTransform[0]) / source.geoTransform[1];
    const rowOffset = (info.geoTransform[3] - source.geoTransform[3]) / source.geoTransform[5];
    const [col0, row0] = [Math.round(colOffset), Math.round(rowOffset)];
    // Whole source pixels (up to the float rounding of GDAL's 4035.5000000000005 m pixel), same pixel size.
    expect(Math.abs(colOffset - col0) + Math.abs(rowOffset - row0)).toBeLessThan(1e-9);
    expect([info.geoTransform[1], info.geoTransform[5]]).toEqual([source.geoTransform[1], source.geoTransform[5]]);
    const [w, h] = info.size;
    const points: [number, number][] = [];
    for (let r = 0; r < h; r++) for (let c = 0; c < w; c++) points.push([c, r]);
    const shifted = points.map(([c, r]) => [c + col0, r + row0] as [number, number]);
    const qa = gdalValues(tmSrc('QA_PIXEL'), 1, shifted);
    const imaged = (dn: number, i: number) => ((qa[i] & 1) === 0 ? dn : 0);
    expect(gdalValues(file, 2, points)).toEqual(gdalValues(tmSrc('ST_B6'), 1, shifted).map(imaged));
    expect(gdalValues(file, 1, points)).toEqual(gdalValues(tmSrc('SR_B2'), 1, shifted).map(imaged));
  });

  it('B01 (coastal/aerosol, which TM never had) is refused in words naming the band', async () => {
    const res = await tmApp.inject(`/api/export.tif?sceneId=${TM_SCENE}&${TM_BOX}&bands=B01`);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('unavailable_band');
    expect(res.json().error.message).toMatch(/B01.*not on TM scenes/);
  });
});
