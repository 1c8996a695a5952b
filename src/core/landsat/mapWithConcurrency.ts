/**
 * Maps items with at most `limit` calls in flight, keeping the input order in the result. Once a call
 * fails or `signal` aborts, no further item starts (a client that left must not keep scenes being read:
 * the calls already in flight end on their own, through the same signal).
 */
export async function mapWithConcurrency<T, R>(items: readonly T[], limit: number, fn: (item: T, index: number) => Promise<R>, signal?: AbortSignal): Promise<R[]> {
  const results = new Array<R>(items.length);
  let next = 0;
  let failed = false;
  const workers = Array.from({ length: Math.min(Math.max(1, limit), items.length) }, async () => {
    while (next < items.length && !failed) {
      signal?.throwIfAborted();
      const i = next++;
      try {
        results[i] = await fn(items[i], i);
      } catch (err) {
        failed = true;
        throw err;
      }
    }
  });
  await Promise.all(workers);
  return results;
}
