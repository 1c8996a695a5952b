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
  swir1: number;
  kelvin: number;
}

/** Clear summer (June-August) observations of the point's pixel. */
async function clearSummers(lat: number, lon: number, startDate: string, endDate: string): Promise<Observation[]> {
  const res = await app.inject(`/api/pixel?lat=${lat}&lon=${lon}&startDate=${startDate}&endDate=${endDate}&bands=B05,B06,B09&cloudCover=100`);
  expect(res.statusCode).toBe(200);
  const body = res.json() as PixelResponse;
  expect(body.synthetic).toBe(true);
  return body.scenes
    .filter((s) => s.clear[1][1] === true && ['06', '07', '08'].includes(s.datetime.slice(5, 7)))
    .map((s) => ({ date: s.datetime.slice(0, 10), nir: s.bands.B05.values[1][1]!, swir1: s.bands.B06.values[1][1]!, kelvin: s.bands.B09.values[1][1]! }));
}

describe('synthetic disturbances through GET /api/pixel', { timeout: 240_000 }, () => {
  it(`the example point burns on ${POINT.onsetDate}: NIR falls, SWIR1 and surface temperature rise after it, never before`, async () => {
    const before = await clearSummers(POINT.lat, POINT.lon, '1990-01-01', POINT.onsetDate);
    const after = await clearSummers(POINT.lat, POINT.lon, '2000-01-01', '2001-12-31');
    expect(before.length).toBeGreaterThan(5);
    expect(after.length).toBeGreaterThan(2);
    // Before the onset: an unburnt conifer stand every summer (NIR about 0.23, SWIR1 about 0.11).
    for (const o of before) {
      expect(o.nir, o.date).toBeGreaterThan(0.18);
      expect(o.swir1, o.date).toBeLessThan(0.14);
    }
    // The first two summers after: char (NIR about 0.12, SWIR1 about 0.19).
    for (const o of after) {
      expect(o.nir, o.date).toBeLessThan(0.16);
      expect(o.swir1, o.date).toBeGreaterThan(0.15);
    }
    const mean = (xs: Observation[], f: (o: Observation) => number) => xs.reduce((t, o) => t + f(o), 0) / xs.length;
    expect(mean(after, (o) => o.kelvin) - mean(before.filter((o) => o.date >= '1998'), (o) => o.kelvin)).toBeGreaterThan(2);
  });

  it('recovers: fifteen years on, the stand is most of the way back', async () => {
    const before = await clearSummers(POINT.lat, POINT.lon, '1995-01-01', POINT.onsetDate);
    const later = await clearSummers(POINT.lat, POINT.lon, '2015-01-01', '2016-12-31');
    expect(later.length).toBeGreaterThan(0);
    const nirBefore = before.reduce((t, o) => t + o.nir, 0) / before.length;
    for (const o of later) expect(Math.abs(o.nir - nirBefore), o.date).toBeLessThan(0.04);
  });
});
