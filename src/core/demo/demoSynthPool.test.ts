import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { demoSynthPoolSize, synthesizeTileSetInWorker } from './demoSynthPool.js';
import { parseDemoSceneId } from './demoSceneIds.js';
import { synthesizeDemoTileSet } from './demoScenes.js';
import { TILE_PX } from './demoSceneGrid.js';

const SCENE_ID = 'LC09_L2SP_018029_20250708_SYNTHETIC';

describe('demo tiles synthesized in worker threads', () => {
  it('gives exactly the bands the main thread computes, for a full-resolution and an overview tile', async () => {
    const scene = parseDemoSceneId(SCENE_ID)!;
    const tilesAcross = Math.ceil(scene.grid.width / TILE_PX);
    // A tile in the middle of the scene (land, maybe cloud) and one of the coarsest overview (with fill).
    for (const [level, index, across] of [[0, 30 * tilesAcross + 30, tilesAcross], [4, 0, Math.ceil(scene.grid.width / 16 / TILE_PX)]] as const) {
      const inWorker = await synthesizeTileSetInWorker(SCENE_ID, level, index, across);
      const here = synthesizeDemoTileSet(SCENE_ID, level, index, across);
      expect(inWorker).toHaveLength(9);
      inWorker.forEach((band, b) => {
        expect(band.length).toBe(TILE_PX * TILE_PX);
        expect(Buffer.from(band.buffer, band.byteOffset, band.byteLength).equals(Buffer.from(here[b].buffer, here[b].byteOffset, here[b].byteLength))).toBe(true);
      });
    }
  });

  it('reports a scene id the worker cannot synthesize as an error, not as fill', async () => {
    await expect(synthesizeTileSetInWorker('LC09_L2SP_018029_20250709_SYNTHETIC', 0, 0, 1)).rejects.toThrow(/demo tile synthesis failed: not a synthetic demo scene/);
  });

  it('keeps one core for the event loop: 1 worker on 2 cores, at most 2 (the memory budget; demoSynthPool.ts)', () => {
    expect(demoSynthPoolSize(1)).toBe(1);
    expect(demoSynthPoolSize(2)).toBe(1);
    expect(demoSynthPoolSize(3)).toBe(2);
    expect(demoSynthPoolSize(16)).toBe(2);
  });

  it('keeps a script alive until the answer comes, then lets it exit (an idle pool holds nothing)', () => {
    const pool = fileURLToPath(new URL('./demoSynthPool.ts', import.meta.url));
    const code = `import(${JSON.stringify(pool)}).then((m) => m.synthesizeTileSetInWorker('${SCENE_ID}', 4, 0, 4)).then((bands) => console.log('answered', bands.length))`;
    const run = spawnSync(process.execPath, ['--import', 'tsx', '-e', code], { encoding: 'utf8', timeout: 30_000 });
    expect(run.error).toBeUndefined();
    expect(run.stdout.trim()).toBe('answered 9');
    expect(run.status).toBe(0);
  });
});
