/**
 * Issue 34 item 5: POST /api/jobs with "analysis":"change" (change detection per site), beside the
 * site jobs it extends: the same id, status and result calls; one CSV row per site and segment.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildTestApp } from '../../../test/support/testApp.js';
import { parseCsv } from '../../shared/csv.js';
import { SYNTHETIC_DISTURBANCE_POINT as FIRE } from '../../shared/defaults.js';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function waitFor(app: FastifyInstance, id: string, timeoutMs: number) {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const state = (await app.inject(`/api/jobs/${id}`)).json();
    if (['done', 'failed', 'cancelled'].includes(state.status)) return state;
    if (Date.now() > end) throw new Error(`job ${id} stuck at ${JSON.stringify(state)}`);
    await sleep(50);
  }
}

const submit = (app: FastifyInstance, body: unknown, url = '/api/jobs') => app.inject({ method: 'POST', url, payload: body as object });

describe('change jobs on the fixture catalogue', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await buildTestApp({ RATE_LIMIT_PER_MINUTE: '100000' });
  });
  afterAll(async () => {
    await app?.close();
  });

  it('refuses an analysis it does not know, in words, before queueing', async () => {
    const res = await submit(app, { analysis: 'landtrendr', sites: [{ id: 'a', lat: 1, lon: 1 }] });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatchObject({ code: 'bad_request' });
    expect(res.json().error.message).toMatch(/analysis must be "change"/);
  });

  it('needs no dates (the whole record by default) and writes a row with the reason for a site no scene covers', async () => {
    const res = await submit(app, { analysis: 'change', sites: [{ id: 'far', lat: 50, lon: 10 }] });
    expect(res.statusCode).toBe(202);
    const state = await waitFor(app, res.json().id, 60_000);
    expect(state).toMatchObject({ status: 'done', done: 1, total: 1, analysis: 'change' });
    const csv = await app.inject(`/api/jobs/${res.json().id}/result.csv`);
    expect(csv.headers['content-disposition']).toMatch(/change-/);
    const [header, ...rows] = parseCsv(csv.body);
    expect(header.slice(0, 7)).toEqual(['site_id', 'lat', 'lon', 'segment', 'start_date', 'end_date', 'break_date']);
    expect(header).toContain('B05_nir_magnitude_reflectance');
    expect(header).toContain('B09_thermal_rmse_kelvin');
    expect(rows).toHaveLength(1);
    expect(rows[0][0]).toBe('far');
    expect(rows[0][header.indexOf('segment')]).toBe('');
    expect(rows[0][header.indexOf('note')]).toMatch(/no Landsat scene .* covers this site between 1982-08-22 and/);
  });

  it('takes a CSV body with analysis=change in the query string', async () => {
    const res = await app.inject({ method: 'POST', url: '/api/jobs?analysis=change&startDate=2019-01-01&endDate=2019-12-31', payload: 'id,lat,lon\nx,50,10\n', headers: { 'content-type': 'text/csv' } });
    expect(res.statusCode).toBe(202);
    const state = await waitFor(app, res.json().id, 60_000);
    expect(state).toMatchObject({ status: 'done', analysis: 'change' });
  });

  it('leaves the site jobs as they were (no analysis field: the sites CSV)', async () => {
    const res = await submit(app, { sites: [{ id: 'far', lat: 50, lon: 10 }], startDate: '2019-01-01', endDate: '2019-01-31' });
    const state = await waitFor(app, res.json().id, 60_000);
    expect(state.analysis).toBeUndefined();
    const [header] = parseCsv((await app.inject(`/api/jobs/${res.json().id}/result.csv`)).body);
    expect(header).toContain('scene_id');
  });
});

describe('change jobs on the synthetic demo archive', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await buildTestApp({ RATE_LIMIT_PER_MINUTE: '100000', LANDSAT_SOURCE: 'demo' });
  });
  afterAll(async () => {
    await app?.close();
  });

  it('finds the synthetic fire at its site (a break within months of the onset, NIR down) and one row per segment', { timeout: 600_000 }, async () => {
    const res = await submit(app, { analysis: 'change', startDate: '2000-01-01', endDate: '2012-12-31', sites: [{ id: 'fire', lat: FIRE.lat, lon: FIRE.lon }] });
    expect(res.statusCode).toBe(202);
    const state = await waitFor(app, res.json().id, 540_000);
    expect(state).toMatchObject({ status: 'done', done: 1, total: 1 });
    const [header, ...rows] = parseCsv((await app.inject(`/api/jobs/${res.json().id}/result.csv`)).body);
    const col = (row: string[], name: string) => row[header.indexOf(name)];
    expect(rows.length).toBeGreaterThanOrEqual(2);
    rows.forEach((row, i) => {
      expect(row[0]).toBe('fire');
      expect(col(row, 'segment')).toBe(String(i + 1));
    });
    // The break is dated by the first clear observation on or after the onset, within a few months.
    const broken = rows.find((r) => col(r, 'break_date') >= FIRE.onsetDate && col(r, 'break_date') <= '2008-06-30');
    expect(broken, rows.map((r) => col(r, 'break_date')).join(' ')).toBeDefined();
    // pyccd's magnitude is unsigned (median absolute residual); the change column says which way.
    expect(Number(col(broken!, 'B05_nir_magnitude_reflectance'))).toBeGreaterThan(0.05);
    expect(Number(col(broken!, 'B05_nir_change_reflectance'))).toBeLessThan(-0.05);
    expect(Number(col(broken!, 'B09_thermal_change_kelvin'))).toBeGreaterThan(1);
    // At the data's precision: at most 6 decimals of reflectance, 2 of kelvin.
    expect(col(broken!, 'B05_nir_magnitude_reflectance')).toMatch(/^-?\d+(\.\d{1,6})?$/);
    expect(col(broken!, 'B09_thermal_magnitude_kelvin')).toMatch(/^-?\d+(\.\d{1,2})?$/);
  });
});
