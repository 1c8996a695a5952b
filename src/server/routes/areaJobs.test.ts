import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildTestApp } from '../../../test/support/testApp.js';
import { ringAround } from '../../../test/support/fixtureRing.js';
import { parseCsv } from '../../shared/csv.js';

/**
 * Issue 33: an area more than one request measures (2,500 km² over a year) is refused with a job
 * offer, and the job writes the CSV /api/area.csv writes. On the fixture scene (rings on its grid from
 * test/support/fixtureRing.ts): a 20 x 20 pixel rectangle (~80 km²) over 1984-2019 is ~1 million km²-days,
 * past the 915,000 (2,500 km² x 366 days) of a request.
 */
const geometry = { type: 'Polygon', coordinates: [ringAround(330, 300, 350, 320)] };
const LONG = { geometry, startDate: '1984-01-01', endDate: '2019-12-31', cloudCoverage: 100, bands: ['B04', 'B09'] };
const SHORT = { ...LONG, startDate: '2019-01-01', endDate: '2019-01-31' };

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

let app: FastifyInstance;
beforeAll(async () => {
  app = await buildTestApp({ RATE_LIMIT_PER_MINUTE: '100000' });
});
afterAll(async () => {
  await app?.close();
});

describe('areas past what one request measures', () => {
  it('are refused 413 in words, with the job that measures them; the job writes the CSV of /api/area.csv', async () => {
    for (const url of ['/api/area', '/api/area.csv', '/api/area/stream']) {
      const refused = await app.inject({ method: 'POST', url, payload: LONG });
      expect(refused.statusCode, url).toBe(413);
      const { error } = refused.json();
      expect(error.code).toBe('area_too_large');
      expect(error.message).toMatch(/^\d+ km² over 13,149 days is more than one request measures/);
      expect(error.job).toMatchObject({ method: 'POST', path: '/api/jobs' });
    }

    const submitted = await app.inject({ method: 'POST', url: '/api/jobs', payload: LONG });
    expect(submitted.statusCode, submitted.body).toBe(202);
    const { id } = submitted.json();
    let state = (await app.inject(`/api/jobs/${id}`)).json();
    for (let i = 0; state.status !== 'done' && state.status !== 'failed' && i < 3000; i++) {
      await sleep(20);
      state = (await app.inject(`/api/jobs/${id}`)).json();
    }
    expect(state.status, JSON.stringify(state)).toBe('done');
    const job = await app.inject(`/api/jobs/${id}/result.csv`);
    expect(job.statusCode).toBe(200);
    expect(job.headers['content-disposition']).toContain(`area-${id}.csv`);
    const [jobHeader, ...jobRows] = parseCsv(job.body);

    // The same columns, and for the scenes of January 2019 the very rows /api/area.csv writes for them.
    const plain = await app.inject({ method: 'POST', url: '/api/area.csv', payload: SHORT });
    expect(plain.statusCode).toBe(200);
    const [header, ...rows] = parseCsv(plain.body);
    expect(jobHeader).toEqual(header);
    expect(rows.length).toBeGreaterThan(0);
    const at = header.indexOf('datetime');
    expect(jobRows.filter((r) => r[at] >= '2019-01-01' && r[at] < '2019-02-01')).toEqual(rows);
    // In date order, as /api/area.csv.
    expect(jobRows.map((r) => r[at])).toEqual(jobRows.map((r) => r[at]).sort());
  });

  it('a job is refused past its own limit (25,000 km²), a request past 2,500 km² whatever the dates', async () => {
    const huge = { type: 'Polygon', coordinates: [[[-68, -15], [-66, -15], [-66, -13], [-68, -13], [-68, -15]]] };
    const job = await app.inject({ method: 'POST', url: '/api/jobs', payload: { ...SHORT, geometry: huge } });
    expect(job.statusCode).toBe(413);
    expect(job.json().error.message).toMatch(/at most 25,000 km² is measured by one job/);
    const big = { type: 'Polygon', coordinates: [[[-68, -15], [-67.5, -15], [-67.5, -14.5], [-68, -14.5], [-68, -15]]] };
    const oneDay = await app.inject({ method: 'POST', url: '/api/area', payload: { ...SHORT, endDate: SHORT.startDate, geometry: big } });
    expect(oneDay.statusCode).toBe(413);
    expect(oneDay.json().error.job.path).toBe('/api/jobs');
  });

  it('the stream says scenes done of total, up to total, before the result', async () => {
    const res = await app.inject({ method: 'POST', url: '/api/area/stream', payload: SHORT });
    const lines = res.body.trim().split('\n').map((l) => JSON.parse(l));
    const progress = lines.filter((l) => l.type === 'progress' && l.total !== null);
    const result = lines.at(-1);
    expect(result.type).toBe('result');
    const total = progress[0].total;
    expect(progress[0].done).toBe(0);
    expect(progress.at(-1)).toEqual({ type: 'progress', done: total, total });
    expect(progress.map((p) => p.done)).toEqual([...progress.map((p) => p.done)].sort((a, b) => a - b));
    expect(result.result.scenes.length).toBeLessThanOrEqual(total);
  });
});
