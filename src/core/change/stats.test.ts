import { describe, expect, it } from 'vitest';
import { adjustedPeek } from './standardProcedure.js';
import { chiSquare5Quantile, median, modeValue, roundHalfEven } from './stats.js';

describe('pyccd numerics', () => {
  it('chi-square quantiles match scipy.stats.chi2.ppf(p, 5)', () => {
    // scipy 1.10 (Debian python3-scipy): chi2.ppf(0.99, 5), chi2.ppf(0.999999, 5)
    expect(chiSquare5Quantile(0.99)).toBeCloseTo(15.08627246938899, 9);
    expect(chiSquare5Quantile(0.999999)).toBeCloseTo(35.88818687961042, 8);
  });

  it('a denser record looks further ahead with the threshold pyccd derives', () => {
    // pyccd adjustpeek/adjustchgthresh; thresholds from scipy: chi2.ppf(1 - 0.01 ** (6 / peek), 5)
    expect(adjustedPeek(16)).toEqual({ peekSize: 6, changeThreshold: 15.086272469388987 });
    expect(adjustedPeek(32)).toEqual({ peekSize: 6, changeThreshold: 15.086272469388987 });
    const eight = adjustedPeek(8);
    expect(eight.peekSize).toBe(12);
    expect(eight.changeThreshold).toBeCloseTo(9.23635689978112, 9);
    const twelve = adjustedPeek(12);
    expect(twelve.peekSize).toBe(8);
    expect(twelve.changeThreshold).toBeCloseTo(12.241629783293535, 9);
  });

  it('median, mode and rounding follow numpy/scipy', () => {
    expect(median([3, 1, 2, 10])).toBe(2.5);
    expect(median([5, 1, 3])).toBe(3);
    expect(modeValue([16, 32, 16, 32, 48])).toBe(16);
    expect([0.5, 1.5, 2.5, -0.5, 7.5].map(roundHalfEven)).toEqual([0, 2, 2, -0, 8]);
  });
});
