import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createLocalCatalog } from '../stac/createLocalCatalog.js';
import { createBlockCache } from '../raster/blockCache.js';
import { DEFAULT_MASK } from '../raster/clearPixel.js';
import { createSitesReader, type Site } from './readSites.js';
import { siteRowObject } from './sitesCsv.js';
import { TM_ETM_CATALOG_DIR } from '../../../test/support/fixturePaths.js';

// Points of ../shared/real-world/README.md (pixel centres inside both footprints' rasters).
const SITES: Site[] = [
  { id: 'tm-point', lon: 149.8378759, lat: -34.3059109 },
  { id: 'etm-point', lon: 149.5018326, lat: -34.6481514 },
];
const SCENES = ['LT05_L2SP_090084_19980308_20200909_02_T1', 'LE07_L2SP_090084_20210331_20210426_02_T1'];
const QUERY = { startDate: '1998-01-01', endDate: '2021-12-31', cloudCoverage: 100, bands: ['B01' as const, 'B04' as const, 'B09' as const], mask: DEFAULT_MASK };

/** The DN GDAL reads at the site (`gdallocationinfo -valonly -wgs84`), never the code under test. */
function gdalDn(productId: string, fileBand: string, site: Site): number | null {
  const file = path.join(TM_ETM_CATALOG_DIR, productId, `${productId}_${fileBand}.TIF`);
  const out = execFileSync('gdallocationinfo', ['-valonly', '-wgs84', file, String(site.lon), String(site.lat)], { encoding: 'utf8' }).trim();
  return out === '' ? null : Number(out);
}

describe('sites on Landsat 5 TM and 7 ETM+ (real local: catalogue)', async () => {
  const catalog = await createLocalCatalog({ dir: TM_ETM_CATALOG_DIR });
  const reader = createSitesReader({ catalog, cache: createBlockCache({ maxBytes: 16 << 20 }), searchLimit: 100 });

  it("reads B04 from SR_B3 and B09 from ST_B6 (asset lwir) with GDAL's values; B01 is an empty cell with the reason", async () => {
    const rows = await reader.readAll(SITES, QUERY);
    expect(rows).toHaveLength(4);
    for (const row of rows) {
      const productId = SCENES.find((p) => p.startsWith(row.scene!.id.slice(0, 17)))!;
      expect(row.scene!.sensor).toBe(row.scene!.satellite === 'landsat-5' ? 'TM' : 'ETM+');
      expect(row.scene!.harmonized).toBeUndefined();
      const qa = gdalDn(productId, 'QA_PIXEL', row.site)!;
      expect(row.qaPixel).toBe(qa);
      expect(row.values.B01).toBeNull();
      expect(row.note).toMatch(/Coastal.*\(B01\) is not on (TM|ETM\+) scenes/);
      if ((qa & 1) === 1) {
        expect(row.values.B04).toBeNull();
        continue;
      }
      expect(row.values.B04).toBeCloseTo(gdalDn(productId, 'SR_B3', row.site)! * 0.0000275 - 0.2, 10);
      expect(row.values.B09).toBeCloseTo(gdalDn(productId, 'ST_B6', row.site)! * 0.00341802 + 149.0, 8);
      const csv = siteRowObject(row, QUERY.bands);
      expect(csv.B01_coastal_aerosol_reflectance).toBeNull();
      expect(csv.sensor).toBe(row.scene!.sensor);
    }
    // The README's GDAL numbers at the TM point: SR_B3 10217, ST_B6 43991, QA_PIXEL 5440.
    const tm = rows.find((r) => r.site.id === 'tm-point' && r.scene!.satellite === 'landsat-5')!;
    expect(tm.values.B04).toBeCloseTo(10217 * 0.0000275 - 0.2, 10);
    expect(tm.values.B09).toBeCloseTo(43991 * 0.00341802 + 149.0, 8);
    expect(tm.qaPixel).toBe(5440);
  });

  it('harmonize=oli moves TM/ETM+ reflectance by the Roy 2016 red coefficients, leaves temperature, and names it per row', async () => {
    const raw = await reader.readAll(SITES, QUERY);
    const harmonized = await reader.readAll(SITES, { ...QUERY, harmonize: 'oli' });
    expect(harmonized).toHaveLength(raw.length);
    harmonized.forEach((row, i) => {
      expect(row.scene!.id).toBe(raw[i].scene!.id);
      expect(row.scene!.harmonized).toBe('roy2016-rma');
      expect(siteRowObject(row, QUERY.bands).harmonized).toBe('roy2016-rma');
      if (raw[i].values.B04 === null) return;
      expect(row.values.B04).toBeCloseTo(0.9825 * raw[i].values.B04! - 0.0022, 12);
      expect(row.values.B09).toBe(raw[i].values.B09);
      expect(row.values.B01).toBeNull();
    });
  });
});
