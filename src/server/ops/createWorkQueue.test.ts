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

  it('a job asking for two slots runs beside at most maxConcurrent - 2 others, and waiters start in order', async () => {
    const queue = createWorkQueue({ maxConcurrent: 4, maxQueued: 10 });
    const gates = Array.from({ length: 5 }, deferred);
    const started: string[] = [];
    const job = (name: string, gate: { promise: Promise<void> }) => async () => {
      started.push(name);
      await gate.promise;
      return name;
    };
    const wide1 = queue.run(job('wide1', gates[0]), undefined, { slots: 2 });
    const wide2 = queue.run(job('wide2', gates[1]), undefined, { slots: 2 });
    const wide3 = queue.run(job('wide3', gates[2]), undefined, { slots: 2 });
    // One slot would be free after wide1 ends, but the narrow job waits behind wide3 (no overtaking).
    const narrow = queue.run(job('narrow', gates[3]));
    await new Promise((resolve) => setImmediate(resolve));
    expect(started).toEqual(['wide1', 'wide2']);
    expect(queue.stats).toMatchObject({ active: 4, queued: 2 });
    gates[0].resolve();
    expect(await wide1).toBe('wide1');
    await new Promise((resolve) => setImmediate(resolve));
    // wide3 took wide1's two slots; narrow still waits for one more.
    expect(started).toEqual(['wide1', 'wide2', 'wide3']);
    expect(queue.stats).toMatchObject({ active: 4, queued: 1 });
    gates[1].resolve();
    await wide2;
    await new Promise((resolve) => setImmediate(resolve));
    expect(started).toEqual(['wide1', 'wide2', 'wide3', 'narrow']);
    expect(queue.stats).toMatchObject({ active: 3, queued: 0 });
    gates[2].resolve();
    gates[3].resolve();
    expect(await Promise.all([wide3, narrow])).toEqual(['wide3', 'narrow']);
    // More slots than the queue has are capped: the job still runs (alone).
    expect(await queue.run(async () => 'capped', undefined, { slots: 9 })).toBe('capped');
    expect(queue.stats).toMatchObject({ active: 0, queued: 0, completed: 5 });
  });

  it('a wide job that gives its place up at the head lets the narrower jobs behind it start', async () => {
    const queue = createWorkQueue({ maxConcurrent: 2, maxQueued: 5 });
    const gate = deferred();
    const running = queue.run(() => gate.promise);
    const controller = new AbortController();
    const wide = queue.run(async () => 'never', controller.signal, { slots: 2 });
    const narrow = queue.run(async () => 'narrow');
    expect(queue.stats).toMatchObject({ active: 1, queued: 2 });
    controller.abort(new DOMException('gone', 'AbortError'));
    await expect(wide).rejects.toMatchObject({ name: 'AbortError' });
    expect(await narrow).toBe('narrow');
    gate.resolve();
    await running;
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
