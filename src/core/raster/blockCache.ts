/**
 * A byte-bounded LRU shared by every request: decoded COG tiles and parsed COG headers.
 * Concurrent loads of one key share a single fetch; failed or aborted loads are never stored.
 * A shared load is only aborted when every caller waiting on it has aborted.
 */
import { LRUCache } from 'lru-cache';

export interface BlockCacheStats {
  hits: number;
  misses: number;
  entries: number;
  bytes: number;
  maxBytes: number;
}

export interface BlockCacheLoaded<T> {
  value: T;
  /** Approximate memory held by the value, counted against maxBytes. */
  bytes: number;
}

export interface BlockCache {
  /** Returns the cached value or runs `load` once for all concurrent callers of the same key. */
  getOrLoad<T>(key: string, load: (signal: AbortSignal) => Promise<BlockCacheLoaded<T>>, signal?: AbortSignal): Promise<T>;
  has(key: string): boolean;
  clear(): void;
  readonly stats: BlockCacheStats;
}

interface Pending {
  promise: Promise<BlockCacheLoaded<unknown>>;
  controller: AbortController;
  waiters: number;
}

export function createBlockCache({ maxBytes }: { maxBytes: number }): BlockCache {
  const lru = new LRUCache<string, BlockCacheLoaded<unknown>>({
    maxSize: Math.max(1, maxBytes),
    sizeCalculation: (v) => Math.max(1, v.bytes),
  });
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
    getOrLoad<T>(key: string, load: (signal: AbortSignal) => Promise<BlockCacheLoaded<T>>, signal?: AbortSignal): Promise<T> {
      const hit = lru.get(key);
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
          if (!controller.signal.aborted && pending.get(key) === p) lru.set(key, loaded);
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
    has: (key) => lru.has(key),
    clear: () => lru.clear(),
    get stats() {
      return { hits, misses, entries: lru.size, bytes: lru.calculatedSize ?? 0, maxBytes };
    },
  };
}
