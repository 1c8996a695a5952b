import { execFile } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { PNG } from 'pngjs';
import proj4 from 'proj4';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildTestApp } from '../../../test/support/testApp.js';
import { FIXTURE_DATES as DATES, README_POINT_1 as POINT_1, queryString as qs } from '../../../test/support/fixtureFacts.js';

/**
 * Scene tiles read by GDAL itself (gdal-bin 3.6, .ci/run installs it) from a server on 127.0.0.1: the
 * georeferencing GDAL reports must be the WebMercatorQuad grid (worked out here from the tile formula of
 * OGC 17-083r4, not from the code under test), and the values of a .tif tile at pixel centres must be
 * what /api/pixel answers at the same places.
 */
const run = promisify(execFile);
const SCENE = 'LC08_L2SP_001070_20190114_02_T2';
const HALF = 20037508.342789244;
const BASE = `/api/scenes/${SCENE}/tiles/WebMercatorQuad`;

/** The tile formula: zoom z's tile (x, y) and its pixel size, in EPSG:3857 metres. */
function expectedTile(z: number, x: number, y: number) {
  const side = (2 * HALF) / 2 ** z;
  return { originX: -HALF + x * side, originY: HALF - y * side, pixel: side / 256 };
}
const toMercator = proj4('WGS84', 'EPSG:3857');
function tileOf(lon: number, lat: number, z: number) {
  const [mx, my] = toMercator.forward([lon, lat]);
  const side = (2 * HALF) / 2 ** z;
  return { z, x: Math.floor((mx + HALF) / side), y: Math.floor((HALF - my) / side) };
}

let app: FastifyInstance;
let origin: string;
let dir: string;
beforeAll(async () => {
  // GDAL's requests come from another process while a test awaits it: the event loop stays free.
  app = await buildTestApp({ LOAD_SHED_EVENT_LOOP_DELAY_MS: '0' });
  origin = await app.listen({ host: '127.0.0.1', port: 0 });
  dir = mkdtempSync(path.join(os.tmpdir(), 'scene-tiles-'));
});
afterAll(async () => {
  await app?.close();
});

async function download(url: string, file: string) {
  const res = await fetch(`${origin}${url}`);
  expect(res.status, url).toBe(200);
  const bytes = Buffer.from(await res.arrayBuffer());
  writeFileSync(path.join(dir, file), bytes);
  return { res, bytes, file: path.join(dir, file) };
}

// GDAL's WMS/WMTS driver keeps the tiles it fetched in ./gdalwmscache unless told otherwise: in the test's own folder instead.
const gdal = async (cmd: string, args: string[]) =>
  (await run(cmd, args, { timeout: 120_000, env: { ...process.env, GDAL_HTTP_TIMEOUT: '60', CPL_VSIL_CURL_ALLOWED_EXTENSIONS: '', GDAL_DEFAULT_WMS_CACHE_PATH: path.join(dir, 'gdalwmscache') } })).stdout;

describe('scene tiles read by GDAL', () => {
  // Zoom 8 at 14.7 S: 591 m per tile pixel on the ground, finer than 1.2 x the fixture's 448 m pixels x 2, so full resolution is read.
  const tile = tileOf(POINT_1.lon, POINT_1.lat, 8);

  it('a .tif tile is float32 on the WebMercatorQuad grid in EPSG:3857, NaN nodata', async () => {
    const { file } = await download(`${BASE}/${tile.z}/${tile.x}/${tile.y}.tif?bands=B04,B05&mask=none`, 'tile.tif');
    const info = JSON.parse(await gdal('gdalinfo', ['-json', file]));
    const want = expectedTile(tile.z, tile.x, tile.y);
    expect(info.size).toEqual([256, 256]);
    expect(info.geoTransform[0]).toBeCloseTo(want.originX, 6);
    expect(info.geoTransform[3]).toBeCloseTo(want.originY, 6);
    expect(info.geoTransform[1]).toBeCloseTo(want.pixel, 9);
    expect(info.geoTransform[5]).toBeCloseTo(-want.pixel, 9);
    expect(info.coordinateSystem.wkt).toContain('ID["EPSG",3857]');
    expect(info.bands.map((b: { type: string }) => b.type)).toEqual(['Float32', 'Float32']);
    expect(info.bands[0].noDataValue).toBe('NaN');
  });

  it('.tif values at pixel centres equal /api/pixel there', async () => {
    const { file } = await download(`${BASE}/${tile.z}/${tile.x}/${tile.y}.tif?bands=B04,B05&mask=none`, 'values.tif');
    const want = expectedTile(tile.z, tile.x, tile.y);
    const toLngLat = proj4('EPSG:3857', 'WGS84');
    let compared = 0;
    for (const [col, row] of [0, 1, 2, 3, 4].flatMap((i) => [0, 1, 2, 3, 4].map((j) => [7 + 60 * i, 3 + 61 * j]))) {
      const [lon, lat] = toLngLat.forward([want.originX + (col + 0.5) * want.pixel, want.originY - (row + 0.5) * want.pixel]);
      const out = await gdal('gdallocationinfo', ['-valonly', file, String(col), String(row)]);
      const [b04, b05] = out.trim().split(/\s+/).map(Number);
      const res = await app.inject(`/api/pixel?${qs({ lat, lon, ...DATES, bands: 'B04,B05' })}`);
      const scene = res.json().scenes.find((s: { id: string }) => s.id === SCENE);
      const api04 = scene?.bands.B04.values[1][1] ?? null;
      const api05 = scene?.bands.B05.values[1][1] ?? null;
      if (api04 === null) {
        expect(Number.isNaN(b04), `(${col}, ${row}) is outside the scene`).toBe(true);
        continue;
      }
      // Float32 keeps 7 significant digits.
      expect(Math.abs(b04 - api04)).toBeLessThan(1e-6);
      expect(Math.abs(b05 - api05)).toBeLessThan(1e-6);
      compared++;
    }
    expect(compared).toBeGreaterThanOrEqual(8);
  }, 180_000);

  it("GDAL's WMTS driver reads the capabilities: the WebMercatorQuad grid down to zoom 18, and the same pixels as the PNG tile", async () => {
    const capabilities = `WMTS:${origin}${BASE}/WMTSCapabilities.xml?mask=none`;
    const info = JSON.parse(await gdal('gdalinfo', ['-json', capabilities]));
    // GDAL clips the layer to its WGS84BoundingBox (the scene), on zoom 18's pixel grid.
    const pixel18 = expectedTile(18, 0, 0).pixel;
    expect(info.geoTransform[1]).toBeCloseTo(pixel18, 9);
    expect(info.geoTransform[5]).toBeCloseTo(-pixel18, 9);
    const colsFromOrigin = (info.geoTransform[0] + HALF) / pixel18;
    const rowsFromOrigin = (HALF - info.geoTransform[3]) / pixel18;
    expect(Math.abs(colsFromOrigin - Math.round(colsFromOrigin))).toBeLessThan(1e-6);
    expect(Math.abs(rowsFromOrigin - Math.round(rowsFromOrigin))).toBeLessThan(1e-6);
    // One tile's extent at its own resolution: GDAL reads exactly that tile through its overview.
    const want = expectedTile(tile.z, tile.x, tile.y);
    const out = path.join(dir, 'wmts.tif');
    const projwin = [want.originX, want.originY, want.originX + 256 * want.pixel, want.originY - 256 * want.pixel].map(String);
    await gdal('gdal_translate', ['-q', '-projwin', ...projwin, '-outsize', '256', '256', capabilities, out]);
    const { bytes } = await download(`${BASE}/${tile.z}/${tile.x}/${tile.y}.png?mask=none`, 'direct.png');
    const png = PNG.sync.read(bytes);
    for (const [col, row] of [[10, 10], [128, 128], [200, 60], [250, 250]]) {
      const values = (await gdal('gdallocationinfo', ['-valonly', out, String(col), String(row)])).trim().split(/\s+/).map(Number);
      const at = (row * 256 + col) * 4;
      expect(values, `(${col}, ${row})`).toEqual([...png.data.subarray(at, at + 4)]);
    }
  }, 180_000);

  it("GDAL's XYZ (TMS) driver reads the tiles on the same grid", async () => {
    const xml = `<GDAL_WMS><Service name="TMS"><ServerUrl>${origin}${BASE}/\${z}/\${x}/\${y}.png?mask=none</ServerUrl></Service><DataWindow><UpperLeftX>${-HALF}</UpperLeftX><UpperLeftY>${HALF}</UpperLeftY><LowerRightX>${HALF}</LowerRightX><LowerRightY>${-HALF}</LowerRightY><TileLevel>18</TileLevel><TileCountX>1</TileCountX><TileCountY>1</TileCountY><YOrigin>top</YOrigin></DataWindow><Projection>EPSG:3857</Projection><BlockSizeX>256</BlockSizeX><BlockSizeY>256</BlockSizeY><BandsCount>4</BandsCount></GDAL_WMS>`;
    const source = path.join(dir, 'xyz.xml');
    writeFileSync(source, xml);
    const want = expectedTile(tile.z, tile.x, tile.y);
    const out = path.join(dir, 'xyz.tif');
    await gdal('gdal_translate', ['-q', '-projwin', ...[want.originX, want.originY, want.originX + 256 * want.pixel, want.originY - 256 * want.pixel].map(String), '-outsize', '256', '256', source, out]);
    const info = JSON.parse(await gdal('gdalinfo', ['-json', out]));
    expect(info.geoTransform[0]).toBeCloseTo(want.originX, 3);
    expect(info.geoTransform[3]).toBeCloseTo(want.originY, 3);
    expect(info.geoTransform[1]).toBeCloseTo(want.pixel, 6);
    const { bytes } = await download(`${BASE}/${tile.z}/${tile.x}/${tile.y}.png?mask=none`, 'direct2.png');
    const png = PNG.sync.read(bytes);
    const values = (await gdal('gdallocationinfo', ['-valonly', out, '128', '128'])).trim().split(/\s+/).map(Number);
    expect(values).toEqual([...png.data.subarray((128 * 256 + 128) * 4, (128 * 256 + 128) * 4 + 4)]);
  }, 180_000);
});

describe('scene tile answers', () => {
  const tile = tileOf(POINT_1.lon, POINT_1.lat, 8);
  const url = `${BASE}/${tile.z}/${tile.x}/${tile.y}.png`;

  it('are kept by browsers and CDNs: public, a year, immutable, an ETag; If-None-Match gets a 304', async () => {
    const res = await app.inject(url);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.headers.etag).toMatch(/^"[\w-]{20,}"$/);
    expect(res.headers['x-scene-id']).toBe(SCENE);
    const again = await app.inject({ url, headers: { 'if-none-match': String(res.headers.etag) } });
    expect(again.statusCode).toBe(304);
    expect(again.rawPayload.length).toBe(0);
  });

  it('are transparent outside the scene and where the mask hides a pixel', async () => {
    const all = PNG.sync.read((await app.inject(`${url}?mask=none`)).rawPayload);
    const cloudy = PNG.sync.read((await app.inject(`${url}?mask=cloud`)).rawPayload);
    const alpha = (png: PNG) => Array.from({ length: 256 * 256 }, (_, i) => png.data[i * 4 + 3]);
    const a = alpha(all);
    const c = alpha(cloudy);
    // The scene's edge crosses this tile (its footprint ends near 13.4 S): some transparent, some drawn.
    expect(a.some((v) => v === 0)).toBe(true);
    expect(a.some((v) => v === 255)).toBe(true);
    // Masking clouds only ever hides pixels, and this cloudy scene (76 %) loses some.
    expect(c.every((v, i) => v === 0 || a[i] === 255)).toBe(true);
    expect(c.filter((v) => v === 0).length).toBeGreaterThan(a.filter((v) => v === 0).length);
  });

  it('a fixed rescale changes the colours, a WebP is a WebP', async () => {
    const stretched = await app.inject(url);
    const fixed = await app.inject(`${url}?rescale=0,0.5`);
    expect(fixed.statusCode).toBe(200);
    expect(fixed.headers['x-stretch']).toBe('fixed: 0-0.5');
    expect(Buffer.compare(stretched.rawPayload, fixed.rawPayload)).not.toBe(0);
    const webp = await app.inject(url.replace(/png$/, 'webp'));
    expect(webp.statusCode).toBe(200);
    expect(webp.headers['content-type']).toBe('image/webp');
    expect(webp.rawPayload.subarray(0, 4).toString()).toBe('RIFF');
    expect(webp.rawPayload.subarray(8, 12).toString()).toBe('WEBP');
  });

  it('refuse tiles outside the matrix and bad rescales in words', async () => {
    const outside = await app.inject(`${BASE}/3/8/0.png`);
    expect(outside.statusCode).toBe(404);
    expect(outside.json().error.message).toContain('zoom runs 0-18');
    const bad = await app.inject(`${url}?rescale=0.3,0`);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.message).toContain('min < max');
  });

  it('TileJSON 3.0.0 names the tiles template with the query, the bounds and zooms', async () => {
    const res = await app.inject(`${BASE}/tilejson.json?bands=B05,B04,B03`);
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(doc.tilejson).toBe('3.0.0');
    expect(doc.tiles[0]).toMatch(new RegExp(`${BASE}/\\{z\\}/\\{x\\}/\\{y\\}\\.png\\?bands=B05,B04,B03$`));
    expect([doc.minzoom, doc.maxzoom]).toEqual([0, 18]);
    expect(doc.bounds[0]).toBeLessThan(POINT_1.lon);
    expect(doc.bounds[2]).toBeGreaterThan(POINT_1.lon);
    expect(doc.attribution).toContain('U.S. Geological Survey');
  });
});

describe('the rate limit', () => {
  it('answers 429 in the error shape past it', async () => {
    const limited = await buildTestApp({ RATE_LIMIT_PER_MINUTE: '2' });
    try {
      const statuses: number[] = [];
      let last;
      for (let i = 0; i < 3; i++) {
        last = await limited.inject(`${BASE}/tilejson.json`);
        statuses.push(last.statusCode);
      }
      expect(statuses).toEqual([200, 200, 429]);
      expect(last!.json().error.code).toBe('rate_limited');
      expect(typeof last!.json().error.message).toBe('string');
    } finally {
      await limited.close();
    }
  });
});
