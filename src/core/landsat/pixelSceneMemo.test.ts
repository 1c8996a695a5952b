import { describe, expect, it } from 'vitest';
import { createLocalCatalog } from '../stac/createLocalCatalog.js';
import { createBlockCache } from '../raster/blockCache.js';
import { createFileByteSource, type ByteSource } from '../raster/byteSource.js';
import { parseMask } from '../raster/clearPixel.js';
import { createLandsatService } from './landsatService.js';
import { FIXTURE_CATALOG_DIR } from '../../../test/support/fixturePaths.js';

// GDAL 3.6 `gdallocationinfo -wgs84` values listed in ../shared/fixtures/README.md (the first README point).
const POINT: [number, number] = [-67.3037941, -14.7111791];
const GDAL_B04_BLOCK = [
  [9010, 7816, 10705],
  [7926, 7663, 9276],
  [8158, 8513, 8856],
];
const FILTERS = { startDate: '2019-01-01', endDate: '2019-01-31', cloudCoverage: 100, bands: ['B04' as const] };

/** A service on the real fixture whose file reads are counted, with a cold cache. */
async function countingService() {
  const reads = { ranges: 0 };
  const openSource = (href: string): ByteSource => {
    const inner = createFileByteSource(href);
    return { id: inner.id, stats: inner.stats, close: inner.close?.bind(inner), fetch: (ranges, signal) => ((reads.ranges += ranges.length), inner.fetch(ranges, signal)) };
  };
  const service = createLandsatService({ catalog: await createLocalCatalog({ dir: FIXTURE_CATALOG_DIR }), cache: createBlockCache({ maxBytes: 64 << 20 }), maxScenes: 100, openSource });
  return { service, reads };
}

describe('the pixel answer parts kept per scene', () => {
  it('answers the same series again from its parts: no file read, the same scene objects, the same values', async () => {
    const { service, reads } = await countingService();
    const first = await service.readPixels(POINT, FILTERS);
    expect(first.scenes[0].bands.B04.dn).toEqual(GDAL_B04_BLOCK);
    const readsCold = reads.ranges;
    expect(readsCold).toBeGreaterThan(0);
    const progress: number[] = [];
    const again = await service.readPixels(POINT, FILTERS, { onProgress: (done) => progress.push(done) });
    expect(reads.ranges).toBe(readsCold);
    expect(again.scenes[0]).toBe(first.scenes[0]);
    expect(again).toEqual(first);
    expect(progress).toEqual([0, 1]); // the count first; a streamed answer still reports every scene
  });

  it('keeps apart what changes a part: the point, the bands and the mask', async () => {
    const { service } = await countingService();
    const first = await service.readPixels(POINT, FILTERS);
    const otherMask = await service.readPixels(POINT, { ...FILTERS, mask: parseMask('none') });
    expect(otherMask.scenes[0]).not.toBe(first.scenes[0]);
    expect(otherMask.mask).toBe('none');
    const otherBands = await service.readPixels(POINT, { ...FILTERS, bands: ['B04', 'B05'] });
    expect(Object.keys(otherBands.scenes[0].bands)).toEqual(['B04', 'B05']);
    // The next pixel to the east (the fixture's pixels are 448 m): its block is GDAL's shifted one column west.
    const east = await service.readPixels([POINT[0] + 0.0042, POINT[1]], FILTERS);
    expect(east.scenes[0].bands.B04.dn.map((row) => row.slice(0, 2))).toEqual(GDAL_B04_BLOCK.map((row) => row.slice(1)));
  });
});
