/**
 * The demo archive serves the whole Earth through the real app (routes, service, COG reader):
 * a place on every continent, a coast, the far north and Antarctica; and explains empty answers.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildTestApp } from './support/testApp.js';

const qs = (params: Record<string, string | number>) => new URLSearchParams(Object.entries(params).map(([k, v]) => [k, String(v)])).toString();
const YEAR = { startDate: '2025-01-01', endDate: '2025-12-31', cloudCoverage: 100 };

interface PixelBody {
  synthetic: boolean;
  scenes: Array<{
    id: string;
    cloudCover: number;
    bands: Record<string, { values: (number | null)[][] }>;
    qa: { values: (number | null)[][]; flags: Array<Array<{ fill: boolean; clear: boolean; cloud: boolean; snow: boolean; water: boolean; cloudShadow: boolean; dilatedCloud: boolean } | null>> };
  }>;
  explanation?: Record<string, unknown>;
}

const PLACES = [
  { name: 'Tokyo (Asia)', lat: 35.6895, lon: 139.6917 },
  { name: 'Nairobi (Africa)', lat: -1.2921, lon: 36.8219 },
  { name: 'Paris (Europe)', lat: 48.8566, lon: 2.3522 },
  { name: 'Huntsville, Ontario (North America, the default point)', lat: 45.3267, lon: -79.2165 },
  { name: 'Manaus (South America)', lat: -3.119, lon: -60.0217 },
  { name: 'Alice Springs (Australia)', lat: -23.698, lon: 133.8807 },
  { name: 'Cape Town harbour (a coast)', lat: -33.905, lon: 18.43 },
  { name: 'Nordaustlandet, Svalbard (above 80 N)', lat: 80.1, lon: 22.5 },
  { name: 'Ross Island, Antarctica (below 60 S)', lat: -77.55, lon: 166.9 },
];

let app: FastifyInstance;
beforeAll(async () => {
  app = await buildTestApp({ LANDSAT_SOURCE: 'demo' });
});
afterAll(async () => {
  await app?.close();
});

describe('the demo archive anywhere on Earth', () => {
  for (const place of PLACES) {
    it(`${place.name}: the latest pixel and four months of box statistics`, async () => {
      const res = await app.inject(`/api/pixel?${qs({ lat: place.lat, lon: place.lon, latest: 'true', ...YEAR, bands: 'B02,B03,B04,B05,B06,B09' })}`);
      expect(res.statusCode).toBe(200);
      const body = res.json() as PixelBody;
      expect(body.synthetic).toBe(true);
      expect(body.scenes).toHaveLength(1);
      const scene = body.scenes[0];
      expect(scene.id).toMatch(/^LC0[89]_L2SP_\d{6}_2025\d{4}_SYNTHETIC$/);
      for (const band of ['B02', 'B03', 'B04', 'B05', 'B06']) {
        for (const v of scene.bands[band].values.flat()) {
          expect(v).not.toBeNull();
          expect(v!).toBeGreaterThan(-0.05);
          expect(v!).toBeLessThan(1.2);
        }
      }
      for (const kelvin of scene.bands.B09.values.flat()) {
        expect(kelvin!).toBeGreaterThan(200);
        expect(kelvin!).toBeLessThan(340);
      }
      expect(scene.qa.flags.flat().every((f) => f !== null && !f.fill)).toBe(true);

      const d = 0.01;
      const data = await app.inject(`/api/landsatData?${qs({ LON_UL: place.lon - d, LAT_UR: place.lat - d, LON_UR: place.lon + d, LAT_UL: place.lat + d, ...YEAR, startDate: '2025-09-01', bands: 'B04,B05' })}`);
      expect(data.statusCode).toBe(200);
      const stats = data.json() as { synthetic: boolean; data: Array<{ outputs: { data: { bands: Record<string, { stats: { sampleCount: number; noDataCount: number; mean: number | null } }> } } }> };
      expect(stats.synthetic).toBe(true);
      expect(stats.data.length).toBeGreaterThan(5);
      const counted = stats.data.map((e) => e.outputs.data.bands.B04.stats);
      expect(counted.every((s) => s.sampleCount + s.noDataCount > 0)).toBe(true);
      // Some scenes are clear enough to give statistics.
      expect(counted.some((s) => s.sampleCount > 0 && s.mean !== null)).toBe(true);
    });
  }

  it('looks like the place: green rainforest at Manaus, bare sand in the Sahara, ice in Antarctica, open water off Cape Town', async () => {
    const clearCentre = async (lat: number, lon: number) => {
      const res = await app.inject(`/api/pixel?${qs({ lat, lon, ...YEAR, startDate: '2025-04-01', endDate: '2025-09-30', bands: 'B04,B05,B06' })}`);
      const body = res.json() as PixelBody;
      return body.scenes.filter((s) => s.qa.flags[1][1]?.clear && !s.qa.flags[1][1]?.cloudShadow);
    };
    const ndvi = (s: PixelBody['scenes'][number]) => {
      const red = s.bands.B04.values[1][1]!;
      const nir = s.bands.B05.values[1][1]!;
      return (nir - red) / (nir + red);
    };
    const manaus = await clearCentre(-3.05, -60.2);
    expect(manaus.length).toBeGreaterThan(0);
    expect(manaus.every((s) => ndvi(s) > 0.6)).toBe(true);
    const sahara = await clearCentre(24.5, 12.5);
    expect(sahara.length).toBeGreaterThan(3);
    expect(sahara.every((s) => ndvi(s) < 0.15 && s.bands.B04.values[1][1]! > 0.15)).toBe(true);
    const antarctica = await app.inject(`/api/pixel?${qs({ lat: -77.55, lon: 166.9, ...YEAR, startDate: '2025-01-01', endDate: '2025-02-28', bands: 'B04,B06' })}`);
    const ice = (antarctica.json() as PixelBody).scenes.filter((s) => !s.qa.flags[1][1]?.cloud && !s.qa.flags[1][1]?.dilatedCloud);
    expect(ice.length).toBeGreaterThan(0);
    expect(ice.every((s) => s.qa.flags[1][1]!.snow)).toBe(true);
    const sea = await clearCentre(-33.85, 18.3);
    expect(sea.length).toBeGreaterThan(0);
    expect(sea.every((s) => s.qa.flags[1][1]!.water && s.bands.B05.values[1][1]! < 0.05)).toBe(true);
  });
});

describe('empty answers explain themselves (demo source)', () => {
  it('a range before Landsat 4 (1982): 404 with the record start, the same as a real archive', async () => {
    const res = await app.inject(`/api/landsat3x3?${qs({ latitude: 35.6895, longitude: 139.6917, LON_UL: 139.6, LAT_UR: 35.6, LON_UR: 139.8, LAT_UL: 35.8, startDate: '1975-01-01', endDate: '1981-12-31', cloudCoverage: 100 })}`);
    expect(res.statusCode).toBe(404);
    const { error } = res.json() as { error: { code: string; message: string; explanation: Record<string, unknown> } };
    expect(error.code).toBe('no_scene');
    expect(error.explanation).toMatchObject({ scenesInRange: 0, rangeStartsBeforeRecord: true, rangeEndsBeforeRecord: true, recordStart: '1982-08-22', landsatImagesHere: true, sourceIsComplete: true, synthetic: true });
    expect(error.explanation.firstSceneDates).toMatchObject({ 'landsat-4': '1982-08-22', 'landsat-5': '1984-03-01', 'landsat-7': '1999-04-15' });
  });

  it('a range before Landsat 8 holds the TM and ETM+ scenes of the demo archive', async () => {
    const res = await app.inject(`/api/scenes?${qs({ lat: 35.6895, lon: 139.6917, startDate: '2010-01-01', endDate: '2012-12-31', cloudCoverage: 100 })}`);
    const { scenes } = res.json() as { scenes: Array<{ satellite: string; sensor: string; id: string }> };
    expect(new Set(scenes.map((s) => `${s.satellite} ${s.sensor}`))).toEqual(new Set(['landsat-5 TM', 'landsat-7 ETM+']));
    expect(scenes.every((s) => /^L[TE]0[57]_L2SP_\d{6}_20(10|11|12)\d{4}_SYNTHETIC$/.test(s.id))).toBe(true);
  });

  it('open ocean, beyond the rows, future dates: the reason', async () => {
    const res = await app.inject(`/api/landsatData?${qs({ LON_UL: -140.05, LAT_UR: -30.05, LON_UR: -139.95, LAT_UL: -29.95, ...YEAR })}`);
    expect(res.statusCode).toBe(200);
    const body = res.json() as { data: unknown[]; explanation: Record<string, unknown> };
    expect(body.data).toEqual([]);
    expect(body.explanation).toMatchObject({ scenesInRange: 0, landsatImagesHere: false, notImagedReason: 'open_ocean' });
    const pixel = await app.inject(`/api/pixel?${qs({ lat: 88, lon: 0, latest: 'true', ...YEAR })}`);
    const future = await app.inject(`/api/landsatData?${qs({ LON_UL: 2.3, LAT_UR: 48.8, LON_UR: 2.4, LAT_UL: 48.9, startDate: '2099-01-01', endDate: '2099-01-31', cloudCoverage: 100 })}`);
    expect(future.json()).toMatchObject({ data: [], explanation: { scenesInRange: 0, rangeStartsInFuture: true, landsatImagesHere: true } });
    expect((pixel.json() as PixelBody).explanation).toMatchObject({ landsatImagesHere: false, notImagedReason: 'beyond_row_limits' });
  });

  it('too strict a cloud limit: the lowest cloud cover and how many scenes raising the limit shows', async () => {
    // Find a month at Manaus (cloudy) whose clearest scene still has some cloud.
    for (const month of ['01', '02', '03', '04', '05', '06']) {
      const range = { startDate: `2025-${month}-01`, endDate: `2025-${month}-28` };
      const scenes = (await app.inject(`/api/scenes?${qs({ lat: -3.119, lon: -60.0217, ...range, cloudCoverage: 100 })}`)).json() as { scenes: Array<{ cloudCover: number }> };
      const covers = scenes.scenes.map((s) => s.cloudCover);
      const lowest = Math.min(...covers);
      if (covers.length === 0 || lowest < 1) continue;
      const limit = Math.floor(lowest) - 1 >= 0 ? Math.floor(lowest) - 1 : 0;
      const res = await app.inject(`/api/landsat3x3?${qs({ latitude: -3.119, longitude: -60.0217, LON_UL: -60.1, LAT_UR: -3.2, LON_UR: -59.9, LAT_UL: -3.0, ...range, cloudCoverage: limit })}`);
      expect(res.statusCode).toBe(404);
      const { explanation } = (res.json() as { error: { explanation: Record<string, unknown> } }).error;
      const suggested = Math.ceil(lowest);
      expect(explanation).toMatchObject({
        scenesInRange: covers.length,
        lowestCloudCover: lowest,
        suggestedCloudCoverage: suggested,
        scenesAtSuggestedCloudCoverage: covers.filter((c) => c <= suggested).length,
        rangeStartsBeforeRecord: false,
        landsatImagesHere: true,
      });
      return;
    }
    throw new Error('no month at Manaus whose clearest scene has at least 1 % cloud');
  });
});

describe('empty answers explain themselves (local fixture catalogue)', () => {
  let local: FastifyInstance;
  beforeAll(async () => {
    local = await buildTestApp();
  });
  afterAll(async () => {
    await local?.close();
  });
  const POINT = { latitude: -14.7111791, longitude: -67.3037941 };
  const BOX = { LON_UL: -67.6, LAT_UR: -14.5, LON_UR: -67.4, LAT_UL: -14.2 };

  it('too strict a cloud limit over the real scene (75.65 % cloud): raise it to 76 % to see 1 scene', async () => {
    const res = await local.inject(`/api/landsat3x3?${qs({ ...POINT, ...BOX, startDate: '2019-01-01', endDate: '2019-01-31', cloudCoverage: 50 })}`);
    expect(res.statusCode).toBe(404);
    const { explanation } = (res.json() as { error: { explanation: Record<string, unknown> } }).error;
    expect(explanation).toMatchObject({ scenesInRange: 1, lowestCloudCover: 75.65, suggestedCloudCoverage: 76, scenesAtSuggestedCloudCoverage: 1, landsatImagesHere: true, sourceIsComplete: false, synthetic: false });
    const data = await local.inject(`/api/landsatData?${qs({ ...BOX, startDate: '2019-01-01', endDate: '2019-01-31', cloudCoverage: 50 })}`);
    expect(data.json()).toMatchObject({ data: [], explanation: { scenesInRange: 1, suggestedCloudCoverage: 76 } });
  });

  it('a range before the Level-2 record (1982-08-22 for a real-form archive), and open ocean', async () => {
    const early = await local.inject(`/api/landsatData?${qs({ ...BOX, startDate: '1980-01-01', endDate: '1982-06-30', cloudCoverage: 100 })}`);
    expect(early.json()).toMatchObject({ data: [], explanation: { scenesInRange: 0, rangeEndsBeforeRecord: true, landsatImagesHere: true } });
    const ocean = await local.inject(`/api/pixel?${qs({ lat: -30, lon: -140, startDate: '2019-01-01', endDate: '2019-01-31', cloudCoverage: 100 })}`);
    expect(ocean.json()).toMatchObject({ scenes: [], explanation: { scenesInRange: 0, landsatImagesHere: false, notImagedReason: 'open_ocean' } });
  });
});
