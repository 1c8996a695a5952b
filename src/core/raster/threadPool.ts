/**
 * A small pool of worker threads running one plain-JS worker file: for CPU work that would otherwise
 * hold the event loop (geotiff.js' JS decoders, drawing a large PNG, demo tiles). Workers start on first
 * use and are referenced only while they have work: an idle pool never keeps the process alive, and a
 * busy one keeps it alive until the answer comes. Each message gets `{ id, ...payload }`;
 * the worker answers `{ id, result }` or `{ id, error }`.
 */
import os from 'node:os';
import { Worker } from 'node:worker_threads';

interface Slot {
  worker: Worker;
  busy: number;
}

export interface ThreadPool {
  run<T>(payload: Record<string, unknown>, transfer: ArrayBuffer[]): Promise<T>;
}

/** Workers for CPU work beside the event loop: the cores minus the one the loop needs, at least 1, at most 2. */
export function workersBesideEventLoop(cores = os.availableParallelism?.() ?? os.cpus().length): number {
  return Math.max(1, Math.min(2, cores - 1));
}

/**
 * A worker's young generation, MB. V8's default (up to 3 x 16 MB semi-spaces) is sized for a main
 * thread; these workers allocate typed arrays off the JS heap, and each idle megabyte of young
 * generation is resident memory times the number of workers (`npm run load`'s peak RSS).
 */
const WORKER_YOUNG_GENERATION_MB = 8;

export function createThreadPool(workerUrl: URL, what: string, size = Math.max(1, Math.min(4, os.availableParallelism?.() ?? os.cpus().length))): ThreadPool {
  const pending = new Map<number, { resolve: (v: unknown) => void; reject: (e: Error) => void; slot: Slot }>();
  const slots: Slot[] = [];
  let nextId = 0;

  function startSlot(): Slot {
    // execArgv [] : the worker is plain JS and needs no loader hooks (a test runner's would break it).
    // The URL comes in as a variable: Vite (so Vitest) rewrites a literal `new Worker(new URL(...))`.
    // workerData is an object (naming the pool): geotiff.js' entry loads `web-worker`, which in a worker
    // thread destructures workerData and takes the thread for one of its own unless `mod` is set.
    const worker = new Worker(workerUrl, { execArgv: [], workerData: { pool: what }, resourceLimits: { maxYoungGenerationSizeMb: WORKER_YOUNG_GENERATION_MB } });
    const slot: Slot = { worker, busy: 0 };
    worker.on('message', (msg: { id: number; result?: unknown; error?: string }) => {
      const job = pending.get(msg.id);
      if (!job) return;
      pending.delete(msg.id);
      slot.busy -= 1;
      if (slot.busy === 0) worker.unref();
      if (msg.error !== undefined) job.reject(new Error(`${what} failed: ${msg.error}`));
      else job.resolve(msg.result);
    });
    const fail = (err: Error) => {
      const i = slots.indexOf(slot);
      if (i !== -1) slots.splice(i, 1);
      for (const [id, job] of pending) {
        if (job.slot !== slot) continue;
        pending.delete(id);
        job.reject(new Error(`the ${what} thread stopped: ${err.message}`));
      }
    };
    worker.on('error', fail);
    worker.on('exit', (code) => fail(new Error(`exit code ${code}`)));
    // After the listeners: adding a 'message' listener references the worker again (it kept scripts from exiting).
    worker.unref();
    return slot;
  }

  return {
    run<T>(payload: Record<string, unknown>, transfer: ArrayBuffer[]): Promise<T> {
      if (slots.length < size && slots.every((s) => s.busy > 0)) slots.push(startSlot());
      const slot = slots.reduce((a, b) => (b.busy < a.busy ? b : a));
      const id = nextId++;
      if (slot.busy === 0) slot.worker.ref();
      slot.busy += 1;
      return new Promise<T>((resolve, reject) => {
        pending.set(id, { resolve: resolve as (v: unknown) => void, reject, slot });
        slot.worker.postMessage({ id, ...payload }, transfer);
      });
    },
  };
}
