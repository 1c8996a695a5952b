import { describe, expect, it } from 'vitest';
import { computeBandStatistics } from './statistics.js';

describe('computeBandStatistics', () => {
  const identity = (dn: number) => (dn === 0 ? null : dn);

  it('matches the textbook mean and population deviation, skipping fill and masked pixels', () => {
    const dn = [2, 4, 4, 4, 5, 5, 7, 9, 0, 100];
    const stats = computeBandStatistics(dn, identity, (i) => i !== 9);
    expect(stats).toEqual({ min: 2, max: 9, mean: 5, stDev: 2, sampleCount: 8, noDataCount: 2 });
  });

  it('reports nulls when nothing is clear', () => {
    expect(computeBandStatistics([0, 0], identity, () => true)).toEqual({ min: null, max: null, mean: null, stDev: null, sampleCount: 0, noDataCount: 2 });
  });
});
