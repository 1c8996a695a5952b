import { ownTurn } from '../ownTurn.js';

/**
 * Maps items with at most `limit` calls in flight, keeping the input order in the result. Once a call
 * fails or `signal` aborts, no further item starts (a client that left must not keep scenes being read:
 * the calls already in flight end through the same signal). The promise settles only when every call
 * started has settled, so whoever holds a slot of the heavy-work queue for this map holds it exactly as
 * long as its work runs, and `queue.active` in /api/health is the work really running.
 */
export async function mapWithConcurrency<T, R>(items: readonly T[], limit: number, fn: (item: T, index: number) => Promise<R>, signal?: AbortSignal): Promise<R[]> {
  const results = new Array<R>(items.length);
  let next = 0;
  let failed = false;
  const workers = Array.from({ length: Math.min(Math.max(1, limit), items.length) }, async () => {
    while (next < items.length && !failed) {
      // Each item starts on a turn of the event loop of its own (ownTurn.ts, shared by every map in the
      // process): with its data cached, a series would otherwise run scene after scene as one chain of
      // microtasks and hold the loop (health, other requests, the abort itself) for as long as the
      // whole series takes, and concurrent series would start their scenes all in the same turn.
      await ownTurn();
      if (signal?.aborted) failed = true;
      signal?.throwIfAborted();
      if (failed || next >= items.length) break;
      const i = next++;
      try {
        results[i] = await fn(items[i], i);
      } catch (err) {
        failed = true;
        throw err;
      }
    }
  });
  const settled = await Promise.allSettled(workers);
  const failure = settled.find((s): s is PromiseRejectedResult => s.status === 'rejected');
  if (failure) throw failure.reason;
  return results;
}
