import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { countWindowDns, createDnSum } from '../landsat/dnCounts.mjs';
import { areaStatsOfCounts, pixelAndClearCounts } from './areaCounts.js';

/** The statistics written out directly over the values, sorted: what the counts per DN must give. */
function direct(values: number[]) {
  const v = [...values].sort((a, b) => a - b);
  const n = v.length;
  const mean = v.reduce((s, x) => s + x, 0) / n;
  return { count: n, mean, median: n % 2 ? v[(n - 1) / 2] : (v[n / 2 - 1] + v[n / 2]) / 2, stDev: Math.sqrt(v.reduce((s, x) => s + (x - mean) ** 2, 0) / n), min: v[0], max: v[n - 1] };
}

const reflectance = (dn: number) => (dn === 0 ? null : dn * 0.0000275 - 0.2);
const CLEAR = 21824; // clear land: fill bit and the default mask's bits unset
const CLOUD = 22280;

describe('area statistics from counts per DN', () => {
  it('equal the statistics of the sorted values, inside the polygon and clear only', () => {
    fc.assert(
      fc.property(fc.array(fc.record({ dn: fc.integer({ min: 0, max: 400 }), qa: fc.constantFrom(0, 1, CLEAR, CLOUD), inside: fc.boolean() }), { minLength: 1, maxLength: 300 }), (pixels) => {
        const qa = Uint16Array.from(pixels, (p) => p.qa);
        const dn = Uint16Array.from(pixels, (p) => p.dn);
        const inside = Uint8Array.from(pixels, (p) => (p.inside ? 1 : 0));
        const [qaCounts, dnCounts] = countWindowDns(qa, 0b1_1110, [qa, dn], inside);
        const imaged = pixels.filter((p) => p.inside && p.qa !== 0 && (p.qa & 1) === 0);
        const clear = imaged.filter((p) => p.qa === CLEAR);
        expect(pixelAndClearCounts(qaCounts, pixels.length)).toEqual({ pixelCount: imaged.length, clearCount: clear.length });
        const values = clear.filter((p) => p.dn !== 0).map((p) => reflectance(p.dn)!);
        const got = areaStatsOfCounts(dnCounts, reflectance);
        if (values.length === 0) {
          expect(got).toEqual({ mean: null, median: null, stDev: null, min: null, max: null, count: 0 });
          return;
        }
        const want = direct(values);
        expect(got.count).toBe(want.count);
        for (const key of ['mean', 'median', 'stDev', 'min', 'max'] as const) expect(got[key]).toBeCloseTo(want[key], 12);
      }),
    );
  });

  it('a window counted in strips (an area job) gives the counts and statistics of the whole window', () => {
    fc.assert(
      fc.property(fc.array(fc.record({ dn: fc.integer({ min: 0, max: 60 }), qa: fc.constantFrom(0, CLEAR, CLOUD) }), { minLength: 2, maxLength: 200 }), fc.integer({ min: 1, max: 199 }), (pixels, cut) => {
        const at = Math.min(cut, pixels.length - 1);
        const count = (part: typeof pixels) => countWindowDns(Uint16Array.from(part, (p) => p.qa), 0b1_1110, [Uint16Array.from(part, (p) => p.qa), Uint16Array.from(part, (p) => p.dn)], new Uint8Array(part.length).fill(1));
        const whole = count(pixels);
        const sum = createDnSum(2);
        sum.add(count(pixels.slice(0, at)));
        sum.add(count(pixels.slice(at)));
        const strips = sum.finish();
        expect(pixelAndClearCounts(strips[0], pixels.length)).toEqual(pixelAndClearCounts(whole[0], pixels.length));
        expect(areaStatsOfCounts(strips[1], reflectance)).toEqual(areaStatsOfCounts(whole[1], reflectance));
      }),
    );
  });
  it('parts added up give every DN once, in ascending order, with the counts summed: dense and sparse DNs, one part or several', () => {
    const part = (maxDn: number) =>
      fc.uniqueArray(fc.record({ dn: fc.integer({ min: 0, max: maxDn }), count: fc.integer({ min: 1, max: 1000 }) }), { selector: (e) => e.dn, maxLength: 120 });
    fc.assert(
      fc.property(fc.constantFrom(300, 65_535).chain((maxDn) => fc.array(part(maxDn), { minLength: 1, maxLength: 4 })), (parts) => {
        const sum = createDnSum(1);
        const want = new Map<number, number>();
        for (const entries of parts) {
          for (const { dn, count } of entries) want.set(dn, (want.get(dn) ?? 0) + count);
          const dns = Uint16Array.from(entries, (e) => e.dn);
          sum.add([{ fill: 1, clearDns: dns, clearCounts: Uint32Array.from(entries, (e) => e.count), maskedDns: new Uint16Array(0), maskedCounts: new Uint32Array(0) }]);
        }
        const [got] = sum.finish(5);
        const sorted = [...want.keys()].sort((a, b) => a - b);
        expect(Array.from(got.clearDns)).toEqual(sorted);
        expect(Array.from(got.clearCounts)).toEqual(sorted.map((dn) => want.get(dn)));
        expect(got.fill).toBe(parts.length + 5);
      }),
    );
  });

  it('statistics of values that do not rise with the DN (ties too) equal those of the sorted values', () => {
    const notRising = (dn: number) => (dn === 0 ? null : (dn % 7) * 0.5);
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0, max: 400 }), { minLength: 1, maxLength: 300 }), (dnList) => {
        const dn = Uint16Array.from(dnList);
        const qa = new Uint16Array(dnList.length).fill(CLEAR);
        const [, counts] = countWindowDns(qa, 0b1_1110, [qa, dn], new Uint8Array(dnList.length).fill(1));
        const values = dnList.filter((d) => d !== 0).map((d) => notRising(d)!);
        const got = areaStatsOfCounts(counts, notRising);
        if (values.length === 0) {
          // No value: nothing counted (a returned assertion would read as the property's false).
          expect(got).toEqual({ mean: null, median: null, stDev: null, min: null, max: null, count: 0 });
          return;
        }
        const want = direct(values);
        expect(got.count).toBe(want.count);
        for (const key of ['mean', 'median', 'stDev', 'min', 'max'] as const) expect(got[key]).toBeCloseTo(want[key], 12);
      }),
    );
  });
});
