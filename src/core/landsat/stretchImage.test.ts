import { PNG } from 'pngjs';
import { describe, expect, it } from 'vitest';
import { dnToPhysical } from '../raster/scaling.js';
import { DEFAULT_MASK, maskBits } from '../raster/clearPixel.js';
import { percentileRange, renderRgbPng } from './renderRgbPng.js';
import { dnHistogram, dnPercentiles, renderStretchedPng } from './stretchImage.js';

/** Deterministic pseudo-random DNs in the reflectance range, with some fill. */
function band(seed: number, n: number): Uint16Array {
  let s = seed;
  return Uint16Array.from({ length: n }, () => {
    s = (s * 1103515245 + 12345) & 0x7fffffff;
    return s % 17 === 0 ? 0 : 7273 + (s % 20000);
  });
}

describe('stretched image from DN histograms', () => {
  it('ranks percentiles exactly as percentileRange does over the physical values', () => {
    for (const n of [1, 2, 7, 1000, 4099]) {
      const dn = band(n, n);
      const physical = Array.from(dn, (v) => (v === 0 ? null : dnToPhysical('red', v)));
      const want = percentileRange(physical);
      const got = dnPercentiles(dnHistogram(dn));
      if (want === null) expect(got).toBeNull();
      else expect({ low: dnToPhysical('red', got!.lowDn), high: dnToPhysical('red', got!.highDn) }).toEqual(want);
    }
    expect(dnPercentiles(dnHistogram(new Uint16Array(10)))).toBeNull();
  });

  it('takes the percentiles over the clear pixels only, and still draws every pixel', async () => {
    const [w, h] = [41, 29];
    const assets = ['red', 'green', 'blue'] as const;
    const dn = assets.map((_, i) => band(i + 5, w * h));
    // Every third pixel cloud (QA_PIXEL 22280, cloud bit 3; the others 21824, clear: the fixture scene's
    // README values): made bright, and left out of the stretch.
    const qa = Uint16Array.from({ length: w * h }, (_, i) => (i % 3 === 0 ? 22280 : 21824));
    const over = Uint8Array.from({ length: w * h }, (_, i) => (i % 3 === 0 ? 0 : 1));
    const stretchOverClear = { qa, maskBits: maskBits(DEFAULT_MASK) };
    for (const d of dn) for (let i = 0; i < d.length; i += 3) if (d[i] !== 0) d[i] = 40000;
    const physical = dn.map((d, i) => Array.from(d, (v, k) => (v === 0 || over[k] === 0 ? null : dnToPhysical(assets[i], v))));
    const ranges = physical.map((v) => percentileRange(v)!);
    const drawnImage = await renderStretchedPng({ width: w, height: h, outWidth: w, outHeight: h, shareStretch: false, channels: assets.map((asset, i) => ({ asset, dn: dn[i] })), stretchOverClear });
    expect(drawnImage.ranges).toEqual(ranges);
    expect(drawnImage.clearShare).toBe(over.filter((v) => v === 1).length / (w * h));
    const got = PNG.sync.read(drawnImage.png);
    // A bright "cloud" pixel saturates white; the clear ones span the range.
    const cloudy = dn[0].findIndex((v, k) => v === 40000 && k % 3 === 0);
    expect([...got.data.subarray(4 * cloudy, 4 * cloudy + 4)]).toEqual([255, 255, 255, 255]);
    const all = await renderStretchedPng({ width: w, height: h, outWidth: w, outHeight: h, shareStretch: false, channels: assets.map((asset, i) => ({ asset, dn: dn[i] })) });
    expect(all.ranges[0].high).toBeGreaterThan(ranges[0].high);
  });

  for (const shared of [true, false]) {
    it(`draws the same pixels as the physical-value renderer (${shared ? 'shared' : 'per-band'} stretch, enlarged)`, async () => {
      const [w, h, outW, outH] = [37, 23, 74, 69];
      const assets = ['red', 'green', 'blue'] as const;
      const dn = assets.map((_, i) => band(i + 11, w * h));
      const physical = dn.map((d, i) => Array.from(d, (v) => (v === 0 ? null : dnToPhysical(assets[i], v))));
      const ranges = physical.map((v) => percentileRange(v) ?? { low: 0, high: 1 });
      const common = { low: Math.min(...ranges.map((r) => r.low)), high: Math.max(...ranges.map((r) => r.high)) };
      const expected = PNG.sync.read(renderRgbPng({ width: w, height: h, outWidth: outW, outHeight: outH, channels: physical.map((values, i) => ({ values, ...(shared ? common : ranges[i]) })) }));
      const drawnImage = await renderStretchedPng({ width: w, height: h, outWidth: outW, outHeight: outH, shareStretch: shared, channels: assets.map((asset, i) => ({ asset, dn: dn[i] })) });
      expect(drawnImage.ranges).toEqual(shared ? [common, common, common] : ranges);
      const got = PNG.sync.read(drawnImage.png);
      expect([got.width, got.height]).toEqual([outW, outH]);
      expect(Buffer.compare(got.data, expected.data)).toBe(0);
    });
  }
});
