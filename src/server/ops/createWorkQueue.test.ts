import { describe, expect, it } from 'vitest';
import { createWorkQueue } from './createWorkQueue.js';

const deferred = () => {
  let resolve!: () => void;
  const promise = new Promise<void>((r) => (resolve = r));
  return { promise, resolve };
};

describe('createWorkQueue', () => {
  it('runs at most maxConcurrent at once, queues up to maxQueued, refuses the rest with 503 busy', async () => {
    const queue = createWorkQueue({ maxConcurrent: 2, maxQueued: 1, retryAfterSeconds: 7 });
    const gate = deferred();
    let running = 0;
    let peak = 0;
    const job = async () => {
      running++;
      peak = Math.max(peak, running);
      await gate.promise;
      running--;
      return 'done';
    };
    const accepted = [queue.run(job), queue.run(job), queue.run(job)];
    await Promise.resolve();
    expect(queue.stats).toMatchObject({ active: 2, queued: 1 });
    await expect(queue.run(job)).rejects.toMatchObject({ name: 'ServerBusyError', statusCode: 503, code: 'busy', retryAfterSeconds: 7 });
    await new Promise((resolve) => setImmediate(resolve)); // let the running two start
    gate.resolve();
    expect(await Promise.all(accepted)).toEqual(['done', 'done', 'done']);
    expect(peak).toBe(2);
    expect(queue.stats).toMatchObject({ active: 0, queued: 0, completed: 3, rejected: 1 });
  });

  it('gives the place up when the waiting client aborts, and frees the slot when a job throws', async () => {
    const queue = createWorkQueue({ maxConcurrent: 1, maxQueued: 5 });
    const gate = deferred();
    const first = queue.run(async () => {
      await gate.promise;
      throw new Error('boom');
    });
    const controller = new AbortController();
    const waiting = queue.run(async () => 'never', controller.signal);
    expect(queue.stats.queued).toBe(1);
    controller.abort(new DOMException('gone', 'AbortError'));
    await expect(waiting).rejects.toMatchObject({ name: 'AbortError' });
    expect(queue.stats.queued).toBe(0);
    gate.resolve();
    await expect(first).rejects.toThrow('boom');
    expect(await queue.run(async () => 'next')).toBe('next');
  });

  it('answers a request that waited past maxWaitMs with 503 queue_timeout and never starts its work', async () => {
    const queue = createWorkQueue({ maxConcurrent: 1, maxQueued: 5, retryAfterSeconds: 3, maxWaitMs: 50 });
    const gate = deferred();
    const first = queue.run(() => gate.promise);
    let started = false;
    const startedAt = performance.now();
    const waiting = queue.run(async () => {
      started = true;
    });
    await expect(waiting).rejects.toMatchObject({ name: 'QueueTimeoutError', statusCode: 503, code: 'queue_timeout', retryAfterSeconds: 3 });
    expect(performance.now() - startedAt).toBeLessThan(1000);
    expect(queue.stats).toMatchObject({ queued: 0, timedOut: 1 });
    gate.resolve();
    await first;
    expect(started).toBe(false);
  });

  it("turns the request signal's timeout while queued into queue_timeout", async () => {
    const queue = createWorkQueue({ maxConcurrent: 1, maxQueued: 5 });
    const gate = deferred();
    const first = queue.run(() => gate.promise);
    await expect(queue.run(async () => 'never', AbortSignal.timeout(20))).rejects.toMatchObject({ code: 'queue_timeout' });
    gate.resolve();
    await first;
  });
});
