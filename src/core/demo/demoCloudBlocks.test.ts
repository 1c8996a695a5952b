import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { lowestBlocks } from './demoCloudBlocks.js';

/**
 * The reference: the n blocks of lowest key, ties by block index, as bits of two 32-bit words (blocks
 * 0-31, 32-63): the block indices plainly sorted by (key, index), no buckets. -0 and 0 are one key, as
 * to every comparison (a - b is 0 for them).
 */
function sortedBits(keys: number[], n: number): [number, number] {
  const order = keys.map((_, i) => i).sort((i, j) => keys[i] - keys[j] || i - j);
  const words: [number, number] = [0, 0];
  for (const b of order.slice(0, n)) words[b >> 5] = (words[b >> 5] | (1 << (b & 31))) >>> 0;
  return words;
}

function bucketBits(keys: number[], n: number): [number, number] {
  const words = new Uint32Array(4);
  lowestBlocks(Float64Array.from(keys), n, Math.min(...keys), Math.max(...keys), words, 2);
  return [words[2], words[3]];
}

describe('lowestBlocks (a cell\'s cloud blocks: its n blocks of lowest key)', () => {
  it.each([
    ['distinct keys, the lowest alone', Array.from({ length: 64 }, (_, i) => 63 - i), 1],
    ['distinct keys, all but the highest', Array.from({ length: 64 }, (_, i) => i * 0.5 - 7), 63],
    ['all keys equal: the lowest-indexed', Array.from({ length: 64 }, () => -0.25), 31],
    ['two values, the count at their border', Array.from({ length: 64 }, (_, i) => (i % 2 ? 1 : -1)), 32],
    ['two values, the count past their border', Array.from({ length: 64 }, (_, i) => (i % 2 ? 1 : -1)), 40],
    ['one outlier stretching the buckets', Array.from({ length: 64 }, (_, i) => (i === 5 ? 1e6 : i * 1e-9)), 40],
    ['zeros of both signs, all tied', Array.from({ length: 64 }, (_, i) => (i % 3 ? 0 : -0)), 10],
    ['keys one ulp apart', Array.from({ length: 64 }, (_, i) => 1 + i * Number.EPSILON), 17],
    ['no cloud block', Array.from({ length: 64 }, (_, i) => Math.sin(i)), 0],
    ['every block cloud', Array.from({ length: 64 }, (_, i) => Math.sin(i)), 64],
  ])('%s', (_name, keys, n) => {
    expect(bucketBits(keys, n)).toEqual(sortedBits(keys, n));
  });

  it('equals the plainly sorted blocks for every count, ties included', () => {
    // Keys drawn from few values (many ties) or from doubles near each other, as cells' keys are.
    const key = fc.oneof(fc.integer({ min: -4, max: 4 }).map((v) => v / 8), fc.double({ min: -1, max: 1, noNaN: true }));
    fc.assert(
      fc.property(fc.array(key, { minLength: 64, maxLength: 64 }), fc.integer({ min: 0, max: 64 }), (keys, n) => {
        expect(bucketBits(keys, n)).toEqual(sortedBits(keys, n));
      }),
      { numRuns: 2000 },
    );
  });
});
