/**
 * A byte-bounded cache shared by every request, in two tiers within one budget (`maxBytes`):
 * - `answer` (default): small values that answer a repeat cheaply (parsed COG headers, extracted
 *   3 x 3 windows, box windows): plain LRU, never pushed out by bulk data.
 * - `bulk`: compressed tiles and large windows, a segmented LRU (SLRU, Karedla et al. 1994): a new entry
 *   waits in a probation segment (a quarter of the budget) and moves to the protected segment only
 *   when it is used again, so one sequential pass over a long series churns probation alone.
 * Concurrent loads of one key share a single fetch; failed or aborted loads are never stored.
 * A shared load is only aborted when every caller waiting on it has aborted.
 */
import { LRUCache } from 'lru-cache';

export type BlockCacheTier = 'answer' | 'bulk';

export interface BlockCacheStats {
  hits: number;
  misses: number;
  entries: number;
  bytes: number;
  maxBytes: number;
  /** What the cache may hold now: maxBytes, or less while the server's memory budget says so (setLimit). */
  limitBytes: number;
}

export interface BlockCacheLoaded<T> {
  value: T;
  /** Approximate memory held by the value, counted against maxBytes. */
  bytes: number;
}

export interface BlockCache {
  /** Returns the cached value or runs `load` once for all concurrent callers of the same key. */
  getOrLoad<T>(key: string, load: (signal: AbortSignal) => Promise<BlockCacheLoaded<T>>, signal?: AbortSignal, opts?: { tier?: BlockCacheTier }): Promise<T>;
  has(key: string): boolean;
  clear(): void;
  /**
   * Lets the cache hold at most `bytes` (never more than maxBytes) from now on, evicting at once what no
   * longer fits, bulk first: how the server keeps its resident memory within budget (src/server/ops/memoryBudget.ts).
   */
  setLimit(bytes: number): void;
  readonly stats: BlockCacheStats;
}

interface Pending {
  promise: Promise<BlockCacheLoaded<unknown>>;
  controller: AbortController;
  waiters: number;
}

export function createBlockCache({ maxBytes }: { maxBytes: number }): BlockCache {
  const segment = (share: number) =>
    new LRUCache<string, BlockCacheLoaded<unknown>>({ maxSize: Math.max(1, Math.floor(maxBytes * share)), sizeCalculation: (v) => Math.max(1, v.bytes) });
  const answers = segment(1);
  const probation = segment(0.25);
  const protectedBulk = segment(0.6);
  const segments = [probation, protectedBulk, answers];
  const totalBytes = () => segments.reduce((sum, s) => sum + (s.calculatedSize ?? 0), 0);
  let limitBytes = maxBytes;
  /** Bulk gives way first: answers are what make repeats cheap. */
  function enforceBudget() {
    for (const s of segments) {
      while (totalBytes() > limitBytes && s.size > 0) s.pop();
    }
  }
  function lookup(key: string): BlockCacheLoaded<unknown> | undefined {
    const found = answers.get(key) ?? protectedBulk.get(key);
    if (found) return found;
    const trial = probation.get(key);
    if (trial) {
      // Second use: promote out of probation.
      probation.delete(key);
      protectedBulk.set(key, trial);
      enforceBudget();
    }
    return trial;
  }
  function store(key: string, loaded: BlockCacheLoaded<unknown>, tier: BlockCacheTier) {
    (tier === 'bulk' ? probation : answers).set(key, loaded);
    enforceBudget();
  }
  const pending = new Map<string, Pending>();
  let hits = 0;
  let misses = 0;

  function waitFor<T>(key: string, p: Pending, signal?: AbortSignal): Promise<T> {
    p.waiters += 1;
    if (!signal) return p.promise.then((v) => v.value as T);
    signal.throwIfAborted();
    return new Promise<T>((resolve, reject) => {
      let settled = false;
      const onAbort = () => {
        if (settled) return;
        settled = true;
        p.waiters -= 1;
        if (p.waiters === 0 && pending.get(key) === p) {
          pending.delete(key);
          p.controller.abort(signal.reason);
        }
        reject(signal.reason);
      };
      signal.addEventListener('abort', onAbort, { once: true });
      p.promise.then(
        (v) => {
          if (settled) return;
          settled = true;
          signal.removeEventListener('abort', onAbort);
          resolve(v.value as T);
        },
        (err) => {
          if (settled) return;
          settled = true;
          signal.removeEventListener('abort', onAbort);
          reject(err);
        },
      );
    });
  }

  return {
    getOrLoad<T>(key: string, load: (signal: AbortSignal) => Promise<BlockCacheLoaded<T>>, signal?: AbortSignal, opts: { tier?: BlockCacheTier } = {}): Promise<T> {
      const hit = lookup(key);
      if (hit) {
        hits += 1;
        return Promise.resolve(hit.value as T);
      }
      const inFlight = pending.get(key);
      if (inFlight) {
        hits += 1;
        return waitFor<T>(key, inFlight, signal);
      }
      signal?.throwIfAborted();
      misses += 1;
      const controller = new AbortController();
      const p: Pending = { controller, waiters: 0, promise: Promise.resolve() as never };
      p.promise = (async () => {
        try {
          const loaded = await load(controller.signal);
          if (!controller.signal.aborted && pending.get(key) === p) store(key, loaded, opts.tier ?? 'answer');
          return loaded;
        } finally {
          if (pending.get(key) === p) pending.delete(key);
        }
      })();
      // Nobody may be listening any more when an abandoned load fails.
      p.promise.catch(() => undefined);
      pending.set(key, p);
      return waitFor<T>(key, p, signal);
    },
    has: (key) => segments.some((s) => s.has(key)),
    clear: () => segments.forEach((s) => s.clear()),
    setLimit(bytes) {
      limitBytes = Math.max(0, Math.min(maxBytes, Math.floor(bytes)));
      enforceBudget();
    },
    get stats() {
      return { hits, misses, entries: segments.reduce((n, s) => n + s.size, 0), bytes: totalBytes(), maxBytes, limitBytes };
    },
  };
}
