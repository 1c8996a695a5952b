import { describe, expect, it } from 'vitest';
import { createDemoCatalog } from '../demo/createDemoCatalog.js';
import { createBlockCache } from '../raster/blockCache.js';
import { STATISTICS_FULL_GRID_SCENES, STATISTICS_MAX_SIDE } from '../../shared/statisticsGrid.js';
import { createLandsatService } from './landsatService.js';

/** The default point's scene box (path 18, row 28, as /api/wrs2 gives it): what the page's charts read. */
const SCENE_BOX = { minLon: -80.62435440193119, minLat: 44.965806437353145, maxLon: -77.64312355860082, maxLat: 47.08106202336236 };
const FILTERS = { cloudCoverage: 100, bands: ['B04' as const, 'B05' as const] };

describe('scene-box statistics of a long series are sampled on a coarser grid, and say so', () => {
  const service = createLandsatService({ catalog: createDemoCatalog(), cache: createBlockCache({ maxBytes: 64 << 20 }), maxScenes: 5000 });

  it('a short series reads each scene on the full grid; a long one on a smaller side, within its budget, every entry saying which', { timeout: 300_000 }, async () => {
    const short = await service.boxStatistics(SCENE_BOX, { ...FILTERS, startDate: '2019-06-01', endDate: '2019-08-31' }, { streamed: true });
    expect(short.data.length).toBeGreaterThan(0);
    expect(short.data.length).toBeLessThanOrEqual(STATISTICS_FULL_GRID_SCENES);
    for (const e of short.data) {
      expect(e.grid!.maxSide).toBe(STATISTICS_MAX_SIDE);
      expect(Math.max(e.grid!.width, e.grid!.height)).toBe(STATISTICS_MAX_SIDE);
    }
    const long = await service.boxStatistics(SCENE_BOX, { ...FILTERS, startDate: '2015-01-01', endDate: '2019-12-31' }, { streamed: true });
    expect(long.data.length).toBeGreaterThan(STATISTICS_FULL_GRID_SCENES * 2);
    const side = long.data[0].grid!.maxSide;
    expect(side).toBeLessThan(STATISTICS_MAX_SIDE);
    // The budget: all scenes together read no more pixels than 48 scenes on the full grid.
    expect(long.data.length * side * side).toBeLessThanOrEqual(STATISTICS_FULL_GRID_SCENES * STATISTICS_MAX_SIDE ** 2);
    for (const e of long.data) {
      expect(e.grid!.maxSide).toBe(side);
      expect(Math.max(e.grid!.width, e.grid!.height)).toBe(side);
      // Coarser pixels: the box spans the same ground.
      expect(e.grid!.pixelSizeM).toBeGreaterThan(short.data[0].grid!.pixelSizeM);
    }
    // The same scenes in both answers: the sampled means stay close to the full grid's (the sample is representative).
    const byId = new Map(long.data.map((e) => [e.scene.id, e]));
    let compared = 0;
    for (const e of short.data) {
      const other = byId.get(e.scene.id);
      const full = e.outputs.data.bands.B05!.stats;
      if (!other || full.sampleCount < 5000) continue;
      const sampled = other.outputs.data.bands.B05!.stats;
      expect(Math.abs(sampled.mean! - full.mean!)).toBeLessThan(0.02 * Math.abs(full.mean!) + 0.002);
      compared += 1;
    }
    expect(compared).toBeGreaterThan(3);
  });
});
