import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { synthesizeDemoTileSet } from './demoScenes.js';

/**
 * The demo's bytes stay what they were before the export speed work: the SHA-256 below was computed by
 * the synthesizer of commit 513d45f (the merged tree with the demo's disturbances, before the land
 * cover's lattice interpolation became a module-level function) over the same tiles; on the export
 * branch alone, without the disturbances, commit ea68c92 gave 60ca54b4…. A change that moves any DN of
 * these tiles fails here.
 */
const BEFORE_SHA256 = '1a40d72047684853656b2df14595184fdad5ed6b49ebb7b4086387973230b22d';
const SCENE = 'LC08_L2SP_015028_20240606_SYNTHETIC';

describe('demo tile bytes', () => {
  it('are byte-identical to those of the synthesizer before the speed work (overviews 1 and 2 and the full resolution, nine bands)', () => {
    const hash = createHash('sha256');
    // [level, tile index, tiles across the level]: the scene grid is 7616 px wide, tiles 128 px.
    const tiles: [number, number, number][] = [
      [1, 10 * 30 + 7, 30],
      [1, 15 * 30 + 15, 30],
      [0, 30 * 60 + 30, 60],
      [2, 7 * 15 + 7, 15],
    ];
    for (const [level, index, across] of tiles) for (const band of synthesizeDemoTileSet(SCENE, level, index, across)) hash.update(band);
    expect(hash.digest('hex')).toBe(BEFORE_SHA256);
  }, 120_000);
});
