/**
 * Worker thread that writes demo scenes, so that generating rasters (about a second of CPU each)
 * never blocks the server's event loop. Messages: {id, sceneId} in, {id, error?} out.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { createDemoCatalog } from './createDemoCatalog.js';

interface GenerateRequest {
  id: number;
  sceneId: string;
}

const catalog = await createDemoCatalog({ dir: (workerData as { dir: string }).dir });
parentPort!.on('message', (msg: GenerateRequest) => {
  catalog.generateScene(msg.sceneId).then(
    () => parentPort!.postMessage({ id: msg.id }),
    (err: unknown) => parentPort!.postMessage({ id: msg.id, error: err instanceof Error ? err.message : String(err) }),
  );
});
