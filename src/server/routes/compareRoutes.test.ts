import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildTestApp } from '../../../test/support/testApp.js';
import { simulateOliBands, type SpectrumPoint } from '../../core/spectral/simulateOliBands.js';
import { computeIndices, indexSeries, INDEX_BANDS } from '../../core/indices/spectralIndices.js';

// GDAL 3.6 `gdallocationinfo -wgs84` values listed in ../shared/fixtures/README.md.
const POINT_1 = { lon: -67.3037941, lat: -14.7111791 };
const POINT_2 = { lon: -67.6820161, lat: -13.8928145 };
const GDAL_1 = { B01: 8121, B02: 7939, B03: 8418, B04: 7663, B05: 16909, B06: 10348, B07: 8424, B09: 43782 };
const GDAL_2 = { B01: 8604, B02: 8925, B03: 10640, B04: 9996, B05: 19799, B06: 14451, B07: 12033, B09: 43279 };
const GDAL_B04_BLOCK_1 = [9010, 7816, 10705, 7926, 7663, 9276, 8158, 8513, 8856];
const reflectance = (dn: number) => dn * 0.0000275 - 0.2;
const kelvin = (dn: number) => dn * 0.00341802 + 149.0;
// The fixture scene was acquired 2019-01-14 around 14:34 UTC; a field measurement that afternoon.
const MEASURED_AT = '2019-01-14T16:00:00Z';
const BANDS = ['B01', 'B02', 'B03', 'B04', 'B05', 'B06', 'B07'] as const;

/** A vegetation-like field spectrum, 350-2500 nm every 1 nm, in µm. */
const fieldSpectrum: SpectrumPoint[] = Array.from({ length: 2151 }, (_, i) => {
  const um = Number((0.35 + i * 0.001).toFixed(3));
  return [um, um < 0.7 ? 0.05 + 0.05 * Math.exp(-(((um - 0.55) / 0.03) ** 2)) : um < 1.3 ? 0.45 : 0.25];
});

let app: FastifyInstance;
beforeAll(async () => {
  app = await buildTestApp();
});
afterAll(async () => {
  await app?.close();
});

const post = (body: unknown) => app.inject({ method: 'POST', url: '/api/compare', payload: body as object });

describe('POST /api/compare on the real fixture', () => {
  it("compares a spectrum with GDAL's values at the first README point, and the differences follow", async () => {
    const res = await post({ lat: POINT_1.lat, lon: POINT_1.lon, datetime: MEASURED_AT, spectrum: fieldSpectrum });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(Object.keys(body)).toEqual(expect.arrayContaining(['simulated', 'coverage', 'scene', 'landsat', 'difference', 'rmse']));
    expect(body.scene).toMatchObject({ id: 'LC08_L2SP_001070_20190114_02_T2', satellite: 'landsat-8', wrsPath: 1, wrsRow: 70 });
    expect(body.scene.hoursFromMeasurement).toBeLessThan(0); // the pass came before 16:00
    expect(body.scene.hoursFromMeasurement).toBeGreaterThan(-2);
    const expected = simulateOliBands(fieldSpectrum);
    const squares: number[] = [];
    for (const band of BANDS) {
      expect(body.coverage[band], band).toBe(1);
      expect(body.simulated[band], band).toBeCloseTo(expected[band].reflectance!, 12);
      const landsat = reflectance(GDAL_1[band]);
      expect(body.landsat[band].value, band).toBeCloseTo(landsat, 12);
      expect(body.landsat[band].qa, band).toEqual(['clear']);
      const absolute = body.simulated[band] - landsat;
      expect(body.difference[band].absolute, band).toBeCloseTo(absolute, 12);
      expect(body.difference[band].relative, band).toBeCloseTo(absolute / landsat, 10);
      squares.push(absolute ** 2);
    }
    expect(body.rmse).toBeCloseTo(Math.sqrt(squares.reduce((s, v) => s + v, 0) / squares.length), 12);
    // The 3 x 3 of B04: GDAL's block, keeping the pixels whose QA_PIXEL (as /api/pixel reads it) is a clear surface.
    const pixel = (await app.inject(`/api/pixel?lat=${POINT_1.lat}&lon=${POINT_1.lon}&startDate=2019-01-14&endDate=2019-01-14&bands=B04`)).json();
    const qa: number[] = pixel.scenes[0].qa.values.flat();
    const contaminated = 0b11111; // fill, dilated cloud, cirrus, cloud, cloud shadow
    const block = GDAL_B04_BLOCK_1.map(reflectance).filter((_, i) => (qa[i] & contaminated) === 0);
    expect(block.length).toBeGreaterThan(1);
    expect(block.length).toBeLessThan(9); // a cloudy scene: some neighbours are out
    const mean = block.reduce((s, v) => s + v, 0) / block.length;
    expect(body.landsat.B04.clearCount3x3).toBe(block.length);
    expect(body.landsat.B04.mean3x3).toBeCloseTo(mean, 12);
    expect(body.landsat.B04.sd3x3).toBeCloseTo(Math.sqrt(block.reduce((s, v) => s + (v - mean) ** 2, 0) / block.length), 12);
  });

  it("takes typed band values, and at the second (cloudy) point gives GDAL's values with no differences", async () => {
    const res = await post({ lat: POINT_2.lat, lon: POINT_2.lon, datetime: '2019-01-15T10:00:00+02:00', maxDays: 1, bands: { B04: 0.08, B05: 0.35 } });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.input).toBe('bands');
    expect(body.simulated).toMatchObject({ B04: 0.08, B05: 0.35, B01: null });
    expect(body.coverage).toMatchObject({ B04: 1, B05: 1, B01: 0 });
    for (const band of BANDS) expect(body.landsat[band].value, band).toBeCloseTo(reflectance(GDAL_2[band]), 12);
    // QA_PIXEL 22280 has the cloud bit: nothing to compare against.
    expect(body.landsat.B04.qa).toContain('cloud');
    expect(body.difference.B04).toEqual({ absolute: null, relative: null });
    expect(body.differenceNote).toMatch(/not clear \(cloud/);
    expect(body.rmse).toBeNull();
  });

  it('answers scene null with the reason when no scene lies within maxDays', async () => {
    const res = await post({ lat: POINT_1.lat, lon: POINT_1.lon, datetime: '2019-01-20T12:00:00Z', bands: { B04: 0.08 } });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.scene).toBeNull();
    expect(body.sceneReason).toMatch(/within 3 days of 2019-01-20T12:00:00.000Z/);
    expect(body.landsat).toEqual({});
    expect(body.rmse).toBeNull();
    // Six days covers it.
    expect((await post({ lat: POINT_1.lat, lon: POINT_1.lon, datetime: '2019-01-20T12:00:00Z', maxDays: 6, bands: { B04: 0.08 } })).json().scene.id).toBe('LC08_L2SP_001070_20190114_02_T2');
  });
});

describe('POST /api/compare rejects bad input in words', () => {
  const base = { lat: POINT_1.lat, lon: POINT_1.lon, datetime: MEASURED_AT };
  it.each<[string, object, RegExp]>([
    ['unsorted wavelengths', { spectrum: [[0.5, 0.1], [0.45, 0.1], [0.9, 0.1]] }, /0.45 µm comes after 0.5 µm/],
    ['duplicate wavelengths', { spectrum: [[0.4, 0.1], [0.4, 0.1], [0.9, 0.1]] }, /appears twice/],
    ['negative reflectance', { spectrum: [[0.4, 0.1], [0.6, -0.2]] }, /negative/],
    ['nanometres', { spectrum: [[400, 0.1], [900, 0.1]] }, /outside 0.35-2.6 µm/],
    ['fewer than two points in a band', { spectrum: [[0.35, 0.1], [0.44, 0.1], [0.7, 0.1]] }, /holds [01] points? of the spectrum/],
    ['a single point', { spectrum: [[0.5, 0.1]] }, /at least two/],
    ['both spectrum and bands', { spectrum: [[0.4, 0.1], [0.9, 0.1]], bands: { B04: 0.1 } }, /exactly one/],
    ['neither', {}, /exactly one/],
    ['an unknown band', { bands: { B09: 0.1 } }, /bands/],
    ['percent band values', { bands: { B04: 45 } }, /0-1 fraction/],
    ['no time zone', { datetime: '2019-01-14T16:00:00', bands: { B04: 0.1 } }, /time zone/],
    ['maxDays 0', { maxDays: 0, bands: { B04: 0.1 } }, /maxDays/],
  ])('%s', async (_name, patch, message) => {
    const res = await post({ ...base, ...patch });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('bad_request');
    expect(res.json().error.message).toMatch(message);
  });

  it('accepts a body up to 1 MB and refuses a larger one with 413 in words', async () => {
    // ~1.2 MB of points: over the limit before any parsing.
    const big = JSON.stringify({ ...base, spectrum: Array.from({ length: 60_000 }, (_, i) => [0.35 + i * 0.00003, 0.123456789]) });
    expect(big.length).toBeGreaterThan(1024 * 1024);
    const res = await app.inject({ method: 'POST', url: '/api/compare', payload: big, headers: { 'content-type': 'application/json' } });
    expect(res.statusCode).toBe(413);
    expect(res.json().error).toEqual({ code: 'payload_too_large', message: expect.stringMatching(/larger than 1 MB/) });
    // 200 KB (over the 64 KiB default) passes.
    const medium = Array.from({ length: 8000 }, (_, i) => [Number((0.35 + i * 0.00028).toFixed(5)), 0.2]);
    expect(JSON.stringify(medium).length).toBeGreaterThan(64 * 1024);
    expect((await post({ ...base, spectrum: medium })).statusCode).toBe(200);
  });
});

describe('indices on the real fixture', () => {
  it("equal the formulas applied to GDAL's values at the first point, and are withheld at the cloudy second point", async () => {
    const series = [];
    for (const point of [POINT_1, POINT_2]) {
      const q = new URLSearchParams({ lat: String(point.lat), lon: String(point.lon), startDate: '2019-01-01', endDate: '2019-01-31', bands: INDEX_BANDS.join(',') });
      const res = await app.inject(`/api/pixel?${q}`);
      series.push(indexSeries(res.json()));
    }
    const [first, second] = series;
    expect(first.unavailable).toEqual({});
    expect(first.points).toHaveLength(1);
    const r = Object.fromEntries(Object.entries(GDAL_1).map(([b, dn]) => [b, b === 'B09' ? kelvin(dn) : reflectance(dn)]));
    const { indices } = first.points[0];
    expect(indices.ndvi).toBeCloseTo((r.B05 - r.B04) / (r.B05 + r.B04), 12);
    expect(indices.evi).toBeCloseTo((2.5 * (r.B05 - r.B04)) / (r.B05 + 6 * r.B04 - 7.5 * r.B02 + 1), 12);
    expect(indices.ndwi).toBeCloseTo((r.B03 - r.B05) / (r.B03 + r.B05), 12);
    expect(indices.nbr).toBeCloseTo((r.B05 - r.B07) / (r.B05 + r.B07), 12);
    expect(indices.ndsi).toBeCloseTo((r.B03 - r.B06) / (r.B03 + r.B06), 12);
    expect(indices.surfaceTemperatureC).toBeCloseTo(kelvin(GDAL_1.B09) - 273.15, 10);
    expect(indices).toEqual(computeIndices(r));
    // QA 22280: cloud. The formulas would give numbers, but a cloud is not the surface.
    expect(second.points[0]).toMatchObject({ clear: false, indices: { ndvi: null, surfaceTemperatureC: null } });
    expect(second.points[0].qa).toContain('cloud');
  });
});
