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

  it('counts as fill what QA_PIXEL calls fill though the band has a value there', () => {
    const stats = computeBandStatistics([3, 4, 5], identity, (i) => i === 0, (i) => i === 2);
    expect([stats.sampleCount, stats.noDataCount, stats.fillCount]).toEqual([1, 2, 1]);
  });
});
