import { execFileSync } from 'node:child_process';
import { readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fromArrayBuffer } from 'geotiff';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FIXTURE_SCENE_ID } from '../../../test/support/fixturePaths.js';
import { fixtureCogCatalog } from '../../../test/support/fixtureCogCatalog.js';
import { ringAround } from '../../../test/support/fixtureRing.js';
import { createLandsatService } from '../landsat/landsatService.js';
import { createBlockCache } from '../raster/blockCache.js';
import { DEFAULT_MASK } from '../raster/clearPixel.js';
import { createLocalCatalog } from '../stac/createLocalCatalog.js';
import { areaSceneEntry } from './areaStatistics.js';

/**
 * An area measured on an overview (what a large request does, areaOverviewLevel) against GDAL: the
 * fixture scene's SR_B4 and QA_PIXEL are rewritten by `gdal_translate -of COG` (DEFLATE, horizontal predictor, as
 * Landsat's own files) with internal overviews,
 * GDAL extracts overview 1 itself (`-oo OVERVIEW_LEVEL=0`), and the expected counts and statistics are
 * worked out from those GDAL files (read with geotiff.js), over the overview pixels whose centre lies
 * inside a rectangle drawn on the overview's grid. Not through this project's reader.
 */
let dir: string;
let catalog: string;

beforeAll(() => {
  ({ dir, catalog } = fixtureCogCatalog('area-ovr-', /_(SR_B4|QA_PIXEL)\.TIF$/, ['PREDICTOR=2']));
  for (const band of ['SR_B4', 'QA_PIXEL']) {
    const name = `${FIXTURE_SCENE_ID}_${band}.TIF`;
    // GDAL's own read of overview 1, as a plain GeoTIFF.
    execFileSync('gdal_translate', ['-q', '-oo', 'OVERVIEW_LEVEL=0', path.join(catalog, FIXTURE_SCENE_ID, name), path.join(dir, `ovr1_${name}`)]);
  }
}, 120_000);
afterAll(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
});

async function gdalOverview(band: string): Promise<{ width: number; data: Uint16Array }> {
  const bytes = readFileSync(path.join(dir, `ovr1_${FIXTURE_SCENE_ID}_${band}.TIF`));
  const image = await (await fromArrayBuffer(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer)).getImage();
  return { width: image.getWidth(), data: (await image.readRasters())[0] as Uint16Array };
}

describe('an area measured on overview 1 equals GDAL’s overview', () => {
  it('counts the overview pixels whose centre lies inside; statistics over the clear ones', { timeout: 120_000 }, async () => {
    const service = createLandsatService({ catalog: await createLocalCatalog({ dir: catalog }), cache: createBlockCache({ maxBytes: 64 << 20 }), maxScenes: 10 });
    const filters = { startDate: '2019-01-01', endDate: '2019-01-31', cloudCoverage: 100, bands: ['B04' as const], mask: DEFAULT_MASK };
    const found = await service.parts.search([-70, -16, -66, -13], filters, undefined, 10);
    expect(found.scenes).toHaveLength(1);
    // Overview columns 165-174 and rows 150-159 (10 x 10 overview pixels) = full-resolution 330-349 x 300-319.
    const polygons = [[ringAround(330, 300, 350, 320)]];
    const entry = await areaSceneEntry({ landsat: service, polygons, filters, level: 1 }, found.scenes[0]);
    const qa = await gdalOverview('QA_PIXEL');
    const b4 = await gdalOverview('SR_B4');
    expect(qa.width).toBe(256); // 512 / 2
    let pixelCount = 0;
    const values: number[] = [];
    for (let r = 150; r < 160; r++) {
      for (let c = 165; c < 175; c++) {
        const q = qa.data[r * qa.width + c];
        if (q === 0 || (q & 1) === 1) continue;
        pixelCount++;
        const dn = b4.data[r * b4.width + c];
        if ((q & 0b1_1110) === 0 && dn !== 0) values.push(dn * 0.0000275 - 0.2);
      }
    }
    expect(pixelCount).toBe(100);
    expect(values.length).toBeGreaterThan(10);
    expect(entry!.pixelCount).toBe(pixelCount);
    expect(entry!.clearCount).toBe(values.length);
    expect(entry!.pixelSizeM).toBeCloseTo(2 * 448.30078125, 1);
    const mean = values.reduce((s, v) => s + v, 0) / values.length;
    expect(entry!.bands.B04.count).toBe(values.length);
    expect(entry!.bands.B04.mean!).toBeCloseTo(mean, 10);
    expect(entry!.bands.B04.min!).toBeCloseTo(Math.min(...values), 10);
    expect(entry!.bands.B04.max!).toBeCloseTo(Math.max(...values), 10);
  });
});
