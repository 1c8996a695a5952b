import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { nthLowest } from './demoCloudBlocks.js';

/**
 * The reference: the (k + 1)-th value of the keys sorted ascending (a plain copy and sort, no buckets).
 * Both sides `+ 0`: -0 and 0 are one key to every comparison cellCloudBits makes, and either may be the
 * threshold when they tie (toBe would tell them apart).
 */
const sortedAt = (keys: number[], k: number) => [...keys].sort((a, b) => a - b)[k] + 0;
const lowestAt = (keys: number[], k: number, min: number, max: number) => nthLowest(Float64Array.from(keys), k, min, max) + 0;

describe('nthLowest (the threshold of a cell\'s cloud blocks)', () => {
  const range = (keys: number[]) => [Math.min(...keys), Math.max(...keys)] as const;
  it.each([
    ['distinct keys, the lowest', Array.from({ length: 64 }, (_, i) => 63 - i), 0],
    ['distinct keys, the highest', Array.from({ length: 64 }, (_, i) => i * 0.5 - 7), 63],
    ['all keys equal', Array.from({ length: 64 }, () => -0.25), 31],
    ['two values, the rank at their border', Array.from({ length: 64 }, (_, i) => (i % 2 ? 1 : -1)), 32],
    ['one outlier stretching the buckets', Array.from({ length: 64 }, (_, i) => (i === 5 ? 1e6 : i * 1e-9)), 40],
    ['zeros of both signs, all tied', Array.from({ length: 64 }, (_, i) => (i % 3 ? 0 : -0)), 10],
    ['keys one ulp apart', Array.from({ length: 64 }, (_, i) => 1 + i * Number.EPSILON), 17],
  ])('%s', (_name, keys, k) => {
    const [min, max] = range(keys);
    expect(lowestAt(keys, k, min, max)).toBe(sortedAt(keys, k));
  });

  it('equals the sorted keys at every rank, ties included', () => {
    // Keys drawn from few values (many ties) or from doubles near each other, as cells' keys are.
    const key = fc.oneof(fc.integer({ min: -4, max: 4 }).map((v) => v / 8), fc.double({ min: -1, max: 1, noNaN: true }));
    fc.assert(
      fc.property(fc.array(key, { minLength: 64, maxLength: 64 }), fc.integer({ min: 0, max: 63 }), (keys, k) => {
        const [min, max] = range(keys);
        expect(lowestAt(keys, k, min, max)).toBe(sortedAt(keys, k));
      }),
      { numRuns: 2000 },
    );
  });
});
