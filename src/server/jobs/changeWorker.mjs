// Worker thread of the change-detection pool (changeWorkerPool.ts): runs CCDC (detectChanges) on one
// pixel's observations off the event loop; one 40-year pixel is 0.1-0.9 s of pure JS, which on the
// main thread tripped the load shedding (LOAD_SHED_EVENT_LOOP_DELAY_MS) while a change job ran.
// detectChanges is TypeScript: tsx's loader is registered here, as in demoSynthWorker.mjs.
import { parentPort } from 'node:worker_threads';
import { register } from 'tsx/esm/api';

register();
const { detectChanges } = await import('../../core/change/detectChanges.ts');

parentPort.on('message', ({ id, observations, mask }) => {
  try {
    parentPort.postMessage({ id, result: detectChanges(observations, { mask }) });
  } catch (err) {
    parentPort.postMessage({ id, error: err instanceof Error ? err.message : String(err) });
  }
});
