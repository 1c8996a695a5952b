/**
 * Files nobody on this project wrote (/work/shared/real-world/cogs, see its README): the re-encodings
 * of the real USGS SR_B4 crop must all read exactly like the little-endian DEFLATE COG (which GDAL
 * wrote), including the big-endian predictor-2 file; every other file reads or is refused in words.
 */
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createBlockCache } from './blockCache.js';
import { createFileByteSource } from './byteSource.js';
import { createCogReader } from './cogReader.js';

const DIR = path.resolve('../shared/real-world/cogs');
const cache = () => createBlockCache({ maxBytes: 64 << 20 });

async function readAll(name: string) {
  const reader = await createCogReader(createFileByteSource(path.join(DIR, name)), { cache: cache() });
  const { width, height } = reader.levels[0];
  const win = await reader.readWindow([0, 0, width, height]);
  return { reader, width, height, data: win.data };
}

describe('real-world COGs', () => {
  const reference = () => readAll('derived__LC08_B4_cog_deflate.tif');

  it('reads the big-endian DEFLATE predictor-2 file with the same values as the little-endian COG', async () => {
    const le = await reference();
    const be = await readAll('derived__LC08_B4_bigendian_deflate_pred2_tiled.tif');
    expect(be.reader.header.littleEndian).toBe(false);
    expect(be.reader.levels[0].predictor).toBe(2);
    expect([be.width, be.height]).toEqual([le.width, le.height]);
    // A few pixels by hand (first, a middle one, last), then every pixel.
    const at = (d: Uint16Array, col: number, row: number) => d[row * le.width + col];
    for (const [col, row] of [[0, 0], [1, 0], [le.width >> 1, le.height >> 1], [17, 301], [le.width - 1, le.height - 1]]) {
      expect(at(be.data, col, row)).toBe(at(le.data, col, row));
    }
    expect(new Set(le.data).size).toBeGreaterThan(100); // real texture, not a constant
    expect(Buffer.from(be.data.buffer).equals(Buffer.from(le.data.buffer))).toBe(true);
  });

  it('reads the BigTIFF with partial edge tiles as the same pixels (a 300 x 300 crop of the COG)', async () => {
    const le = await reference();
    const big = await readAll('derived__LC08_B4_bigtiff_partialtiles.tif');
    expect(big.reader.header.bigTiff).toBe(true);
    expect([big.width, big.height]).toEqual([300, 300]);
    for (let row = 0; row < 300; row++) {
      const got = big.data.subarray(row * 300, (row + 1) * 300);
      const want = le.data.subarray(row * le.width, row * le.width + 300);
      if (!Buffer.from(got.buffer, got.byteOffset, got.byteLength).equals(Buffer.from(want.buffer, want.byteOffset, want.byteLength))) throw new Error(`row ${row} differs`);
    }
  });

  for (const name of ['derived__LC08_B4_bigendian_none_tiled.tif', 'derived__LC08_B4_lzw_pred2_tiled.tif', 'derived__LC08_B4_zstd_pred2_tiled.tif']) {
    it(`${name} holds the same pixels as the little-endian COG`, async () => {
      const le = await reference();
      const other = await readAll(name);
      expect([other.width, other.height]).toEqual([le.width, le.height]);
      expect(Buffer.from(other.data.buffer).equals(Buffer.from(le.data.buffer))).toBe(true);
    });
  }

  it('reads or refuses in words every file of the folder (never crashes, never hangs)', async () => {
    const outcomes: Record<string, string> = {};
    for (const name of readdirSync(DIR).sort()) {
      try {
        const { width, height, data } = await readAll(name);
        outcomes[name] = `read ${width}x${height}`;
        expect(data.length).toBe(width * height);
      } catch (err) {
        expect(err).toBeInstanceOf(Error);
        expect((err as Error).message).toMatch(/[a-z]{3,} .*[a-z]{3,}/i);
        outcomes[name] = `refused: ${(err as Error).message}`;
      }
    }
    // The striped USGS crop is not a COG: refused, in words.
    expect(outcomes['stactools__LC08_005009_SR_B4_striped.TIF']).toMatch(/refused: TIFF is not tiled/);
    expect(outcomes['derived__LC08_B4_cog_deflate.tif']).toMatch(/^read /);
  });
});
