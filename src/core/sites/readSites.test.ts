import { describe, expect, it } from 'vitest';
import { createLocalCatalog } from '../stac/createLocalCatalog.js';
import { createBlockCache } from '../raster/blockCache.js';
import { createFileByteSource, type ByteSource } from '../raster/byteSource.js';
import { DEFAULT_MASK } from '../raster/clearPixel.js';
import { createSitesReader, type Site } from './readSites.js';
import { FIXTURE_CATALOG_DIR } from '../../../test/support/fixturePaths.js';

// GDAL 3.6 `gdallocationinfo -wgs84` DNs from ../shared/fixtures/README.md.
const P1: Site = { id: 'p1', lon: -67.3037941, lat: -14.7111791 };
const P2: Site = { id: 'p2', lon: -67.6820161, lat: -13.8928145 };
const QUERY = { startDate: '2019-01-01', endDate: '2019-01-31', cloudCoverage: 100, bands: ['B04' as const, 'B09' as const], mask: DEFAULT_MASK };

/** A reader whose file reads are counted, with a cold cache. */
async function countingReader() {
  const catalog = await createLocalCatalog({ dir: FIXTURE_CATALOG_DIR });
  const fetches: Record<string, number> = {};
  const openSource = (href: string): ByteSource => {
    const inner = createFileByteSource(href);
    return {
      id: inner.id,
      stats: inner.stats,
      close: inner.close?.bind(inner),
      fetch: (ranges, signal) => {
        const name = href.split('_').pop()!;
        fetches[name] = (fetches[name] ?? 0) + ranges.length;
        return inner.fetch(ranges, signal);
      },
    };
  };
  const reader = createSitesReader({ catalog, cache: createBlockCache({ maxBytes: 64 << 20 }), openSource, searchLimit: 100 });
  return { reader, fetches };
}

describe('createSitesReader', () => {
  it("gives GDAL's DNs (as physical values) for the README points", async () => {
    const { reader } = await countingReader();
    const rows = await reader.readAll([P1, P2], QUERY);
    expect(rows.map((r) => r.qaPixel)).toEqual([21824, 22280]);
    expect(rows[0].values.B04).toBeCloseTo(7663 * 0.0000275 - 0.2, 10);
    expect(rows[1].values.B09).toBeCloseTo(43279 * 0.00341802 + 149.0, 8);
  });

  it('reads each tile once whatever the number of sites in it', async () => {
    // The fixture's bands are one 512 x 512 tile each: one site and 200 sites cost the same reads.
    const one = await countingReader();
    await one.reader.readAll([P1], QUERY);
    const many = await countingReader();
    const sites: Site[] = Array.from({ length: 200 }, (_, i) => ({ id: `s${i}`, lon: -67.7 + (i % 20) * 0.02, lat: -14.6 + Math.floor(i / 20) * 0.05 }));
    const rows = await many.reader.readAll(sites, QUERY);
    expect(rows).toHaveLength(200);
    expect(rows.every((r) => r.scene?.id === 'LC08_L2SP_001070_20190114_02_T2')).toBe(true);
    expect(Object.keys(many.fetches).sort()).toEqual(['B10.TIF', 'B4.TIF', 'PIXEL.TIF']);
    expect(many.fetches).toEqual(one.fetches);
    // Header plus one tile per band read: a handful of range reads, not one per site.
    for (const n of Object.values(many.fetches)) expect(n).toBeLessThanOrEqual(3);
  });
});
