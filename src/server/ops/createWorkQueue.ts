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
      const queuedAt = performance.now();
      await new Promise<void>((resolve, reject) => {
        let timer: ReturnType<typeof setTimeout> | undefined;
        const leave = (reason: unknown) => {
          clearTimeout(timer);
          signal?.removeEventListener('abort', onAbort);
          const i = waiting.indexOf(waiter);
          if (i !== -1) waiting.splice(i, 1);
          reject(reason);
        };
        const waiter: Waiter = {
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
      return { active, queued: waiting.length, maxConcurrent, maxQueued, completed, rejected, timedOut };
    },
  };
}
