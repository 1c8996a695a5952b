import { describe, expect, it } from 'vitest';
import { statisticsMaxSide } from './statisticsGrid.js';

describe('statisticsMaxSide: the pixel budget of a scene-box series', () => {
  // Expected sides worked out by hand from 256 x sqrt(48 / n), floored, never under 64.
  it.each([
    [0, 256],
    [1, 256],
    [46, 256], // a year of one path/row, Landsat 8 and 9
    [48, 256],
    [49, 253], // 256 x sqrt(48/49) = 253.4
    [92, 184], // 256 x sqrt(48/92) = 184.9
    [230, 116], // five years: 256 x sqrt(48/230) = 116.9
    [768, 64], // 256 x sqrt(48/768) = 64 exactly
    [1842, 64], // the default point's whole record (1982-08-22 to 2026): 41.3, held at the floor
    [100_000, 64],
  ])('%i scenes: at most %i pixels a side', (scenes, side) => {
    expect(statisticsMaxSide(scenes)).toBe(side);
  });

  it('keeps the pixels of a whole series within the budget of 48 full-grid scenes until the floor', () => {
    for (const n of [49, 60, 100, 300, 700]) {
      const side = statisticsMaxSide(n);
      expect(n * side * side).toBeLessThanOrEqual(48 * 256 * 256);
      expect(n * (side + 1) * (side + 1)).toBeGreaterThan(48 * 256 * 256);
    }
  });
});
