import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findWrs2Tiles, seedBBoxFromTile, wrs2SceneCenter } from '../../core/wrs2/wrs2.js';
import { buildTestApp } from '../../../test/support/testApp.js';

describe('GET /api/wrs2', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    // The real app: its schemas, error handler and JSON error shape.
    app = await buildTestApp();
  });
  afterAll(() => app.close());

  it('answers the tiles containing the point and the seed box of the first', async () => {
    const [lon, lat] = wrs2SceneCenter(47, 27);
    const res = await app.inject({ method: 'GET', url: `/api/wrs2?lat=${lat}&lon=${lon}` });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(Object.keys(body).sort()).toEqual(['bbox', 'tiles']);
    const expected = findWrs2Tiles([lon, lat]);
    expect(body.tiles.map((t: { path: number; row: number }) => `${t.path}/${t.row}`)).toEqual(expected.map((t) => `${t.path}/${t.row}`));
    expect(body.tiles[0]).toMatchObject({ path: 47, row: 27 });
    expect(Object.keys(body.tiles[0]).sort()).toEqual(['center', 'path', 'polygon', 'row']);
    expect(body.tiles[0].center[0]).toBeCloseTo(lon, 9);
    expect(body.tiles[0].polygon).toHaveLength(5);
    expect(body.tiles[0].polygon[4]).toEqual(body.tiles[0].polygon[0]);
    const box = seedBBoxFromTile(expected[0]);
    expect(body.bbox).toEqual({ minLon: box.minLon, maxLon: box.maxLon, minLat: box.minLat, maxLat: box.maxLat });
    expect(body.bbox.minLon).toBeLessThan(lon);
    expect(body.bbox.maxLat).toBeGreaterThan(lat);
  });

  it('answers no tiles and a null box where no footprint reaches', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/wrs2?lat=90&lon=0' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ tiles: [], bbox: null });
  });

  it.each([
    ['lat=91&lon=0', 'lat'],
    ['lat=0&lon=-180.5', 'lon'],
    ['lat=abc&lon=0', 'lat'],
    ['lon=0', 'lat'],
    ['lat=10', 'lon'],
  ])('rejects %s with a 400 JSON error', async (query, field) => {
    const res = await app.inject({ method: 'GET', url: `/api/wrs2?${query}` });
    expect(res.statusCode).toBe(400);
    const body = res.json();
    expect(body.error.code).toBe('bad_request');
    expect(body.error.message).toContain(field);
  });
});
