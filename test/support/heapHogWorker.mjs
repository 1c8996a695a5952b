// A thread-pool worker for the pool's tests (src/core/raster/threadPool.test.ts): `hog` keeps allocating
// small JS objects until the worker's V8 heap cap stops it (ERR_WORKER_OUT_OF_MEMORY); `echo` answers
// after `delayMs`, so a test can have it wait behind a hog on the same worker.
import { parentPort, threadId } from 'node:worker_threads';

parentPort.on('message', ({ id, hog, echo, delayMs = 0 }) => {
  if (hog) {
    const kept = [];
    for (;;) kept.push({ at: kept.length, text: `entry ${kept.length}` });
  }
  setTimeout(() => parentPort.postMessage({ id, result: { echo, threadId } }), delayMs);
});
