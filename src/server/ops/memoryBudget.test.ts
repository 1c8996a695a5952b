import { describe, expect, it } from 'vitest';
import { createBlockCache } from '../../core/raster/blockCache.js';
import { startMemoryBudget } from './memoryBudget.js';

const MB = 1024 * 1024;

/** A cache of 256 MB holding `filledMb` one-MB windows. */
async function filledCache(filledMb: number) {
  const cache = createBlockCache({ maxBytes: 256 * MB });
  for (let i = 0; i < filledMb; i++) await cache.getOrLoad(`window-${i}`, async () => ({ value: i, bytes: MB }));
  return cache;
}

describe('startMemoryBudget', () => {
  it('past the budget, shrinks the block cache by the excess at once, and not below its floor', async () => {
    const cache = await filledCache(150);
    let rss = 700 * MB;
    const budget = startMemoryBudget({ budgetMb: 640, cache, rssBytes: () => rss, intervalMs: 60_000 });
    budget.check();
    expect(cache.stats.bytes).toBe(90 * MB);
    expect(cache.stats.limitBytes).toBe(90 * MB);
    rss = 2000 * MB;
    budget.check();
    expect(cache.stats.limitBytes).toBe(32 * MB);
    expect(cache.stats.bytes).toBeLessThanOrEqual(32 * MB);
    budget.stop();
  });

  it('lets the limit grow back a little at a time once memory is well under the budget, up to BLOCK_CACHE_MB', async () => {
    const cache = await filledCache(100);
    let rss = 700 * MB;
    const budget = startMemoryBudget({ budgetMb: 640, cache, rssBytes: () => rss, intervalMs: 60_000 });
    budget.check();
    expect(cache.stats.limitBytes).toBe(40 * MB);
    rss = 620 * MB; // under the budget but within its margin: the limit stays
    budget.check();
    expect(cache.stats.limitBytes).toBe(40 * MB);
    rss = 400 * MB;
    budget.check();
    budget.check();
    expect(cache.stats.limitBytes).toBe(56 * MB);
    for (let i = 0; i < 100; i++) budget.check();
    expect(cache.stats.limitBytes).toBe(256 * MB);
    budget.stop();
  });

  it('does nothing with a budget of 0', async () => {
    const cache = await filledCache(100);
    const budget = startMemoryBudget({ budgetMb: 0, cache, rssBytes: () => 10_000 * MB });
    budget.check();
    expect(cache.stats).toMatchObject({ bytes: 100 * MB, limitBytes: 256 * MB });
    budget.stop();
  });

  it("starts a trim of malloc's free pages at every check, and none with a budget of 0", async () => {
    const cache = await filledCache(10);
    let trims = 0;
    const budget = startMemoryBudget({ budgetMb: 640, cache, rssBytes: () => 100 * MB, intervalMs: 60_000, trimMalloc: () => trims++ });
    budget.check();
    budget.check();
    expect(trims).toBe(2);
    budget.stop();
    const off = startMemoryBudget({ budgetMb: 0, cache, rssBytes: () => 100 * MB, trimMalloc: () => trims++ });
    off.check();
    expect(trims).toBe(2);
    off.stop();
  });
});
