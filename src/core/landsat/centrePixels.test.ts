import { describe, expect, it } from 'vitest';
import type { BandId } from '../bands/bandCatalog.js';
import { createDemoCatalog } from '../demo/createDemoCatalog.js';
import type { LngLat } from '../geo/lngLat.js';
import { createBlockCache } from '../raster/blockCache.js';
import { createLandsatService } from './landsatService.js';
import type { SceneFilters } from './landsatResults.js';

/**
 * The centre-pixel read (change detection's) gives, scene for scene, what the 3 x 3 read of
 * GET /api/pixel gives at its centre. EXPECTED side: `readPixels`, the existing 3 x 3 path, on a
 * service of its own (its own block cache), read after the centre path so nothing it computed is
 * reused. Windows of every sensor: TM (Landsat 4/5), ETM+ before and after the scan-line corrector
 * failed (fill at the pixel in its gaps), OLI (Landsat 8/9), as archived and harmonised to OLI.
 */
const BANDS: BandId[] = ['B02', 'B03', 'B04', 'B05', 'B06', 'B07', 'B09'];
const WINDOWS: Array<{ startDate: string; endDate: string; harmonize?: 'oli' }> = [
  { startDate: '1983-01-01', endDate: '1983-06-30' },
  { startDate: '1999-06-01', endDate: '1999-12-31' },
  { startDate: '2004-03-01', endDate: '2004-08-31', harmonize: 'oli' },
  { startDate: '2013-04-01', endDate: '2013-09-30' },
  { startDate: '2022-01-01', endDate: '2022-06-30', harmonize: 'oli' },
];
const POINTS: LngLat[] = [
  [-79.2165, 45.3267], // the page's default point (WRS-2 rows 28 and 29)
  [-121.7, 38.55], // another continent, another UTM zone
];

const service = () => createLandsatService({ catalog: createDemoCatalog(), cache: createBlockCache({ maxBytes: 64 << 20 }), maxScenes: 5000 });

describe('readCentrePixels', () => {
  it.each(POINTS.flatMap((point) => WINDOWS.map((w) => [point, w] as const)))('at %j over %j equals the 3 x 3 read at its centre, scene for scene', async (point, window) => {
    const filters: SceneFilters = { ...window, cloudCoverage: 100, bands: BANDS };
    const centre = await service().readCentrePixels(point, filters);
    const nine = await service().readPixels(point, filters);
    expect(centre.scenes.length).toBeGreaterThan(3);
    expect(centre.scenes.map((s) => s.id)).toEqual(nine.scenes.map((s) => s.id));
    expect(centre.target).toEqual(nine.target);
    expect(centre.truncated).toBe(nine.truncated);
    expect(centre.synthetic).toBe(true);
    let measured = 0;
    let fill = 0;
    nine.scenes.forEach((expected, i) => {
      const got = centre.scenes[i]!;
      expect(got.satellite).toBe(expected.satellite);
      expect(got.sensor).toBe(expected.sensor);
      expect(got.datetime).toBe(expected.datetime);
      expect(got.harmonized).toBe(expected.harmonized);
      expect(got.qa).toBe(expected.qa.values[1]![1]);
      for (const band of BANDS) {
        const value = expected.bands[band]?.values[1]![1] ?? null;
        expect(got.values[band] ?? null, `${expected.id} ${band}`).toBe(value);
        if (value !== null) measured += 1;
      }
      if (expected.emptyReason) fill += 1;
    });
    // Real values were compared, not only nulls.
    expect(measured).toBeGreaterThan(nine.scenes.length * 3);
    // Landsat 7's scan-line gaps cross the default point's pixel in 2004: fill compared too.
    if (point === POINTS[0] && window.startDate.startsWith('2004')) expect(fill).toBeGreaterThan(0);
  }, 120_000);

  it('answers a repeat from the values it kept, equal to the first answer', async () => {
    const landsat = service();
    const filters: SceneFilters = { startDate: '2020-05-01', endDate: '2020-07-31', cloudCoverage: 100, bands: BANDS };
    const first = await landsat.readCentrePixels(POINTS[0]!, filters);
    const progress: number[] = [];
    const again = await landsat.readCentrePixels(POINTS[0]!, filters, { onProgress: (done) => progress.push(done) });
    expect(again.scenes).toEqual(first.scenes);
    expect(again.scenes[0]).toBe(first.scenes[0]);
    expect(progress.at(-1)).toBe(first.scenes.length);
  }, 60_000);
});
