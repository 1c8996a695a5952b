/**
 * Issue 34 item 7: the synthetic disturbances show in pixels read through the normal API (the demo
 * archive's virtual COGs, the COG reader, GET /api/pixel), after their onset date and not before.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildTestApp } from './support/testApp.js';
import { SYNTHETIC_DISTURBANCE_POINT as POINT } from '../src/shared/defaults.js';
import type { PixelResponse } from '../src/shared/api/pixel.js';

let app: FastifyInstance;
beforeAll(async () => {
  app = await buildTestApp({ LANDSAT_SOURCE: 'demo' });
});
afterAll(async () => {
  await app?.close();
});

interface Observation {
  date: string;
  nir: number;
  swir2: number;
  kelvin: number;
}

/** Clear observations of a pixel between two dates. */
async function clearObservations(lat: number, lon: number, startDate: string, endDate: string): Promise<Observation[]> {
  const res = await app.inject(`/api/pixel?lat=${lat}&lon=${lon}&startDate=${startDate}&endDate=${endDate}&bands=B05,B07,B09&cloudCover=100`);
  expect(res.statusCode).toBe(200);
  const body = res.json() as PixelResponse;
  expect(body.synthetic).toBe(true);
  return body.scenes
    .filter((s) => s.clear[1][1] === true)
    .map((s) => ({ date: s.datetime.slice(0, 10), nir: s.bands.B05.values[1][1]!, swir2: s.bands.B07.values[1][1]!, kelvin: s.bands.B09.values[1][1]! }));
}

const mean = (xs: Observation[], f: (o: Observation) => number) => xs.reduce((t, o) => t + f(o), 0) / xs.length;
const dayBefore = (date: string) => new Date(Date.parse(`${date}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10);

describe('synthetic disturbances through GET /api/pixel', { timeout: 240_000 }, () => {
  it(`the example point burns on ${POINT.onsetDate}: NIR falls and surface temperature rises after it, never before`, async () => {
    const before = await clearObservations(POINT.lat, POINT.lon, '2005-01-01', dayBefore(POINT.onsetDate));
    const after = await clearObservations(POINT.lat, POINT.lon, POINT.onsetDate, '2008-06-30');
    expect(before.length).toBeGreaterThan(10);
    expect(after.length).toBeGreaterThan(3);
    // Every observation after the fire is darker in the NIR than every one of the three years before it.
    const darkestBefore = Math.min(...before.map((o) => o.nir));
    for (const o of after) expect(o.nir, o.date).toBeLessThan(darkestBefore);
    expect(mean(before, (o) => o.nir) - mean(after, (o) => o.nir)).toBeGreaterThan(0.08);
    expect(mean(after, (o) => o.kelvin) - mean(before, (o) => o.kelvin)).toBeGreaterThan(2);
  });

  it('a pixel 3 km away, outside every patch, shows no such step on the same date', async () => {
    const lat = POINT.lat + 0.027;
    const before = await clearObservations(lat, POINT.lon, '2005-01-01', dayBefore(POINT.onsetDate));
    const after = await clearObservations(lat, POINT.lon, POINT.onsetDate, '2008-06-30');
    expect(Math.abs(mean(before, (o) => o.nir) - mean(after, (o) => o.nir))).toBeLessThan(0.05);
  });

  it('recovers: ten years on, the savanna is most of the way back', async () => {
    const before = await clearObservations(POINT.lat, POINT.lon, '2005-01-01', dayBefore(POINT.onsetDate));
    const after = await clearObservations(POINT.lat, POINT.lon, POINT.onsetDate, '2008-06-30');
    const later = await clearObservations(POINT.lat, POINT.lon, '2019-01-01', '2020-12-31');
    expect(later.length).toBeGreaterThan(3);
    const drop = mean(before, (o) => o.nir) - mean(after, (o) => o.nir);
    expect(mean(before, (o) => o.nir) - mean(later, (o) => o.nir)).toBeLessThan(drop / 4);
  });
});
