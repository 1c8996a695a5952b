import { describe, expect, it } from 'vitest';
import { createLocalCatalog } from '../stac/createLocalCatalog.js';
import { createBlockCache } from '../raster/blockCache.js';
import { createFileByteSource, type ByteSource } from '../raster/byteSource.js';
import { parseMask } from '../raster/clearPixel.js';
import { createLandsatService } from './landsatService.js';
import { FIXTURE_CATALOG_DIR } from '../../../test/support/fixturePaths.js';
import { FIXTURE_BOX, FIXTURE_DATES } from '../../../test/support/fixtureFacts.js';

const BOX = { minLon: Number(FIXTURE_BOX.LON_UL), minLat: Number(FIXTURE_BOX.LAT_UR), maxLon: Number(FIXTURE_BOX.LON_UR), maxLat: Number(FIXTURE_BOX.LAT_UL) };
const FILTERS = { ...FIXTURE_DATES, cloudCoverage: 100, bands: ['B04' as const, 'B05' as const] };

/** A service on the real fixture whose file reads are counted, with a cold cache of `cacheBytes`. */
async function countingService(cacheBytes = 64 << 20) {
  const reads = { ranges: 0 };
  const openSource = (href: string): ByteSource => {
    const inner = createFileByteSource(href);
    return { id: inner.id, stats: inner.stats, close: inner.close?.bind(inner), fetch: (ranges, signal) => ((reads.ranges += ranges.length), inner.fetch(ranges, signal)) };
  };
  const service = createLandsatService({ catalog: await createLocalCatalog({ dir: FIXTURE_CATALOG_DIR }), cache: createBlockCache({ maxBytes: cacheBytes }), maxScenes: 100, openSource });
  return { service, reads };
}

describe('the scene-box statistics kept per scene', () => {
  it('answers the same request again from its entries: no file read, the same values, every scene still reported', async () => {
    // A block cache too small to hold the windows: only the kept statistics can answer without reading.
    const { service, reads } = await countingService(1024);
    const first = await service.boxStatistics(BOX, FILTERS);
    expect(first.data).toHaveLength(1);
    const readsCold = reads.ranges;
    expect(readsCold).toBeGreaterThan(0);
    const progress: number[] = [];
    const entries: unknown[] = [];
    const again = await service.boxStatistics(BOX, FILTERS, { streamed: true, onProgress: (done) => progress.push(done), onEntry: (e) => entries.push(e) });
    expect(reads.ranges).toBe(readsCold);
    expect(again.data[0]).toBe(first.data[0]);
    expect(again.data).toEqual(first.data);
    expect(progress).toEqual([0, 1]); // the count as soon as it is known, then every scene
    expect(entries).toEqual([first.data[0]]);
  });

  it('keeps apart what changes an entry: the box, the bands and the mask', async () => {
    const { service, reads } = await countingService(1024);
    const first = await service.boxStatistics(BOX, FILTERS);
    let before = reads.ranges;
    const otherMask = await service.boxStatistics(BOX, { ...FILTERS, mask: parseMask('none') });
    expect(reads.ranges).toBeGreaterThan(before);
    expect(otherMask.data[0]).not.toBe(first.data[0]);
    // No mask: every imaged pixel counts, more than the clear ones alone.
    expect(otherMask.data[0].outputs.data.bands.B04!.stats.sampleCount).toBeGreaterThan(first.data[0].outputs.data.bands.B04!.stats.sampleCount);
    before = reads.ranges;
    const otherBands = await service.boxStatistics(BOX, { ...FILTERS, bands: ['B04'] });
    expect(reads.ranges).toBeGreaterThan(before);
    expect(Object.keys(otherBands.data[0].outputs.data.bands)).toEqual(['B04']);
    expect(otherBands.data[0].outputs.data.bands.B04).toEqual(first.data[0].outputs.data.bands.B04);
    before = reads.ranges;
    const smallerBox = await service.boxStatistics({ ...BOX, maxLon: (BOX.minLon + BOX.maxLon) / 2 }, FILTERS);
    expect(reads.ranges).toBeGreaterThan(before);
    expect(smallerBox.data[0].outputs.data.bands.B04!.stats.sampleCount).not.toBe(first.data[0].outputs.data.bands.B04!.stats.sampleCount);
  });
});
