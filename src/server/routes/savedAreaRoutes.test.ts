import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildTestApp } from '../../../test/support/testApp.js';

const polygon = { type: 'Polygon', coordinates: [[[-67.32, -14.73], [-67.29, -14.73], [-67.305, -14.7], [-67.32, -14.73]]] };

let app: FastifyInstance;
beforeAll(async () => {
  app = await buildTestApp({ RATE_LIMIT_PER_MINUTE: '100000' });
});
afterAll(async () => {
  await app?.close();
});

describe('POST /api/areas and GET /api/areas/{id}', () => {
  it('keeps a polygon under a short id and gives it back as GeoJSON', async () => {
    const saved = await app.inject({ method: 'POST', url: '/api/areas', payload: { type: 'Feature', properties: { name: 'field' }, geometry: polygon } });
    expect(saved.statusCode).toBe(201);
    const { id } = saved.json() as { id: string };
    expect(id).toMatch(/^[A-Za-z0-9_-]{16}$/);
    expect(saved.headers.location).toBe(`/api/areas/${id}`);
    const back = await app.inject(`/api/areas/${id}`);
    expect(back.statusCode).toBe(200);
    expect(back.headers['content-type']).toContain('application/geo+json');
    expect(back.json()).toEqual(polygon);
  });

  it('gives the same polygon the same id, and a MultiPolygon back as a MultiPolygon', async () => {
    const a = (await app.inject({ method: 'POST', url: '/api/areas', payload: polygon })).json().id;
    const b = (await app.inject({ method: 'POST', url: '/api/areas', payload: { type: 'FeatureCollection', features: [{ type: 'Feature', properties: {}, geometry: polygon }] } })).json().id;
    expect(a).toBe(b);
    const shifted = { type: 'Polygon', coordinates: [polygon.coordinates[0].map(([x, y]) => [x + 0.1, y])] };
    const multi = { type: 'MultiPolygon', coordinates: [polygon.coordinates, shifted.coordinates] };
    const id = (await app.inject({ method: 'POST', url: '/api/areas', payload: multi })).json().id;
    expect(id).not.toBe(a);
    const back = (await app.inject(`/api/areas/${id}`)).json();
    expect(back.type).toBe('MultiPolygon');
    expect(back.coordinates[1][0][0][0]).toBeCloseTo(-67.22, 7);
  });

  it('refuses in words: not a polygon 400, self-intersecting 400, over 256 KB 413, unknown id 404', async () => {
    const point = await app.inject({ method: 'POST', url: '/api/areas', payload: { type: 'Point', coordinates: [1, 2] } });
    expect(point.statusCode).toBe(400);
    expect(point.json().error.message).toMatch(/Polygon/);
    const bowtie = await app.inject({ method: 'POST', url: '/api/areas', payload: { type: 'Polygon', coordinates: [[[-67.4, -14.6], [-67.3, -14.5], [-67.3, -14.6], [-67.4, -14.5], [-67.4, -14.6]]] } });
    expect(bowtie.statusCode).toBe(400);
    expect(bowtie.json().error.message).toMatch(/self-intersecting/);
    const ring = Array.from({ length: 12_000 }, (_, i) => [-67.3 + 0.01 * Math.cos(i / 1910), -14.7 + 0.01 * Math.sin(i / 1910)]);
    const huge = await app.inject({ method: 'POST', url: '/api/areas', payload: { type: 'Polygon', coordinates: [[...ring, ring[0]]] } });
    expect(huge.statusCode).toBe(413);
    expect(huge.json().error.message).toMatch(/256 KB/);
    const missing = await app.inject('/api/areas/AAAAAAAAAAAAAAAA');
    expect(missing.statusCode).toBe(404);
    expect(missing.json().error.code).toBe('area_not_found');
    expect((await app.inject('/api/areas/not-an-id')).statusCode).toBe(404);
  });
});
