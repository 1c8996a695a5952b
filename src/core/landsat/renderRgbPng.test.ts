import { describe, expect, it } from 'vitest';
import { PNG } from 'pngjs';
import { percentileRange, renderRgbPng } from './renderRgbPng.js';

describe('renderRgbPng', () => {
  it('stretches values onto 0-255, enlarges by nearest neighbour, and makes no-data transparent', () => {
    const png = PNG.sync.read(
      renderRgbPng({
        width: 2,
        height: 1,
        channels: [
          { values: [0, 0.3], low: 0, high: 0.3 },
          { values: [0.15, 0.3], low: 0, high: 0.3 },
          { values: [0.6, null], low: 0, high: 0.3 },
        ],
        outWidth: 4,
        outHeight: 2,
      }),
    );
    expect([png.width, png.height]).toEqual([4, 2]);
    const at = (x: number, y: number) => Array.from(png.data.subarray((y * 4 + x) * 4, (y * 4 + x) * 4 + 4));
    // Left source pixel: R 0, G half, B clipped at the top; right one has no blue: transparent.
    for (const [x, y] of [[0, 0], [1, 0], [0, 1], [1, 1]]) expect(at(x, y)).toEqual([0, 128, 255, 255]);
    for (const [x, y] of [[2, 0], [3, 1]]) expect(at(x, y)[3]).toBe(0);
  });

  it('draws one channel as grey', () => {
    const png = PNG.sync.read(renderRgbPng({ width: 1, height: 1, channels: [{ values: [0.1], low: 0, high: 0.2 }] }));
    expect(Array.from(png.data)).toEqual([128, 128, 128, 255]);
  });

  it('remembers the PNG of a small source by its colours, and draws different colours anew', () => {
    const draw = (v: number) => renderRgbPng({ width: 3, height: 3, channels: [{ values: Array(9).fill(v), low: 0, high: 0.3 }], outWidth: 240, outHeight: 240 });
    const first = draw(0.1);
    expect(draw(0.1)).toBe(first);
    const other = draw(0.2);
    expect(other).not.toBe(first);
    expect(Array.from(PNG.sync.read(other).data.subarray(0, 4))).toEqual([170, 170, 170, 255]);
    expect(Array.from(PNG.sync.read(first).data.subarray(0, 4))).toEqual([85, 85, 85, 255]);
  });

  it('finds the 2nd and 98th percentiles, ignoring no-data', () => {
    const values = [...Array.from({ length: 101 }, (_, i) => i), null, null];
    expect(percentileRange(values)).toEqual({ low: 2, high: 98 });
    expect(percentileRange([null])).toBeNull();
  });
});
