/**
 * Issue 26 item 6 through the real app: at 81.2 N, 40 W (north Greenland) the demo lists scenes of
 * the end-of-orbit rows 246-248; every one of them must be served (it answered 502 before).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildTestApp } from './support/testApp.js';

let app: FastifyInstance;
beforeAll(async () => {
  app = await buildTestApp({ LANDSAT_SOURCE: 'demo' });
});
afterAll(async () => {
  await app?.close();
});

describe('demo archive north of 81 N', () => {
  it('GET /api/pixel at 81.2 N, 40 W over two weeks answers 200 with rows 246-248 among its scenes', async () => {
    const q = new URLSearchParams({ lat: '81.2', lon: '-40', startDate: '2025-06-01', endDate: '2025-06-16', cloudCoverage: '100', bands: 'B02,B04,B05' });
    const res = await app.inject(`/api/pixel?${q}`);
    expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
    const body = res.json() as { synthetic: boolean; scenes: Array<{ id: string; bands: Record<string, { values: (number | null)[][] }> }> };
    expect(body.synthetic).toBe(true);
    const rows = body.scenes.map((s) => Number(s.id.slice(13, 16)));
    for (const row of [246, 247, 248]) expect(rows).toContain(row);
    expect(body.scenes.some((s) => s.id.startsWith('LC09') && s.id.slice(13, 16) === '247')).toBe(true);
    for (const s of body.scenes) for (const v of s.bands.B04.values.flat()) expect(v).not.toBeNull();
  });
});
