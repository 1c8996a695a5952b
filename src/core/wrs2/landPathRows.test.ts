import { describe, expect, it } from 'vitest';
import { imagingAtPoint, pathRowTouchesLand } from './landPathRows.js';

describe('path/rows Landsat images (land or coast)', () => {
  it('keeps scenes with land or coast, drops open ocean', () => {
    const [tile] = imagingAtPoint([-79.2165, 45.3267]).imagedTiles;
    expect(tile).toBeDefined();
    const pacific = imagingAtPoint([-140, -30]);
    expect(pacific.tiles.length).toBeGreaterThan(0);
    expect(pacific.imagedTiles).toEqual([]);
    for (const t of pacific.tiles) expect(pathRowTouchesLand(t.path, t.row)).toBe(false);
  });

  it('finds small islands and coasts: Bermuda, Cape Town', () => {
    expect(imagingAtPoint([-64.75, 32.3]).imagedTiles.length).toBeGreaterThan(0);
    expect(imagingAtPoint([18.3, -33.85]).imagedTiles.length).toBeGreaterThan(0);
  });

  it('has no scene beyond the daytime rows', () => {
    expect(imagingAtPoint([0, 88]).tiles).toEqual([]);
    expect(imagingAtPoint([0, -86]).tiles).toEqual([]);
  });
});
