import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { predictOverpasses } from '../../core/overpass/overpass.js';
import { buildTestApp } from '../../../test/support/testApp.js';

describe('GET /api/overpasses', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    // The real app: its schemas, error handler and JSON error shape.
    app = await buildTestApp();
  });
  afterAll(() => app.close());

  it('predicts the passes over a point from a day for a number of days', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/overpasses?lat=-14.4&lon=-67.7&from=2019-01-01&days=20' });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.overpasses).toEqual(predictOverpasses([-67.7, -14.4], new Date('2019-01-01T00:00:00Z'), 20));
    // the fixture scene: Landsat 8, path 1 row 70 on 2019-01-14 around 14:34 UTC
    const l8 = body.overpasses.find((o: { satellite: string; path: number; row: number }) => o.satellite === 'landsat-8' && o.path === 1 && o.row === 70);
    expect(l8.datetime.slice(0, 15)).toBe('2019-01-14T14:3');
    for (const o of body.overpasses) expect(Object.keys(o).sort()).toEqual(['datetime', 'path', 'row', 'satellite']);
  });

  it('defaults to today (UTC) and 32 days', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/overpasses?lat=48.85&lon=2.35' });
    expect(res.statusCode).toBe(200);
    const today = new Date(`${new Date().toISOString().slice(0, 10)}T00:00:00Z`);
    const expected = predictOverpasses([2.35, 48.85], today, 32);
    expect(res.json().overpasses).toEqual(expected);
    expect(expected.length).toBeGreaterThanOrEqual(4);
  });

  it('accepts 366 days', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/overpasses?lat=0&lon=0&from=2024-02-29&days=366' });
    expect(res.statusCode).toBe(200);
    expect(res.json().overpasses.length).toBeGreaterThanOrEqual(2 * 22);
  });

  it.each([
    ['lat=-91&lon=0', 'lat'],
    ['lat=0&lon=181', 'lon'],
    ['lat=0&lon=0&from=2023-02-29', 'from'],
    ['lat=0&lon=0&from=2023-13-01', 'from'],
    ['lat=0&lon=0&from=yesterday', 'from'],
    ['lat=0&lon=0&days=0', 'days'],
    ['lat=0&lon=0&days=367', 'days'],
    ['lat=0&lon=0&days=2.5', 'days'],
    ['lon=0', 'lat'],
  ])('rejects %s with a 400 JSON error', async (query, field) => {
    const res = await app.inject({ method: 'GET', url: `/api/overpasses?${query}` });
    expect(res.statusCode).toBe(400);
    const body = res.json();
    expect(body.error.code).toBe('bad_request');
    expect(body.error.message).toContain(field);
  });
});
