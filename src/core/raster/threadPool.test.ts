/**
 * The pool's bound on its workers' memory (issue 27): a worker that runs out of its V8 heap cap dies
 * (a real worker thread, really out of memory), the pool replaces it, the jobs it held run again when
 * they can, and the one that cannot fails with WorkerStoppedError saying so in words.
 */
import { describe, expect, it } from 'vitest';
import { WorkerStoppedError, createThreadPool } from './threadPool.js';

const HOG_WORKER = new URL('../../../test/support/heapHogWorker.mjs', import.meta.url);
const CAP_MB = 16;

describe('thread pool heap cap', () => {
  it('a job that runs its worker out of memory fails in words after one retry, and the pool keeps working', async () => {
    const pool = createThreadPool(HOG_WORKER, 'test hog', { size: 1, maxOldGenerationMb: CAP_MB });
    const first = await pool.run<{ echo: string; threadId: number }>({ echo: 'before' }, []);
    expect(first.echo).toBe('before');

    // No transfer: run again once on a fresh worker, which it runs out of memory too.
    const failure = await pool.run({ hog: true }, []).then(
      () => null,
      (err: unknown) => err,
    );
    expect(failure).toBeInstanceOf(WorkerStoppedError);
    expect((failure as WorkerStoppedError).message).toContain(`ran out of its ${CAP_MB} MB of memory`);
    expect((failure as WorkerStoppedError).statusCode).toBe(503);

    const after = await pool.run<{ echo: string; threadId: number }>({ echo: 'after' }, []);
    expect(after.echo).toBe('after');
    // Two workers died (the first try and the retry): this answer came from a third.
    expect(after.threadId).not.toBe(first.threadId);
  }, 60_000);

  it('jobs queued on a dying worker run again on its replacement; a job whose buffers went with it fails', async () => {
    const pool = createThreadPool(HOG_WORKER, 'test hog', { size: 1, maxOldGenerationMb: CAP_MB });
    await pool.run({ echo: 'start' }, []);
    // The hog transfers a buffer: it cannot be sent again, so it fails at once.
    const buffer = new ArrayBuffer(8);
    const hog = pool.run({ hog: true, buffer }, [buffer]).then(
      () => null,
      (err: unknown) => err,
    );
    const queued = pool.run<{ echo: string }>({ echo: 'queued behind the hog' }, []);
    expect(await hog).toBeInstanceOf(WorkerStoppedError);
    expect((await queued).echo).toBe('queued behind the hog');
  }, 60_000);
});
