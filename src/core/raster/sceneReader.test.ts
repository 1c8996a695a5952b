import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startRangeFileServer, type RangeFileServer } from '../../../test/support/rangeFileServer.js';
import type { AssetKey } from '../bands/bandCatalog.js';
import type { LngLat } from '../geo/lngLat.js';
import { createBlockCache } from './blockCache.js';
import { createSceneReader } from './sceneReader.js';

const here = path.dirname(fileURLToPath(import.meta.url));
const SCENE = 'LC08_L2SP_001070_20190114_20200830_02_T2';
const sceneDir = path.resolve(here, '../../../../shared/fixtures/landsat-c2-l2', SCENE);

const FILE_FOR_ASSET: Record<AssetKey, string> = {
  coastal: 'SR_B1', blue: 'SR_B2', green: 'SR_B3', red: 'SR_B4', nir08: 'SR_B5',
  swir16: 'SR_B6', swir22: 'SR_B7', lwir11: 'ST_B10', qa_pixel: 'QA_PIXEL',
};
const ASSETS = Object.keys(FILE_FOR_ASSET) as AssetKey[];
const fileName = (a: AssetKey) => `${SCENE}_${FILE_FOR_ASSET[a]}.TIF`;

// gdallocationinfo -wgs84 values from ../shared/fixtures/README.md (GDAL 3.6).
const GDAL_POINTS: { lngLat: LngLat; dn: Record<AssetKey, number> }[] = [
  { lngLat: [-67.3037941, -14.7111791], dn: { coastal: 8121, blue: 7939, green: 8418, red: 7663, nir08: 16909, swir16: 10348, swir22: 8424, lwir11: 43782, qa_pixel: 21824 } },
  { lngLat: [-67.6820161, -13.8928145], dn: { coastal: 8604, blue: 8925, green: 10640, red: 9996, nir08: 19799, swir16: 14451, swir22: 12033, lwir11: 43279, qa_pixel: 22280 } },
];
const RED_3X3_AT_FIRST_POINT = [[9010, 7816, 10705], [7926, 7663, 9276], [8158, 8513, 8856]];

let server: RangeFileServer;
beforeAll(async () => {
  server = await startRangeFileServer(sceneDir);
});
afterAll(() => server.close());

const backends = {
  file: (a: AssetKey) => path.join(sceneDir, fileName(a)),
  http: (a: AssetKey) => `${server.url}/${fileName(a)}?sig=token-${Math.random()}`,
};

describe.each(Object.keys(backends) as (keyof typeof backends)[])('fixture scene through the %s source', (backend) => {
  // One cache per back-end: the first point fetches and decodes every file through this back-end,
  // later reads check the same values out of the decoded tiles (LZW decoding is the slow part).
  const cache = createBlockCache({ maxBytes: 32 << 20 });
  for (const [i, point] of GDAL_POINTS.entries()) {
    it(`matches gdallocationinfo for all 9 files at point ${i + 1}`, async () => {
      const reader = createSceneReader({ assetHref: backends[backend], cache });
      const res = await reader.readNeighborhood(point.lngLat, ASSETS, 1);
      expect(res.crs).toBe('EPSG:32619');
      for (const asset of ASSETS) expect({ asset, dn: res.dn[asset]![1][1] }).toEqual({ asset, dn: point.dn[asset] });
    });
  }

  it('reads the 3x3 SR_B4 block north to south', async () => {
    const reader = createSceneReader({ assetHref: backends[backend], cache });
    const res = await reader.readNeighborhood(GDAL_POINTS[0].lngLat, ['red'], 1);
    expect(res.dn.red).toEqual(RED_3X3_AT_FIRST_POINT);
  });
});

describe('sceneReader', () => {
  it('returns nulls outside the raster, keeping the window shape', async () => {
    const reader = createSceneReader({ assetHref: backends.file, cache: createBlockCache({ maxBytes: 32 << 20 }) });
    // Far west of the scene: every pixel outside.
    const res = await reader.readNeighborhood([-75, -14.3], ['red'], 2);
    expect(res.pixel.col).toBeLessThan(0);
    expect(res.dn.red).toEqual(Array.from({ length: 5 }, () => Array(5).fill(null)));
  });

  it('serves a repeated read from the shared cache without new range requests, even with a new URL token', async () => {
    const cache = createBlockCache({ maxBytes: 32 << 20 });
    const reader = createSceneReader({ assetHref: backends.http, cache });
    server.requests.length = 0;
    const first = await reader.readNeighborhood(GDAL_POINTS[0].lngLat, ['red', 'nir08'], 1);
    const afterFirst = server.requests.length;
    expect(afterFirst).toBeGreaterThanOrEqual(4); // header + tile per band
    expect(first.fetchStats.red!.requests).toBeGreaterThan(0);
    const second = await reader.readNeighborhood(GDAL_POINTS[1].lngLat, ['red', 'nir08'], 1);
    expect(server.requests.length).toBe(afterFirst);
    expect(second.fetchStats.red).toEqual({ requests: 0, bytes: 0 });
    expect(second.dn.red![1][1]).toBe(GDAL_POINTS[1].dn.red);
  });

  it('every range request carries a Range header and a bounded length', async () => {
    const reader = createSceneReader({ assetHref: backends.http, cache: createBlockCache({ maxBytes: 32 << 20 }) });
    server.requests.length = 0;
    const res = await reader.readNeighborhood(GDAL_POINTS[0].lngLat, ['qa_pixel'], 0);
    expect(res.dn.qa_pixel).toEqual([[GDAL_POINTS[0].dn.qa_pixel]]);
    expect(server.requests.length).toBeGreaterThan(0);
    for (const r of server.requests) expect(r.range).toMatch(/^bytes=\d+-\d+$/);
    // One header prefetch (16 KiB) plus the single tile: never more than that.
    expect(res.fetchStats.qa_pixel!.bytes).toBeLessThanOrEqual(16384 + 36499);
    expect(res.fetchStats.qa_pixel!.requests).toBe(server.requests.length);
  });

  it('stops a read when the caller aborts', async () => {
    const slow = await startRangeFileServer(sceneDir, { delayMs: 2000 });
    try {
      const reader = createSceneReader({
        assetHref: (a: AssetKey) => `${slow.url}/${fileName(a)}`,
        cache: createBlockCache({ maxBytes: 32 << 20 }),
      });
      const controller = new AbortController();
      const started = Date.now();
      const read = reader.readNeighborhood(GDAL_POINTS[0].lngLat, ['red', 'green'], 1, controller.signal);
      setTimeout(() => controller.abort(), 50);
      await expect(read).rejects.toMatchObject({ name: 'AbortError' });
      expect(Date.now() - started).toBeLessThan(1500);
    } finally {
      await slow.close();
    }
  });

  it('reads a box covering the whole scene at full resolution when maxSize allows it', async () => {
    const reader = createSceneReader({ assetHref: backends.file, cache: createBlockCache({ maxBytes: 32 << 20 }) });
    const [lon, lat] = GDAL_POINTS[0].lngLat;
    const box = { minLon: lon - 0.01, minLat: lat - 0.01, maxLon: lon + 0.01, maxLat: lat + 0.01 };
    const res = await reader.readBox(box, ['red'], { maxSize: 512 });
    expect(res.overviewLevel).toBe(0);
    expect(res.pixelSizeM).toBeCloseTo(448.30078125, 6);
    // ~2.1 km box at ~450 m pixels: about 5-7 pixels across, and it contains the 3x3 block.
    expect(res.width).toBeGreaterThanOrEqual(5);
    expect(res.width).toBeLessThanOrEqual(8);
    const flat = Array.from(res.dn.red!);
    const w = res.width;
    const idx = flat.findIndex((_, i) => i % w <= w - 3 && RED_3X3_AT_FIRST_POINT.every((row, r) => row.every((v, c) => flat[i + r * w + c] === v)));
    expect(idx).toBeGreaterThanOrEqual(0);
  });
});
