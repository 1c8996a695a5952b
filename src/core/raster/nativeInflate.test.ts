/**
 * Whole DEFLATE tiles inflated by libdeflate (native/deflate, nativeInflate.mjs) against node's zlib on
 * the tiles of a real Landsat Collection 2 COG (a USGS Landsat 7 file, DEFLATE, 512 px tiles): the same
 * bytes, and null (so the caller falls back to zlib) for what libdeflate does not read whole.
 */
import { existsSync, readFileSync } from 'node:fs';
import { inflateSync } from 'node:zlib';
import { fromFile } from 'geotiff';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { inflateEngine, inflateWhole } from './nativeInflate.mjs';
import { inflateTileWords } from './tileSamples.mjs';

const SCENE = '../shared/real-world/landsat-tm-etm/LE07_L2SP_090084_20210331_20210426_02_T1/LE07_L2SP_090084_20210331_20210426_02_T1';
/** DEFLATE files written by USGS (Landsat 7 crops) and by other projects' test suites (a Landsat 8 band, 512 and 256 px tiles, big-endian with the predictor). */
const FILES = [
  `${SCENE}_SR_B4.TIF`,
  `${SCENE}_QA_PIXEL.TIF`,
  '../shared/real-world/cogs/rio-tiler__scene_band1.tif',
  '../shared/real-world/cogs/rio-tiler__cog_nodata.tif',
  '../shared/real-world/cogs/derived__LC08_B4_cog_deflate.tif',
  '../shared/real-world/cogs/derived__LC08_B4_bigendian_deflate_pred2_tiled.tif',
];
const BUILT = existsSync(new URL('../../../native/deflate/build/Release/landsat_inflate.node', import.meta.url));

/** The compressed tiles of a file's full-resolution image, as stored (offsets and byte counts from geotiff.js). */
async function storedTiles(file: string, count: number): Promise<{ bytes: Uint8Array; tileBytes: number; tileWidth: number; tileHeight: number }[]> {
  const image = await (await fromFile(file)).getImage(0);
  // geotiff.js reads large IFD arrays on demand.
  const dir = image.fileDirectory as unknown as { loadValue(tag: string): Promise<ArrayLike<number>> };
  const [offsets, counts] = await Promise.all([dir.loadValue('TileOffsets'), dir.loadValue('TileByteCounts')]);
  const [tileWidth, tileHeight] = [image.getTileWidth(), image.getTileHeight()];
  const tileBytes = tileWidth * tileHeight * image.getBytesPerPixel();
  const whole = readFileSync(file);
  // Tiles spread across the file (the corners hold fill, the middle the scene).
  const step = Math.max(1, Math.floor(offsets.length / count));
  const picked: { bytes: Uint8Array; tileBytes: number; tileWidth: number; tileHeight: number }[] = [];
  for (let i = 0; i < offsets.length && picked.length < count; i += step) if (counts[i] > 0) picked.push({ bytes: whole.subarray(offsets[i], offsets[i] + counts[i]), tileBytes, tileWidth, tileHeight });
  return picked;
}

afterEach(() => {
  vi.unstubAllEnvs();
  vi.resetModules();
});

describe('inflateWhole', () => {
  it.skipIf(!BUILT)('gives node zlib\'s bytes for every tile of a real Landsat file, into its own buffer or the caller\'s', async () => {
    expect(inflateEngine()).toEqual({ engine: 'libdeflate' });
    let tiles = 0;
    for (const file of FILES) {
      const stored = await storedTiles(file, 8);
      const into = new Uint8Array(stored[0].tileBytes);
      for (const { bytes, tileBytes } of stored) {
        const expected = inflateSync(bytes);
        // Buffer.equals: toEqual walks half a million bytes one by one.
        expect(Buffer.from(inflateWhole(bytes, tileBytes)!).equals(expected), file).toBe(true);
        const written = inflateWhole(bytes, tileBytes, into)!;
        expect(written.buffer).toBe(into.buffer);
        expect(Buffer.from(written.buffer, written.byteOffset, written.byteLength).equals(expected), file).toBe(true);
        tiles += 1;
      }
    }
    expect(tiles).toBeGreaterThan(20);
  }, 60_000);

  it.skipIf(!BUILT)('answers null where zlib has to say more: a truncated or corrupt stream, or too little room', async () => {
    const [{ bytes, tileBytes }] = await storedTiles(`${SCENE}_SR_B4.TIF`, 1);
    expect(inflateWhole(bytes.subarray(0, bytes.byteLength >> 1), tileBytes)).toBeNull();
    expect(inflateWhole(bytes, tileBytes >> 1)).toBeNull();
    const corrupt = Uint8Array.from(bytes);
    corrupt[0] ^= 0xff; // the zlib header
    expect(() => inflateSync(corrupt)).toThrow();
    expect(inflateWhole(corrupt, tileBytes)).toBeNull();
  }, 60_000);

  it.skipIf(!BUILT)('gives a big-endian file\'s words in host order through a caller\'s plain buffer (as tileCounts.mjs hands it)', async () => {
    const [{ bytes, tileBytes, tileWidth, tileHeight }] = await storedTiles('../shared/real-world/cogs/derived__LC08_B4_bigendian_deflate_pred2_tiled.tif', 1);
    const { words, usableRows } = inflateTileWords({ buffer: bytes, tileWidth, tileHeight, littleEndian: false, lastRow: tileHeight - 1, into: new Uint8Array(tileBytes) });
    expect(usableRows).toBe(tileHeight);
    // Expected: node's zlib, then the bytes swapped to this (little-endian) host's order.
    const expected = Buffer.from(inflateSync(bytes)).swap16();
    expect(Buffer.from(words.buffer, words.byteOffset, words.byteLength).equals(expected)).toBe(true);
  }, 60_000);

  it('is not used with LANDSAT_INFLATE=zlib, and says why', async () => {
    vi.stubEnv('LANDSAT_INFLATE', 'zlib');
    const fresh = await import('./nativeInflate.mjs');
    expect(fresh.inflateEngine()).toEqual({ engine: 'zlib', reason: 'LANDSAT_INFLATE=zlib' });
    const [{ bytes, tileBytes }] = await storedTiles(`${SCENE}_SR_B4.TIF`, 1);
    expect(fresh.inflateWhole(bytes, tileBytes)).toBeNull();
  }, 60_000);
});
