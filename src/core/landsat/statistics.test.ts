import { describe, expect, it } from 'vitest';
import { classifyPixels, computeBandStatistics, PIXEL_CLEAR, PIXEL_FILL, PIXEL_MASKED, windowStatistics } from './statistics.js';
import { DEFAULT_MASK, parseMask } from '../raster/clearPixel.js';

describe('computeBandStatistics', () => {
  const identity = (dn: number) => (dn === 0 ? null : dn);

  it('matches the textbook mean and population deviation, skipping fill and masked pixels', () => {
    const dn = Uint16Array.of(2, 4, 4, 4, 5, 5, 7, 9, 0, 100);
    const stats = computeBandStatistics(dn, identity, Uint8Array.from(dn, (_, i) => (i !== 9 ? PIXEL_CLEAR : PIXEL_MASKED)));
    expect(stats).toEqual({ min: 2, max: 9, mean: 5, stDev: 2, sampleCount: 8, noDataCount: 2, fillCount: 1 });
  });

  it('reports nulls when nothing is clear', () => {
    expect(computeBandStatistics(Uint16Array.of(0, 0), identity, Uint8Array.of(PIXEL_CLEAR, PIXEL_CLEAR))).toEqual({ min: null, max: null, mean: null, stDev: null, sampleCount: 0, noDataCount: 2, fillCount: 2 });
  });

  it('counts as fill what QA_PIXEL calls fill though the band has a value there', () => {
    const stats = computeBandStatistics(Uint16Array.of(3, 4, 5), identity, Uint8Array.of(PIXEL_CLEAR, PIXEL_MASKED, PIXEL_FILL));
    expect([stats.sampleCount, stats.noDataCount, stats.fillCount]).toEqual([1, 2, 1]);
  });

  it('classifies QA_PIXEL as USGS documents it: fill bit or DN 0 is fill, masked bits are masked, the rest clear', () => {
    // LSDS-1619 Landsat 8-9 QA_PIXEL values: 21824 clear land, 21952 clear water, 22280 high-confidence cloud,
    // 23888 cloud shadow, 30048 snow, 1 fill; 0 is the file's nodata outside the raster.
    const qa = Uint16Array.of(21824, 21952, 22280, 23888, 30048, 1, 0);
    expect([...classifyPixels(qa, DEFAULT_MASK)]).toEqual([PIXEL_CLEAR, PIXEL_CLEAR, PIXEL_MASKED, PIXEL_MASKED, PIXEL_CLEAR, PIXEL_FILL, PIXEL_FILL]);
    expect([...classifyPixels(qa, parseMask('none'))]).toEqual([PIXEL_CLEAR, PIXEL_CLEAR, PIXEL_CLEAR, PIXEL_CLEAR, PIXEL_CLEAR, PIXEL_FILL, PIXEL_FILL]);
    expect([...classifyPixels(qa, parseMask('snow,water'))]).toEqual([PIXEL_CLEAR, PIXEL_MASKED, PIXEL_CLEAR, PIXEL_CLEAR, PIXEL_MASKED, PIXEL_FILL, PIXEL_FILL]);
  });

  it('agrees with a two-pass mean and deviation over a whole window of reflectance, call after call', () => {
    // 256 x 256 DNs spread like surface reflectance, a quarter masked, some fill; reference: the two-pass textbook formulas.
    let seed = 12345;
    const random = () => ((seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31);
    const dn = Uint16Array.from({ length: 256 * 256 }, () => (random() < 0.02 ? 0 : 7273 + Math.floor(random() * 20000)));
    const classes = Uint8Array.from(dn, () => (random() < 0.25 ? PIXEL_MASKED : random() < 0.01 ? PIXEL_FILL : PIXEL_CLEAR));
    const reflectance = (d: number) => (d === 0 ? null : d * 0.0000275 - 0.2);
    const values = [...dn].flatMap((d, i) => (classes[i] === PIXEL_CLEAR && d !== 0 ? [reflectance(d)!] : []));
    const mean = values.reduce((a, b) => a + b, 0) / values.length;
    const stDev = Math.sqrt(values.reduce((a, v) => a + (v - mean) ** 2, 0) / values.length);
    const imagedFill = [...dn].filter((d, i) => classes[i] !== PIXEL_FILL && d === 0).length;
    const qaFill = [...classes].filter((c) => c === PIXEL_FILL).length;
    for (let call = 0; call < 2; call++) {
      const stats = computeBandStatistics(dn, reflectance, classes);
      expect(stats.sampleCount).toBe(values.length);
      expect(stats.noDataCount).toBe(dn.length - values.length);
      expect(stats.fillCount).toBe(qaFill + imagedFill);
      expect(stats.mean).toBeCloseTo(mean, 12);
      expect(stats.stDev).toBeCloseTo(stDev, 12);
      expect(stats.min).toBe(Math.min(...values));
      expect(stats.max).toBe(Math.max(...values));
    }
  });

  it('gives the same statistics for a window counted in the worker as counted here, band by band', async () => {
    // 256 x 256 (counted in the worker) against the same pixels counted per band on this thread; the
    // QA values are LSDS-1619's (clear land, cloud, snow, fill), the DNs spread like reflectance.
    let seed = 987;
    const random = () => ((seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31);
    const qaValues = [21824, 22280, 30048, 1, 0];
    const qa = Uint16Array.from({ length: 256 * 256 }, () => qaValues[Math.floor(random() * random() * qaValues.length)]);
    const bands = [0, 1, 2].map(() => Uint16Array.from(qa, () => (random() < 0.01 ? 0 : 7273 + Math.floor(random() * 30000))));
    const reflectance = (d: number) => (d === 0 ? null : d * 0.0000275 - 0.2);
    const kelvin = (d: number) => (d === 0 ? null : d * 0.00341802 + 149);
    const physicals = [reflectance, reflectance, kelvin];
    const before = bands.map((b) => b.slice());
    const inWorker = await windowStatistics(qa, bands.map((dn, i) => ({ dn, physical: physicals[i] })), DEFAULT_MASK);
    const classes = classifyPixels(qa, DEFAULT_MASK);
    expect(inWorker).toEqual(bands.map((dn, i) => computeBandStatistics(dn, physicals[i], classes)));
    expect(inWorker[0].sampleCount).toBeGreaterThan(0);
    // The caller's arrays (the block cache's) are left as they were.
    expect(bands).toEqual(before);
  });
});

