// A thread-pool worker for the pool's tests (src/core/raster/threadPool.test.ts): `hog` keeps allocating
// small JS objects until the worker's V8 heap cap stops it (ERR_WORKER_OUT_OF_MEMORY); `echo` answers
// after `delayMs`, so a test can have it wait behind a hog on the same worker. `spinMs` keeps the thread
// busy that long before answering, and the answer says so (`ms`, as the demo's synthesis worker reports
// its jobs' time): the pool posts short jobs deeper (threadPool.ts' QUEUED_WORK_MS). The time reported is
// the one asked, not the one measured: on a busy machine a thread descheduled in the middle of a 3 ms spin
// measured 10 ms and more, and the pool's tests, which give each kind of job its length, then saw another.
import { parentPort, threadId } from 'node:worker_threads';

parentPort.on('message', ({ id, hog, echo, delayMs = 0, spinMs }) => {
  if (hog) {
    const kept = [];
    for (;;) kept.push({ at: kept.length, text: `entry ${kept.length}` });
  }
  if (spinMs !== undefined) {
    const started = performance.now();
    while (performance.now() - started < spinMs);
    parentPort.postMessage({ id, result: { echo, threadId }, ms: spinMs });
    return;
  }
  setTimeout(() => parentPort.postMessage({ id, result: { echo, threadId } }), delayMs);
});
