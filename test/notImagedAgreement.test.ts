import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildTestApp } from './support/testApp.js';
import { NOT_IMAGED_WORDS } from '../src/shared/notImaged.js';

// Mid North Atlantic, some 1,300 km from the Azores (the nearest land): no WRS-2 scene there has land or coast.
const OCEAN = { lat: 30, lon: -40 };
// North of the last daytime WRS-2 rows (about 82° N).
const POLAR = { lat: 86, lon: 10 };
// The seed's default point, on land (central Ontario).
const LAND = { lat: 45.3267, lon: -79.2165 };
const DATES = { startDate: '2024-05-01', endDate: '2024-05-31', cloudCoverage: '100', bands: 'B04' };
const qs = (p: Record<string, string | number>) => new URLSearchParams(Object.entries(p).map(([k, v]) => [k, String(v)])).toString();

let app: FastifyInstance;
beforeAll(async () => {
  app = await buildTestApp({ LANDSAT_SOURCE: 'demo' });
});
afterAll(async () => {
  await app?.close();
});

const subscribe = (p: { lat: number; lon: number }) =>
  app.inject({ method: 'POST', url: '/api/notifications', headers: { 'content-type': 'application/json' }, payload: JSON.stringify({ email: 'ada@example.org', leadTime: '6', cloudCoverage: 40, ...p }) });

describe('places Landsat never images: the API, the passes and the empty-answer explanation agree', () => {
  for (const [name, point, reason] of [
    ['open ocean', OCEAN, 'open_ocean'],
    ['beyond the row limits', POLAR, 'beyond_row_limits'],
  ] as const) {
    it(`${name}: no subscription (400 not_imaged), the passes say so, and so does the explanation`, async () => {
      const res = await subscribe(point);
      expect(res.statusCode).toBe(400);
      if (reason === 'open_ocean') expect(res.json()).toEqual({ error: { code: 'not_imaged', message: NOT_IMAGED_WORDS[reason] } });
      // Beyond the rows no pass comes at all: the earlier answer (no_upcoming_pass, "next 32 days") stands.
      else expect(res.json().error.code).toBe('no_upcoming_pass');

      const passes = (await app.inject(`/api/overpasses?${qs(point)}`)).json();
      expect(passes.notImaged).toEqual({ reason, message: NOT_IMAGED_WORDS[reason] });

      const pixel = (await app.inject(`/api/pixel?${qs({ ...point, ...DATES })}`)).json();
      expect(pixel.scenes).toEqual([]);
      expect(pixel.explanation).toMatchObject({ landsatImagesHere: false, notImagedReason: reason });
    });
  }

  it('on land: passes without a notImaged note, and the subscription is accepted', async () => {
    const passes = (await app.inject(`/api/overpasses?${qs(LAND)}`)).json();
    expect(passes.notImaged).toBeUndefined();
    expect(passes.overpasses.length).toBeGreaterThan(0);
    expect((await subscribe(LAND)).statusCode).toBe(201);
  });
});
