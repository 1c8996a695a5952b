import { Worker } from 'node:worker_threads';

export interface DemoWorker {
  /** Writes a scene's files in the worker thread. */
  generate(sceneId: string): Promise<void>;
  close(): Promise<void>;
}

/**
 * Starts the demo generator in a worker thread. The worker is TypeScript: it loads through the same
 * `--import tsx` hook as the server (workers inherit execArgv), so this is for the running server,
 * not for tests run by Vitest, which generate on the calling thread.
 */
export function createDemoWorker(dir: string): DemoWorker {
  // Node 20 does not apply `--import tsx` module hooks inside workers: a JS bootstrap loads the TS.
  const worker = new Worker(new URL('./demoWorkerBootstrap.mjs', import.meta.url), { workerData: { dir } });
  worker.unref();
  let failure: Error | null = null;
  let nextId = 0;
  const pending = new Map<number, { resolve: () => void; reject: (err: Error) => void }>();
  worker.on('message', (msg: { id: number; error?: string }) => {
    const waiter = pending.get(msg.id);
    pending.delete(msg.id);
    if (msg.error) waiter?.reject(new Error(`demo scene generation failed: ${msg.error}`));
    else waiter?.resolve();
  });
  const fail = (err: Error) => {
    failure ??= new Error(`the demo generator thread stopped: ${err.message}`);
    for (const waiter of pending.values()) waiter.reject(failure);
    pending.clear();
  };
  worker.on('error', fail);
  worker.on('exit', (code) => fail(new Error(`exit code ${code}`)));
  return {
    generate(sceneId) {
      if (failure) return Promise.reject(failure);
      return new Promise<void>((resolve, reject) => {
        const id = nextId++;
        pending.set(id, { resolve, reject });
        worker.postMessage({ id, sceneId });
      });
    },
    async close() {
      await worker.terminate();
    },
  };
}
