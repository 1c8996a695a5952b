/**
 * The median of the first `count` values of `values` (the mean of the middle two for an even count),
 * reordering them. A composite `median` tile takes one per pixel and band (65 536 x 3 of up to a few
 * hundred values): a selection (Wirth's FIND, Hoare's partition around the middle element) finds the
 * middle in linear expected time where a sort orders everything. The result is exactly the sorted
 * median: the same value (or the same two values, averaged the same way).
 */
export function medianInPlace(values: Float64Array, count: number): number {
  if (count <= 0) return Number.NaN;
  const mid = count >> 1;
  if (count % 2 === 1) return select(values, count, mid);
  const lower = select(values, count, mid - 1);
  // Selection leaves every value at or after mid-1 no smaller than the lower middle: the upper middle is their least.
  let upper = values[mid];
  for (let i = mid + 1; i < count; i++) if (values[i] < upper) upper = values[i];
  return (lower + upper) / 2;
}

/** The n-th smallest of values[0..count): afterwards values before n are <= it and values after n are >= it. */
function select(values: Float64Array, count: number, n: number): number {
  let left = 0;
  let right = count - 1;
  while (left < right) {
    const pivot = values[n];
    let i = left;
    let j = right;
    do {
      while (values[i] < pivot) i++;
      while (pivot < values[j]) j--;
      if (i <= j) {
        const t = values[i];
        values[i] = values[j];
        values[j] = t;
        i++;
        j--;
      }
    } while (i <= j);
    if (j < n) left = i;
    if (n < i) right = j;
  }
  return values[n];
}
