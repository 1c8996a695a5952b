import { QueueTimeoutError, ServerBusyError } from './opsErrors.js';

export interface WorkQueueOptions {
  /** Jobs running at once. */
  maxConcurrent: number;
  /** Jobs waiting at most; one more is refused with ServerBusyError (503) rather than held in memory. */
  maxQueued: number;
  /** Told to refused clients (Retry-After). Default 5 s. */
  retryAfterSeconds?: number;
  /**
   * Longest wait for a slot (REQUEST_TIMEOUT_MS): past it the request is answered 503 queue_timeout and
   * its work never starts. The queue keeps its own timer rather than trusting the request's signal alone.
   */
  maxWaitMs?: number;
}

export interface WorkQueueStats {
  active: number;
  queued: number;
  maxConcurrent: number;
  maxQueued: number;
  completed: number;
  rejected: number;
  /** Requests that waited past maxWaitMs and were answered without running. */
  timedOut: number;
}

export interface WorkQueue {
  /**
   * Runs `work` when `slots` (default 1, at most maxConcurrent) are free; rejects at once when the queue
   * is full, or when `signal` aborts while waiting. Waiters start in order (first in, first out).
   */
  run<T>(work: () => Promise<T>, signal?: AbortSignal, opts?: { slots?: number }): Promise<T>;
  readonly stats: WorkQueueStats;
}

interface Waiter {
  slots: number;
  start: () => void;
  cancel: (reason: unknown) => void;
}

/**
 * A semaphore with a bounded FIFO queue around expensive work (full-scene images, long series), so
 * memory stays bounded by `maxConcurrent` and cheap calls, which never queue, are not starved.
 */
export function createWorkQueue({ maxConcurrent, maxQueued, retryAfterSeconds = 5, maxWaitMs }: WorkQueueOptions): WorkQueue {
  let active = 0;
  let timedOut = 0;
  let completed = 0;
  let rejected = 0;
  const waiting: Waiter[] = [];

  const timeoutError = (queuedAt: number) => {
    timedOut += 1;
    return new QueueTimeoutError(performance.now() - queuedAt, retryAfterSeconds);
  };

  /** Starts waiters in order while the first one's slots are free (no overtaking: a wide job is not starved). */
  const startWaiting = () => {
    while (waiting.length > 0 && active + waiting[0].slots <= maxConcurrent) {
      const next = waiting.shift()!;
      active += next.slots;
      next.start();
    }
  };
  const release = (slots: number) => {
    active -= slots;
    completed += 1;
    startWaiting();
  };

  async function run<T>(work: () => Promise<T>, signal?: AbortSignal, opts: { slots?: number } = {}): Promise<T> {
    signal?.throwIfAborted();
    const slots = Math.max(1, Math.min(maxConcurrent, Math.floor(opts.slots ?? 1)));
    if (waiting.length === 0 && active + slots <= maxConcurrent) {
      active += slots;
    } else {
      if (waiting.length >= maxQueued) {
        rejected += 1;
        throw new ServerBusyError(retryAfterSeconds);
      }
      const queuedAt = performance.now();
      await new Promise<void>((resolve, reject) => {
        let timer: ReturnType<typeof setTimeout> | undefined;
        const leave = (reason: unknown) => {
          clearTimeout(timer);
          signal?.removeEventListener('abort', onAbort);
          const i = waiting.indexOf(waiter);
          if (i !== -1) waiting.splice(i, 1);
          // A wide job leaving the head may let narrower ones behind it start.
          if (i === 0) startWaiting();
          reject(reason);
        };
        const waiter: Waiter = {
          slots,
          start: () => {
            clearTimeout(timer);
            signal?.removeEventListener('abort', onAbort);
            resolve();
          },
          cancel: reject,
        };
        // A client that leaves while queued gives its place up instead of running work nobody reads;
        // a request whose time budget ran out while waiting is told so (503), not 'archive too slow'.
        const onAbort = () =>
          leave(signal?.reason instanceof Error && signal.reason.name === 'TimeoutError' ? timeoutError(queuedAt) : signal?.reason);
        signal?.addEventListener('abort', onAbort, { once: true });
        if (maxWaitMs !== undefined) timer = setTimeout(() => leave(timeoutError(queuedAt)), Math.max(0, maxWaitMs - 1));
        waiting.push(waiter);
      });
    }
    try {
      // Warm heavy work can run as one long chain of microtasks (every tile cached, no I/O); yielding a
      // turn of the event loop before each job lets waiting cheap requests and timers in between jobs.
      await new Promise<void>((resolve) => setImmediate(resolve));
      signal?.throwIfAborted();
      return await work();
    } finally {
      release(slots);
    }
  }

  return {
    run,
    get stats() {
      return { active, queued: waiting.length, maxConcurrent, maxQueued, completed, rejected, timedOut };
    },
  };
}
