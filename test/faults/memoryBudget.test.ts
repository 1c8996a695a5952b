/**
 * Issue 27 item 1: the server keeps its resident memory under MEMORY_BUDGET_MB by sizing the block cache
 * (src/server/ops/memoryBudget.ts). A real server process with a budget below what any node process holds
 * must lower the cache's limit to its floor and keep the cache within it; with the budget off the cache
 * keeps BLOCK_CACHE_MB. /api/health reports both.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { DEFAULT_POINT } from '../../src/shared/defaults.js';
import { startServerProcess, type ServerProcess } from '../support/serverProcess.js';

const MB = 1024 * 1024;
const servers: ServerProcess[] = [];
afterAll(async () => Promise.all(servers.map((s) => s.stop())));

interface CacheStats { bytes: number; maxBytes: number; limitBytes: number; entries: number }
const cacheOf = async (server: ServerProcess) => ((await (await fetch(`${server.baseUrl}/api/health`)).json()) as { cache: CacheStats }).cache;

/** Fills the cache a little: the latest scene's 3 x 3 pixels at the default point (headers and tiles). */
async function readSomething(server: ServerProcess) {
  const { lat, lon } = DEFAULT_POINT;
  const res = await fetch(`${server.baseUrl}/api/pixel?lat=${lat}&lon=${lon}&startDate=2025-01-01&endDate=2025-12-31&latest=true`);
  expect(res.status).toBe(200);
  await res.arrayBuffer();
}

describe('memory budget (MEMORY_BUDGET_MB)', () => {
  it('past the budget, the block cache is held at its floor, and /api/health says so', async () => {
    const server = await startServerProcess({ MEMORY_BUDGET_MB: '64', BLOCK_CACHE_MB: '256' });
    servers.push(server);
    await readSomething(server);
    let cache = await cacheOf(server);
    // The budget is checked every second: wait for the first checks (the test's timeout bounds this).
    while (cache.limitBytes === cache.maxBytes) {
      await new Promise((r) => setTimeout(r, 200));
      cache = await cacheOf(server);
    }
    expect(cache.maxBytes).toBe(256 * MB);
    expect(cache.limitBytes).toBe(32 * MB);
    await readSomething(server);
    cache = await cacheOf(server);
    expect(cache.entries).toBeGreaterThan(0);
    expect(cache.bytes).toBeLessThanOrEqual(cache.limitBytes);
  });

  it('with the budget off (0), the cache keeps BLOCK_CACHE_MB', async () => {
    const server = await startServerProcess({ MEMORY_BUDGET_MB: '0', BLOCK_CACHE_MB: '256' });
    servers.push(server);
    await readSomething(server);
    // Two budget periods pass: nothing lowers the limit.
    await new Promise((r) => setTimeout(r, 2500));
    const cache = await cacheOf(server);
    expect(cache.limitBytes).toBe(256 * MB);
    expect(cache.entries).toBeGreaterThan(0);
  });
});
