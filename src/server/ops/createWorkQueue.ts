import { ServerBusyError } from './opsErrors.js';

export interface WorkQueueOptions {
  /** Jobs running at once. */
  maxConcurrent: number;
  /** Jobs waiting at most; one more is refused with ServerBusyError (503) rather than held in memory. */
  maxQueued: number;
  /** Told to refused clients (Retry-After). Default 5 s. */
  retryAfterSeconds?: number;
}

export interface WorkQueueStats {
  active: number;
  queued: number;
  maxConcurrent: number;
  maxQueued: number;
  completed: number;
  rejected: number;
}

export interface WorkQueue {
  /** Runs `work` when a slot frees up; rejects at once when the queue is full, or when `signal` aborts while waiting. */
  run<T>(work: () => Promise<T>, signal?: AbortSignal): Promise<T>;
  readonly stats: WorkQueueStats;
}

interface Waiter {
  start: () => void;
  cancel: (reason: unknown) => void;
}

/**
 * A semaphore with a bounded FIFO queue around expensive work (full-scene images, long series), so
 * memory stays bounded by `maxConcurrent` and cheap calls, which never queue, are not starved.
 */
export function createWorkQueue({ maxConcurrent, maxQueued, retryAfterSeconds = 5 }: WorkQueueOptions): WorkQueue {
  let active = 0;
  let completed = 0;
  let rejected = 0;
  const waiting: Waiter[] = [];

  const release = () => {
    active -= 1;
    completed += 1;
    const next = waiting.shift();
    if (next) next.start();
  };

  async function run<T>(work: () => Promise<T>, signal?: AbortSignal): Promise<T> {
    signal?.throwIfAborted();
    if (active >= maxConcurrent) {
      if (waiting.length >= maxQueued) {
        rejected += 1;
        throw new ServerBusyError(retryAfterSeconds);
      }
      await new Promise<void>((resolve, reject) => {
        const waiter: Waiter = {
          start: () => {
            signal?.removeEventListener('abort', onAbort);
            resolve();
          },
          cancel: reject,
        };
        // A client that leaves while queued gives its place up instead of running work nobody reads.
        const onAbort = () => {
          const i = waiting.indexOf(waiter);
          if (i !== -1) waiting.splice(i, 1);
          reject(signal?.reason);
        };
        signal?.addEventListener('abort', onAbort, { once: true });
        waiting.push(waiter);
      });
    }
    active += 1;
    try {
      // Warm heavy work can run as one long chain of microtasks (every tile cached, no I/O); yielding a
      // turn of the event loop before each job lets waiting cheap requests and timers in between jobs.
      await new Promise<void>((resolve) => setImmediate(resolve));
      signal?.throwIfAborted();
      return await work();
    } finally {
      release();
    }
  }

  return {
    run,
    get stats() {
      return { active, queued: waiting.length, maxConcurrent, maxQueued, completed, rejected };
    },
  };
}
