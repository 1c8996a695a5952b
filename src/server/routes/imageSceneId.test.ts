import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildTestApp } from '../../../test/support/testApp.js';

// Issue 35: the page shows the scene a person chose. Two rows of one path image a point on the same
// day (the demo's Muskoka point lies in rows 28 and 29 of path 18), so a day range alone cannot pick one.
const POINT = { latitude: 45.3267, longitude: -79.2165 };
const BOX = { LON_UL: -79.3, LAT_UR: 45.25, LON_UR: -79.1, LAT_UL: 45.4 };
const DAY = { startDate: '2024-06-03', endDate: '2024-06-03', cloudCoverage: 100, bands: 'B04,B03,B02' };
const qs = (params: Record<string, string | number>) => new URLSearchParams(Object.entries(params).map(([k, v]) => [k, String(v)])).toString();

let app: FastifyInstance;
beforeAll(async () => {
  app = await buildTestApp({ LANDSAT_SOURCE: 'demo' });
});
afterAll(async () => {
  await app?.close();
});

describe('images of a chosen scene (sceneId)', () => {
  it('draws each scene of the day by its id, where the plain call draws only the newest', async () => {
    const scenes = (await app.inject(`/api/scenes?${qs({ ...BOX, ...DAY })}`)).json() as { scenes: { id: string; datetime: string }[] };
    const ids = scenes.scenes.map((s) => s.id);
    expect(ids.length).toBeGreaterThanOrEqual(2);
    const plain = await app.inject(`/api/landsat3x3?${qs({ ...POINT, ...BOX, ...DAY })}`);
    expect(plain.statusCode).toBe(200);
    for (const [path, extra] of [['/api/landsat3x3', POINT], ['/api/landsatImage', {}]] as const) {
      const drawn = new Set<string>();
      for (const id of ids) {
        const res = await app.inject(`${path}?${qs({ ...extra, ...BOX, ...DAY, sceneId: id })}`);
        // A scene that holds no value at the point answers 404 in words; one that does is drawn, and named.
        if (res.statusCode === 200) {
          expect(res.headers['x-scene-id']).toBe(id);
          drawn.add(id);
        } else expect(res.json().error.code).toBeTruthy();
      }
      expect(drawn.size).toBeGreaterThanOrEqual(2);
    }
  }, 120_000);

  it('refuses a malformed sceneId in words', async () => {
    const res = await app.inject(`/api/landsat3x3?${qs({ ...POINT, ...BOX, ...DAY, sceneId: 'x; drop' })}`);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toMatch(/sceneId must be a Landsat scene id/);
  });
});
