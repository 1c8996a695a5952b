/**
 * The bulk lane (issue 33): a worker pool posts interactive jobs before an area's queued ones, and drops
 * an area's jobs not yet posted once its signal aborts. Seen through the order answers come back in and
 * the pool's counters, on a real worker thread (the echo worker of the heap-cap tests).
 */
import { describe, expect, it } from 'vitest';
import { createThreadPool } from './raster/threadPool.js';
import { bulkJobCounts, runInBulkLane } from './workLane.js';

const ECHO_WORKER = new URL('../../test/support/heapHogWorker.mjs', import.meta.url);

describe('bulk lane', () => {
  it('an interactive job goes before the bulk jobs still waiting', async () => {
    const pool = createThreadPool(ECHO_WORKER, 'test lanes', { size: 1, maxOldGenerationMb: 32 });
    const order: string[] = [];
    const bulk = runInBulkLane(() => Promise.all(Array.from({ length: 8 }, (_, i) => pool.run<{ echo: string }>({ echo: `bulk ${i}` }, []).then((r) => order.push(r.echo)))));
    const point = pool.run<{ echo: string }>({ echo: 'point' }, []).then((r) => order.push(r.echo));
    await Promise.all([bulk, point]);
    // At most two bulk jobs were posted to the worker before the point's came.
    expect(order.indexOf('point')).toBeLessThanOrEqual(2);
    expect(order.filter((o) => o.startsWith('bulk'))).toEqual(Array.from({ length: 8 }, (_, i) => `bulk ${i}`));
  }, 60_000);

  it('drops the bulk jobs not yet posted once the signal aborts', async () => {
    const pool = createThreadPool(ECHO_WORKER, 'test lanes', { size: 1, maxOldGenerationMb: 32 });
    const controller = new AbortController();
    const before = { ...bulkJobCounts };
    const outcomes = await runInBulkLane(
      () =>
        Promise.allSettled(
          Array.from({ length: 10 }, (_, i) =>
            pool.run<{ echo: string }>({ echo: `bulk ${i}` }, []).then((r) => {
              // The first answer: the area is cancelled.
              controller.abort();
              return r;
            }),
          ),
        ),
      controller.signal,
    );
    const ran = outcomes.filter((o) => o.status === 'fulfilled').length;
    const dropped = outcomes.filter((o) => o.status === 'rejected');
    // Those already posted to the worker (at most two) finished; the rest never ran.
    expect(ran).toBeLessThanOrEqual(3);
    expect(dropped.length).toBe(10 - ran);
    for (const d of dropped) expect(((d as PromiseRejectedResult).reason as Error).name).toBe('AbortError');
    expect(bulkJobCounts.dropped - before.dropped).toBe(10 - ran);
    expect(bulkJobCounts.posted - before.posted).toBe(ran);
  }, 60_000);
});
