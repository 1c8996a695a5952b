import { inflateSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { deflateTiles, deflateTilesAsync, downsample } from './tiffLayout.js';

describe('deflateTilesAsync', () => {
  it('writes the very bytes deflateTiles writes (uint16 with predictor 2, float32 as is), edge tiles included', async () => {
    const width = 700;
    const height = 530;
    const dn = new Uint16Array(width * height).map((_, i) => ((i % 1013) * 61) ^ (i >> 9));
    const reflectance = Float32Array.from(dn, (v, i) => (i % 97 === 0 ? Number.NaN : v * 0.0000275 - 0.2));
    const asyncDn = await deflateTilesAsync(dn, width, height, 256, 2);
    const syncDn = deflateTiles(dn, width, height, 256, 2);
    expect(asyncDn.length).toBe(3 * 3);
    expect(asyncDn).toEqual(syncDn);
    expect(await deflateTilesAsync(reflectance, width, height, 256, 1)).toEqual(deflateTiles(reflectance, width, height, 256, 1));
    // The last tile (lower right) holds the raster's last row, padded with zeros.
    const last = new Uint16Array(new Uint8Array(inflateSync(asyncDn[8])).buffer);
    const row = height - 1 - 512;
    expect(last[row * 256]).toBe(dn[(height - 1) * width + 512]);
    expect(last[row * 256 + (width - 512)]).toBe(0);
  });
});

describe('downsample', () => {
  it('averages the valid values of each block (no-data 0 or NaN skipped) and keeps all-no-data blocks no-data', () => {
    // 3 x 2 at factor 2: blocks [[1, 2, 4, 0]] and [[0], [0]] (the edge column).
    const dn = Uint16Array.from([1, 2, 0, 4, 0, 0]);
    expect(Array.from(downsample(dn, 3, 2, 2, 'average', 0))).toEqual([Math.round(7 / 3), 0]);
    const f = Float32Array.from([1, 2, Number.NaN, 4, Number.NaN, Number.NaN]);
    const out = downsample(f, 3, 2, 2, 'average', Number.NaN);
    expect(out[0]).toBeCloseTo(7 / 3, 6);
    expect(Number.isNaN(out[1])).toBe(true);
    // Nearest takes the block's middle pixel (row 1, column 1 of the first block).
    expect(Array.from(downsample(dn, 3, 2, 2, 'nearest', 0))).toEqual([0, 0]);
  });
});
