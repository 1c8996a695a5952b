/**
 * The bulk lane (issue 33): a worker pool posts interactive jobs before an area's queued ones, and drops
 * an area's jobs not yet posted once its signal aborts. Seen through the order answers come back in and
 * the pool's counters, on a real worker thread (the echo worker of the heap-cap tests).
 */
import { describe, expect, it } from 'vitest';
import { BULK_POSTED_BESIDE_INTERACTIVE, POSTED_PER_WORKER, createThreadPool } from './raster/threadPool.js';
import { bulkJobCounts, runInBulkLane } from './workLane.js';

const ECHO_WORKER = new URL('../../test/support/heapHogWorker.mjs', import.meta.url);

describe('bulk lane', () => {
  it('an interactive job goes before the bulk jobs still waiting', async () => {
    const pool = createThreadPool(ECHO_WORKER, 'test lanes', { size: 1, maxOldGenerationMb: 32 });
    const order: string[] = [];
    const bulk = runInBulkLane(() => Promise.all(Array.from({ length: 12 }, (_, i) => pool.run<{ echo: string }>({ echo: `bulk ${i}` }, []).then((r) => order.push(r.echo)))));
    const point = pool.run<{ echo: string }>({ echo: 'point' }, []).then((r) => order.push(r.echo));
    await Promise.all([bulk, point]);
    // Only the bulk jobs already posted to the worker went before the point's.
    expect(order.indexOf('point')).toBeLessThanOrEqual(POSTED_PER_WORKER);
    expect(order.filter((o) => o.startsWith('bulk'))).toEqual(Array.from({ length: 12 }, (_, i) => `bulk ${i}`));
  }, 60_000);

  it('while interactive work is about, one bulk job at a time goes to the worker: the next burst of a point waits for one, not four', async () => {
    const pool = createThreadPool(ECHO_WORKER, 'test lanes', { size: 1, maxOldGenerationMb: 32 });
    const order: string[] = [];
    const echo = (what: string) => pool.run<{ echo: string }>({ echo: what }, []).then((r) => void order.push(r.echo));
    // A point's first job, an area's twelve queued behind it, and the point's second job asked as soon
    // as its first answer is in (a request's next burst, the interactive queue empty in between).
    const first = echo('point 1');
    const bulk = runInBulkLane(() => Promise.all(Array.from({ length: 12 }, (_, i) => echo(`bulk ${i}`))));
    await first;
    await echo('point 2');
    await bulk;
    expect(order[0]).toBe('point 1');
    // Before: the first answer's free places went to four bulk jobs, and the second job waited behind them.
    expect(order.indexOf('point 2')).toBeLessThanOrEqual(1 + BULK_POSTED_BESIDE_INTERACTIVE);
    expect(order.filter((o) => o.startsWith('bulk'))).toEqual(Array.from({ length: 12 }, (_, i) => `bulk ${i}`));
  }, 60_000);

  it('drops the bulk jobs not yet posted once the signal aborts', async () => {
    const pool = createThreadPool(ECHO_WORKER, 'test lanes', { size: 1, maxOldGenerationMb: 32 });
    const controller = new AbortController();
    const before = { ...bulkJobCounts };
    const outcomes = await runInBulkLane(
      () =>
        Promise.allSettled(
          Array.from({ length: 12 }, (_, i) =>
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
    // Those already posted to the worker finished (the first answer's slot was refilled before its
    // caller could abort); the rest never ran.
    expect(ran).toBeLessThanOrEqual(POSTED_PER_WORKER + 1);
    expect(dropped.length).toBe(12 - ran);
    for (const d of dropped) expect(((d as PromiseRejectedResult).reason as Error).name).toBe('AbortError');
    expect(bulkJobCounts.dropped - before.dropped).toBe(12 - ran);
    expect(bulkJobCounts.posted - before.posted).toBe(ran);
  }, 60_000);
});
