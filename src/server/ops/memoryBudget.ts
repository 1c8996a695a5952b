import type { BlockCache } from '../../core/raster/blockCache.js';

export interface MemoryBudgetOptions {
  /** Resident memory (MB) the server keeps under (MEMORY_BUDGET_MB); 0 = no budget, the cache keeps BLOCK_CACHE_MB. */
  budgetMb: number;
  cache: BlockCache;
  /** The block cache never goes below this (headers and a few windows keep answers quick). */
  floorMb?: number;
  intervalMs?: number;
  /** Resident memory in bytes; process.memoryUsage.rss() (cheap: it does not walk the heap). */
  rssBytes?: () => number;
  /**
   * Starts giving malloc's free pages back at each check (mallocTuning.ts; it runs off the event loop, so
   * the next check sees its effect): resident memory that is only free heap is not taken from the cache.
   */
  trimMalloc?: () => void;
}

const MB = 1024 * 1024;
/** How fast a lowered limit grows back while memory is well under budget, per check. */
const REGROW_BYTES = 8 * MB;
/** "Well under": the limit grows back only below budget minus this, so it does not swing at the line. */
const MARGIN_BYTES = 48 * MB;

/**
 * Keeps resident memory within the budget by sizing the block cache, the one memory the server can give
 * back on demand: everything else (the V8 heap, capped by --max-old-space-size; worker threads; buffers of
 * requests in flight, bounded by the heavy-work queue) is what it is. Each second, past the budget the
 * cache's limit drops by the excess (evicting at once); well under it, the limit grows back towards
 * BLOCK_CACHE_MB a little at a time. Measured under the 10-minute mixed soak (`LOAD_SOAK_MINUTES=10 npm run
 * load`): without it RSS grew with the cache to 914 MB against a 700 MB target.
 */
export function startMemoryBudget({ budgetMb, cache, floorMb = 32, intervalMs = 1000, rssBytes = () => process.memoryUsage.rss(), trimMalloc }: MemoryBudgetOptions): { check(): void; stop(): void } {
  const budget = budgetMb * MB;
  const floor = Math.min(floorMb * MB, cache.stats.maxBytes);
  const check = () => {
    if (budget <= 0) return;
    trimMalloc?.();
    const rss = rssBytes();
    const { bytes, limitBytes, maxBytes } = cache.stats;
    if (rss > budget) cache.setLimit(Math.max(floor, Math.min(limitBytes, bytes) - (rss - budget)));
    else if (rss < budget - MARGIN_BYTES && limitBytes < maxBytes) cache.setLimit(limitBytes + REGROW_BYTES);
  };
  const timer = budget > 0 ? setInterval(check, intervalMs) : null;
  timer?.unref();
  return { check, stop: () => timer && clearInterval(timer) };
}
