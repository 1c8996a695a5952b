/**
 * The bulk lane (issue 33): a worker pool posts interactive jobs before an area's queued ones, and drops
 * an area's jobs not yet posted once its signal aborts. Seen through the order answers come back in and
 * the pool's counters, on a real worker thread (the echo worker of the heap-cap tests).
 */
import { describe, expect, it } from 'vitest';
import { BULK_POSTED_BESIDE_INTERACTIVE, HELPED_JOB_MS, INTERACTIVE_GRACE_MS, POSTED_AT_MOST, POSTED_PER_WORKER, createThreadPool } from './raster/threadPool.js';
import { laneJobCounts, runInBulkLane, runInSeriesLane } from './workLane.js';

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
    const before = { ...laneJobCounts.bulk };
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
    expect(laneJobCounts.bulk.dropped - before.dropped).toBe(12 - ran);
    expect(laneJobCounts.bulk.posted - before.posted).toBe(ran);
  }, 60_000);

  it('serves lane by lane: interactive jobs, then a series\' jobs, then the bulk lane\'s, while each keeps its own order', async () => {
    const pool = createThreadPool(ECHO_WORKER, 'test lanes', { size: 1, maxOldGenerationMb: 32 });
    const order: string[] = [];
    const echo = (what: string) => pool.run<{ echo: string }>({ echo: what }, []).then((r) => void order.push(r.echo));
    // An area queued first, a Fetch's series next, its image last: what a person's Fetch meets during an area.
    const bulk = runInBulkLane(() => Promise.all(Array.from({ length: 12 }, (_, i) => echo(`bulk ${i}`))));
    const series = runInSeriesLane(() => Promise.all(Array.from({ length: 12 }, (_, i) => echo(`series ${i}`))));
    const image = Promise.all(Array.from({ length: 3 }, (_, i) => echo(`image ${i}`)));
    await Promise.all([bulk, series, image]);
    const last = (prefix: string) => order.map((o, i) => (o.startsWith(prefix) ? i : -1)).reduce((a, b) => Math.max(a, b));
    const first = (prefix: string) => order.findIndex((o) => o.startsWith(prefix));
    // Only the bulk jobs posted before the others asked went first (POSTED_PER_WORKER at most).
    expect(last('image')).toBeLessThan(POSTED_PER_WORKER + 3);
    expect(last('image')).toBeLessThan(first('series'));
    // Every series job before the bulk jobs still waiting: at most the ones already posted come between.
    const bulkBeforeSeriesEnds = order.slice(0, last('series')).filter((o) => o.startsWith('bulk')).length;
    expect(bulkBeforeSeriesEnds).toBeLessThanOrEqual(POSTED_PER_WORKER + BULK_POSTED_BESIDE_INTERACTIVE);
    for (const lane of ['bulk', 'series', 'image']) {
      const own = order.filter((o) => o.startsWith(lane));
      expect(own).toEqual([...own].sort((a, b) => Number(a.split(' ')[1]) - Number(b.split(' ')[1])));
    }
  }, 60_000);

  it('drops a series\' jobs not yet posted once its signal aborts, and counts them in its own lane', async () => {
    const pool = createThreadPool(ECHO_WORKER, 'test lanes', { size: 1, maxOldGenerationMb: 32 });
    const controller = new AbortController();
    const before = { series: { ...laneJobCounts.series }, bulk: { ...laneJobCounts.bulk } };
    const outcomes = await runInSeriesLane(
      () => Promise.allSettled(Array.from({ length: 12 }, (_, i) => pool.run<{ echo: string }>({ echo: `series ${i}` }, []).then((r) => (controller.abort(), r)))),
      controller.signal,
    );
    const ran = outcomes.filter((o) => o.status === 'fulfilled').length;
    expect(ran).toBeLessThanOrEqual(POSTED_PER_WORKER + 1);
    expect(laneJobCounts.series.dropped - before.series.dropped).toBe(12 - ran);
    expect(laneJobCounts.series.posted - before.series.posted).toBe(ran);
    expect(laneJobCounts.bulk).toEqual(before.bulk);
  }, 60_000);
});

describe('how deep a worker is fed', () => {
  /** Jobs of a lane posted at once by asking `jobs` (before any answer), from the lane's counter. */
  async function postedAtOnce(jobs: () => Promise<unknown>[], lane: 'series' | 'bulk' = 'series'): Promise<number> {
    const before = laneJobCounts[lane].posted;
    let posted = 0;
    await (lane === 'series' ? runInSeriesLane : runInBulkLane)(() => {
      const running = jobs();
      posted = laneJobCounts[lane].posted - before;
      return Promise.all(running);
    });
    return posted;
  }

  it('posts short jobs past POSTED_PER_WORKER while their reported work stays under QUEUED_WORK_MS, and long or unreported ones four at a time', async () => {
    const pool = createThreadPool(ECHO_WORKER, 'test depth', { size: 1, maxOldGenerationMb: 32 });
    // Each kind's time learned from a few answers (the worker reports `ms` for `spinMs` jobs only).
    for (let i = 0; i < 5; i++) await runInSeriesLane(() => Promise.all([pool.run({ echo: 'short', spinMs: 0.2 }, []), pool.run({ echo: 'long', spinMs: 12, long: true }, []), pool.run({ echo: 'plain' }, [])]));
    // A first job of a kind not seen yet holds the worker, then forty short ones.
    const short = await postedAtOnce(() => [pool.run({ echo: 'first', spinMs: 50, first: true }, []), ...Array.from({ length: 40 }, () => pool.run({ echo: 'short', spinMs: 0.2 }, []))]);
    // ~0.2 ms each behind the first (counted at QUEUED_WORK_MS / POSTED_PER_WORKER until its kind answers): all of them.
    expect(short).toBeGreaterThan(POSTED_PER_WORKER);
    expect(short).toBeLessThanOrEqual(POSTED_AT_MOST);
    // ~12 ms each: QUEUED_WORK_MS would hold fewer than POSTED_PER_WORKER, and a worker that reports nothing gets POSTED_PER_WORKER.
    const long = await postedAtOnce(() => Array.from({ length: 12 }, () => pool.run({ echo: 'long', spinMs: 12, long: true }, [])));
    expect(long).toBe(POSTED_PER_WORKER);
    const plain = await postedAtOnce(() => Array.from({ length: 12 }, () => pool.run({ echo: 'plain' }, [])));
    expect(plain).toBe(POSTED_PER_WORKER);
    // An area's (the bulk lane's) jobs never go deeper, however short their kind has been: alone (the
    // series' last answers older than INTERACTIVE_GRACE_MS), POSTED_PER_WORKER of them.
    await new Promise((resolve) => setTimeout(resolve, INTERACTIVE_GRACE_MS + 50));
    for (let i = 0; i < 5; i++) await runInBulkLane(() => pool.run({ echo: 'short', spinMs: 0.2 }, []));
    const bulk = await postedAtOnce(() => [pool.run({ echo: 'first', spinMs: 50, first: true }, []), ...Array.from({ length: 40 }, () => pool.run({ echo: 'short', spinMs: 0.2 }, []))], 'bulk');
    expect(bulk).toBe(POSTED_PER_WORKER);
  }, 60_000);
});

describe("the event loop's help", () => {
  /** As the echo worker answers a `spinMs` job, run here; `threadId` 0 says it ran on the event loop (the main thread's id). */
  const runHere = (payload: Record<string, unknown>) => {
    const started = performance.now();
    while (performance.now() - started < (payload.spinMs as number));
    return { echo: payload.echo, threadId: 0 };
  };
  // A job that says `notHere` is the workers' alone (the demo keeps whole tiles' synthesis there).
  const helper = (payload: Record<string, unknown>) => (payload.notHere ? undefined : runHere);
  const ranHere = (answers: { threadId: number }[]) => answers.filter((a) => a.threadId === 0).length;

  it('runs waiting jobs of HELPED_JOB_MS on the event loop beside the worker, never shorter or longer ones, nor ones the helper declines, nor an area\'s', async () => {
    expect(HELPED_JOB_MS.least).toBeLessThan(3);
    expect(HELPED_JOB_MS.most).toBeGreaterThan(3);
    const pool = createThreadPool(ECHO_WORKER, 'test help', { size: 1, maxOldGenerationMb: 32, helper });
    // A job's kind is its lane and its payload's field names (threadPool.ts' jobKind): one field more makes another kind.
    const run = (echo: string, spinMs: number) => pool.run<{ echo: string; threadId: number }>({ echo, spinMs, ...(spinMs < 1 ? { short: true } : spinMs > 10 ? { long: true } : {}) }, []);
    // Each kind's time learned from its first answers (until then no job is the event loop's).
    for (let i = 0; i < 3; i++) await runInSeriesLane(() => Promise.all([run('mid', 3), run('short', 0.2), run('long', 12)]));
    const mid = await runInSeriesLane(() => Promise.all(Array.from({ length: 40 }, (_, i) => run(`mid ${i}`, 3))));
    // Every job answered, in its own order, by one thread or the other; both took a share.
    expect(mid.map((a) => a.echo)).toEqual(Array.from({ length: 40 }, (_, i) => `mid ${i}`));
    expect(ranHere(mid)).toBeGreaterThan(0);
    expect(ranHere(mid)).toBeLessThan(40);
    const short = await runInSeriesLane(() => Promise.all(Array.from({ length: 40 }, () => run('short', 0.2))));
    expect(ranHere(short)).toBe(0);
    const long = await runInSeriesLane(() => Promise.all(Array.from({ length: 6 }, () => run('long', 12))));
    expect(ranHere(long)).toBe(0);
    for (let i = 0; i < 3; i++) await runInSeriesLane(() => pool.run({ echo: 'declined', spinMs: 3, notHere: true }, []));
    const declined = await runInSeriesLane(() => Promise.all(Array.from({ length: 40 }, () => pool.run<{ threadId: number }>({ echo: 'declined', spinMs: 3, notHere: true }, []))));
    expect(ranHere(declined)).toBe(0);
    for (let i = 0; i < 3; i++) await runInBulkLane(() => run('mid', 3));
    const bulk = await runInBulkLane(() => Promise.all(Array.from({ length: 40 }, () => run('mid', 3))));
    expect(ranHere(bulk)).toBe(0);
  }, 60_000);

  it('drops a cancelled lane\'s waiting jobs unrun rather than run them here', async () => {
    const pool = createThreadPool(ECHO_WORKER, 'test help', { size: 1, maxOldGenerationMb: 32, helper });
    for (let i = 0; i < 3; i++) await runInSeriesLane(() => pool.run({ echo: 'mid', spinMs: 3 }, []));
    const controller = new AbortController();
    const before = { ...laneJobCounts.series };
    const settled = runInSeriesLane(() => {
      const jobs = Array.from({ length: 40 }, () => pool.run<{ threadId: number }>({ echo: 'mid', spinMs: 3 }, []));
      // Cancelled before the event loop's first turn: only what was posted to the worker runs.
      controller.abort(new Error('left'));
      return Promise.allSettled(jobs);
    }, controller.signal);
    const results = await settled;
    const ran = results.filter((r) => r.status === 'fulfilled') as PromiseFulfilledResult<{ threadId: number }>[];
    expect(ran.every((r) => r.value.threadId !== 0)).toBe(true);
    expect(laneJobCounts.series.dropped - before.dropped).toBe(40 - ran.length);
    expect(ran.length).toBeLessThan(40);
  }, 60_000);
});
