import { afterAll, describe, expect, it } from 'vitest';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { createDemoWorker } from './createDemoWorker.js';
import { createDemoCatalog } from './createDemoCatalog.js';

const dirs: string[] = [];
afterAll(async () => {
  await Promise.all(dirs.map((d) => rm(d, { recursive: true, force: true })));
});

describe('createDemoWorker', () => {
  it('writes a scene in a worker thread, byte for byte as the calling thread does', async () => {
    const workerDir = await mkdtemp(path.join(os.tmpdir(), 'demo-worker-'));
    const localDir = await mkdtemp(path.join(os.tmpdir(), 'demo-local-'));
    dirs.push(workerDir, localDir);
    const worker = createDemoWorker(workerDir);
    try {
      const viaWorker = await createDemoCatalog({ dir: workerDir, writeSceneFiles: (id) => worker.generate(id) });
      const local = await createDemoCatalog({ dir: localDir });
      // One early scene at the default point; search computes cloud cover only for what it returns.
      const { scenes } = await viaWorker.search({ bboxLngLat: [-79.2165, 45.3267, -79.2165, 45.3267], startDate: '2024-01-01', endDate: '2024-01-20', maxCloudCover: 100, limit: 1 });
      const scene = scenes[0];
      await viaWorker.generateScene(scene.id);
      await local.generateScene(scene.id);
      const files = (await readdir(path.join(workerDir, scene.id))).sort();
      expect(files).toEqual((await readdir(path.join(localDir, scene.id))).sort());
      expect(files.filter((f) => f.endsWith('.TIF'))).toHaveLength(9);
      const { readFile } = await import('node:fs/promises');
      const qa = files.find((f) => f.endsWith('QA_PIXEL.TIF'))!;
      expect((await readFile(path.join(workerDir, scene.id, qa))).equals(await readFile(path.join(localDir, scene.id, qa)))).toBe(true);
    } finally {
      await worker.close();
    }
  }, 60_000);

  it('rejects at once, with a reason, after the thread has stopped', async () => {
    const worker = createDemoWorker(path.join(os.tmpdir(), 'demo-worker-closed'));
    await worker.close();
    await expect(worker.generate('LC08_L2SP_018029_20240101_SYNTHETIC')).rejects.toThrow(/demo generator thread stopped/);
  });
});
