/**
 * The API on real Landsat 5 TM and Landsat 7 ETM+ Level-2 scenes (../shared/real-world/landsat-tm-etm,
 * a `local:` catalogue; see its README). Expected DNs are GDAL 3.6's, as that README lists them
 * (`gdallocationinfo -wgs84 FILE LON LAT`); the SLC-gap point was read the same way:
 *   gdallocationinfo -valonly -wgs84 LE07_L2SP_090084_20210331_20210426_02_T1_QA_PIXEL.TIF 149.398938473416 -34.2558331734294  → 1 (fill)
 *   … _SR_B3.TIF → 10201, … _SR_B4.TIF → 16035, … _ST_B6.TIF → 42311 (pixel 18,18)
 */
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TM_ETM_CATALOG_DIR } from './support/fixturePaths.js';
import { buildTestApp } from './support/testApp.js';

const LT05_POINT = { lon: 149.8378759, lat: -34.3059109 };
const LT05_GDAL = { B02: 8762, B03: 9684, B04: 10217, B05: 14837, B06: 16810, B07: 12958, B09: 43991, QA: 5440 };
const LT05_RED_3X3 = [[10643, 10172, 10023], [11427, 10217, 9181], [11693, 11612, 9377]];
const LE07_POINT = { lon: 149.5018326, lat: -34.6481514 };
const LE07_GDAL = { B02: 8260, B03: 8979, B04: 8792, B05: 17184, B06: 12507, B07: 9758, B09: 41697, QA: 5440 };
const LE07_GAP_POINT = { lon: 149.398938473416, lat: -34.2558331734294 };
const ALL = 'B01,B02,B03,B04,B05,B06,B07,B09';
const NAMES_TM = { B02: 'TM band 1, blue', B03: 'TM band 2, green', B04: 'TM band 3, red', B05: 'TM band 4, near infrared', B06: 'TM band 5, SWIR 1', B07: 'TM band 7, SWIR 2', B09: 'TM band 6, surface temperature' };
// Roy et al. 2016 Table 2 RMA, as issue 23 quotes it.
const ROY = { B02: [0.9785, -0.0095], B03: [0.9542, -0.0016], B04: [0.9825, -0.0022], B05: [1.0073, -0.0021], B06: [1.0171, -0.003], B07: [0.9949, 0.0029] } as const;
const reflectance = (dn: number) => dn * 0.0000275 - 0.2;
const kelvin = (dn: number) => dn * 0.00341802 + 149.0;
const qs = (p: Record<string, string | number>) => new URLSearchParams(Object.entries(p).map(([k, v]) => [k, String(v)])).toString();
const DAY_LT05 = { startDate: '1998-03-08', endDate: '1998-03-08' };
const DAY_LE07 = { startDate: '2021-03-31', endDate: '2021-03-31' };

let app: FastifyInstance;
beforeAll(async () => {
  app = await buildTestApp({ LANDSAT_SOURCE: `local:${TM_ETM_CATALOG_DIR}` });
});
afterAll(async () => {
  await app?.close();
});

const pixel = async (point: { lon: number; lat: number }, extra: Record<string, string>) => {
  const res = await app.inject(`/api/pixel?${qs({ ...point, bands: ALL, ...extra })}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
};

describe('/api/pixel on real TM and ETM+ scenes', () => {
  for (const [name, point, gdal, day, satellite, sensor] of [
    ['Landsat 5 TM', LT05_POINT, LT05_GDAL, DAY_LT05, 'landsat-5', 'TM'],
    ['Landsat 7 ETM+', LE07_POINT, LE07_GDAL, DAY_LE07, 'landsat-7', 'ETM+'],
  ] as const) {
    it(`${name}: every band equals GDAL's DN, B01 is named missing, the scene names satellite and sensor`, async () => {
      const body = await pixel(point, day);
      expect(body.scenes).toHaveLength(1);
      const scene = body.scenes[0];
      expect(scene).toMatchObject({ satellite, sensor });
      expect(scene.harmonized).toBeUndefined();
      for (const id of ['B02', 'B03', 'B04', 'B05', 'B06', 'B07'] as const) {
        expect(scene.bands[id].dn[1][1], id).toBe(gdal[id]);
        expect(scene.bands[id].values[1][1]).toBeCloseTo(reflectance(gdal[id]), 12);
        expect(scene.bands[id].unit).toBe('reflectance');
      }
      expect(scene.bands.B09.dn[1][1]).toBe(gdal.B09);
      expect(scene.bands.B09.values[1][1]).toBeCloseTo(kelvin(gdal.B09), 9);
      expect(scene.bands.B09.fileBand).toBe('ST_B6');
      expect(scene.qa.values[1][1]).toBe(gdal.QA);
      expect(scene.bands.B01).toBeUndefined();
      expect(scene.missingBands.B01).toMatch(/no coastal\/aerosol band/);
      expect(scene.emptyReason).toBeUndefined();
    });
  }

  it('names TM bands by the sensor\'s own numbers and reads the 3 x 3 red block as GDAL does', async () => {
    const scene = (await pixel(LT05_POINT, DAY_LT05)).scenes[0];
    for (const [id, name] of Object.entries(NAMES_TM)) expect(scene.bands[id].name).toBe(name);
    expect(scene.bands.B04.dn).toEqual(LT05_RED_3X3);
  });

  it('a Landsat 7 SLC-off fill pixel has no value and says it is a scan-line gap, not cloud', async () => {
    const scene = (await pixel(LE07_GAP_POINT, DAY_LE07)).scenes[0];
    expect(scene.qa.values[1][1]).toBe(1);
    expect(scene.qa.flags[1][1]).toMatchObject({ fill: true, cloud: false });
    // The decimated file keeps a DN under QA fill (README); the DN stays raw, the value is empty.
    expect(scene.bands.B04.dn[1][1]).toBe(10201); // SR_B3, red
    expect(scene.bands.B05.dn[1][1]).toBe(16035); // SR_B4, NIR
    expect(scene.bands.B04.values[1][1]).toBeNull();
    expect(scene.bands.B09.values[1][1]).toBeNull();
    expect(scene.emptyReason).toMatch(/^Landsat 7 scan-line gap/);
  });
});

describe('harmonize=oli', () => {
  it('turns TM reflectance into slope x rho + intercept (Roy et al. 2016), keeps DN and temperature', async () => {
    const scene = (await pixel(LT05_POINT, { ...DAY_LT05, harmonize: 'oli' })).scenes[0];
    expect(scene.harmonized).toBe('roy2016-rma');
    for (const [id, [slope, intercept]] of Object.entries(ROY)) {
      const dn = LT05_GDAL[id as keyof typeof ROY];
      expect(scene.bands[id].dn[1][1]).toBe(dn);
      expect(scene.bands[id].values[1][1]).toBeCloseTo(slope * reflectance(dn) + intercept, 12);
    }
    expect(scene.bands.B09.values[1][1]).toBeCloseTo(kelvin(LT05_GDAL.B09), 9);
  });

  it('changes landsatData statistics the same way, over the stream too', async () => {
    const box = { LON_UL: '149.7', LAT_UR: '-34.4', LON_UR: '149.9', LAT_UL: '-34.2', bands: 'B04,B09', ...DAY_LT05 };
    const plain = (await app.inject(`/api/landsatData?${qs(box)}`)).json();
    const res = await app.inject(`/api/landsatData/stream?${qs({ ...box, harmonize: 'oli' })}`);
    expect(res.statusCode).toBe(200);
    const lines = res.body.trim().split('\n').map((l) => JSON.parse(l));
    const harmonised = lines.find((l) => l.type === 'result').result;
    const [a, b] = [plain.data[0], harmonised.data[0]];
    expect(a.scene).toMatchObject({ satellite: 'landsat-5', sensor: 'TM' });
    expect(a.scene.harmonized).toBeUndefined();
    expect(b.scene.harmonized).toBe('roy2016-rma');
    expect(a.outputs.data.bands.B04.stats.sampleCount).toBeGreaterThan(0);
    expect(b.outputs.data.bands.B04.stats.mean).toBeCloseTo(0.9825 * a.outputs.data.bands.B04.stats.mean - 0.0022, 12);
    expect(b.outputs.data.bands.B09.stats.mean).toBe(a.outputs.data.bands.B09.stats.mean);
  });

  it('refuses an unknown harmonisation with 400 in words', async () => {
    const res = await app.inject(`/api/pixel?${qs({ ...LT05_POINT, ...DAY_LT05, harmonize: 'etm' })}`);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toMatch(/harmonize must be "oli"/);
  });
});

describe('POST /api/compare on a TM scene', () => {
  it("convolves the field spectrum with TM's response and compares with GDAL's TM values", async () => {
    const { simulateSensorBands } = await import('../src/core/spectral/simulateOliBands.js');
    const spectrum: [number, number][] = Array.from({ length: 2151 }, (_, i) => {
      const um = Number((0.35 + i * 0.001).toFixed(3));
      return [um, um < 0.7 ? 0.05 + 0.05 * Math.exp(-(((um - 0.55) / 0.03) ** 2)) : um < 1.3 ? 0.45 : 0.25];
    });
    // LT05 was acquired 1998-03-08T23:26:47Z; a measurement an hour later.
    const res = await app.inject({ method: 'POST', url: '/api/compare', payload: { ...LT05_POINT, datetime: '1998-03-09T00:30:00Z', spectrum } });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.scene).toMatchObject({ satellite: 'landsat-5', sensor: 'TM' });
    const tm = simulateSensorBands(spectrum, 'TM');
    for (const band of ['B02', 'B03', 'B04', 'B05', 'B06', 'B07'] as const) {
      expect(body.simulated[band], band).toBeCloseTo(tm[band].reflectance!, 12);
      expect(body.landsat[band].value, band).toBeCloseTo(reflectance(LT05_GDAL[band]), 12);
      expect(body.difference[band].absolute, band).toBeCloseTo(tm[band].reflectance! - reflectance(LT05_GDAL[band]), 12);
    }
    expect(body.simulated.B01).toBeNull();
    expect(body.notSimulated.B01).toMatch(/no coastal\/aerosol band/);
  });
});
