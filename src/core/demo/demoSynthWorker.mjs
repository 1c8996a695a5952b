// Worker thread of the demo tile pool (demoSynthPool.ts): synthesizes the nine bands of one tile of one
// synthetic scene off the event loop, with the very code the main thread would run (demoScenes.ts), so
// the bytes are the same. The synthesizer is TypeScript: tsx's loader is registered here because the
// pool starts workers without the parent's loader flags (a test runner's hooks would break them).
import { parentPort } from 'node:worker_threads';
import { register } from 'tsx/esm/api';

register();
const { synthesizeDemoTileSet } = await import('./demoScenes.ts');

parentPort.on('message', ({ id, sceneId, level, index, tilesAcross, rows, cols }) => {
  try {
    const bands = synthesizeDemoTileSet(sceneId, level, index, tilesAcross, rows, cols);
    const buffers = bands.map((b) => b.buffer);
    parentPort.postMessage({ id, result: buffers }, buffers);
  } catch (err) {
    parentPort.postMessage({ id, error: err instanceof Error ? err.message : String(err) });
  }
});
