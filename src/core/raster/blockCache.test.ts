import { describe, expect, it } from 'vitest';
import { createBlockCache } from './blockCache.js';

const deferred = <T>() => {
  let resolve!: (v: T) => void;
  let reject!: (e: unknown) => void;
  const promise = new Promise<T>((res, rej) => ((resolve = res), (reject = rej)));
  return { promise, resolve, reject };
};

describe('blockCache', () => {
  it('loads once for concurrent callers and serves later calls from memory', async () => {
    const cache = createBlockCache({ maxBytes: 1000 });
    let loads = 0;
    const load = async () => {
      loads += 1;
      await new Promise((r) => setTimeout(r, 10));
      return { value: 'v', bytes: 10 };
    };
    const got = await Promise.all([cache.getOrLoad('k', load), cache.getOrLoad('k', load)]);
    expect(got).toEqual(['v', 'v']);
    expect(await cache.getOrLoad('k', load)).toBe('v');
    expect(loads).toBe(1);
    expect(cache.stats).toMatchObject({ misses: 1, hits: 2, entries: 1, bytes: 10 });
  });

  it('never stores failed loads', async () => {
    const cache = createBlockCache({ maxBytes: 1000 });
    await expect(cache.getOrLoad('k', async () => { throw new Error('boom'); })).rejects.toThrow('boom');
    expect(cache.has('k')).toBe(false);
    expect(await cache.getOrLoad('k', async () => ({ value: 2, bytes: 1 }))).toBe(2);
  });

  it('evicts least recently used entries to stay within maxBytes', async () => {
    const cache = createBlockCache({ maxBytes: 100 });
    for (const k of ['a', 'b', 'c']) await cache.getOrLoad(k, async () => ({ value: k, bytes: 40 }));
    expect(cache.has('a')).toBe(false);
    expect(cache.has('b') && cache.has('c')).toBe(true);
    expect(cache.stats.bytes).toBeLessThanOrEqual(100);
  });

  it('aborting one waiter leaves a shared load running for the others; aborting all cancels it', async () => {
    const cache = createBlockCache({ maxBytes: 1000 });
    const gate = deferred<void>();
    let loadSignal!: AbortSignal;
    const load = async (signal: AbortSignal) => {
      loadSignal = signal;
      await gate.promise;
      return { value: 'shared', bytes: 1 };
    };
    const a = new AbortController();
    const b = new AbortController();
    const pa = cache.getOrLoad('k', load, a.signal);
    const pb = cache.getOrLoad('k', load, b.signal);
    a.abort();
    await expect(pa).rejects.toMatchObject({ name: 'AbortError' });
    expect(loadSignal.aborted).toBe(false);
    gate.resolve();
    expect(await pb).toBe('shared');

    const gate2 = deferred<void>();
    const c = new AbortController();
    const pc = cache.getOrLoad('k2', async (signal) => {
      loadSignal = signal;
      await gate2.promise;
      return { value: 'x', bytes: 1 };
    }, c.signal);
    c.abort();
    await expect(pc).rejects.toMatchObject({ name: 'AbortError' });
    expect(loadSignal.aborted).toBe(true);
    gate2.resolve();
    await new Promise((r) => setTimeout(r, 0));
    expect(cache.has('k2')).toBe(false);
  });

  it('keeps answers and twice-used bulk entries through a one-pass scan of bulk data', async () => {
    const cache = createBlockCache({ maxBytes: 1000 });
    await cache.getOrLoad('answer', async () => ({ value: 'a', bytes: 100 }));
    await cache.getOrLoad('hot', async () => ({ value: 'h', bytes: 100 }), undefined, { tier: 'bulk' });
    await cache.getOrLoad('hot', async () => ({ value: 'h', bytes: 100 }), undefined, { tier: 'bulk' }); // promoted
    for (let i = 0; i < 50; i++) await cache.getOrLoad(`scan${i}`, async () => ({ value: i, bytes: 100 }), undefined, { tier: 'bulk' });
    expect(cache.has('answer')).toBe(true);
    expect(cache.has('hot')).toBe(true);
    expect(cache.has('scan0')).toBe(false);
    expect(cache.has('scan49')).toBe(true);
    expect(cache.stats.bytes).toBeLessThanOrEqual(1000);
  });
});
