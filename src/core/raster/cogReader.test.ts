import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startRangeFileServer, type RangeFileServer } from '../../../test/support/rangeFileServer.js';
import { writeGeoTiff } from '../../../test/support/geotiffWriter.js';
import { createBlockCache } from './blockCache.js';
import { createFileByteSource, createHttpByteSource } from './byteSource.js';
import { createCogReader } from './cogReader.js';
import { createSceneReader } from './sceneReader.js';

// A multi-tile COG with overviews, like an archive band but smaller: 1300 x 1100, 256-pixel tiles.
const WIDTH = 1300;
const HEIGHT = 1100;
const TILE = 256;
const dnAt = (col: number, row: number) => 7000 + ((col * 7 + row * 13) % 30000);
const data = new Uint16Array(WIDTH * HEIGHT);
for (let r = 0; r < HEIGHT; r++) for (let c = 0; c < WIDTH; c++) data[r * WIDTH + c] = dnAt(c, r);
// Origin: centre of the first pixel in UTM 19N with a negative northing, as Collection 2 writes it.
const CENTRE_X = 500_015;
const CENTRE_Y = -1_500_015;

let dir: string;
let server: RangeFileServer;
const file = () => path.join(dir, 'band.TIF');

beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'cog-'));
  const tiff = writeGeoTiff({
    width: WIDTH, height: HEIGHT, data, tileSize: TILE, overviewFactors: [2, 4, 8], resampling: 'nearest',
    epsg: 32619, originX: CENTRE_X, originY: CENTRE_Y, pixelSizeM: 30, nodata: 0, compression: 'deflate',
  });
  await writeFile(file(), tiff);
  server = await startRangeFileServer(dir);
});
afterAll(async () => {
  await server.close();
  await rm(dir, { recursive: true, force: true });
});

describe('cogReader', () => {
  it('parses levels and georeferencing (PixelIsPoint corner = centre minus half a pixel)', async () => {
    const reader = await createCogReader(createFileByteSource(file()), { cache: createBlockCache({ maxBytes: 8 << 20 }) });
    expect(reader.levels.map((l) => [l.width, l.height])).toEqual([[1300, 1100], [650, 550], [325, 275], [163, 138]]);
    expect(reader.levels[0].tileWidth).toBe(TILE);
    expect(reader.geo).toMatchObject({ epsg: 32619, areaOrPoint: 'Point', originX: CENTRE_X - 15, originY: CENTRE_Y + 15, pixelSizeX: 30, pixelSizeY: 30, nodata: 0 });
  });

  it('keep: false reads the same window without keeping it in the cache', async () => {
    const cache = createBlockCache({ maxBytes: 64 << 20 });
    const source = createFileByteSource(file());
    const reader = await createCogReader(source, { cache });
    const window: [number, number, number, number] = [100, 200, 400, 420];
    const kept = await reader.readWindow(window, { level: 1, size: { width: 60, height: 44 } });
    const afterKept = source.stats.requests;
    await reader.readWindow(window, { level: 1, size: { width: 60, height: 44 } });
    expect(source.stats.requests).toBe(afterKept); // kept: the repeat reads nothing
    const windowKey = (id: string) => `cog-window:${id}:1:${window.join(',')}:60x44`;
    expect(cache.has(windowKey(source.id))).toBe(true);
    const otherCache = createBlockCache({ maxBytes: 64 << 20 });
    const alone = await createCogReader(createFileByteSource(file()), { cache: otherCache });
    const first = await alone.readWindow(window, { level: 1, size: { width: 60, height: 44 }, keep: false });
    expect(Array.from(first.data)).toEqual(Array.from(kept.data));
    expect(otherCache.has(windowKey(alone.source.id))).toBe(false);
  });

  it('decimates while decoding: the same picks as decimating the whole window, tiles without a pick not read', async () => {
    const cache = createBlockCache({ maxBytes: 64 << 20 });
    const source = createFileByteSource(file());
    const reader = await createCogReader(source, { cache });
    // Reference: nearest neighbour over the full window, pixel centres (x + 0.5) * step, as sceneReader did before.
    const reference = (win: Uint16Array, w: number, h: number, outW: number, outH: number) => {
      const out = new Uint16Array(outW * outH);
      for (let y = 0; y < outH; y++) {
        const sr = Math.min(h - 1, Math.floor((y + 0.5) * (h / outH)));
        for (let x = 0; x < outW; x++) out[y * outW + x] = win[sr * w + Math.min(w - 1, Math.floor((x + 0.5) * (w / outW)))];
      }
      return out;
    };
    // Across tiles, past the right and bottom edges (fill), and at an overview level.
    for (const [window, level, outW, outH] of [
      [[10, 20, 1290, 1090], 0, 317, 211],
      [[-40, 900, 1400, 1200], 0, 97, 41],
      [[100, 50, 650, 550], 1, 128, 100],
    ] as const) {
      const full = await reader.readWindow([...window], { level });
      const small = await reader.readWindow([...window], { level, size: { width: outW, height: outH } });
      expect([small.width, small.height]).toEqual([outW, outH]);
      expect(Buffer.from(small.data.buffer).equals(Buffer.from(reference(full.data, full.width, full.height, outW, outH).buffer))).toBe(true);
    }
    // Two picked columns and rows in the first tile only: the other tiles of the window are never fetched.
    const fresh = await createCogReader(createFileByteSource(file()), { cache: createBlockCache({ maxBytes: 64 << 20 }) });
    const before = fresh.source.stats.requests;
    const picked = await fresh.readWindow([0, 0, 300, 300], { size: { width: 1, height: 1 } });
    expect(picked.data[0]).toBe(dnAt(150, 150));
    expect(fresh.source.stats.requests - before).toBe(1);
  });

  it('reads windows across tile boundaries exactly, filling outside pixels with 0', async () => {
    const reader = await createCogReader(createFileByteSource(file()), { cache: createBlockCache({ maxBytes: 8 << 20 }) });
    const win = await reader.readWindow([250, 500, 1310, 520]);
    expect([win.width, win.height]).toEqual([1060, 20]);
    for (let r = 0; r < win.height; r++) {
      for (let c = 0; c < win.width; c++) {
        const col = 250 + c;
        const expected = col < WIDTH ? dnAt(col, 500 + r) : 0;
        if (win.data[r * win.width + c] !== expected) throw new Error(`mismatch at ${col},${500 + r}`);
      }
    }
    const outside = await reader.readWindow([-5, -5, -1, -1]);
    expect(Array.from(outside.data)).toEqual(Array(16).fill(0));
  });

  it('fetches only the tiles a window touches and serves repeats from the cache', async () => {
    const cache = createBlockCache({ maxBytes: 8 << 20 });
    server.requests.length = 0;
    const source = createHttpByteSource(`${server.url}/band.TIF?sig=a`);
    const reader = await createCogReader(source, { cache });
    const headerRequests = source.stats.requests;
    expect(headerRequests).toBe(1); // every IFD sits in the first 16 KiB
    await reader.readWindow([250, 250, 260, 260]); // touches 4 tiles around (256,256)
    // The 4 tiles lie within MERGE_GAP_BYTES of each other in the file: one merged range request.
    expect(source.stats.requests - headerRequests).toBe(1);
    expect(server.requests.filter((r) => r.range).length).toBe(2);
    const before = { ...source.stats };
    // New URL token, same object: header and tiles come from the cache.
    const again = createHttpByteSource(`${server.url}/band.TIF?sig=b`);
    const reader2 = await createCogReader(again, { cache });
    const win = await reader2.readWindow([252, 252, 258, 258]);
    expect(again.stats).toEqual({ requests: 0, bytes: 0 });
    expect(source.stats).toEqual(before);
    expect(win.data[0]).toBe(dnAt(252, 252));
    expect(cache.stats.hits).toBeGreaterThan(0);
  });

  it('reads an overview level', async () => {
    const reader = await createCogReader(createFileByteSource(file()), { cache: createBlockCache({ maxBytes: 8 << 20 }) });
    const level = reader.levels[2];
    const win = await reader.readWindow([0, 0, level.width, level.height], { level: 2 });
    expect([win.width, win.height]).toEqual([325, 275]);
    // Nearest overview pixels are samples of the full-resolution data (all > 0, in the DN range).
    const fullValues = new Set(data);
    expect(win.data.every((v) => fullValues.has(v))).toBe(true);
  });
});

describe('sceneReader.readBox on a COG with overviews', () => {
  const scene = () =>
    createSceneReader({ assetHref: (a) => (a === 'red' ? file() : `${server.url}/band.TIF`), cache: createBlockCache({ maxBytes: 16 << 20 }) });

  it('picks an overview for a large box and keeps the output within maxSize', async () => {
    const reader = scene();
    const whole = { minLon: -80, minLat: -30, maxLon: -60, maxLat: 0 };
    const res = await reader.readBox(whole, ['red'], { maxSize: 300 });
    // 1300 px across: level 2 (325 px) is the coarsest with >= 300 px, then decimated to 300.
    expect(res.overviewLevel).toBe(2);
    expect(res.width).toBeLessThanOrEqual(300);
    expect(res.height).toBeLessThanOrEqual(300);
    expect(res.dn.red!.length).toBe(res.width * res.height);
    expect(res.pixelSizeM).toBeCloseTo((325 * 120) / res.width, 6);
    expect(res.boundsProjected.minX).toBeCloseTo(CENTRE_X - 15, 6);
    expect(res.boundsProjected.maxY).toBeCloseTo(CENTRE_Y + 15, 6);
  });

  it('reads bands concurrently and counts bytes per band (overview reads fetch less)', async () => {
    const reader = scene();
    const whole = { minLon: -80, minLat: -30, maxLon: -60, maxLat: 0 };
    const small = await reader.readBox(whole, ['nir08'], { maxSize: 100 });
    const large = await createSceneReader({ assetHref: () => `${server.url}/band.TIF`, cache: createBlockCache({ maxBytes: 16 << 20 }) })
      .readBox(whole, ['nir08'], { maxSize: 2000 });
    expect(small.overviewLevel).toBeGreaterThan(0);
    expect(large.overviewLevel).toBe(0);
    expect([large.width, large.height]).toEqual([WIDTH, HEIGHT]);
    expect(Array.from(large.dn.nir08!.subarray(0, 5))).toEqual([0, 1, 2, 3, 4].map((c) => dnAt(c, 0)));
    expect(small.fetchStats.nir08!.bytes).toBeLessThan(large.fetchStats.nir08!.bytes / 4);
    const both = await reader.readBox(whole, ['red', 'nir08'], { maxSize: 100 });
    expect(Array.from(both.dn.red!)).toEqual(Array.from(both.dn.nir08!));
  });

  it('returns an empty result for a box outside the raster', async () => {
    const res = await scene().readBox({ minLon: 10, minLat: 10, maxLon: 11, maxLat: 11 }, ['red'], { maxSize: 256 });
    expect([res.width, res.height]).toEqual([0, 0]);
  });
});

describe('cogReader point reads: a prefix of the tile', () => {
  // 512 px tiles whose first 300 rows are noise (nearly incompressible) and the rest one value: the
  // compressed bytes sit in the tile's top, so a proportional prefix can fall short.
  const SIZE = 1024;
  const NOISY_ROWS = 300;
  const pixels = new Uint16Array(SIZE * SIZE);
  let s = 12345;
  for (let r = 0; r < SIZE; r++) {
    for (let c = 0; c < SIZE; c++) {
      s ^= s << 13;
      s ^= s >>> 17;
      s ^= s << 5;
      pixels[r * SIZE + c] = r % 512 < NOISY_ROWS ? 1 + ((s >>> 0) % 60000) : 5000;
    }
  }
  let prefixDir: string;
  let prefixServer: RangeFileServer;
  beforeAll(async () => {
    prefixDir = await mkdtemp(path.join(os.tmpdir(), 'cog-prefix-'));
    const tiff = writeGeoTiff({
      width: SIZE, height: SIZE, data: pixels, tileSize: 512, overviewFactors: [2], resampling: 'nearest',
      epsg: 32619, originX: CENTRE_X, originY: CENTRE_Y, pixelSizeM: 30, nodata: 0, compression: 'deflate', predictor: 2,
    });
    await writeFile(path.join(prefixDir, 'noisy.TIF'), tiff);
    prefixServer = await startRangeFileServer(prefixDir);
  });
  afterAll(async () => {
    await prefixServer.close();
    await rm(prefixDir, { recursive: true, force: true });
  });

  const read3x3 = async (col: number, row: number) => {
    const source = createHttpByteSource(`${prefixServer.url}/noisy.TIF`);
    const reader = await createCogReader(source, { cache: createBlockCache({ maxBytes: 8 << 20 }) });
    const win = await reader.readWindow([col - 1, row - 1, col + 2, row + 2]);
    const expected = [-1, 0, 1].flatMap((dr) => [-1, 0, 1].map((dc) => pixels[(row + dr) * SIZE + col + dc]));
    return { values: Array.from(win.data), expected, requests: source.stats.requests };
  };

  it('reads a point near the top of a tile from a prefix of it: header and one short range', async () => {
    const { values, expected, requests } = await read3x3(100, 5);
    expect(values).toEqual(expected);
    expect(requests).toBe(2);
    const ranges = prefixServer.requests.filter((r) => r.range).slice(-1)[0].range!;
    const [start, end] = /bytes=(\d+)-(\d+)/.exec(ranges)!.slice(1).map(Number);
    expect(end - start + 1).toBeLessThan(64 * 1024);
  });

  it('reads the whole tile when the prefix ends before the rows needed, with the same values', async () => {
    const { values, expected, requests } = await read3x3(700, 200);
    expect(values).toEqual(expected);
    // Header, the prefix that fell short, then the whole tile.
    expect(requests).toBe(3);
  });
});
