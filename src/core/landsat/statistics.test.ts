import { describe, expect, it } from 'vitest';
import { computeBandStatistics } from './statistics.js';

describe('computeBandStatistics', () => {
  const identity = (dn: number) => (dn === 0 ? null : dn);

  it('matches the textbook mean and population deviation, skipping fill and masked pixels', () => {
    const dn = [2, 4, 4, 4, 5, 5, 7, 9, 0, 100];
    const stats = computeBandStatistics(dn, identity, (i) => i !== 9);
    expect(stats).toEqual({ min: 2, max: 9, mean: 5, stDev: 2, sampleCount: 8, noDataCount: 2, fillCount: 1 });
  });

  it('reports nulls when nothing is clear', () => {
    expect(computeBandStatistics([0, 0], identity, () => true)).toEqual({ min: null, max: null, mean: null, stDev: null, sampleCount: 0, noDataCount: 2, fillCount: 2 });
  });

  it('gives the same answer for 16-bit DNs (counted per DN first) as pixel by pixel', () => {
    // A skewed spread of DNs with repeats, fill (0) and masked pixels, as a scene box holds them.
    const values = Array.from({ length: 5000 }, (_, i) => (i % 97 === 0 ? 0 : 7000 + ((i * 7919) % 4001) + (i % 13) * 250));
    const reflectance = (dn: number) => (dn === 0 ? null : dn * 0.0000275 - 0.2);
    const clear = (i: number) => i % 11 !== 3;
    const fill = (i: number) => i % 500 === 1;
    const plain = computeBandStatistics(values, reflectance, clear, fill);
    const counted = computeBandStatistics(Uint16Array.from(values), reflectance, clear, fill);
    expect([counted.sampleCount, counted.noDataCount, counted.fillCount, counted.min, counted.max]).toEqual([plain.sampleCount, plain.noDataCount, plain.fillCount, plain.min, plain.max]);
    expect(counted.mean).toBeCloseTo(plain.mean!, 12);
    expect(counted.stDev).toBeCloseTo(plain.stDev!, 12);
    // And again: the per-DN counts start from zero every time.
    expect(computeBandStatistics(Uint16Array.from(values), reflectance, clear, fill)).toEqual(counted);
  });

  it('counts as fill what QA_PIXEL calls fill though the band has a value there', () => {
    const stats = computeBandStatistics([3, 4, 5], identity, (i) => i === 0, (i) => i === 2);
    expect([stats.sampleCount, stats.noDataCount, stats.fillCount]).toEqual([1, 2, 1]);
  });
});
