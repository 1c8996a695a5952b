import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { medianInPlace } from './medianInPlace.js';

/** The textbook definition, written out here: sort, take the middle (mean of the middle two). */
function sortedMedian(values: number[]): number {
  const s = Float64Array.from(values).sort();
  const k = s.length;
  return k % 2 === 1 ? s[(k - 1) / 2] : (s[k / 2 - 1] + s[k / 2]) / 2;
}

describe('medianInPlace', () => {
  it('equals the sorted median bit for bit, odd and even counts, ties, any order', () => {
    const value = fc.oneof(fc.double({ noNaN: true, noDefaultInfinity: true, min: -1, max: 400 }), fc.constantFrom(0.1, 0.2, 300.5));
    fc.assert(
      fc.property(fc.array(value, { minLength: 1, maxLength: 300 }), fc.integer({ min: 0, max: 20 }), (values, spare) => {
        // Values past `count` must be ignored.
        const buf = Float64Array.from([...values, ...Array.from({ length: spare }, () => -1e9)]);
        expect(Object.is(medianInPlace(buf, values.length), sortedMedian(values))).toBe(true);
      }),
      { numRuns: 2000 },
    );
  });

  it('small cases written out', () => {
    expect(medianInPlace(Float64Array.from([3]), 1)).toBe(3);
    expect(medianInPlace(Float64Array.from([4, 1]), 2)).toBe(2.5);
    expect(medianInPlace(Float64Array.from([5, 1, 3]), 3)).toBe(3);
    expect(medianInPlace(Float64Array.from([2, 2, 9, 1]), 4)).toBe(2);
    expect(medianInPlace(Float64Array.from([7, 7, 7, 7, 7]), 5)).toBe(7);
    expect(medianInPlace(new Float64Array(4), 0)).toBeNaN();
  });
});
