// Worker thread of the demo tile pool (demoSynthPool.ts): synthesizes the nine bands of one tile of one
// synthetic scene (or the cloud percents a search needs, or a scene box's counts) off the event loop,
// with the very code the event loop runs when it helps (demoJobs.ts), so the bytes are the same. The
// synthesizer is TypeScript: tsx's loader is registered here because the pool starts workers without
// the parent's loader flags (a test runner's hooks would break them).
import { parentPort } from 'node:worker_threads';
import { register } from 'tsx/esm/api';

register();
const { runDemoJob } = await import('./demoJobs.ts');

parentPort.on('message', ({ id, ...job }) => {
  // Each answer says how long its job took here (`ms`): the pool posts short jobs deeper (threadPool.ts' QUEUED_WORK_MS).
  const started = performance.now();
  try {
    const { result, transfer } = runDemoJob(job);
    parentPort.postMessage({ id, result, ms: performance.now() - started }, transfer);
  } catch (err) {
    parentPort.postMessage({ id, error: err instanceof Error ? err.message : String(err) });
  }
});
